import CAllocationCounter
@testable import CYLLottieAnimator
import CYLRaster
import CYLTimeline
import Foundation
import Testing

/// Whether this test executable was built with optimization: only then do allocations mean what
/// they mean in the shipped tool (a debug build allocates coroutine frames for a plain `for` over an
/// array, and boxes for local functions).
let optimizedBuild: Bool = {
    #if DEBUG
    return false
    #else
    return true
    #endif
}()

/// Steady playback allocates nothing where the pixels are made: once a loop has been drawn (every
/// scratch buffer at its high-water mark), drawing it again makes no heap allocation. The counter
/// is the test executable's own malloc (CAllocationCounter). This suite runs in `make test-alloc`
/// (a release build of the tests, which `.ci/run` runs); `make test` builds for debugging, and
/// sanitizer builds keep the sanitizer's allocator, so there it is not run.
@Suite(.enabled(if: optimizedBuild && cyl_allocation_counter_available() != 0,
                "allocations are counted in an optimized build without sanitizers: make test-alloc"))
struct AllocationTests {
    static let samples = ["checkmark.json", "badge.json", "heart-mask.json"]

    /// The counter sees allocations at all (else every zero below would prove nothing).
    @Test func theCounterCountsAllocations() {
        cyl_allocation_counter_start()
        let a = [Int](repeating: 7, count: 1000)
        let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
        let counted = cyl_allocation_counter_stop()
        p.deallocate()
        #expect(a.count == 1000)
        #expect(counted >= 2)
    }

    /// Builds and draws every frame of `document` `loops` times; returns the allocations of the
    /// last loop's builds and of its draws.
    func play(_ document: LottieDocument, loops: Int) throws -> (build: Int, draw: Int) {
        var builder = LottieSceneBuilder(model: document.model, limits: .standard)
        var list = DisplayList()
        let renderer = DisplayListRenderer()
        var target = try Pixmap(width: 64, height: 64)
        builder.outputScale = min(64 / document.model.width, 64 / document.model.height)
        var build = 0, draw = 0
        for loop in 0..<loops {
            let last = loop == loops - 1
            for f in 0..<document.frameCount {
                if last { cyl_allocation_counter_start() }
                try builder.build(atCompositionTime: document.model.inPoint + Double(f), into: &list)
                if last { build += cyl_allocation_counter_stop(); cyl_allocation_counter_start() }
                try renderer.render(list, into: &target)
                if last { draw += cyl_allocation_counter_stop() }
            }
        }
        return (build, draw)
    }

    @Test(arguments: samples) func drawingALoopAgainAllocatesNothing(_ sample: String) throws {
        let url = LottieCorpus.repo.appendingPathComponent("sample-animations/\(sample)")
        let document = try LottieDocument(bytes: [UInt8](try Data(contentsOf: url)), name: sample)
        let counts = try play(document, loops: 3)
        #expect(counts.draw == 0, "\(sample): drawing the third loop allocated \(counts.draw) times")
        // Building the scene allocates nothing for badge (rectangles, a star, fills, strokes) and
        // heart-mask (a mask, a still gradient: 2 a frame before its stops were built once), and
        // little for checkmark (a trim's first cut, 7 in 30 frames); 9-26 a frame before the
        // evaluator reused its paths and shapes. The ceiling keeps it from growing unnoticed.
        if sample != "checkmark.json" { #expect(counts.build == 0, "\(sample): \(counts.build) allocations building its frames") }
        #expect(counts.build <= 3 * document.frameCount, "\(sample): \(counts.build) allocations building \(document.frameCount) frames")
        print("\(sample): \(document.frameCount) frames, scene build allocations in the third loop: \(counts.build)")
    }

    /// Round corners and pucker/bloat in one group, zig-zag, twist and offset path in another
    /// (all animated), each over an animated path and a rectangle: building the frames of the third
    /// loop allocates nothing (each modifier writes into a reused shape; home.json allocated 17
    /// times a frame in its round corners before, and each of the other three mapped its shapes).
    @Test func modifiersBuildWithoutAllocating() throws {
        func animated(_ a: String, _ b: String) -> String {
            #"{"a":1,"k":[{"t":0,"s":\#(a),"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":30,"s":\#(b)}]}"#
        }
        let path = #"{"ty":"sh","ks":{"a":1,"k":[{"t":0,"s":[{"c":true,"v":[[0,0],[40,0],[40,40],[0,40]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}],"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":30,"s":[{"c":true,"v":[[5,0],[50,5],[45,45],[0,35]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}]}]}}"#
        let rect = #"{"ty":"rc","p":{"a":0,"k":[70,70]},"s":\#(animated("[30,20]", "[40,30]")),"r":{"a":0,"k":0}}"#
        let round = #"{"ty":"rd","r":\#(animated("[2]", "[9]"))}"#
        let pucker = #"{"ty":"pb","a":\#(animated("[-20]", "[30]"))}"#
        let fill = #"{"ty":"fl","c":{"a":0,"k":[0.2,0.4,0.8,1]},"o":{"a":0,"k":100},"r":1}"#
        let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":2,"lj":2}"#
        let transform = #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}"#
        let group = #"{"ty":"gr","it":[\#(path),\#(rect),\#(round),\#(pucker),\#(fill),\#(stroke),\#(transform)]}"#
        let zigZag = #"{"ty":"zz","s":\#(animated("[2]", "[5]")),"r":{"a":0,"k":3},"pt":{"a":0,"k":2}}"#
        let twist = #"{"ty":"tw","a":\#(animated("[10]", "[60]")),"c":{"a":0,"k":[30,30]}}"#
        let offset = #"{"ty":"op","a":\#(animated("[2]", "[-3]")),"lj":2,"ml":{"a":0,"k":4}}"#
        let group2 = #"{"ty":"gr","it":[\#(path),\#(rect),\#(zigZag),\#(twist),\#(offset),\#(fill),\#(stroke),\#(transform)]}"#
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{},"shapes":[\#(group),\#(group2)]}"#
        let json = #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[\#(layer)]}"#
        let document = try LottieDocument(bytes: Array(json.utf8), name: "modifiers.json")
        let counts = try play(document, loops: 3)
        #expect(counts.draw == 0, "drawing the third loop allocated \(counts.draw) times")
        #expect(counts.build == 0, "building the third loop's \(document.frameCount) frames allocated \(counts.build) times")
    }
}
