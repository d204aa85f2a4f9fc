import CYLImageCodecs
import Foundation

/// GIF pass 2's frames in flight, placed in order on the workers. Each frame's job maps the frame
/// and adds it here; whichever job finds the next frame to place ready, and nobody placing, places
/// it, and every job LZW-codes frames that places finished while there are some. The calling
/// thread only takes the coded frames in order and appends them.
///
/// Placing is the one step that must run in order (`GIFAnimationEncoder.place`). On the calling
/// thread it was a third thread on two cores: it waited for a core while the workers waited for
/// it (a 60-frame icon's second pass ran at 1.5x on two threads, not 2x). Here it runs between
/// the workers' other jobs, one placer at a time, and the encoder's placing state is touched only
/// by the placer of the moment (under `condition`'s hand-over), never by `append`.
final class GIFPlaceChain: @unchecked Sendable {  // state read and written under `condition`
    private let condition = NSCondition()
    private let encoder: GIFAnimationEncoder
    private let delays: [Int]
    private let trace: (@Sendable (String) -> Void)?
    private var mapped: [GIFMappedFrame?]
    /// The next frame to place.
    private var next = 0
    /// Frames placed so far.
    var placedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return next
    }
    private var placing = false
    /// Frames from here on are not placed: one before them failed to map or place. Those before
    /// it still are (the calling thread takes them first).
    private var stop = Int.max
    /// Per frame, what placing it finished, LZW-coded (nil: nothing, as for the first frame or one
    /// merged into the frame before).
    private var results: [Result<GIFEncodedFrame?, any Error>?]
    /// Frames some place finished, waiting for any job to LZW-code them.
    private var toCode = Deque<(Int, GIFFinishedFrame)>()

    init(encoder: GIFAnimationEncoder, delays: [Int], trace: (@Sendable (String) -> Void)?) {
        self.encoder = encoder
        self.delays = delays
        self.trace = trace
        mapped = Array(repeating: nil, count: delays.count)
        results = Array(repeating: nil, count: delays.count)
    }

    /// Frame `n`, mapped. Then, while there is work: places the next frame if it is ready and
    /// nobody is placing (the chain is the one step that cannot be split, so it goes first),
    /// else LZW-codes a frame some place finished, with `coder` (the calling worker's). Every job
    /// takes from the same frames to code, so a run of places by one job is coded by both.
    func add(_ n: Int, _ mappedFrame: consuming GIFMappedFrame, coder: GIFImageCoder) {
        condition.lock()
        mapped[n] = mappedFrame
        while true {
            if !placing && next < min(stop, mapped.count), let ready = mapped[next] {
                let k = next
                mapped[k] = nil
                next += 1
                placing = true
                condition.unlock()
                let placed = Result { try encoder.place(ready, delayCentiseconds: delays[k]) }
                condition.lock()
                placing = false
                switch placed {
                case .success(let done?): toCode.append((k, done))
                case .success(nil): finish(k, .success(nil))
                case .failure(let error):
                    stop = min(stop, next)
                    finish(k, .failure(error))
                }
                continue
            }
            guard !toCode.isEmpty else { break }
            let (k, done) = toCode.removeFirst()
            condition.unlock()
            let coded = Result { () throws -> GIFEncodedFrame? in
                trace?("GIF LZW")
                return try done.encode(using: coder)
            }
            condition.lock()
            finish(k, coded)
        }
        condition.unlock()
    }

    /// Under the lock: frame `k`'s place is done, with what it finished coded.
    private func finish(_ k: Int, _ result: Result<GIFEncodedFrame?, any Error>) {
        results[k] = result
        condition.broadcast()
    }

    /// Frame `n` could not be mapped: `take(n)` throws `error`, and no frame from it on is placed.
    func fail(_ n: Int, _ error: any Error) {
        condition.lock()
        stop = min(stop, n)
        finish(n, .failure(error))
        condition.unlock()
    }

    /// What placing frame `n` finished, coded, once it is; rethrows what mapping, placing or coding
    /// threw. Taken in order, so a failure is met before any frame it kept from being placed.
    func take(_ n: Int) throws -> GIFEncodedFrame? {
        try condition.waitForResult {
            defer { results[n] = nil }
            return results[n]
        }
    }
}
