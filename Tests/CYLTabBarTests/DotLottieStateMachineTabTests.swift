import CYLLottieAnimator
import Foundation
import Testing
@testable import CYLTabBar
import CYLTabBarItemAnimation

/// A `.lottie` tab with a state machine plays it as a Rive tab plays its own (issue 34):
/// `sample-animations/toggle-star.lottie` is star.json (24 frames, 30 fps) with machine "toggle"
/// (tools/dev/make-dotlottie-samples.py): a PointerDown toggles Boolean "isActive"; state "on"
/// plays the star forward, "off" plays it in reverse. `tabbar/toggle.json` shows it as tab 1.
struct DotLottieStateMachineTabTests {
    static func bar(_ config: String = TabBarScratch.sample("tabbar/toggle.json")) throws -> TabBar {
        try TabBar(configuration: try TabBarConfiguration.load(path: config))
    }

    /// The star drawn on its own, without the machine: what each state shows frame by frame.
    static func star() throws -> FrameTimeline {
        try DotLottieAnimator().timeline(for: try ContentProbe.read(path: TabBarScratch.sample("toggle-star.lottie")), options: OpenOptions())
    }

    @Test func theTimelineIsRestThenForwardThenBack() throws {
        let timeline = try #require(try Self.bar().tabs[1].timeline)
        let star = try Self.star()
        #expect(star.frameCount == 24)
        // Selecting sets isActive (the input named like a selection): "on" plays frames 0-23
        // after the rest pose (frame 0); deselecting clears it: "off" plays from 23 back to 0,
        // its first step showing star frame 22.
        #expect(timeline.frameCount == 24 + 23)
        #expect(timeline.deselectionStart == 24)
        let machines = timeline.contents.first { $0.name == "state machines" }?.value.lines().joined(separator: "\n") ?? ""
        #expect(machines.contains("plays: state machine \"toggle\": frame 0 rests after it settles"), "\(machines)")
        #expect(machines.contains("then boolean \"isActive\" is set (cleared on deselect); selecting plays 23 frames, deselecting 23"), "\(machines)")
        let size = PixelSize(40, 40)
        for k in 0..<timeline.frameCount {
            let expected = k < 24 ? k : 22 - (k - 24)
            let got = try timeline.render(frame: k, size: size), want = try star.render(frame: expected, size: size)
            #expect(got == want, "timeline frame \(k) is star frame \(expected)")
        }
    }

    /// `preview --script 'select 1; wait 1s; select 0; wait 1s'`: the star plays forward on
    /// select, holds, plays back on deselect and rests on frame 0.
    @Test func selectThenDeselectPlaysForwardAndBack() throws {
        let preview = try ScriptedPreview(bar: try Self.bar(), script: try PreviewScript(parsing: "select 1; wait 1s; select 0; wait 1s"))
        let frames = preview.frames.map { $0.states[1].frame }
        // Sampled at 30 fps: frame k of the first second is at k/30 s, the selection's frame k.
        #expect(Array(frames[0..<24]) == Array(0..<24), "\(frames)")
        #expect(Array(frames[24..<30]) == Array(repeating: 23, count: 6), "holds the selection's last frame")
        #expect(Array(frames[30..<53]) == Array(24..<47), "deselecting plays the way back")
        #expect(frames[53...].allSatisfy { $0 == 0 }, "then rests on frame 0")
        let mine = preview.events.filter { $0.tab == 1 }.map { ($0.kind, $0.time, $0.completed) }
        #expect(mine.map(\.0) == [.didStart, .didFinish, .didStart, .didFinish])
        // The way back is 23 frames of 1/30 s; its end is a sum of frame durations, equal to
        // 1 + 23/30 s up to the last bits of a Double.
        let times = mine.map { Double($0.1.components.seconds) + Double($0.1.components.attoseconds) * 1e-18 }
        let expected = [0, 0.8, 1, 1 + 23.0 / 30]
        #expect(zip(times, expected).allSatisfy { abs($0 - $1) < 1e-9 } && times.count == 4, "\(times)")
    }

    /// The options name the input; one the machine lacks is an error naming the tab and what it has.
    @Test func anUnknownSelectionInputIsAnError() throws {
        let scratch = try TabBarScratch()
        try scratch.copy("toggle-star.lottie", to: "star.lottie")
        let config = try scratch.write("bar.json", """
        {"tabBarItemsAttributes": [
          {"CYLTabBarItemTitle": "Star", "CYLTabBarLottieFilePath": "star.lottie", "CYLTabBarAnimationOptions": {"selectionInput": "pressed"}}
        ]}
        """)
        #expect {
            try Self.bar(config)
        } throws: { error in
            let text = "\(error)"
            return text.contains("star.lottie") && text.contains("state machine \"toggle\" has no input named \"pressed\"; it has \"isActive\"")
        }
    }
}
