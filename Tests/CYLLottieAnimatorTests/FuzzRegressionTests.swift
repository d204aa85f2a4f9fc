@testable import CYLLottieAnimator
import CYLRaster
import CYLDocuments
import CYLTimeline
import Foundation
import Testing

/// Lottie inputs found by tools/dev/fuzz-cli.sh that crashed or hung the animator. Each must now
/// be a thrown error naming the file, the place and the limit to raise, never a crash or a hang.
@Suite struct FuzzRegressionTests {
    /// checkmark.json-sized document with `mutate` applied to its JSON object.
    static func document(_ mutate: (inout [String: Any]) -> Void) throws -> [UInt8] {
        var d: [String: Any] = [
            "v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100,
            "layers": [[
                "ty": 4, "ind": 1, "ip": 0, "op": 30, "st": 0, "nm": "l",
                "ks": ["o": ["a": 0, "k": 100], "p": ["a": 0, "k": [50, 50]]],
                "shapes": [["ty": "gr", "nm": "g", "it": [
                    ["ty": "el", "p": ["a": 0, "k": [0, 0]], "s": ["a": 0, "k": [40, 40]]],
                    ["ty": "fl", "c": ["a": 0, "k": [1, 0, 0, 1]], "o": ["a": 0, "k": 100]],
                    ["ty": "tr", "p": ["a": 0, "k": [0, 0]]],
                ] as [Any]]],
            ] as [String: Any]],
        ]
        mutate(&d)
        return [UInt8](try JSONSerialization.data(withJSONObject: d))
    }

    /// Nests `count` repeaters of `copies` copies each around the document's shape group.
    static func addRepeaters(_ d: inout [String: Any], count: Int, copies: Int, step: Double, rotation: Double) {
        var layers = d["layers"] as! [[String: Any]]
        var group = (layers[0]["shapes"] as! [[String: Any]])[0]
        var items = group["it"] as! [Any]
        for _ in 0..<count {
            items.insert(["ty": "rp", "c": ["a": 0, "k": copies], "o": ["a": 0, "k": 0],
                          "tr": ["p": ["a": 0, "k": [step, 0]], "s": ["a": 0, "k": [100, 100]], "r": ["a": 0, "k": rotation],
                                 "so": ["a": 0, "k": 100], "eo": ["a": 0, "k": 100]]] as [String: Any], at: 1)
        }
        group["it"] = items
        layers[0]["shapes"] = [group]
        d["layers"] = layers
    }

    static func open(_ bytes: [UInt8]) throws -> FrameTimeline {
        try LottieAnimator().timeline(fromJSON: bytes, name: "fuzz.json", options: OpenOptions())
    }

    /// `"fr": 1e-300` passes the parser's `fr > 0` check; building the timeline then converts a
    /// frame of 1e300 s to `Duration` and traps ("Double value cannot be converted to _Int128").
    /// Now: a LottieError at `fr`, checked against `FrameTiming.fpsRange` (1/3600...1000) as the CLI does.
    /// Repro: sed 's/"fr": 30/"fr": 1e-300/' sample-animations/checkmark.json > /tmp/fr.json; cylanim info /tmp/fr.json
    @Test
    func absurdlySlowFrameRateIsAnError() throws {
        let bytes = try Self.document { $0["fr"] = 1e-300 }
        do {
            _ = try Self.open(bytes)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("fuzz.json:fr") && "\(error)".contains("frame rate"), "\(error)")
        }
    }

    /// Six nested repeaters of 100 copies each ask for 10^12 shape copies; rendering frame 0 dies
    /// allocating ~1 GB ("failed to allocate 956301168 bytes"). Now: repeaters stop copying at
    /// `Limits.maxDrawsPerFrame` and the render fails naming `--max-draws`.
    /// Repro: tools/dev/fuzz-cli.sh with ONLY=lot-repeater-nested (or /tmp/fuzz/in/lottie/repeater-nested.json).
    @Test
    func nestedRepeatersAreBounded() throws {
        let bytes = try Self.document { Self.addRepeaters(&$0, count: 6, copies: 100, step: 0.1, rotation: 1) }
        let timeline = try Self.open(bytes)
        do {
            _ = try timeline.render(frame: 0, size: PixelSize(64, 64))
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("Limits.maxDrawsPerFrame"), "\(error)")
        }
        // The same file with modest repeaters still draws.
        let modest = try Self.document { Self.addRepeaters(&$0, count: 2, copies: 3, step: 5, rotation: 0) }
        let image = try Self.open(modest).render(frame: 0, size: PixelSize(100, 100))
        #expect(image[50, 50].a == 255)
    }

    /// A chain of 12 precomps where each layer references the next three times: 3^11 = 177 147
    /// leaf renders per frame, all within `--max-precomp-depth` 32. `render` of 1 frame takes 40 s
    /// (debug) and `convert` timed out. Now: opening fails once the expanded precomp tree passes
    /// `Limits.maxDrawsPerFrame` (`--max-draws`).
    @Test(.timeLimit(.minutes(1)))
    func precompFanOutIsBounded() throws {
        let bytes = try Self.document { d in
            let leaf = d["layers"] as! [[String: Any]]
            var assets: [[String: Any]] = []
            for i in 0..<12 {
                let layers: [[String: Any]] = i < 11
                    ? (1...3).map { ["ty": 0, "refId": "p\(i + 1)", "ind": $0, "ip": 0, "op": 30, "st": 0, "ks": [String: Any]()] }
                    : leaf
                assets.append(["id": "p\(i)", "layers": layers])
            }
            d["assets"] = assets
            d["layers"] = [["ty": 0, "refId": "p0", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": [String: Any]()] as [String: Any]]
        }
        do {
            _ = try Self.open(bytes)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("more than 100000 layers drawn per frame (Limits.maxDrawsPerFrame)"), "\(error)")
        }
    }

    /// `"ip": -1e308, "op": 1e308` are finite, but `op - ip` is infinity, and the error message
    /// converted that frame count with `Int(_:)`: SIGILL while reporting the error.
    @Test(arguments: [(-1e308, 1e308), (0, 1e300), (-1.7976931348623157e308, 1.7976931348623157e308)])
    func outOfRangeFrameCountIsAnError(_ points: (Double, Double)) throws {
        let bytes = try Self.document { $0["ip"] = points.0; $0["op"] = points.1 }
        do {
            _ = try Self.open(bytes)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("fuzz.json:op") && "\(error)".contains("Limits.maxFrames"), "\(error)")
        }
    }

    /// FuzzLottie: a star whose inner radius is -Double.greatestFiniteMagnitude, trimmed: its
    /// points are finite but the distances between them are infinite, and measuring the path for
    /// the trim converted its flattening step count with `Int(_:)` (SIGILL). Stroking and filling
    /// such paths, measured or not, must draw or throw, never trap.
    @Test(arguments: [-Double.greatestFiniteMagnitude, 1e300, 1e154])
    func trimmingAPathOfInfiniteLengthDoesNotTrap(_ radius: Double) throws {
        let bytes = try Self.document { d in
            var layers = d["layers"] as! [[String: Any]]
            layers[0]["shapes"] = [
                ["ty": "sr", "p": ["a": 0, "k": [0, 0]], "or": ["a": 0, "k": 30], "ir": ["a": 0, "k": radius],
                 "r": ["a": 0, "k": 0], "pt": ["a": 0, "k": 5], "sy": 1, "os": ["a": 0, "k": 0], "is": ["a": 0, "k": 0]],
                ["ty": "el", "p": ["a": 0, "k": [0, 0]], "s": ["a": 0, "k": [40, 40]]],
                ["ty": "tm", "s": ["a": 0, "k": 0], "e": ["a": 0, "k": 50], "o": ["a": 0, "k": 0], "m": 1],
                ["ty": "st", "o": ["a": 0, "k": 100], "c": ["a": 0, "k": [1, 0, 0, 1]], "lc": 2, "lj": 1, "w": ["a": 0, "k": 4]],
                ["ty": "fl", "o": ["a": 0, "k": 100], "c": ["a": 0, "k": [0, 0, 1, 1]]],
            ] as [Any]
            d["layers"] = layers
        }
        let timeline = try Self.open(bytes)
        for t in [0.0, 15, 29] {
            do { _ = try timeline.render(frameTime: t, size: PixelSize(48, 48)) } catch { #expect("\(error)".contains("fuzz.json"), "\(error)") }
        }
    }

    /// A 1 KB .tgs can inflate to hundreds of megabytes; inflating stopped only at the file-size
    /// limit (256 MiB) before the JSON limit refused it. Now inflating stops at the JSON limit.
    @Test func tgsInflatingPastTheJSONLimitStopsThere() throws {
        let bomb = GzipWriter.compress([UInt8](repeating: 0x20, count: 3 << 20), level: 9)
        #expect(bomb.count < 10_000)
        let options = OpenOptions(limits: Limits(maxJSONBytes: 1 << 20))
        do {
            _ = try LottieAnimator().timeline(bytes: bomb, name: "bomb.tgs", options: options)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == "bomb.tgs: the gzip (.tgs) data inflates to more than 1048576 bytes (Limits.maxJSONBytes)")
        }
    }

    /// The same for a dotLottie entry: its declared size was checked against the file-size limit,
    /// and that many bytes were allocated before inflating.
    @Test func dotLottieEntryPastTheJSONLimitIsRefused() throws {
        let json = try Self.document { _ in }
        let padded = json + [UInt8](repeating: 0x20, count: 2 << 20)
        let zip = ZipWriter.archive([("manifest.json", Array(#"{"animations":[{"id":"a"}]}"#.utf8)), ("animations/a.json", padded)])
        let options = OpenOptions(limits: Limits(maxJSONBytes: 1 << 20))
        do {
            _ = try DotLottieAnimator().timeline(bytes: zip, name: "big.lottie", options: options)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".hasPrefix("big.lottie: dotLottie: ") && "\(error)".hasSuffix("(Limits.maxJSONBytes)"), "\(error)")
        }
        #expect(throws: Never.self) { try DotLottieAnimator().timeline(bytes: zip, name: "big.lottie", options: OpenOptions()) }
    }

    /// FuzzLottie (on a corpus entry from an earlier run): a mask expanded by 1e39 is stroked
    /// 2e39 wide; the outline folds, so it goes through the exact overlap pass, which turned the
    /// outline's far ends into row numbers with `Int(_:)` and trapped ("Double value cannot be
    /// converted to Int because the result would be less than Int.min"). Now the heights are
    /// clamped to the rows first: the frame renders, and the mask covers the whole layer.
    @Test
    func hugeMaskExpansionRenders() throws {
        for expansion in [1e39, -1e39, 1e300] {
            let bytes = try Self.document { d in
                var layers = d["layers"] as! [[String: Any]]
                layers[0]["masksProperties"] = [["mode": "a", "inv": false, "o": ["a": 0, "k": 100], "x": ["a": 0, "k": expansion],
                                                 "pt": ["a": 0, "k": ["c": true, "v": [[-10, -10], [10, -10], [10, 10], [-10, 10]],
                                                                       "i": [[0, 0], [0, 0], [0, 0], [0, 0]],
                                                                       "o": [[0, 0], [0, 0], [0, 0], [0, 0]]]]] as [String: Any]]
                d["layers"] = layers
            }
            let image = try Self.open(bytes).render(frame: 0, size: PixelSize(50, 50))
            // The red circle (radius 20 of 100, centred) is drawn where the mask lets it through:
            // everywhere when the mask grows, nowhere when it shrinks to nothing.
            #expect(image[25, 25].a == (expansion > 0 ? 255 : 0), "expansion \(expansion)")
        }
    }
}
