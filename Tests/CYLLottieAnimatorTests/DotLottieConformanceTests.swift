import CYLImageCodecs
import CYLLottieAnimator
import CYLRaster
import CYLTimeline
import Foundation
import Testing

/// The dotLottie v2 corpus (`../shared/corpus/dotlottie/`): every row of its MANIFEST.tsv (file,
/// animation, theme) rendered at 256x256 through the dotLottie back-end with `--theme`'s option
/// and compared with ThorVG's reference frames by the corpus rule (`dotlottie/README.md`, as
/// `../shared/tools/dotlottie_fidelity.py` scores it): a frame matches when at most 1% of its
/// pixels differ by more than 16 in a premultiplied channel. The target is every frame; the one
/// frame that misses, for a reason that is not themes, is listed with its reason and bound.
@Suite struct DotLottieConformanceTests {
    struct Row: Sendable, CustomStringConvertible {
        var file: String          // dotlottie/<stem>.lottie
        var animation: String
        var theme: String?        // nil: `_none`
        var frames: [Int]
        var stem: String { String(file.dropFirst("dotlottie/".count).dropLast(".lottie".count)) }
        var description: String { "\(stem) \(animation) \(theme ?? "_none")" }
    }

    /// The rows of `dotlottie/MANIFEST.tsv` (empty when the corpus is absent).
    static let rows: [Row] = {
        let url = LottieCorpus.root.appendingPathComponent("dotlottie/MANIFEST.tsv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var out: [Row] = []
        for line in text.split(separator: "\n").dropFirst() {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count >= 9 else { continue }
            out.append(Row(file: f[0], animation: f[1], theme: f[2] == "_none" ? nil : f[2],
                           frames: f[8].split(separator: ",").compactMap { Int($0) }))
        }
        return out
    }()

    /// Frames reviewed by eye that miss for a reason other than themes, with how far ours may stay
    /// from ThorVG there (% px>16) and why. A listed frame that starts matching fails the test,
    /// so the list cannot go stale.
    static let reviewedMisses: [String: (tolerance: Double, reason: String)] = [
        "dotlottie-rs__assets__animations__dotlottie__v2__set_random random_timer _none 0": (3, """
        the dice are PNGs drawn at 0.49x; ThorVG's down-scaled image sampling lands ~0.75 px right of         and above ours (ours samples at pixel centres; shifted one pixel the difference falls from         2.63% to 1.17%, the rest is filtering). Not a theme: the row has none, and only frame 0 shows         the dice. Not checked against a second engine (the dotLottie corpus has ThorVG only).
        """),
    ]

    /// One row's frames: (frame, % of pixels off by more than 16).
    static func score(_ row: Row) throws -> [(frame: Int, distance: Double)] {
        let path = LottieCorpus.root.appendingPathComponent(row.file).path
        let options = OpenOptions(animationID: row.animation, theme: row.theme)
        let timeline = try DotLottieAnimator().timeline(bytes: try LottieCorpus.bytes(row.file), name: path, options: options)
        let dir = LottieCorpus.root.appendingPathComponent("reference/dotlottie/\(row.stem)/\(row.animation)/\(row.theme ?? "_none")")
        return try row.frames.map { n in
            let url = dir.appendingPathComponent("thorvg-\(n).png")
            let reference = try PNGCodec.decode([UInt8](try Data(contentsOf: url)), name: url.path)
            let ours = try timeline.render(frame: n, size: PixelSize(256, 256))
            return (n, ConformanceTests.px16(ours, reference))
        }
    }

    @Test func everyFrameOfEveryThemedCombinationMatchesThorVG() throws {
        guard LottieCorpus.require() else { return }
        #expect(Self.rows.count == 23, "the corpus README lists 23 combinations")
        var matched = 0, judged = 0
        var perFile: [String: (matched: Int, judged: Int)] = [:]
        for row in Self.rows {
            let frames = try Self.score(row)
            for f in frames {
                judged += 1
                perFile[row.stem, default: (0, 0)].judged += 1
                if f.distance <= 1 { matched += 1; perFile[row.stem, default: (0, 0)].matched += 1 }
                let text = "\(row) frame \(f.frame): \(String(format: "%.2f", f.distance))% of pixels off by more than 16"
                if let reviewed = Self.reviewedMisses["\(row) \(f.frame)"] {
                    #expect(f.distance > 1, "\(text): it matches now; remove it from reviewedMisses")
                    #expect(f.distance <= reviewed.tolerance, "\(text), more than the \(reviewed.tolerance)% reviewed")
                } else {
                    #expect(f.distance <= 1, "\(text)")
                }
            }
        }
        for (stem, s) in perFile.sorted(by: { $0.key < $1.key }) { print("  \(s.matched)/\(s.judged)  \(stem)") }
        print("dotLottie themes: \(matched)/\(judged) frames match ThorVG (\(Self.reviewedMisses.count) reviewed miss)")
        #expect(judged == 115, "the corpus README lists 115 reference frames")
    }

    /// The references are not trivially alike: the themed render of a row whose theme changes
    /// pixels is far from its `_none` render, so the test above would notice a theme not applied.
    @Test func themesChangeTheFramesTheyShouldChange() throws {
        guard LottieCorpus.require() else { return }
        let file = "dotlottie/dotlottie-rs__assets__animations__dotlottie__v2__themed.lottie"
        let path = LottieCorpus.root.appendingPathComponent(file).path
        let bytes = try LottieCorpus.bytes(file)
        let plain = try DotLottieAnimator().timeline(bytes: bytes, name: path, options: OpenOptions())
        let water = try DotLottieAnimator().timeline(bytes: bytes, name: path, options: OpenOptions(theme: "Water"))
        let d = ConformanceTests.px16(try plain.render(frame: 0, size: PixelSize(256, 256)), try water.render(frame: 0, size: PixelSize(256, 256)))
        // The corpus measured 9.10% for this frame between ThorVG's _none and Water renders.
        #expect(d > 5, "Water changed only \(d)% of frame 0")
    }
}
