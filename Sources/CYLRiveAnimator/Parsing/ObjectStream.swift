import CYLTimeline
/// One property value as stored in the file, typed by its field type.
enum RiveValue: Sendable, Equatable {
    case uint(UInt64)
    case float(Double)
    case color(UInt32)
    case bool(Bool)
    /// Strings and byte blobs: the range of the bytes in the file.
    case bytes(Range<Int>)

    var asDouble: Double? {
        switch self {
        case .float(let d): return d
        case .uint(let u): return Double(u)
        case .bool(let b): return b ? 1 : 0
        default: return nil
        }
    }
    var asUInt: UInt64? {
        switch self {
        case .uint(let u): return u
        case .bool(let b): return b ? 1 : 0
        case .float(let d): return d.isFinite && d >= 0 && d < 1.8e19 ? UInt64(d) : nil
        default: return nil
        }
    }
    var asBool: Bool? {
        switch self {
        case .bool(let b): return b
        case .uint(let u): return u != 0
        default: return nil
        }
    }
    var asColor: UInt32? {
        switch self {
        case .color(let c): return c
        case .uint(let u): return UInt32(truncatingIfNeeded: u)
        default: return nil
        }
    }
}

/// One property of an object: its key, value and where the value starts.
struct RawProperty: Sendable {
    var key: Int
    var value: RiveValue
    var offset: Int
}

/// One object of the file's flat stream: its type key, properties, and where it starts.
struct RawObject: Sendable {
    var typeKey: Int
    var offset: Int
    var properties: [RawProperty]

    /// The type's name for messages ("Shape", or "type 9999" for a type the format does not define).
    var typeName: String { RiveDefinitions.typeName(of: typeKey) ?? "type \(typeKey)" }
}

/// The file's header: format version, file id, and the field types of the properties it lists.
struct RiveHeader: Sendable {
    /// The major version this reader understands; files of another major version are refused.
    static let supportedMajorVersion = 7

    var majorVersion: Int
    var minorVersion: Int
    var fileID: UInt64
    /// Field types declared by the table of contents, by property key.
    var fieldTypes: [Int: RiveFieldType]
}

/// Reads the header and the flat object stream: objects are a type key, then (property key,
/// value) pairs ended by a 0 key. Properties this reader does not model are skipped by their
/// field type, from the format's definitions or else from the file's table of contents.
struct ObjectStream {
    private(set) var header: RiveHeader
    private(set) var objects: [RawObject] = []

    init(bytes: [UInt8], file: String, maxObjects: Int) throws(RiveError) {
        var r = BinaryReader(bytes, file: file)
        header = try Self.readHeader(&r)
        while !r.isAtEnd {
            guard objects.count < maxObjects else {
                throw r.error(at: r.offset, "more than \(maxObjects) objects (\(Limit.maxObjects))")
            }
            objects.append(try Self.readObject(&r, header: header))
        }
    }

    static func readHeader(_ r: inout BinaryReader) throws(RiveError) -> RiveHeader {
        let magic: [UInt8] = Array("RIVE".utf8)
        guard r.bytes.count >= 4, Array(r.bytes[0..<4]) == magic else {
            throw r.error(at: 0, "not a Rive file: it does not start with \"RIVE\"")
        }
        r.skip(4)
        let majorAt = r.offset
        let major = try r.varInt("the major version")
        let minor = try r.varInt("the minor version")
        guard major == RiveHeader.supportedMajorVersion else {
            throw r.error(at: majorAt, "unsupported format version \(major).\(minor) (this reader reads version \(RiveHeader.supportedMajorVersion).x)")
        }
        let fileID = try r.varUInt("the file id")
        var keys: [(Int, Int)] = []
        while true {
            let at = r.offset
            let key = try r.varInt("the table of contents")
            if key == 0 { break }
            // Every entry takes at least one byte, so the count is bounded by the file's size.
            keys.append((key, at))
        }
        var types: [Int: RiveFieldType] = [:]
        var word: UInt32 = 0
        var bit = 8
        for (key, _) in keys {
            if bit == 8 {
                word = try r.uint32("the table of contents' field types")
                bit = 0
            }
            types[key] = RiveFieldType(tocCode: word >> UInt32(bit))
            bit += 2
        }
        return RiveHeader(majorVersion: major, minorVersion: minor, fileID: fileID, fieldTypes: types)
    }

    static func readObject(_ r: inout BinaryReader, header: RiveHeader) throws(RiveError) -> RawObject {
        let start = r.offset
        let typeKey = try r.varInt("an object's type key")
        var properties: [RawProperty] = []
        while true {
            let at = r.offset
            let key = try r.varInt("a property key of the object at byte \(start)")
            if key == 0 { break }
            guard let type = RiveDefinitions.fieldType(ofProperty: key) ?? header.fieldTypes[key] else {
                throw r.error(at: at, "unknown property key \(key) on \(RiveDefinitions.typeName(of: typeKey) ?? "type \(typeKey)"), not listed in the table of contents")
            }
            properties.append(RawProperty(key: key, value: try readValue(&r, type, key: key), offset: at))
        }
        return RawObject(typeKey: typeKey, offset: start, properties: properties)
    }

    static func readValue(_ r: inout BinaryReader, _ type: RiveFieldType, key: Int) throws(RiveError) -> RiveValue {
        let what = "the value of property \(key)"
        switch type {
        case .uint: return .uint(try r.varUInt(what))
        case .float: return .float(Double(try r.float32(what)))
        case .color: return .color(try r.uint32(what))
        case .bool: return .bool(try r.byte(what) == 1)
        case .string: return .bytes(try r.byteRange(what))
        }
    }
}
