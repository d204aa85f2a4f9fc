import CYLTimeline
import Foundation
import Testing
@testable import CYLRiveAnimator

/// Malformed files are errors naming the byte where the trouble starts, never crashes.
@Suite struct ReaderErrorTests {
    typealias T = RiveTypeKey
    typealias P = RivePropertyKey

    func read(_ bytes: [UInt8], limits: Limits = .standard) throws(RiveError) -> RiveFileModel {
        try RiveReader.read(bytes, name: "test.riv", limits: limits)
    }

    func failure(_ bytes: [UInt8], limits: Limits = .standard) -> RiveError? {
        do { _ = try read(bytes, limits: limits); return nil } catch { return error }
    }

    @Test func aWellFormedFileReads() throws {
        let model = try read(RiveWriter.rectangleArtboard().bytes)
        #expect(model.artboards.count == 1)
        #expect(model.artboards[0].name == "Board")
        #expect(model.artboards[0].width == 100 && model.artboards[0].height == 50)
        #expect(model.artboards[0].objects.count == 5)
        #expect(model.artboards[0].objects[1]?.name == "Box")
    }

    /// FuzzRive: an artboard 1e300 wide trapped converting its size to the canvas's Int.
    @Test(arguments: [1e300, -5, Double.nan, Double.infinity, 100_001])
    func anArtboardOfAbsurdSizeIsAnError(_ width: Double) {
        let f = RiveWriter.rectangleArtboard(width: width)
        do {
            _ = try RiveDocument(bytes: f.bytes, name: "huge.riv")
            Issue.record("an artboard \(width) wide opened")
        } catch {
            #expect("\(error)".contains("huge.riv") && "\(error)".contains("invalid size"), "\(error)")
        }
    }

    /// Artboards each nesting `copies` of the next one, `levels` deep.
    static func nestingArtboards(levels: Int, copies: Int) -> [UInt8] {
        var f = RiveWriter()
        f.object(T.backboard)
        for level in 0..<levels {
            f.object(T.artboard, [(P.componentName, .s("Level \(level)")), (P.layoutComponentWidth, .d(10)),
                                  (P.layoutComponentHeight, .d(10))])
            guard level + 1 < levels else { continue }
            for _ in 0..<copies {
                f.object(T.nestedArtboard, [(P.componentParentId, .u(0)), (P.nestedArtboardArtboardId, .u(UInt64(level + 1)))])
            }
        }
        return f.bytes
    }

    /// FuzzRive: a few hundred bytes of artboards nesting copies of each other multiplied into
    /// tens of millions of components and ran out of memory. Nested copies count against
    /// --max-objects: 8 copies 10 levels deep would be 8^9 artboards.
    @Test func nestedArtboardsThatMultiplyPastTheObjectLimitAreAnError() throws {
        // A low limit keeps the test quick (reaching the default builds 500 000 components).
        var options = OpenOptions()
        options.limits.maxObjects = 20_000
        do {
            _ = try RiveDocument(bytes: Self.nestingArtboards(levels: 10, copies: 8), name: "nest.riv", options: options)
            Issue.record("8^9 nested artboards opened")
        } catch {
            #expect("\(error)".contains("nest.riv") && "\(error)".contains("more than 20000 objects (raise the limit with --max-objects)"), "\(error)")
        }
        // Three levels of 8 copies is 1 + 8 + 64 artboards of 9, 9 and 1 objects: 9 + 72 + 64 = 145.
        let small = Self.nestingArtboards(levels: 3, copies: 8)
        _ = try RiveDocument(bytes: small, name: "nest.riv")
        options.limits.maxObjects = 145
        _ = try RiveDocument(bytes: small, name: "nest.riv", options: options)
        options.limits.maxObjects = 144
        #expect(throws: OpenError.self) { try RiveDocument(bytes: small, name: "nest.riv", options: options) }
        // Without options, the budget is the default object limit, and every copy counts.
        let scene = RiveScene(file: try RiveReader.read(small, name: "nest.riv", limits: .standard), artboard: 0, choice: .none, limits: .standard)
        #expect(scene.artboard.budget.limit == Limits.defaultMaxObjects && scene.artboard.budget.used == 145)
    }

    /// The input FuzzRive found (a mutated corpus file): its nested artboards multiply past any
    /// limit. A low limit keeps the test quick; the default is reached the same way.
    @Test func theFuzzedNestingFileIsAnError() throws {
        let url = LifetimeTests.regressions.appendingPathComponent("oom-nested-artboards-multiply.riv")
        var options = OpenOptions()
        options.limits.maxObjects = 10_000
        do {
            _ = try RiveDocument(bytes: [UInt8](try Data(contentsOf: url)), name: url.lastPathComponent, options: options)
            Issue.record("the multiplying file opened")
        } catch {
            #expect("\(error)".contains("more than 10000 objects"), "\(error)")
        }
    }

    @Test func wrongMagicIsRefused() {
        let e = failure(Array("RIVX\u{7}\u{0}".utf8))
        #expect(e?.byteOffset == 0)
        #expect(e?.message.contains("does not start with \"RIVE\"") == true)
    }

    @Test func otherMajorVersionsAreRefusedAtTheVersionByte() {
        let e = failure(RiveWriter(major: 6).bytes)
        #expect(e?.byteOffset == 4)
        #expect(e?.message.contains("unsupported format version 6.0") == true)
    }

    @Test(arguments: [5, 20, 40, 61])
    func everyTruncationIsAnErrorInsideTheFile(_ cut: Int) {
        let bytes = RiveWriter.rectangleArtboard().bytes
        let e = failure(Array(bytes.prefix(cut)))
        #expect(e != nil)
        if let o = e?.byteOffset { #expect(o <= cut) }
    }

    @Test func everyPrefixOfAFileFailsOrReadsWithoutCrashing() {
        let bytes = RiveWriter.rectangleArtboard().bytes
        for n in 0..<bytes.count {
            _ = failure(Array(bytes.prefix(n)))
        }
    }

    @Test func aStringLongerThanTheFileIsRefused() {
        var f = RiveWriter()
        f.object(T.artboard, [(P.componentName, .raw([0xff, 0xff, 0xff, 0x7f]))])
        let e = failure(f.bytes)
        #expect(e?.message.contains("claims") == true)
        // The type key and the property key take a byte each; the length follows.
        #expect(e?.byteOffset == f.offsets[0] + 2)
    }

    @Test func anUnknownPropertyMissingFromTheTableIsRefused() {
        var f = RiveWriter()
        f.object(T.artboard, [(9999, .u(1))])
        let e = failure(f.bytes)
        #expect(e?.message.contains("unknown property key 9999") == true)
        #expect(e?.byteOffset == f.offsets[0] + 1)
    }

    @Test func anUnknownPropertyListedInTheTableIsSkippedByItsFieldType() throws {
        // 9999 as a float (code 2), 9998 as a string (code 1).
        var f = RiveWriter(toc: [(9999, 2), (9998, 1)])
        f.object(T.artboard, [(9999, .d(1.5)), (9998, .s("ignored")), (P.layoutComponentWidth, .d(64))])
        let model = try read(f.bytes)
        #expect(model.artboards[0].width == 64)
    }

    @Test func anUnknownObjectTypeKeepsItsSlot() throws {
        var f = RiveWriter.rectangleArtboard()
        f.object(4242, [])  // slot 5
        f.object(T.node, [(P.componentParentId, .u(0))])  // slot 6
        let model = try read(f.bytes)
        #expect(model.artboards[0].objects.count == 7)
        #expect(model.artboards[0].objects[5] == nil)
        #expect(model.artboards[0].objects[6]?.typeKey == T.node)
        #expect(model.diagnostics.contains { $0.message.contains("unknown object type 4242") })
    }

    @Test func aParentPastTheEndIsAnErrorAtTheObject() {
        var f = RiveWriter.rectangleArtboard()
        f.object(T.node, [(P.componentParentId, .u(99))])
        let e = failure(f.bytes)
        #expect(e?.byteOffset == f.offsets.last)
        #expect(e?.message.contains("parent 99 is out of range") == true)
    }

    @Test func aCycleOfParentsIsAnError() {
        var f = RiveWriter()
        f.object(T.artboard, [])
        f.object(T.node, [(P.componentParentId, .u(2))])  // 1 -> 2
        f.object(T.node, [(P.componentParentId, .u(1))])  // 2 -> 1
        let e = failure(f.bytes)
        #expect(e?.message.contains("cycle") == true)
        #expect(e?.byteOffset == f.offsets[1] || e?.byteOffset == f.offsets[2])
    }

    @Test func anOrphanUnderANonContainerDropsOut() throws {
        var f = RiveWriter.rectangleArtboard()
        f.object(T.node, [(P.componentParentId, .u(4))])  // parent: the solid colour, not a container
        let model = try read(f.bytes)
        #expect(model.artboards[0].objects[5] == nil)
    }

    @Test func theObjectLimitIsEnforced() {
        var limits = Limits()
        limits.maxObjects = 3
        let e = failure(RiveWriter.rectangleArtboard().bytes, limits: limits)
        #expect(e?.message.contains("--max-objects") == true)
    }

    @Test func aFileWithoutArtboardsIsAnError() {
        var f = RiveWriter()
        f.object(T.backboard)
        #expect(failure(f.bytes)?.message.contains("no artboard") == true)
    }

    @Test func aTransitionToAMissingStateIsAnError() {
        var f = RiveWriter.rectangleArtboard()
        f.object(T.stateMachine, [(P.animationName, .s("SM"))])
        f.object(T.stateMachineLayer, [])
        f.object(T.entryState, [])
        f.object(T.stateTransition, [(P.stateTransitionStateToId, .u(7))])
        f.object(T.anyState, [])
        f.object(T.exitState, [])
        #expect(failure(f.bytes)?.message.contains("goes to state 7") == true)
    }

    @Test func aLayerWithoutItsSystemStatesIsAnError() {
        var f = RiveWriter.rectangleArtboard()
        f.object(T.stateMachine, [])
        f.object(T.stateMachineLayer, [])
        f.object(T.entryState, [])
        #expect(failure(f.bytes)?.message.contains("lacks its entry, any or exit state") == true)
    }

    @Test func keyframesOutsideAnAnimationAreAnError() {
        var f = RiveWriter.rectangleArtboard()
        f.object(T.keyFrameDouble, [(P.keyFrameDoubleValue, .d(1))])
        #expect(failure(f.bytes)?.message.contains("outside any keyed property") == true)
    }

    @Test func aHugeVarintIsRefused() {
        var f = RiveWriter()
        f.bytes += [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]
        #expect(failure(f.bytes) != nil)
    }
}
