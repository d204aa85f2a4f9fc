import CAllocationCounter
import CYLRaster
@testable import CYLTabBar
import CYLTabBarItemAnimation
import CYLTimeline
import Testing

/// Whether this test executable was built with optimization: only then do allocations mean what
/// they mean in the shipped tool (a debug build allocates for things an optimized one keeps on
/// the stack).
private let optimizedBuild: Bool = {
    #if DEBUG
    return false
    #else
    return true
    #endif
}()

/// The sample five-tab bar (two Lottie tabs, a looping GIF, PNG frames, template images; titles)
/// played through `TabBarRuntime` at 60 Hz over one scripted pass of taps, reselects and
/// appearance changes, then the same pass again. `pass` returns what the second one drew and
/// counted.
private struct ScriptedPlayback {
    /// The pass's inputs, in milliseconds from its start. Each appearance shows the looping GIF
    /// tab (0.96 s a loop, 40 ms a frame) unselected for over a loop, so the first pass draws
    /// every frame of it that the second can show; the pass ends as it starts (tab 0 selected and
    /// held, light), so the second pass sees what the first saw.
    enum Action { case tap(Int), reselect, toggleAppearance }
    static let inputs: [(ms: Int64, action: Action)] = [
        (500, .tap(1)), (1800, .tap(2)), (3000, .tap(3)), (3600, .reselect), (4500, .toggleAppearance),
        (4600, .tap(4)), (5800, .tap(2)), (6400, .tap(0)), (6600, .toggleAppearance),
    ]
    static let passMilliseconds: Int64 = 8000
    static let framesPerPass = Int(passMilliseconds * 60 / 1000)

    let bar: TabBar
    let renderer: TabBarRenderer
    var runtime: TabBarRuntime
    var frame: PreviewFrame
    var image: Pixmap

    init() throws {
        bar = try TabBar(configuration: try TabBarConfiguration.load(path: TabBarScratch.sample("tabbar/tabbar.json")))
        renderer = try TabBarRenderer(bar: bar, scale: 2)
        runtime = try TabBarRuntime(bar: bar)
        frame = runtime.state(at: .zero)
        image = try Pixmap(size: renderer.size)
    }

    /// What one frame of a counted pass did.
    struct Counted {
        var state = 0, render = 0, frames = 0
        var worstFrame: (index: Int, allocations: Int) = (0, 0)
        var mismatches: [Int] = []
    }

    /// Plays pass `index` (from `index` × the pass length); counts the allocations of every
    /// frame's `state(at:into:)` and `render(_:appearance:into:)` when `count` is set, and checks
    /// every frame against the allocating `render(_:appearance:)` when `compare` is.
    mutating func pass(_ index: Int64, count: Bool, compare: Bool) throws -> Counted {
        var counted = Counted()
        let origin = Duration.milliseconds(index * Self.passMilliseconds)
        var next = 0
        for k in 0..<Self.framesPerPass {
            let time = origin + .nanoseconds(Int64(k) * 1_000_000_000 / 60)
            while next < Self.inputs.count, origin + .milliseconds(Self.inputs[next].ms) <= time {
                let at = origin + .milliseconds(Self.inputs[next].ms)
                switch Self.inputs[next].action {
                case .tap(let i): runtime.select(i, at: at)
                case .reselect: runtime.select(runtime.selectedTab, gesture: .reselect, at: at)
                case .toggleAppearance: runtime.appearance = runtime.appearance == .light ? .dark : .light
                }
                next += 1
            }
            if count { cyl_allocation_counter_start() }
            runtime.state(at: time, into: &frame)
            let stateCount = count ? cyl_allocation_counter_stop() : 0
            if count { cyl_allocation_counter_start() }
            try renderer.render(frame.states, appearance: frame.appearance, into: &image)
            let renderCount = count ? cyl_allocation_counter_stop() : 0
            _ = runtime.takeEvents()
            counted.state += stateCount
            counted.render += renderCount
            counted.frames += 1
            if stateCount + renderCount > counted.worstFrame.allocations { counted.worstFrame = (k, stateCount + renderCount) }
            if compare, image != (try renderer.render(frame.states, appearance: frame.appearance)) { counted.mismatches.append(k) }
        }
        return counted
    }
}

/// Steady playback of a tab bar allocates nothing per frame: once a pass of taps has been played
/// (every icon shown in its tab's cache, every title worked out, the runtime's and players' lists
/// at their high-water marks), playing it again makes no heap allocation in the runtime's state or
/// the drawing. Counted with the test executable's own malloc (CAllocationCounter) in `make
/// test-alloc`, like the Lottie `AllocationTests`; a debug or sanitizer build does not run it.
@Suite(.enabled(if: optimizedBuild && cyl_allocation_counter_available() != 0,
                "allocations are counted in an optimized build without sanitizers: make test-alloc"))
struct TabBarAllocationTests {
    @Test func theSecondPassOfTheSampleBarAllocatesNothing() throws {
        var playback = try ScriptedPlayback()
        // The first pass draws every icon into its tab's cache: the counter sees those allocations.
        let first = try playback.pass(0, count: true, compare: false)
        #expect(first.render > 0)
        let misses = playback.bar.tabs.map { $0.iconCacheCounts.misses }
        let counted = try playback.pass(1, count: true, compare: false)
        print("sample bar, \(counted.frames) frames a pass: allocations in state + render-into, first pass \(first.state + first.render), second \(counted.state + counted.render)")
        #expect(counted.frames == ScriptedPlayback.framesPerPass)
        #expect(counted.state == 0, "TabBarRuntime.state(at:into:) allocated \(counted.state) times in \(counted.frames) frames")
        #expect(counted.render == 0,
                "TabBarRenderer.render(_:appearance:into:) allocated \(counted.render) times in \(counted.frames) frames (worst: frame \(counted.worstFrame.index), \(counted.worstFrame.allocations))")
        // Every icon of the second pass came from the caches the first pass filled.
        #expect(playback.bar.tabs.map { $0.iconCacheCounts.misses } == misses)
    }

    /// The counter sees this path's allocations at all: the allocating `render` makes a new image
    /// every call (else the zeros above would prove nothing).
    @Test func theAllocatingRenderIsCounted() throws {
        var playback = try ScriptedPlayback()
        _ = try playback.pass(0, count: false, compare: false)
        cyl_allocation_counter_start()
        let image = try playback.renderer.render(playback.frame.states, appearance: playback.frame.appearance)
        let counted = cyl_allocation_counter_stop()
        #expect(image.size == playback.renderer.size)
        #expect(counted >= 1)
    }
}

/// `render(_:appearance:into:)` into one reused image shows what the allocating `render` returns,
/// frame after frame (so it overwrites every pixel of the frame before), in any build.
struct TabBarRenderIntoTests {
    @Test func drawingIntoAReusedImageEqualsANewImageEveryFrame() throws {
        var playback = try ScriptedPlayback()
        let counted = try playback.pass(0, count: false, compare: true)
        #expect(counted.frames == ScriptedPlayback.framesPerPass)
        #expect(counted.mismatches.isEmpty, "frames \(counted.mismatches) differ")
    }

    /// An image of another size is replaced by one of the renderer's size.
    @Test func anImageOfAnotherSizeIsReplaced() throws {
        let playback = try ScriptedPlayback()
        var image = try Pixmap(width: 3, height: 2)
        try playback.renderer.render(playback.frame.states, appearance: .dark, into: &image)
        #expect(image.size == playback.renderer.size)
        #expect(image == (try playback.renderer.render(playback.frame.states, appearance: .dark)))
    }

    /// The into-form of the runtime's state is its allocating form, and it refills a frame of
    /// another bar's tab count.
    @Test func stateIntoAFrameEqualsState() throws {
        let playback = try ScriptedPlayback()
        var a = playback.runtime, b = playback.runtime
        a.select(3, at: .milliseconds(100))
        b.select(3, at: .milliseconds(100))
        var frame = PreviewFrame(time: .zero, states: [TabState(frame: 9, selected: true)], appearance: .dark, selectedTab: 0)
        for ms in stride(from: 100, through: 1500, by: 70) {
            a.state(at: .milliseconds(ms), into: &frame)
            #expect(frame == b.state(at: .milliseconds(ms)), "\(ms) ms")
        }
        #expect(a.takeEvents() == b.takeEvents())
    }
}
