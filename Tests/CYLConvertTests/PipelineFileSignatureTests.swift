import CYLConvert
import Foundation
import Testing

/// `PipelineFileSignature`: what `lint` and `review` pass over as a build pipeline file when they
/// search a folder, decided from the content, not the name.
struct PipelineFileSignatureTests {
    @Test func aJSONObjectWithInputsAndOutputsIsAPipeline() throws {
        let dir = try Scratch()
        let json = #"{"inputs": ["icons/*.json"], "outputs": [{"format": "gif"}]}"#
        try dir.write("anything.json", Array(json.utf8))
        #expect(PipelineFileSignature.matches(path: dir.path + "/anything.json"))
    }

    @Test(arguments: [
        ("lottie.json", #"{"inputs": [], "outputs": [], "layers": []}"#),  // a Lottie file that happens to have both keys
        ("inputs-only.json", #"{"inputs": ["a.json"]}"#),
        ("array.json", #"[{"inputs": [], "outputs": []}]"#),
        ("broken.json", #"{"inputs": [], "outputs": "#),
        ("pipeline.yaml", #"{"inputs": [], "outputs": []}"#),  // pipeline files are JSON (by extension)
    ])
    func otherFilesAreNot(name: String, text: String) throws {
        let dir = try Scratch()
        try dir.write(name, Array(text.utf8))
        #expect(!PipelineFileSignature.matches(path: dir.path + "/" + name))
    }

    @Test func aFileOverTheSizeBoundIsNotReadAsOne() throws {
        let dir = try Scratch()
        let padding = String(repeating: " ", count: PipelineFileSignature.maxBytes)
        try dir.write("big.json", Array((#"{"inputs": [], "outputs": []"# + padding + "}").utf8))
        #expect(!PipelineFileSignature.matches(path: dir.path + "/big.json"))
        #expect(!PipelineFileSignature.matches(path: dir.path + "/missing.json"))
    }
}
