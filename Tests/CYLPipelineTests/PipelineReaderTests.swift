import CYLDocuments
import Testing
@testable import CYLPipeline
import CYLTabBarItemAnimation

struct PipelineReaderTests {
    /// The example in issue 15, verbatim.
    static let issueExample = """
    { "inputs": ["icons/*.json", "icons/*.gif"],
      "outputDirectory": "build/icons",
      "outputs": [
        { "format": "gif",  "size": 27, "scales": [2, 3], "matte": "#ffffff", "name": "{name}@{scale}x.gif" },
        { "format": "webp", "size": 27, "scales": [2], "name": "{name}@{scale}x.webp" } ] }
    """

    func parse(_ text: String) throws(PipelineError) -> Pipeline {
        try Pipeline.parse(Array(text.utf8), name: "p.json", baseDirectory: "proj")
    }

    func error(_ text: String) -> PipelineError? {
        do { _ = try parse(text); return nil } catch { return error }
    }

    @Test func issueExampleReadsAsWritten() throws {
        let p = try parse(Self.issueExample)
        #expect(p.inputs.map(\.source) == [.path("icons/*.json"), .path("icons/*.gif")])
        #expect(p.outputDirectory == "proj/build/icons")
        #expect(p.targets.count == 2)
        let gif = p.targets[0]
        #expect(gif.format == .gif && gif.scales == [2, 3] && gif.matte == RGBA8(255, 255, 255, 255))
        #expect(gif.size == PointSize(27, 27))
        #expect(gif.pixelSize(scale: 3) == PixelSize(81, 81))
        #expect(gif.name.text == "{name}@{scale}x.gif")
        #expect(p.targets[1].format == .webp && p.targets[1].scales == [2] && p.targets[1].appearances == [.light])
        // The request a job makes: a 54x54 box at @2x, fit and centred.
        #expect(gif.request(scale: 2, path: "x.gif").size == .box(PixelSize(54, 54)))
    }

    /// FuzzPipeline's timeout: an input "\u0000..." reached the file system as "" (C strings end
    /// at NUL), the working folder, searched 16 levels deep. No text in a pipeline may hold NUL;
    /// each place says so at its JSON path.
    @Test(arguments: [
        (#"{"inputs": ["\u0000bounce-frames"], "outputs": [{"format": "gif"}]}"#, "inputs[0]"),
        (#"{"inputs": [{"path": "a.json", "dark": "a\u0000.json"}], "outputs": [{"format": "gif"}]}"#, "inputs[0].dark"),
        (#"{"inputs": ["a.json"], "outputDirectory": "out\u0000", "outputs": [{"format": "gif"}]}"#, "outputDirectory"),
        (#"{"inputs": ["a.json"], "outputs": [{"format": "gif", "name": "{name}\u0000.gif"}]}"#, "outputs[0].name"),
    ])
    func textWithNULIsRefused(_ text: String, _ path: String) {
        let e = error(text)
        #expect(e?.description.contains("U+0000 (NUL)") == true, "\(String(describing: e))")
        #expect(e?.description.contains(path) == true, "\(String(describing: e))")
    }

    @Test func defaultsAndEveryKey() throws {
        let p = try parse("""
        {"inputs": [{"path": "a.json", "name": "home", "dark": "night.json", "darkColors": {"**.Fill 1": "#fff"}},
                    {"tabBar": "bar.json"}],
         "outputs": [{"format": "png"},
                     {"format": "webp", "size": [20, 10], "scales": [1, 1.5], "appearances": ["light", "dark"],
                      "quality": 80, "lossless": false, "compression": 6, "fps": 24, "speed": 2, "loop": "once",
                      "background": "#000", "name": "w/{name}{appearance}-{width}x{height}.{ext}"},
                     {"format": "gif", "colors": 64, "dither": "ordered", "alphaThreshold": 100, "loop": 3},
                     {"format": "png-sequence", "scales": [2]}]}
        """)
        #expect(p.outputDirectory == "proj/build")
        #expect(p.inputs[0].name == "home" && p.inputs[0].darkPath == "night.json" && p.inputs[0].darkColors.count == 1)
        #expect(p.inputs[1].source == .tabBar("bar.json"))
        #expect(p.targets[0].format == .apng && p.targets[0].name.text == "{name}{appearance}@{scale}x.{ext}")
        #expect(p.targets[0].size == nil && p.targets[0].request(scale: 1, path: "x").size == .native)
        let w = p.targets[1]
        #expect(w.pixelSize(scale: 1.5) == PixelSize(30, 15))
        #expect(w.quality == 80 && w.lossless == false && w.compression == 6 && w.fps == 24 && w.speed == 2 && w.loop == .once)
        #expect(p.targets[2].colors == 64 && p.targets[2].dither == .ordered && p.targets[2].alphaThreshold == 100 && p.targets[2].loop == .repeats(3))
        #expect(p.targets[3].name.text == "{name}{appearance}@{scale}x/%04d.png")
    }

    @Test func unknownKeysAreErrorsWithLineColumnAndDidYouMean() throws {
        let e = try #require(error("""
        {"inputs": ["a.json"],
         "outputs": [{"format": "gif", "scale": [2]}]}
        """))
        #expect(e.kind == .invalidValue)
        #expect(e.location == SourceLocation(line: 2, column: 41))   // the value of the misspelt key
        #expect(e.key == JSONPath([.key("outputs"), .index(0), .key("scale")]))
        #expect(e.description == "p.json:2:41: outputs[0].scale: unknown key \"scale\" in an output; did you mean \"scales\"?")
        let top = try #require(error("{\"input\": [\"a.json\"], \"outputs\": []}"))
        #expect(top.description.contains("did you mean \"inputs\"?"))
        #expect(top.location == SourceLocation(line: 1, column: 11))
    }

    @Test func wrongTypesAndValuesSayWhatWasExpected() throws {
        let cases: [(String, String, String)] = [
            ("{\"inputs\": \"a.json\", \"outputs\": [{\"format\": \"gif\"}]}", "inputs", "expected an array, found a string"),
            ("{\"inputs\": [\"a\"], \"outputs\": [{\"format\": \"jiff\"}]}", "outputs[0].format", "did you mean \"gif\"?"),
            ("{\"inputs\": [\"a\"], \"outputs\": [{\"format\": \"gif\", \"scales\": [2, 3], \"name\": \"{name}.gif\"}]}", "outputs[0].name", "need {scale}"),
            ("{\"inputs\": [\"a\"], \"outputs\": [{\"format\": \"gif\", \"scales\": [0]}]}", "outputs[0].scales[0]", "a scale must be"),
            ("{\"inputs\": [\"a\"], \"outputs\": [{\"format\": \"gif\", \"matte\": \"#ffffff80\"}]}", "outputs[0].matte", "must be opaque"),
            ("{\"inputs\": [\"a\"], \"outputs\": [{\"format\": \"webp\", \"matte\": \"#fff\"}]}", "outputs[0].matte", "applies to GIF output only"),
            ("{\"inputs\": [\"a\"], \"outputs\": [{\"format\": \"gif\", \"quality\": 50}]}", "outputs[0].quality", "applies to WebP output only"),
            ("{\"inputs\": [\"a\"], \"outputs\": [{\"format\": \"tgs\", \"size\": 27}]}", "outputs[0].size", "does not apply"),
            ("{\"inputs\": [\"a\"], \"outputs\": [{\"format\": \"png-sequence\", \"name\": \"{name}.png\"}]}", "outputs[0].name", "%d or %0Nd"),
            ("{\"inputs\": [\"a\"], \"outputs\": [{\"format\": \"gif\", \"name\": \"{nmae}.gif\"}]}", "outputs[0].name", "did you mean {name}?"),
            ("{\"inputs\": [\"a\"], \"outputs\": [{\"format\": \"gif\", \"name\": \"../{name}.gif\"}]}", "outputs[0].name", "may not leave"),
            ("{\"inputs\": [\"a\"], \"outputs\": [{\"format\": \"gif\", \"appearances\": [\"light\", \"dark\"], \"name\": \"{name}.gif\"}]}", "outputs[0].name", "{appearance}"),
            ("{\"inputs\": [\"a\"], \"outputs\": [{\"format\": \"gif\", \"appearances\": [\"night\"]}]}", "outputs[0].appearances[0]", "light or dark"),
            ("{\"inputs\": [{\"path\": \"*.json\", \"name\": \"x\"}], \"outputs\": [{\"format\": \"gif\"}]}", "inputs[0].path", "is a glob"),
            ("{\"inputs\": [{\"name\": \"x\"}], \"outputs\": [{\"format\": \"gif\"}]}", "inputs[0]", "needs \"path\""),
            ("{\"inputs\": [], \"outputs\": [{\"format\": \"gif\"}]}", "inputs", "inputs is empty"),
            ("{\"inputs\": [\"a\"], \"outputs\": [{\"size\": 27}]}", "outputs[0]", "needs \"format\""),
            ("{\"inputs\": [\"a\"], \"outputs\": [{\"format\": \"gif\", \"loop\": true}]}", "outputs[0].loop", "forever"),
        ]
        for (text, key, fragment) in cases {
            let e = try #require(error(text), "accepted: \(text)")
            #expect(e.key.map { "\($0)" } == key, "\(text): \(e)")
            #expect(e.message.contains(fragment), "\(text): \(e)")
            #expect(e.location.line != nil && e.location.column != nil, "\(text): \(e)")
        }
    }

    @Test func syntaxErrorsAndMissingKeysAreLocated() throws {
        let e = try #require(error("{\"inputs\": [\"a.json\",],\n \"outputs\": []}"))
        #expect(e.kind == .syntax)
        #expect(e.description.hasPrefix("p.json:1:"))
        let missing = try #require(error("{\"inputs\": [\"a.json\"]}"))
        #expect(missing.kind == .missing && missing.message.contains("\"outputs\""))
        let notObject = try #require(error("[1]"))
        #expect(notObject.kind == .wrongType && notObject.message.contains("a pipeline is a JSON object"))
    }

    @Test func loadNamesUnreadableOversizedAndYAMLFiles() throws {
        let dir = try Scratch()
        #expect(throws: PipelineError.self) { try Pipeline.load(path: dir.path + "/none.json") }
        do { _ = try Pipeline.load(path: dir.path + "/none.json") } catch { #expect(error.kind == .unreadable) }
        let big = try dir.write("big.json", String(repeating: " ", count: 2000) + "{}")
        var options = PipelineOptions()
        options.maxBytes = 1000
        do { _ = try Pipeline.load(path: big, options: options); Issue.record("accepted") } catch {
            #expect(error.kind == .tooLarge && error.message.contains("Limits.maxFileBytes"))
        }
        let yaml = try dir.write("p.yaml", "inputs: [a.json]\n")
        do { _ = try Pipeline.load(path: yaml); Issue.record("accepted") } catch { #expect(error.message.contains("YAML")) }
    }

    @Test func namePatternsExpandAndNormalise() throws {
        let p = try NamePattern("{dir}/{name}{appearance}@{scale}x.{ext}")
        #expect(p.expand([.dir: "", .name: "home", .appearance: "", .scale: "2", .ext: "gif"]) == "home@2x.gif")
        #expect(p.expand([.dir: "a/b", .name: "home", .appearance: "_dark", .scale: "1.5", .ext: "webp"]) == "a/b/home_dark@1.5x.webp")
        #expect(try NamePattern("./x/{name}").expand([.name: ".."]) == nil)
        #expect(throws: NamePatternError.self) { try NamePattern("{name") }
        #expect(throws: NamePatternError.self) { try NamePattern("") }
    }
}
