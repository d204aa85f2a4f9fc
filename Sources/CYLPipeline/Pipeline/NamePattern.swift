import CYLTabBar

/// An output's name inside the output directory, with placeholders:
/// `{name}` (the input's file name without extension), `{dir}` (the input's folder below the
/// part of its path without wildcards), `{tab}` (a tab-bar tab's identifier, else `{name}`),
/// `{scale}` (`2`, `1.5`), `{appearance}` (empty for light, `_dark` for dark: the seed's naming),
/// `{ext}` (gif, png, webp, tgs), `{format}`, `{width}` and `{height}` (pixels).
///
/// PNG frames need a `%d` or `%0Nd` for the frame number (`{name}@{scale}x/%04d.png`).
public struct NamePattern: Sendable, Equatable, CustomStringConvertible {
    public enum Placeholder: String, Sendable, CaseIterable {
        case name, dir, tab, scale, appearance, ext, format, width, height
    }

    enum Piece: Sendable, Equatable {
        case text(String)
        case placeholder(Placeholder)
    }

    public let text: String
    let pieces: [Piece]

    public var description: String { text }

    /// Parses `text`; an unknown or unclosed placeholder is an error naming it (and the closest
    /// known one).
    public init(_ text: String) throws(NamePatternError) {
        self.text = text
        var pieces: [Piece] = []
        var literal = ""
        var rest = Substring(text)
        while let c = rest.first {
            rest = rest.dropFirst()
            guard c == "{" else { literal.append(c); continue }
            guard let close = rest.firstIndex(of: "}") else {
                throw NamePatternError(message: "'{' without a closing '}' in \"\(text)\"")
            }
            let word = String(rest[..<close])
            guard let p = Placeholder(rawValue: word) else {
                var message = "unknown placeholder {\(word)} in \"\(text)\""
                if let guess = Suggestion.closest(to: word, among: Placeholder.allCases.map(\.rawValue)) {
                    message += "; did you mean {\(guess)}?"
                }
                throw NamePatternError(message: message + " (known: " + Placeholder.allCases.map { "{\($0.rawValue)}" }.joined(separator: " ") + ")")
            }
            if !literal.isEmpty { pieces.append(.text(literal)); literal = "" }
            pieces.append(.placeholder(p))
            rest = rest[rest.index(after: close)...]
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        guard !pieces.isEmpty else { throw NamePatternError(message: "the name is empty") }
        self.pieces = pieces
    }

    /// Whether `placeholder` appears.
    public func uses(_ placeholder: Placeholder) -> Bool { pieces.contains(.placeholder(placeholder)) }

    /// The relative path for these values, normalised: empty components and `.` dropped (an empty
    /// `{dir}` leaves no stray `/`). Nil when the result is empty or climbs out with `..`.
    public func expand(_ values: [Placeholder: String]) -> String? {
        var out = ""
        for piece in pieces {
            switch piece {
            case .text(let s): out += s
            case .placeholder(let p): out += values[p] ?? ""
            }
        }
        let parts = out.split(separator: "/").filter { $0 != "." }
        guard !parts.isEmpty, !parts.contains("..") else { return nil }
        return parts.joined(separator: "/")
    }
}

/// Why a name pattern cannot be used.
public struct NamePatternError: Error, Sendable, Equatable {
    public var message: String
}
