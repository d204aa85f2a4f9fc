/// Reads the format's primitive types from a byte buffer, little endian, never past its end.
/// Every failure names the byte offset where the value started.
struct BinaryReader {
    let bytes: [UInt8]
    let file: String
    private(set) var offset: Int

    init(_ bytes: [UInt8], file: String, offset: Int = 0) {
        self.bytes = bytes
        self.file = file
        self.offset = offset
    }

    var isAtEnd: Bool { offset >= bytes.count }
    var remaining: Int { max(0, bytes.count - offset) }

    func error(at start: Int, _ message: String) -> RiveError { RiveError(file: file, byte: start, message) }

    mutating func byte(_ what: @autoclosure () -> String) throws(RiveError) -> UInt8 {
        guard offset < bytes.count else { throw error(at: offset, "the file ends inside \(what())") }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A LEB128 unsigned integer of at most 64 bits (10 bytes).
    mutating func varUInt(_ what: @autoclosure () -> String) throws(RiveError) -> UInt64 {
        let start = offset
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count else { throw error(at: start, "the file ends inside \(what())") }
            let b = bytes[offset]
            offset += 1
            if shift == 63 && b > 1 { throw error(at: start, "\(what()) does not fit in 64 bits") }
            result |= UInt64(b & 0x7f) << shift
            if b & 0x80 == 0 { return result }
            shift += 7
            if shift > 63 { throw error(at: start, "\(what()) does not fit in 64 bits") }
        }
    }

    /// A LEB128 integer that must fit in `Int` (counts, keys, lengths).
    mutating func varInt(_ what: @autoclosure () -> String) throws(RiveError) -> Int {
        let start = offset
        let v = try varUInt(what())
        guard v <= UInt64(Int32.max) else { throw error(at: start, "\(what()) is \(v), out of range") }
        return Int(v)
    }

    mutating func uint32(_ what: @autoclosure () -> String) throws(RiveError) -> UInt32 {
        guard remaining >= 4 else { throw error(at: offset, "the file ends inside \(what())") }
        let o = offset
        offset += 4
        return UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 3]) << 24
    }

    mutating func float32(_ what: @autoclosure () -> String) throws(RiveError) -> Float {
        Float(bitPattern: try uint32(what()))
    }

    /// A length-prefixed run of bytes, returned as its range in `bytes` (nothing is copied).
    mutating func byteRange(_ what: @autoclosure () -> String) throws(RiveError) -> Range<Int> {
        let start = offset
        let n = try varInt("the length of \(what())")
        guard n <= remaining else {
            throw error(at: start, "\(what()) claims \(n) bytes but only \(remaining) remain")
        }
        defer { offset += n }
        return offset..<(offset + n)
    }

    /// Skips `n` bytes (already checked to be there).
    mutating func skip(_ n: Int) { offset += n }
}
