import CYLRaster
import CYLTimeline

extension Limits {
    /// Refuses a job of `frames` renders at `size` pixels each beyond `maxWorkPixels` (`--max-work`),
    /// before the first frame is drawn. `what` names the frames in the message.
    public func checkWork(frames: Int, size: PixelSize, what: String = "frames") throws(UsageError) {
        let (pixels, o1) = size.width.multipliedReportingOverflow(by: size.height)
        let (work, o2) = pixels.multipliedReportingOverflow(by: frames)
        guard !o1, !o2, work <= maxWorkPixels else {
            let amount = o1 || o2 ? "more than \(Int.max)" : "\(work)"
            throw UsageError("\(frames) \(what) at \(size) is \(amount) pixels to render, more than the limit of \(maxWorkPixels) (\(Limit.maxWorkPixels))")
        }
    }

    /// Refuses an output file growing past `maxOutputBytes` (`--max-output-bytes`): encoded files
    /// are built in memory before they are staged, and how well frames compress is up to the
    /// content (dithered or noisy frames barely do).
    public func checkOutput(bytes: Int, afterFrame frame: Int) throws(UsageError) {
        guard bytes <= maxOutputBytes else {
            throw UsageError("the output is over \(maxOutputBytes) bytes after \(frame) frame\(frame == 1 ? "" : "s") (\(Limit.maxOutputBytes), or choose a smaller size or fewer frames)")
        }
    }
}
