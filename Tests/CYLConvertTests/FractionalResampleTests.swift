import CYLTabBarItemAnimation
import Foundation
import Testing

/// A vector-like source: paints the requested time into red (frame units × 8), and records it.
final class TimeSource: FrameSource {
    var times: [Double] = []
    var supportsFractionalFrames: Bool { true }
    func render(frame index: Int, into target: inout Pixmap) throws { try render(frameTime: Double(index), into: &target) }
    func render(frameTime: Double, into target: inout Pixmap) throws {
        times.append(frameTime)
        target.fill(RGBA8(UInt8(min(255, (frameTime * 8).rounded())), 0, 0, 255))
    }
}

@Suite struct FractionalResampleTests {
    func vector(frames: Int = 30, fps: Double = 30) -> (FrameTimeline, TimeSource) {
        let s = TimeSource()
        return (FrameTimeline(format: "Lottie", file: "v.json", canvasSize: PixelSize(4, 4), frameCount: frames,
                              timing: .fps(fps), source: s), s)
    }

    @Test func vectorSourcesAreResampledAtExactTimes() throws {
        let (t, _) = vector()
        let plan = try FramePlan(timeline: t, fps: 60)
        #expect(plan.entries.count == 60)
        #expect(abs(plan.totalDuration.seconds - 1) < 1e-9)
        for (k, e) in plan.entries.enumerated() {
            // Output frame k is at k/60 s = source frame k/2.
            let time = e.sourceTime ?? Double(e.source)
            #expect(abs(time - Double(k) / 2) < 1e-9, "entry \(k): \(e)")
            #expect(e.source == k / 2)
            #expect((e.sourceTime == nil) == (k % 2 == 0))
            #expect(abs(e.duration.seconds - 1.0 / 60) < 1e-9)
        }
    }

    @Test func nonIntegerRatioAndSelection() throws {
        let (t, _) = vector()
        let plan = try FramePlan(timeline: t, frames: FrameSelection(parsing: "10-19"), fps: 24)
        #expect(plan.entries.count == 8)  // 10 frames = 1/3 s at 24 fps
        #expect(abs(plan.totalDuration.seconds - 1.0 / 3) < 1e-9)
        for (k, e) in plan.entries.enumerated() {
            #expect(abs((e.sourceTime ?? Double(e.source)) - (10 + Double(k) * 30 / 24)) < 1e-9)
        }
        // The source's own rate changes nothing.
        #expect(try FramePlan(timeline: t, fps: 30).entries.allSatisfy { $0.sourceTime == nil })
    }

    /// --fps is the output's rate of playback whatever --speed is: one second of animation at
    /// double speed is half a second of output, at 30 frames a second that is 15 frames, each
    /// sampling every other source frame.
    @Test(arguments: [(2.0, 15), (0.5, 60), (1.0, 30)])
    func fpsIsThePlaybackRateWhateverTheSpeed(_ speed: Double, _ count: Int) throws {
        let (t, _) = vector()
        let plan = try FramePlan(timeline: t, fps: 30, speed: speed)
        #expect(plan.entries.count == count)
        #expect(abs(plan.totalDuration.seconds - 1 / speed) < 1e-9)
        for (k, e) in plan.entries.enumerated() {
            #expect(abs(e.duration.seconds - 1.0 / 30) < 1e-9)
            #expect(abs((e.sourceTime ?? Double(e.source)) - Double(k) * speed) < 1e-9)
        }
    }

    @Test func rasterSourcesKeepRepeatingFrames() throws {
        let t = timeline(frames: 30, timing: .fps(30))
        let plan = try FramePlan(timeline: t, fps: 60)
        #expect(plan.entries.count == 60)
        #expect(plan.entries.allSatisfy { $0.sourceTime == nil })
        #expect(plan.entries.map(\.source) == (0..<60).map { $0 / 2 })
    }

    @Test func convertDrawsTheInBetweenTimes() throws {
        let dir = try Scratch()
        for format in [OutputFormat.apng, .gif, .webp] {
            let (t, source) = vector()
            var request = ConvertRequest(format: format, destination: .file(dir.path + "/a.\(format.rawValue)"))
            request.fps = 60
            let r = try t.convert(request)
            #expect(abs(r.duration.seconds - 1) < 0.0005, "\(format)")
            if format == .gif {
                // GIF cannot show 60 fps (browsers play < 2 cs as 10 cs): merged to 2-3 cs frames,
                // but the drawn times still fall between source frames.
                #expect(source.times.contains { $0 != $0.rounded() })
            } else {
                #expect(r.frameCount == 60, "\(format)")
                #expect(Set(source.times) == Set((0..<60).map { Double($0) / 2 }), "\(format)")
            }
        }
    }
}
