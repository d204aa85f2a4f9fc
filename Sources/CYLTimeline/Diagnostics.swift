/// Something odd about an input that does not stop it from playing: a clamped delay, a frame
/// outside the screen, a missing trailer, an unsupported feature. `info` lists them.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable { case note, warning }
    public var severity: Severity
    /// Where in the input: "frame 3", a JSON path, a byte offset; empty for the whole file.
    public var location: String
    public var message: String
    /// The format feature the diagnostic is about when the back-end does not draw it as the file
    /// asks (an expression, an effect, a text layer); nil for anything else (odd data, clamped
    /// delays). Lets tools such as lint tell unsupported features apart without reading messages.
    public var feature: Feature?

    /// Features a back-end may meet and not draw (or draw differently from the authoring tool).
    public enum Feature: String, Sendable, CaseIterable {
        case expressions, effects, layerStyles, text, mergePaths, threeD
        /// A kind of layer or shape the back-end does not know or draw.
        case layerType, shapeType
        /// Images that are not embedded, or embedded in a format the back-end cannot decode.
        case externalImage, imageFormat
        /// A font a file sets text in that is neither embedded nor beside the file (or that cannot
        /// be read): its text is drawn in an installed font instead, or not at all.
        case missingFont
        /// A slot a property or the command line (`--slot`) names that nothing defines or uses.
        case slots
        /// A script (a Lottie expression) stopped by a limit on its steps, memory or CPU time; its
        /// property keeps its keyframes.
        case expressionLimit
        /// A dotLottie theme or rule that changes nothing: no property of an animation it applies
        /// to names its slot, it names an animation the file lacks, no animation takes its theme,
        /// or its type is not one of the format's.
        case themes
        /// A dotLottie state machine that names what the file does not have (an animation, a
        /// marker), or does what frames cannot show (a theme switch).
        case stateMachines
        /// Content the back-end skips entirely, so frames lack it (a Rive file's text inputs,
        /// layouts, scripts, audio): unlike a partly applied feature, commands that only render
        /// warn about it, and lint reports each kind.
        case notDrawn

        /// Problems with what the user pointed the command at (image files, `--assets`,
        /// `--slot`, a limit an input runs into), which commands that only render print as warnings.
        public var concernsCommandLine: Bool {
            self == .externalImage || self == .imageFormat || self == .missingFont || self == .slots || self == .expressionLimit
        }

        /// What `render`, `convert` and a bar's `preview` print as warnings: the command line's
        /// problems and content the frames lack, which would otherwise go unnoticed in pixels.
        public var warnsWhenRendering: Bool { concernsCommandLine || self == .notDrawn }
    }

    public init(_ severity: Severity = .warning, at location: String = "", _ message: String, feature: Feature? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.feature = feature
    }

    public var description: String {
        location.isEmpty ? "\(severity.rawValue): \(message)" : "\(severity.rawValue): \(location): \(message)"
    }
}

extension String {
    /// This text fit for one line of a message: control characters (a newline or an escape
    /// sequence inside a file's key, name or path) written out as `\n`, `\t`, `\r`, `\u{1B}`, so a
    /// file can neither split an error over lines nor drive the terminal.
    public var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else { return self }
        var out = ""
        for s in unicodeScalars {
            switch s.value {
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x0D: out += "\\r"
            case 0..<0x20, 0x7F...0x9F: out += "\\u{\(String(s.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(s)
            }
        }
        return out
    }
}
