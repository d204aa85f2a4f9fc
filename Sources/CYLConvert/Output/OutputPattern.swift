import CYLRaster
import CYLTimeline
/// An output path for frames: `out/f-%04d.png` numbers files by the frame's index in the
/// animation (0 = first frame, whatever the selection); a path without a `%d` names one file.
public struct OutputPattern: Equatable, Sendable {
    public let text: String
    /// Prefix, zero-padded width (0 = none), suffix; nil when the path has no `%d`.
    private let numbered: (prefix: String, width: Int, suffix: String)?

    public static func == (a: OutputPattern, b: OutputPattern) -> Bool { a.text == b.text }

    /// Parses printf-style `%d` / `%0Nd` (one of them at most) and `%%` for a literal `%`.
    public init(_ text: String) throws(UsageError) {
        self.text = text
        var prefix = "", suffix = "", width = 0, found = false
        var chars = Array(text)[...]
        while let c = chars.popFirst() {
            guard c == "%" else { if found { suffix.append(c) } else { prefix.append(c) }; continue }
            if chars.first == "%" { chars.removeFirst(); if found { suffix.append("%") } else { prefix.append("%") }; continue }
            var digits = ""
            while let d = chars.first, d.isNumber { digits.append(d); chars.removeFirst() }
            guard chars.popFirst() == "d" else {
                throw UsageError("invalid output pattern '\(text)': only %d, %0Nd (e.g. %04d) and %% are allowed")
            }
            guard !found else { throw UsageError("invalid output pattern '\(text)': more than one %d") }
            guard digits.isEmpty || (digits.hasPrefix("0") && digits.count <= 3 && Int(digits)! <= 12) else {
                throw UsageError("invalid output pattern '\(text)': write the width as %0Nd with N at most 12, e.g. %04d")
            }
            width = Int(digits) ?? 0
            found = true
        }
        if text.isEmpty || text.hasSuffix("/") { throw UsageError("invalid output path '\(text)': it names a directory, not a file") }
        numbered = found ? (prefix, width, suffix) : nil
    }

    /// Whether the pattern can name more than one file.
    public var isNumbered: Bool { numbered != nil }

    /// The path of frame `index`.
    public func path(forFrame index: Int) -> String {
        guard let (prefix, width, suffix) = numbered else { return text }
        var digits = String(index)
        if digits.count < width { digits = String(repeating: "0", count: width - digits.count) + digits }
        return prefix + digits + suffix
    }
}
