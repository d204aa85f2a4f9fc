import Foundation
import Testing

/// `convert`'s flags and a pipeline file's output keys map onto one `EncoderSettings`: the same
/// invalid value is refused by both with the same explanation, each at its own place (the flag,
/// or the file's line:column and JSON path), and nothing is written.
struct EncoderOptionsAgreementTests {
    /// (flag, the value on the command line, output extension; pipeline key, format, JSON value).
    static let cases: [(flag: String, value: String, ext: String, key: String, format: String, json: String)] = [
        ("colors", "300", "gif", "colors", "gif", "300"),
        ("colors", "2.5", "gif", "colors", "gif", "2.5"),
        ("alpha-threshold", "0", "gif", "alphaThreshold", "gif", "0"),
        ("quality", "101", "webp", "quality", "webp", "101"),
        ("compression", "10", "png", "compression", "png", "10"),
        ("speed", "0", "gif", "speed", "gif", "0"),
        ("speed", "1001", "webp", "speed", "webp", "1001"),
        ("loop", "70000", "gif", "loop", "gif", "70000"),
        ("loop", "1.5", "gif", "loop", "gif", "1.5"),
        ("fps", "0", "gif", "fps", "gif", "0"),
        ("dither", "fast", "gif", "dither", "gif", "\"fast\""),
        ("matte", "#ffffff80", "gif", "matte", "gif", "\"#ffffff80\""),
        ("matte", "#ffffff", "webp", "matte", "webp", "\"#ffffff\""),
        ("quality", "50", "png", "quality", "png", "50"),
        ("compression", "5", "gif", "compression", "gif", "5"),
        ("size", "10", "tgs", "size", "tgs", "10"),
        ("speed", "2", "tgs", "speed", "tgs", "2"),
        ("loop", "2", "tgs", "loop", "tgs", "2"),
    ]

    /// The explanation in a message, with the option's own spelling replaced by `NAME`.
    static func explanation(_ text: Substring, name: String) -> String {
        text.replacingOccurrences(of: name, with: "NAME")
    }

    @Test func theSameInvalidValueIsExplainedTheSameWayByConvertAndAPipelineFile() throws {
        let dir = try ScratchDir()
        try FileManager.default.copyItem(atPath: CLI.sample("checkmark.json"), toPath: dir.path + "/in.json")
        for c in Self.cases {
            let cli = try CLI.run(["convert", "in.json", "-o", "out.\(c.ext)", "--\(c.flag)", c.value], in: dir.path)
            let line = try #require(cli.stderr.split(separator: "\n").first { $0.hasPrefix("Error: ") }, "\(c): \(cli.stderr)")
            #expect(cli.status == 64, "\(c)")
            // "Error: Invalid value 'V' for '--flag': EXPLANATION." or "Error: EXPLANATION." (naming the flag).
            let valuePrefix = "Error: Invalid value '\(c.value)' for '--\(c.flag)': "
            let cliText = line.hasPrefix(valuePrefix) ? line.dropFirst(valuePrefix.count) : line.dropFirst("Error: ".count)
            #expect(cliText.hasSuffix("."), "\(line)")

            try dir.write("p.json", Array("{\"inputs\": [\"in.json\"], \"outputs\": [{\"format\": \"\(c.format)\", \"\(c.key)\": \(c.json)}]}".utf8))
            let build = try CLI.run(["build", "p.json", "-q"], in: dir.path)
            #expect(build.status == 65, "\(c): \(build.stderr)")
            // "cylanim: error: p.json:1:C: outputs[0].key: EXPLANATION[ (got V)]"
            let at = "p.json:1:"
            let pipeLine = try #require(build.stderr.split(separator: "\n").first { $0.contains(at) }, "\(c): \(build.stderr)")
            let keyPrefix = ": outputs[0].\(c.key): "
            let keyRange = try #require(pipeLine.range(of: keyPrefix), "\(pipeLine)")
            var pipeText = pipeLine[keyRange.upperBound...]
            if let got = pipeText.range(of: " (got ") { pipeText = pipeText[..<got.lowerBound] }
            if pipeText.hasPrefix("unknown \(c.key) ") { pipeText = pipeText[(pipeText.range(of: "; ")!.upperBound)...] }

            #expect(Self.explanation(cliText.dropLast(), name: "'--\(c.flag)'") == Self.explanation(pipeText, name: "\"\(c.key)\""),
                    "\(c.flag) \(c.value):\n  convert: \(line)\n  pipeline: \(pipeLine)")
            #expect(!FileManager.default.fileExists(atPath: dir.path + "/out.\(c.ext)") && !FileManager.default.fileExists(atPath: dir.path + "/build"),
                    "\(c): an output was written")
        }
    }
}
