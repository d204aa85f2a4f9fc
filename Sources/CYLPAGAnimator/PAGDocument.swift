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
    /// The files frames are made from: the PAG file and the images `--slot` gives.
    let inputs: [String]

    /// Reads `bytes` (a whole `.pag` file), with `options.slots` replacing its editable texts and
    /// images. Errors are `OpenError`s naming `name` and the byte (or the image file a slot names).
    public init(bytes: [UInt8], name: String, options: OpenOptions = OpenOptions()) throws {
        do {
            var reader = PAGReader(file: name, limits: options.limits)
            var pag = try reader.read(bytes)
            let editable = EditableSlots(pag)
            let (slotWarnings, slotFiles) = try editable.apply(options.slots, to: &pag, limits: options.limits)
            var builder = AfterEffectsBuilder(pag, bytes: bytes, file: name, limits: options.limits)
            model = try builder.build()
            contents = PAGContents.fields(pag, slots: editable.descriptions)
            diagnostics = (pag.notes + builder.notes).map { note in
                let feature: Diagnostic.Feature? = note.feature == .notDrawn ? .notDrawn : nil
                return Diagnostic(.warning, at: "byte \(note.byte)", note.message, feature: feature)
            } + slotWarnings.map { Diagnostic(.warning, $0, feature: .slots) }
            inputs = [name] + slotFiles
        } catch let error as PAGError {
            throw error.openError
        }
        self.name = name
        self.options = options
    }

    public func timeline() -> FrameTimeline {
        var t = AfterEffectsTimeline.make(model: model, format: "PAG", file: name, limits: options.limits,
                                          diagnostics: diagnostics, inputs: inputs)
        t.contents = contents
        return t
    }
}
