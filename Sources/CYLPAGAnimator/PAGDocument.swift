import CYLLottieAnimator
import CYLRaster
import CYLTimeline

/// An opened PAG file: what was read, the model built from it, and what the reader noticed.
public struct PAGDocument: Sendable {
    public let name: String
    public let options: OpenOptions
    let model: AnimationModel
    /// What `info` lists: the composition tree.
    public let contents: [InfoField]
    public let diagnostics: [Diagnostic]

    /// Reads `bytes` (a whole `.pag` file). Errors are `OpenError`s naming `name` and the byte.
    public init(bytes: [UInt8], name: String, options: OpenOptions = OpenOptions()) throws {
        do {
            var reader = PAGReader(file: name, limits: options.limits)
            let pag = try reader.read(bytes)
            var builder = AfterEffectsBuilder(pag, bytes: bytes, file: name, limits: options.limits)
            model = try builder.build()
            contents = PAGContents.fields(pag)
            diagnostics = (pag.notes + builder.notes).map { note in
                let feature: Diagnostic.Feature? = note.feature == .notDrawn ? .notDrawn : nil
                return Diagnostic(.warning, at: "byte \(note.byte)", note.message, feature: feature)
            }
        } catch {
            throw error.openError
        }
        self.name = name
        self.options = options
    }

    public func timeline() -> FrameTimeline {
        var t = AfterEffectsTimeline.make(model: model, format: "PAG", file: name, limits: options.limits,
                                          diagnostics: diagnostics, inputs: [name])
        t.contents = contents
        return t
    }
}
