import CYLRaster

/// A value given on the command line for a Lottie slot (`--slot id=value`): it replaces the value
/// of every property that names the slot (`"sid": "id"`), whatever the file's own `slots` say.
///
/// The value is kept typed here; the Lottie back-end turns it into a property value or an image.
public struct SlotOverride: Sendable, Equatable {
    /// What was written after `=`.
    public enum Value: Sendable, Equatable {
        /// A plain number: a static scalar property (opacity, rotation, stroke width).
        case number(Double)
        /// `#rrggbb` or `#rrggbbaa`: a static colour property.
        case color(RGBA8)
        /// JSON text (starting with `{`, `[` or `"`): a property object `{"a":0,"k":...}`, a bare
        /// value for `k`, or an image asset object for an image slot. Checked by the back-end.
        case json(String)
        /// Anything else: the path of an image file (for an image slot), relative to the working
        /// directory as any command-line path is.
        case file(String)
    }

    /// Why `--slot` text is not a slot override.
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    public var id: String
    public var value: Value

    public init(id: String, value: Value) {
        self.id = id
        self.value = value
    }

    /// Parses `id=value`. The id is everything before the first `=`; the value is a number, a
    /// colour written `#rrggbb` / `#rrggbbaa`, JSON text, or an image path.
    public static func parse(_ text: String) throws(ParseError) -> SlotOverride {
        guard let eq = text.firstIndex(of: "=") else {
            throw ParseError(message: "expected 'id=value' (a slot id, '=', then a number, a colour #rrggbb, JSON or an image path), found '\(text)'")
        }
        let id = String(text[..<eq])
        let raw = String(text[text.index(after: eq)...])
        guard !id.isEmpty else { throw ParseError(message: "missing the slot id before '=' in '\(text)'") }
        let value = raw.trimmingWhitespace
        guard !value.isEmpty else { throw ParseError(message: "missing the value after '=' for slot '\(id)'") }
        if let d = Double(value) {
            guard d.isFinite else { throw ParseError(message: "the value '\(value)' for slot '\(id)' is not a finite number") }
            return SlotOverride(id: id, value: .number(d))
        }
        if value.hasPrefix("#") {
            let digits = value.dropFirst()
            guard digits.count == 6 || digits.count == 8, let c = RGBA8(parsing: value) else {
                throw ParseError(message: "the colour '\(value)' for slot '\(id)' is not #rrggbb or #rrggbbaa")
            }
            return SlotOverride(id: id, value: .color(c))
        }
        if let first = value.first, first == "{" || first == "[" || first == "\"" {
            return SlotOverride(id: id, value: .json(value))
        }
        return SlotOverride(id: id, value: .file(raw))
    }
}

private extension String {
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[start...end])
    }
}
