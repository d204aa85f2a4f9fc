import Testing
import CYLImageCodecs
import CYLTabBarItemAnimation
import Foundation

/// `EncoderSettings`: each option's range (both edges, taken and refused), which formats take
/// which option, `validate(for:)`, and the canonical form the build manifest records.
struct EncoderSettingsTests {
    /// The problem `check` throws for `value`, nil when it is taken.
    func problem<T>(_ value: Double, _ check: (Double) throws(EncoderSettingsError) -> T) -> EncoderSettingsError.Problem? {
        do { _ = try check(value); return nil } catch { return error.problem }
    }

    /// The edges as the options are documented (`--help`, the README): the named ranges must say
    /// the same. A change to a range is a change to this list.
    @Test func namedRangesAreTheDocumentedOnes() {
        #expect(EncoderSettings.colorsRange == 2...256)
        #expect(EncoderSettings.alphaThresholdRange == 1...255)
        #expect(EncoderSettings.compressionRange == 0...9)
        #expect(EncoderSettings.loopRange == 0...65535)
        #expect(EncoderSettings.qualityRange == 0...100)
        #expect(EncoderSettings.maxSpeed == 1000)
        #expect(EncoderSettings.fpsRange == (1.0 / 3600)...1000)
    }

    /// Each edge is taken, and the nearest value past it (the next representable Double for real
    /// options, the next whole number for counts) is refused as out of range.
    @Test func everyRangeEdgeIsTakenAndTheValueBeyondRefused() {
        typealias Check = (Double) throws(EncoderSettingsError) -> Any
        let real: [(String, ClosedRange<Double>, Check)] = [
            ("fps", EncoderSettings.fpsRange, { (v) throws(EncoderSettingsError) in try EncoderSettings.fps(checking: v) }),
            ("quality", EncoderSettings.qualityRange, { (v) throws(EncoderSettingsError) in try EncoderSettings.quality(checking: v) }),
        ]
        for (name, range, check) in real {
            #expect(problem(range.lowerBound, check) == nil, "\(name) \(range.lowerBound)")
            #expect(problem(range.upperBound, check) == nil, "\(name) \(range.upperBound)")
            #expect(problem(range.lowerBound.nextDown, check) == .outOfRange, "\(name) below")
            #expect(problem(range.upperBound.nextUp, check) == .outOfRange, "\(name) above")
            #expect(problem(.nan, check) == .outOfRange, "\(name) NaN")
        }
        let whole: [(String, ClosedRange<Int>, Check)] = [
            ("colors", EncoderSettings.colorsRange, { (v) throws(EncoderSettingsError) in try EncoderSettings.colors(checking: v) }),
            ("alphaThreshold", EncoderSettings.alphaThresholdRange, { (v) throws(EncoderSettingsError) in try EncoderSettings.alphaThreshold(checking: v) }),
            ("compression", EncoderSettings.compressionRange, { (v) throws(EncoderSettingsError) in try EncoderSettings.compression(checking: v) }),
            ("loop", EncoderSettings.loopRange, { (v) throws(EncoderSettingsError) in try EncoderSettings.loop(checkingCount: v) }),
        ]
        for (name, range, check) in whole {
            let low = Double(range.lowerBound), high = Double(range.upperBound)
            #expect(problem(low, check) == nil, "\(name) \(low)")
            #expect(problem(high, check) == nil, "\(name) \(high)")
            #expect(problem(low - 1, check) == .outOfRange, "\(name) \(low - 1)")
            #expect(problem(high + 1, check) == .outOfRange, "\(name) \(high + 1)")
            #expect(problem(low + 0.5, check) == .notWhole, "\(name) \(low + 0.5)")
            // Far out of range is refused, not converted to Int (which would trap).
            #expect(problem(1e300, check) == .outOfRange, "\(name) 1e300")
        }
        // Speed: above 0 (0 itself refused), at most maxSpeed.
        let speed: Check = { (v) throws(EncoderSettingsError) in try EncoderSettings.speed(checking: v) }
        #expect(problem(0, speed) == .outOfRange)
        #expect(problem(Double.leastNonzeroMagnitude, speed) == nil)
        #expect(problem(EncoderSettings.maxSpeed, speed) == nil)
        #expect(problem(EncoderSettings.maxSpeed.nextUp, speed) == .outOfRange)
        #expect(problem(-1, speed) == .outOfRange)
    }

    @Test func checkedValuesAreTheTypedOnes() throws {
        #expect(try EncoderSettings.loop(checkingCount: 0) == .forever)
        #expect(try EncoderSettings.loop(checkingCount: 3) == .repeats(3))
        #expect(try EncoderSettings.alphaThreshold(checking: 255) == 255)
        #expect(try EncoderSettings.dither(named: "FS") == .fs)
        #expect(throws: EncoderSettingsError(.dither, .unknownName, value: "\"fast\"")) { try EncoderSettings.dither(named: "fast") }
        #expect(try EncoderSettings.matte(checking: RGBA8(1, 2, 3, 255)) == RGBA8(1, 2, 3, 255))
        #expect(throws: EncoderSettingsError(.matte, .notOpaque, value: "#01020380")) {
            try EncoderSettings.matte(checking: RGBA8(1, 2, 3, 128))
        }
    }

    /// Which formats take which option, written out as the spec (GIF only, WebP only, the PNGs and
    /// WebP for compression, everything but .tgs for the rest).
    @Test func eachOptionIsTakenByItsFormatsOnly() {
        let all = OutputFormat.allCases
        let expected: [EncoderOption: [OutputFormat]] = [
            .matte: [.gif], .colors: [.gif], .dither: [.gif], .alphaThreshold: [.gif],
            .quality: [.webp], .lossless: [.webp],
            .compression: [.apng, .pngSequence, .webp],
            .size: [.gif, .apng, .webp, .pngSequence], .fps: [.gif, .apng, .webp, .pngSequence],
            .speed: [.gif, .apng, .webp, .pngSequence], .background: [.gif, .apng, .webp, .pngSequence],
            .loop: [.gif, .apng, .webp, .pngSequence],
        ]
        #expect(Set(expected.keys) == Set(EncoderOption.allCases))
        for option in EncoderOption.allCases {
            for format in all {
                let takes = expected[option]!.contains(format)
                do {
                    try EncoderSettings.check(option, for: format)
                    #expect(takes, "\(option) was taken by \(format)")
                } catch {
                    #expect(!takes, "\(option) was refused for \(format): \(error)")
                    #expect(error == EncoderSettingsError(option, .notTaken(by: format)))
                }
            }
        }
    }

    @Test func formatRulesExplainThemselvesWithTheFrontEndsName() {
        #expect(EncoderSettingsError(.matte, .notTaken(by: .webp)).explanation(naming: "'--matte'")
                == "'--matte' applies to GIF output only, and this output is webp")
        #expect(EncoderSettingsError(.compression, .notTaken(by: .gif)).explanation(naming: "\"compression\"")
                == "\"compression\" applies to PNG, APNG and WebP output only, and this output is gif")
        #expect(EncoderSettingsError(.lossless, .notTaken(by: .apng)).explanation(naming: "x")
                == "x applies to WebP output only, and this output is apng")
        #expect(EncoderSettingsError(.fps, .notTaken(by: .tgs)).explanation(naming: "\"fps\"")
                == "a .tgs sticker is the Lottie document itself; \"fps\" does not apply to it")
        // A GIF-only option on a sticker is told it is GIF-only, the more useful of the two.
        #expect(EncoderSettingsError(.colors, .notTaken(by: .tgs)).explanation(naming: "c")
                == "c applies to GIF output only, and this output is tgs")
    }

    @Test func valueProblemsExplainTheRangeFromTheNamedValues() {
        #expect(EncoderSettingsError(.colors, .outOfRange).explanation(naming: "") == "the GIF palette size must be 2-256")
        #expect(EncoderSettingsError(.colors, .notWhole).explanation(naming: "") == "the GIF palette size must be a whole number")
        #expect(EncoderSettingsError(.alphaThreshold, .outOfRange).explanation(naming: "") == "the alpha threshold must be 1-255")
        #expect(EncoderSettingsError(.loop, .outOfRange).explanation(naming: "") == "the loop count must be 0 (forever) to 65535")
        #expect(EncoderSettingsError(.speed, .outOfRange).explanation(naming: "")
                == "the speed must be above 0 (0.5 = half speed) and at most 1000")
        #expect(EncoderSettingsError(.fps, .outOfRange).explanation(naming: "")
                == "the frame rate must be from 0.0003 (1/3600, one frame an hour) to 1000")
        #expect(EncoderSettingsError(.dither, .unknownName).explanation(naming: "") == "expected none, ordered or fs")
        #expect(EncoderSettingsError(.quality, .outOfRange, value: "101").description == "the WebP quality must be 0-100 (got 101)")
    }

    @Test func validateRefusesOptionsTheFormatDoesNotTakeAndValuesOutOfRange() throws {
        var s = EncoderSettings()
        try s.validate(for: .tgs)   // nothing given: every format takes it
        s.colors = 64
        s.dither = .ordered
        try s.validate(for: .gif)
        #expect(throws: EncoderSettingsError(.colors, .notTaken(by: .webp))) { try s.validate(for: .webp) }
        s.colors = 1   // built in code, past the checked constructor
        #expect(throws: EncoderSettingsError(.colors, .outOfRange, value: "1")) { try s.validate(for: .gif) }
        s = EncoderSettings()
        s.compression = 12
        #expect(throws: EncoderSettingsError(.compression, .outOfRange, value: "12")) { try s.validate(for: .apng) }
        s = EncoderSettings()
        s.matte = RGBA8(0, 0, 0, 0)
        #expect(throws: EncoderSettingsError(.matte, .notOpaque, value: "#00000000")) { try s.validate(for: .gif) }
        s = EncoderSettings()
        s.loop = .repeats(70_000)
        #expect(throws: EncoderSettingsError(.loop, .outOfRange, value: "70000")) { try s.validate(for: .webp) }
        s.loop = .once
        #expect(throws: EncoderSettingsError(.loop, .notTaken(by: .tgs))) { try s.validate(for: .tgs) }
    }

    /// The canonical form: every option given, under its canonical name, in one fixed order whatever
    /// order they were set in; a speed of 1 left out. The expected text is what a version-1 build
    /// manifest recorded for these settings before `EncoderSettings` existed (cylanim 0.1.0 at
    /// d38588b, `build` of a pipeline with these keys), so old manifests' build keys still match.
    @Test func canonicalFormIsTheOneVersionOneManifestsHold() {
        var s = EncoderSettings()
        s.loop = .repeats(3)
        s.alphaThreshold = 100
        s.dither = .ordered
        s.colors = 64
        s.speed = 2
        s.fps = 24
        s.background = RGBA8(0, 0, 0, 128)
        s.matte = RGBA8(255, 255, 255, 255)
        #expect(JSONOutput.object(s.canonicalMembers).text
                == "{\"matte\":\"#ffffffff\",\"background\":\"#00000080\",\"fps\":24,\"speed\":2,\"colors\":64,\"dither\":\"ordered\",\"alphaThreshold\":100,\"loop\":\"repeat 3 times\"}")
        var w = EncoderSettings()
        w.compression = 6
        w.speed = 1
        w.loop = .once
        w.lossless = false
        w.quality = 80
        #expect(JSONOutput.object(w.canonicalMembers).text == "{\"quality\":80,\"lossless\":false,\"loop\":\"once\",\"compression\":6}")
        #expect(EncoderSettings().canonicalMembers.isEmpty)
        #expect(s.givenOptions == [.matte, .background, .fps, .speed, .colors, .dither, .alphaThreshold, .loop])
    }

    /// `convert` checks a request built in code before drawing anything: an option the format
    /// does not take, or a value out of range, is a usage error and no file is written.
    @Test func convertRefusesSettingsItsFormatDoesNotTake() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("encoder-settings-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = timeline(frames: 2, timing: .fps(10))
        var request = ConvertRequest(format: .webp, destination: .file(dir + "/a.webp"))
        request.matte = RGBA8(255, 255, 255, 255)
        #expect(throws: UsageError("\"matte\" applies to GIF output only, and this output is webp")) { try t.convert(request) }
        request = ConvertRequest(format: .apng, destination: .file(dir + "/a.png"))
        request.compression = 10
        #expect(throws: UsageError("the compression level must be 0-9 (got 10)")) { try t.convert(request) }
        request.compression = 9
        _ = try t.convert(request)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["a.png"])
    }

    /// A request holds one `EncoderSettings`; its fields read and write through the request.
    @Test func aRequestsEncoderFieldsAreItsSettings() {
        var r = ConvertRequest(format: .gif, destination: .standardOutput)
        r.colors = 32
        r.encoder.dither = .fs
        #expect(r.encoder.colors == 32 && r.dither == .fs)
    }
}
