import CYLDocuments
import CYLTimeline

/// How a build pipeline file is told apart from an animation or a tab-bar configuration by its
/// content. It lives below both the pipeline reader (which takes its key names from here) and the
/// folder searches of `lint` and `review`, which pass pipeline files over instead of reporting them
/// as broken animations, so those need not import the whole build module to recognise one.
public enum PipelineFileSignature {
    /// The key holding a pipeline's inputs.
    public static let inputsKey = "inputs"
    /// The key holding a pipeline's output targets.
    public static let outputsKey = "outputs"
    /// Files larger than this are not pipeline files (a real one is a few hundred bytes).
    public static let maxBytes = 1 << 20

    /// Whether `path` is a build pipeline file: a `.json` object with `inputs` and `outputs` and no
    /// Lottie `layers`. Unreadable, oversized or malformed files are not.
    public static func matches(path: String) -> Bool {
        guard path.lowercased().hasSuffix(".json"),
              let bytes = try? InputFile.read(path, limits: Limits(maxFileBytes: maxBytes)),
              let root = try? JSONDocument.parse(bytes, name: path, maxBytes: maxBytes),
              let members = root.asObject else { return false }
        let keys = Set(members.map(\.key))
        return keys.contains(inputsKey) && keys.contains(outputsKey) && !keys.contains("layers")
    }
}
