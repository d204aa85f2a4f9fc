/// Where in an input a problem is, as precisely as its reader knows it: a JSON path, a line and
/// column, a byte offset, a frame; any of them, or none for the whole file. Errors carry this
/// rather than text, so a caller can point at the place and a test can assert each part.
///
/// `description` is what follows the file name in a message: `layers[3].ks.o (3:14, byte 40)`,
/// `3:7`, `3:7 (byte 18)`, `byte 120`, `frame 3 (byte 1234)`; empty for the whole file.
public struct SourceLocation: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var path: JSONPath?
    /// 1-based line and column (columns count Unicode scalars, as editors do).
    public var line: Int?
    public var column: Int?
    /// Bytes from the start of the input.
    public var offset: Int?
    /// The frame being read, for formats made of frames.
    public var frame: Int?

    public init(path: JSONPath? = nil, line: Int? = nil, column: Int? = nil, offset: Int? = nil, frame: Int? = nil) {
        self.path = path
        self.line = line
        self.column = column
        self.offset = offset
        self.frame = frame
    }

    /// A place in a document read into `StructuredNode`s: line and column, or only the byte offset
    /// in a binary property list (which has no lines).
    public init(_ position: SourcePosition) {
        self = position.hasLines ? SourceLocation(line: position.line, column: position.column) : .byte(position.offset)
    }

    /// A byte offset alone (binary formats).
    public static func byte(_ offset: Int) -> SourceLocation { SourceLocation(offset: offset) }

    /// A JSON path alone.
    public static func path(_ path: JSONPath) -> SourceLocation { SourceLocation(path: path) }

    /// Nothing known: the whole file.
    public var isEmpty: Bool { path == nil && line == nil && offset == nil && frame == nil }

    public var description: String {
        let lineColumn = line.flatMap { l in column.map { "\(l):\($0)" } }
        let byte = offset.map { "byte \($0)" }
        if path != nil || frame != nil {
            let head = path.map { "\($0)" } ?? frame.map { "frame \($0)" }!
            let inner = [lineColumn, byte].compactMap { $0 }
            return inner.isEmpty ? head : "\(head) (\(inner.joined(separator: ", ")))"
        }
        switch (lineColumn, byte) {
        case let (lc?, b?): return "\(lc) (\(b))"
        case let (lc?, nil): return lc
        case let (nil, b?): return b
        case (nil, nil): return ""
        }
    }
}
