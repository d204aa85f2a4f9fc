@testable import CYLLottieAnimator
import CYLRaster
import Testing

/// Time through nested precomps (`LayerTime`): start times, stretches and time remaps at several
/// levels, in/out points in each composition's own time, fractional frames. Every expected time
/// is worked out by hand in the comment beside it from the rule `child = (parent − st) / sr`, or
/// `child = tm(parent) · 30` with a remap (the test files run at 30 fps).
@Suite struct LayerTimeTests {
    /// A shape layer whose x position equals its composition's time: keyed linearly from
    /// (-1000, 0) at frame -1000 to (1000, 0) at frame 1000. The frame's display list then says
    /// which moment of the innermost composition it shows.
    static func probe(ip: Double = -1000, op: Double = 1000) -> String {
        """
        {"ty":4,"nm":"probe","ip":\(ip),"op":\(op),"st":0,
         "ks":{"p":{"a":1,"k":[{"t":-1000,"s":[-1000,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":1000,"s":[1000,0]}]}},
         "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
                   {"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}]}
        """
    }

    /// A precomp layer showing `ref`; `extra` adds keys (`"tm":...`).
    static func precomp(_ ref: String, st: Double = 0, sr: Double = 1, ip: Double = -1000, op: Double = 1000,
                        _ extra: String = "") -> String {
        #"{"ty":0,"refId":"\#(ref)","ks":{},"ip":\#(ip),"op":\#(op),"st":\#(st),"sr":\#(sr)\#(extra)}"#
    }

    static func document(root: String, assets: [(String, String)]) throws -> LottieDocument {
        let list = assets.map { #"{"id":"\#($0.0)","layers":[\#($0.1)]}"# }.joined(separator: ",")
        return try LottieDocument(bytes: lottie(op: 100, layers: root, extra: #","assets":[\#(list)]"#), name: "time.json")
    }

    /// The time the probe shows at timeline frame `frame` (fractional allowed), nil when it is
    /// not drawn. Precomp layers have identity transforms, so the probe's group translation is its x.
    static func shownTime(_ doc: LottieDocument, _ frame: Double) throws -> Double? {
        let list = try doc.makeRenderer().displayList(frame: frame)
        guard !list.fills.isEmpty else { return nil }
        return list.groups.last?.transform.tx
    }

    /// Frame numbers come out of a few multiplications and divisions: 1e-9 frames is far below
    /// anything visible and far above the rounding of doubles near 100.
    static func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }

    @Test func twoLevelsWithNegativeStartAndStretchesCompose() throws {
        // Root -> A (st -5, sr 2) -> B (st 3, sr 0.5) -> probe.
        // t1 = (T + 5) / 2, t2 = (t1 − 3) / 0.5 = T − 1.
        let doc = try Self.document(root: Self.precomp("A", st: -5, sr: 2),
                                    assets: [("A", Self.precomp("B", st: 3, sr: 0.5)), ("B", Self.probe())])
        #expect(Self.close(try Self.shownTime(doc, 0), -1))         // t1 = 2.5, t2 = -1
        #expect(Self.close(try Self.shownTime(doc, 7.25), 6.25))    // t1 = 6.125, t2 = 6.25
        #expect(Self.close(try Self.shownTime(doc, 42), 41))        // t1 = 23.5, t2 = 41
    }

    @Test func aKeyframedRemapIsKeyedInParentTimeAndIgnoresStartAndStretch() throws {
        // Root -> A (tm: 0 s at frame 0 to 1 s at frame 10, linear; st 7 and sr 3 are ignored)
        //      -> B (st -4, sr 0.5) -> C (st 2.5) -> probe.
        // t1 = 30 · T / 10 = 3T, t2 = (t1 + 4) / 0.5 = 6T + 8, t3 = t2 − 2.5 = 6T + 5.5.
        let tm = #","tm":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[1]}]}"#
        let doc = try Self.document(root: Self.precomp("A", st: 7, sr: 3, tm),
                                    assets: [("A", Self.precomp("B", st: -4, sr: 0.5)),
                                             ("B", Self.precomp("C", st: 2.5)), ("C", Self.probe())])
        #expect(Self.close(try Self.shownTime(doc, 0), 5.5))
        #expect(Self.close(try Self.shownTime(doc, 1.5), 14.5))     // t1 = 4.5, t2 = 17, t3 = 14.5
        #expect(Self.close(try Self.shownTime(doc, 2.2), 18.7))     // t1 = 6.6, t2 = 21.2, t3 = 18.7
        // After the last key the remap holds 1 s: t1 = 30, t2 = 68, t3 = 65.5.
        #expect(Self.close(try Self.shownTime(doc, 50), 65.5))
    }

    @Test func inAndOutPointsAreInTheirOwnCompositionsTime() throws {
        // Root -> A (st -5, sr 2, drawn for root frames [2, 90)) -> B (drawn for A's frames [5, 9))
        //      -> probe. t1 = (T + 5) / 2; t2 = t1 (B has st 0, sr 1).
        let doc = try Self.document(root: Self.precomp("A", st: -5, sr: 2, ip: 2, op: 90),
                                    assets: [("A", Self.precomp("B", ip: 5, op: 9)), ("B", Self.probe())])
        #expect(try Self.shownTime(doc, 1.5) == nil)                // root frame before A's in point 2
        #expect(try Self.shownTime(doc, 4.99) == nil)               // t1 = 4.995, before B's in point
        #expect(Self.close(try Self.shownTime(doc, 5), 5))          // t1 = 5: B's in point is inclusive
        #expect(Self.close(try Self.shownTime(doc, 12.9), 8.95))    // t1 = 8.95
        #expect(try Self.shownTime(doc, 13) == nil)                 // t1 = 9: B's out point is exclusive
        // The probe's own range, [6, 7) in B's time, is crossed at T = 7 and T = 9.
        let narrow = try Self.document(root: Self.precomp("A", st: -5, sr: 2, ip: 2, op: 90),
                                       assets: [("A", Self.precomp("B", ip: 5, op: 9)), ("B", Self.probe(ip: 6, op: 7))])
        #expect(try Self.shownTime(narrow, 6.99) == nil)            // t2 = 5.995
        #expect(Self.close(try Self.shownTime(narrow, 7), 6))
        #expect(Self.close(try Self.shownTime(narrow, 8.9), 6.95))
        #expect(try Self.shownTime(narrow, 9) == nil)               // t2 = 7
    }

    @Test func aRemapOntoTheOutPointShowsTheFrameBeforeAndPastItNothing() throws {
        // A's out point is 60 (root frames); tm = 2 s → t1 = 60 = op, shown as 59.
        let onOut = try Self.document(root: Self.precomp("A", op: 60, #","tm":{"a":0,"k":2}"#),
                                      assets: [("A", Self.probe(ip: 0, op: 60))])
        #expect(Self.close(try Self.shownTime(onOut, 10), 59))
        // tm = 2.1 s → t1 = 63, past the probe's out point 60: nothing (lottie-web and ThorVG agree).
        let past = try Self.document(root: Self.precomp("A", op: 60, #","tm":{"a":0,"k":2.1}"#),
                                     assets: [("A", Self.probe(ip: 0, op: 60))])
        #expect(try Self.shownTime(past, 10) == nil)
    }

    @Test func aZeroStretchIsReportedAndPlaysAtNormalSpeed() throws {
        let doc = try Self.document(root: Self.precomp("A", st: 2, sr: 0), assets: [("A", Self.probe())])
        #expect(doc.diagnostics.contains { $0.location.hasSuffix("layers[0].sr") && "\($0)".contains("time stretch") })
        #expect(Self.close(try Self.shownTime(doc, 7.5), 5.5))   // (7.5 − 2) / 1
    }

    @Test func aRemapToANonFiniteTimeDrawsNothing() throws {
        var layer = try Self.document(root: Self.precomp("A"), assets: [("A", Self.probe())]).model.root.layers[0]
        layer.timeRemap = .fixed([.infinity])
        #expect(LayerTime.childTime(of: layer, at: 3, frameRate: 30) == nil)
        layer.timeRemap = .fixed([.nan])
        #expect(LayerTime.childTime(of: layer, at: 3, frameRate: 30) == nil)
    }
}
