import CYLRaster
@testable import CYLTimeline
import Foundation
import Testing

/// Inputs that are finite but absurd, or files that are not files: each must be an error or a
/// quick answer, never a trap, a hang or an unbounded read (issue 16's audit).
@Suite struct HardeningTests {
    /// `/dev/zero` has no size and no end; a configuration can name it as an image. Reading stops at
    /// the file-size limit plus one byte and says which limit.
    @Test func endlessDeviceIsReadOnlyUpToTheLimit() throws {
        let limits = Limits(maxFileBytes: 1 << 20)
        do {
            _ = try InputFile.read("/dev/zero", limits: limits)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "/dev/zero: file is larger than the limit of 1048576 (Limits.maxFileBytes)")
        }
    }

    @Test func fileReadsAreExactAndDirectoriesRefused() throws {
        let path = NSTemporaryDirectory() + "cyl-input-\(UUID().uuidString)"
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try InputFile.read(path, limits: Limits()) == bytes)
        #expect(throws: OpenError.self) { try InputFile.read(path, limits: Limits(maxFileBytes: 199_999)) }
        do {
            _ = try InputFile.read(NSTemporaryDirectory(), limits: Limits())
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .unreadable && error.message.contains("directory"), "\(error)")
        }
        do {
            _ = try InputFile.read("/nonexistent/x.json", limits: Limits())
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .notFound, "\(error)")
        }
    }

    /// Forty `**` against sixty names: backtracking tried C(100, 40) splits (it never finished);
    /// the position-set walk answers at once, and correctly.
    @Test func manyDoubleStarsMatchInLinearTime() {
        let names = (0..<60).map { "n\($0)" }
        let stars = Array(repeating: "**", count: 40)
        #expect(ColorOverride(keypath: (stars + ["n59"]).joined(separator: "."), color: .black).matches(names))
        #expect(!ColorOverride(keypath: (stars + ["missing"]).joined(separator: "."), color: .black).matches(names))
        #expect(!ColorOverride(keypath: (stars + ["n58"]).joined(separator: "."), color: .black).matches(names))
        // The rules themselves: `*` is one name, `**` any number including none.
        #expect(ColorOverride(keypath: "a.*.c", color: .black).matches(["a", "b", "c"]))
        #expect(!ColorOverride(keypath: "a.*.c", color: .black).matches(["a", "c"]))
        #expect(ColorOverride(keypath: "a.**.c", color: .black).matches(["a", "c"]))
        #expect(ColorOverride(keypath: "**", color: .black).matches([]))
        #expect(!ColorOverride(keypath: "a", color: .black).matches([]))
    }

    /// A speed of 1e-300 passed `speed > 0`, then a pass of the animation lasted 1e300 s and
    /// `Duration` arithmetic trapped (a tab-bar configuration's speed reaches this).
    @Test(arguments: [1e-300, 1e-4, 1e300, 0, -1, .nan, .infinity])
    func absurdSpeedsAreRefused(_ speed: Double) {
        #expect(throws: PlayerError.self) {
            _ = try Player(frameDurations: [.seconds(3600)], policy: .loop, speed: speed)
        }
    }

    @Test func extremeAcceptedSpeedsDoNotOverflow() throws {
        let hour = Duration.seconds(3600)
        for speed in [Player.speedRange.lowerBound, Player.speedRange.upperBound] {
            var p = try Player(frameDurations: Array(repeating: hour, count: 100_000), policy: .loop, speed: speed)
            p.select(at: .zero)
            _ = p.frameIndex(at: .seconds(1e9))
            #expect(p.passDuration > .zero)
        }
    }
}

/// File text quoted in messages stays on one line and cannot drive a terminal.
@Test func controlCharactersAreEscapedForMessages() {
    #expect("plain é 中".escapingControlCharacters == "plain é 中")
    #expect("a\nb\tc\rd\u{1B}[31m\u{7F}\u{85}".escapingControlCharacters == #"a\nb\tc\rd\u{1B}[31m\u{7F}\u{85}"#)
}
