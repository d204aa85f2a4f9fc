/// Reads a binary property list (`bplist00`, what `plutil -convert binary1` and Xcode write) into
/// a `StructuredNode` tree; positions are byte offsets of each object, as the format has no lines.
///
/// Layout (Apple's CFBinaryPList.c describes it): the header `bplist00`; objects, each a marker
/// byte (type in the high nibble, a size in the low one, 0xF meaning an integer object with the
/// real size follows); a table of object offsets; a 32-byte trailer with the offset and reference
/// widths, the object count, the top object and where the table starts. Every offset, reference
/// and size is checked against the file; a reference cycle is an error; an object referenced many
/// times counts at every use against `StructuredLimits.maxValues`.
public enum PropertyListBinaryReader {
    public static let magic: [UInt8] = Array("bplist".utf8)

    public static func read(_ bytes: [UInt8], name: String, limits: StructuredLimits = StructuredLimits()) throws(StructuredError) -> StructuredNode {
        var reader = try BinaryPlist(bytes, name: name, limits: limits)
        return try reader.object(reader.top, depth: 0)
    }
}

struct BinaryPlist {
    let b: [UInt8]
    let name: String
    var budget: ValueBudget
    let offsetSize: Int
    let refSize: Int
    let count: Int
    let top: Int
    let tableStart: Int
    /// Objects being read, to refuse a reference cycle.
    var open: Set<Int> = []

    func fail(_ at: Int, _ message: String, _ kind: StructuredError.Kind = .syntax) -> StructuredError {
        StructuredError(name: name, kind, at: .byte(at), message)
    }

    init(_ bytes: [UInt8], name: String, limits: StructuredLimits) throws(StructuredError) {
        b = bytes
        self.name = name
        budget = ValueBudget(limits, name: name)
        guard bytes.count >= 8 + 1 + 32, bytes.starts(with: Array("bplist0".utf8)) else {
            throw StructuredError(name: name, .syntax, at: .byte(0), "a binary property list starts with bplist00 and ends with a 32-byte trailer; this one is too short or has another version")
        }
        let t = bytes.count - 32
        offsetSize = Int(bytes[t + 6])
        refSize = Int(bytes[t + 7])
        func u64(_ at: Int) -> UInt64 { (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[at + $1]) } }
        let count64 = u64(t + 8), top64 = u64(t + 16), table64 = u64(t + 24)
        guard (1...8).contains(offsetSize), (1...8).contains(refSize) else {
            throw StructuredError(name: name, .syntax, at: .byte(t + 6), "the trailer's offset and reference sizes must be 1-8 bytes (found \(offsetSize) and \(refSize))")
        }
        guard count64 >= 1, count64 <= UInt64(bytes.count), top64 < count64, table64 >= 8, table64 < UInt64(t),
              UInt64(t) - table64 >= count64 * UInt64(offsetSize) else {
            throw StructuredError(name: name, .syntax, at: .byte(t + 8),
                                  "the trailer does not fit the file (objects \(count64), top \(top64), offset table at \(table64))")
        }
        count = Int(count64)
        top = Int(top64)
        tableStart = Int(table64)
    }

    func uint(at k: Int, size: Int) -> Int {
        var v = 0
        for j in 0..<size { v = v << 8 | Int(b[k + j]) }
        return v
    }

    /// Where object `ref` starts, checked to lie between the header and the offset table.
    func offset(of ref: Int, from: Int) throws(StructuredError) -> Int {
        guard ref >= 0, ref < count else { throw fail(from, "reference to object \(ref), but the file has \(count) objects") }
        let raw = uint(at: tableStart + ref * offsetSize, size: offsetSize)
        guard raw >= 8, raw < tableStart else { throw fail(tableStart + ref * offsetSize, "object \(ref)'s offset \(raw) lies outside the object area") }
        return raw
    }

    /// The size from a marker's low nibble, or the integer object after it when the nibble is 0xF;
    /// returns the size and where the object's body starts.
    func size(_ at: Int) throws(StructuredError) -> (Int, Int) {
        let low = Int(b[at] & 0x0F)
        guard low == 0x0F else { return (low, at + 1) }
        guard at + 1 < tableStart, b[at + 1] & 0xF0 == 0x10 else { throw fail(at + 1, "expected an integer size after the marker") }
        let width = 1 << Int(b[at + 1] & 0x0F)
        guard width <= 8, at + 2 + width <= tableStart else { throw fail(at + 1, "the size does not fit the file") }
        let n = uint(at: at + 2, size: width)
        guard n >= 0, n <= b.count else { throw fail(at + 1, "a size of \(n) is larger than the file") }
        return (n, at + 2 + width)
    }

    func checkRange(_ start: Int, _ length: Int, _ at: Int) throws(StructuredError) {
        guard length >= 0, length <= tableStart, start <= tableStart - length else {
            throw fail(at, "the object's \(length) bytes run past the object area")
        }
    }

    mutating func object(_ ref: Int, depth: Int) throws(StructuredError) -> StructuredNode {
        let at = try offset(of: ref, from: tableStart)
        guard !open.contains(ref) else { throw fail(at, "object \(ref) contains itself (a reference cycle)") }
        try budget.spend(1, at: .byte(at))
        let marker = b[at]
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: return StructuredNode(.null, at: .byte(at))
            case 0x08: return StructuredNode(.bool(false), at: .byte(at))
            case 0x09: return StructuredNode(.bool(true), at: .byte(at))
            default: throw fail(at, "unknown marker 0x\(String(marker, radix: 16))")
            }
        case 0x1:
            let width = 1 << Int(marker & 0x0F)
            guard width <= 16 else { throw fail(at, "integer of \(width) bytes") }
            try checkRange(at + 1, width, at)
            // 16-byte integers keep the value in the low 8 bytes; widths of 8 and more are signed.
            let low = min(width, 8)
            var v = UInt64(0)
            for j in 0..<low { v = v << 8 | UInt64(b[at + 1 + width - low + j]) }
            let d: Double = width >= 8 ? Double(Int64(bitPattern: v)) : Double(v)
            return StructuredNode(.number(d), at: .byte(at))
        case 0x2:
            let width = 1 << Int(marker & 0x0F)
            guard width == 4 || width == 8 else { throw fail(at, "a real of \(width) bytes (4 or 8 expected)") }
            try checkRange(at + 1, width, at)
            let bits = UInt64(uint(at: at + 1, size: width))
            let d = width == 4 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits)
            guard d.isFinite else { throw fail(at, "NaN or an infinity is not a finite number (write a finite number)", .nonFiniteNumber) }
            return StructuredNode(.number(d), at: .byte(at))
        case 0x3:
            return StructuredNode(.other("a date"), at: .byte(at))
        case 0x4:
            let (n, body) = try size(at)
            try checkRange(body, n, at)
            return StructuredNode(.other("data"), at: .byte(at))
        case 0x5, 0x6, 0x7:
            return StructuredNode(.string(try string(at, marker: marker)), at: .byte(at))
        case 0x8:
            throw fail(at, "a UID (a keyed-archiver object), not a configuration value", .unsupported)
        case 0xA, 0xC:
            let (n, body) = try size(at)
            try checkRange(body, n * refSize, at)
            try budget.checkDepth(depth + 1, at: .byte(at))
            open.insert(ref)
            var items: [StructuredNode] = []
            for k in 0..<n { items.append(try object(uint(at: body + k * refSize, size: refSize), depth: depth + 1)) }
            open.remove(ref)
            return StructuredNode(.array(items), at: .byte(at))
        case 0xD:
            let (n, body) = try size(at)
            try checkRange(body, 2 * n * refSize, at)
            try budget.checkDepth(depth + 1, at: .byte(at))
            open.insert(ref)
            var members: [StructuredMember] = []
            for k in 0..<n {
                let keyRef = uint(at: body + k * refSize, size: refSize)
                let keyAt = try offset(of: keyRef, from: body + k * refSize)
                guard (0x5...0x7).contains(b[keyAt] >> 4) else { throw fail(keyAt, "a dictionary key must be a string") }
                let key = try string(keyAt, marker: b[keyAt])
                let value = try object(uint(at: body + (n + k) * refSize, size: refSize), depth: depth + 1)
                members.append(StructuredMember(key: key, keyPosition: .byte(keyAt), value: value))
            }
            open.remove(ref)
            return StructuredNode(.object(members), at: .byte(at))
        default:
            throw fail(at, "unknown marker 0x\(String(marker, radix: 16))")
        }
    }

    /// ASCII (0x5), UTF-16 big-endian (0x6) or UTF-8 (0x7) string at `at`.
    func string(_ at: Int, marker: UInt8) throws(StructuredError) -> String {
        let (n, body) = try size(at)
        switch marker >> 4 {
        case 0x5:
            try checkRange(body, n, at)
            let bytes = b[body..<(body + n)]
            guard bytes.allSatisfy({ $0 < 0x80 }) else { throw fail(at, "an ASCII string holds a byte above 0x7F") }
            return String(decoding: bytes, as: UTF8.self)
        case 0x6:
            guard n <= Int.max / 2 else { throw fail(at, "string too long") }
            try checkRange(body, 2 * n, at)
            var units: [UInt16] = []
            units.reserveCapacity(n)
            for k in 0..<n { units.append(UInt16(b[body + 2 * k]) << 8 | UInt16(b[body + 2 * k + 1])) }
            guard let s = String(validating: units, as: UTF16.self) else { throw fail(at, "invalid UTF-16 in a string") }
            return s
        default:
            try checkRange(body, n, at)
            guard let s = String(validating: b[body..<(body + n)], as: UTF8.self) else { throw fail(at, "invalid UTF-8 in a string") }
            return s
        }
    }
}
