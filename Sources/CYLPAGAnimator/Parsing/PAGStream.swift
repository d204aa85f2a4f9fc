/// Reads PAG's primitive types from one window of the file's bytes, never past the window's end.
///
/// PAG mixes byte-aligned values (little-endian integers and floats, LEB128 "encoded" integers,
/// NUL-terminated strings) with bit-packed ones (flags, keyframe interpolation types, lists of
/// fixed-width signed integers). Bits are taken least-significant first; a byte-aligned read after
/// bits starts at the next whole byte, which is how the format aligns the values after a block's
/// flags. Every failure names the absolute byte offset where the value started.
struct PAGStream {
    /// The whole file (shared, never copied: windows are ranges of it).
    let bytes: [UInt8]
    let file: String
    /// The window's end (exclusive), an offset into `bytes`.
    let end: Int
    /// The next bit to read, counted from the start of `bytes`.
    private(set) var bitPosition: Int

    init(_ bytes: [UInt8], file: String, start: Int = 0, end: Int? = nil) {
        self.bytes = bytes
        self.file = file
        self.end = min(end ?? bytes.count, bytes.count)
        bitPosition = start * 8
    }

    /// The next byte a byte-aligned read would take.
    var offset: Int { (bitPosition + 7) / 8 }
    var remainingBytes: Int { max(0, end - offset) }
    var remainingBits: Int { max(0, end * 8 - bitPosition) }
    var isAtEnd: Bool { offset >= end }

    func error(at byte: Int, _ message: String) -> PAGError { PAGError(file: file, byte: byte, message) }

    /// Moves to the next whole byte (what the format does after a block's flags).
    mutating func alignToByte() { bitPosition = offset * 8 }

    private mutating func take(_ n: Int, _ what: () -> String) throws(PAGError) -> Int {
        let o = offset
        guard n <= end - o else { throw error(at: o, "the data ends inside \(what())") }
        bitPosition = (o + n) * 8
        return o
    }

    mutating func uint8(_ what: @autoclosure () -> String) throws(PAGError) -> UInt8 {
        bytes[try take(1, what)]
    }

    mutating func bool(_ what: @autoclosure () -> String) throws(PAGError) -> Bool {
        try uint8(what()) != 0
    }

    mutating func uint16(_ what: @autoclosure () -> String) throws(PAGError) -> UInt16 {
        let o = try take(2, what)
        return UInt16(bytes[o]) | UInt16(bytes[o + 1]) << 8
    }

    mutating func uint32(_ what: @autoclosure () -> String) throws(PAGError) -> UInt32 {
        let o = try take(4, what)
        return UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 3]) << 24
    }

    mutating func float(_ what: @autoclosure () -> String) throws(PAGError) -> Double {
        Double(Float(bitPattern: try uint32(what())))
    }

    /// An "encoded" unsigned integer: LEB128, at most `maxBits` bits of payload (32 or 64).
    private mutating func leb(_ maxBits: Int, _ what: () -> String) throws(PAGError) -> UInt64 {
        let start = offset
        var o = start
        var value: UInt64 = 0
        var shift = 0
        while true {
            guard o < end else { throw error(at: start, "the data ends inside \(what())") }
            let b = bytes[o]
            o += 1
            value |= UInt64(b & 0x7f) << UInt64(shift)
            shift += 7
            // The format stops after the byte that completes `maxBits` whatever its top bit says.
            if b & 0x80 == 0 || shift >= maxBits { break }
        }
        bitPosition = o * 8
        return value
    }

    mutating func encodedUInt32(_ what: @autoclosure () -> String) throws(PAGError) -> UInt32 {
        UInt32(truncatingIfNeeded: try leb(32, what))
    }

    /// A signed encoded integer: the low bit is the sign, the rest the magnitude.
    mutating func encodedInt32(_ what: @autoclosure () -> String) throws(PAGError) -> Int32 {
        let v = try encodedUInt32(what())
        let magnitude = Int32(bitPattern: v >> 1)
        return v & 1 != 0 ? -magnitude : magnitude
    }

    mutating func encodedUInt64(_ what: @autoclosure () -> String) throws(PAGError) -> UInt64 {
        try leb(64, what)
    }

    mutating func encodedInt64(_ what: @autoclosure () -> String) throws(PAGError) -> Int64 {
        let v = try encodedUInt64(what())
        let magnitude = Int64(bitPattern: v >> 1)
        return v & 1 != 0 ? -magnitude : magnitude
    }

    /// A count that must fit in `Int32` and in the data left, `minBitsEach` bits per item at the
    /// least: a count the rest of the data cannot hold is an error before anything is allocated.
    mutating func count(_ what: @autoclosure () -> String, minBitsEach: Int = 1) throws(PAGError) -> Int {
        let start = offset
        let n = Int(try encodedUInt32(what()))
        guard n <= Int(Int32.max), n * max(1, minBitsEach) <= remainingBits else {
            throw error(at: start, "\(what()) is \(n), more than the \(remainingBytes) bytes left can hold")
        }
        return n
    }

    /// A NUL-terminated UTF-8 string (invalid UTF-8 is repaired, not refused: names only label).
    mutating func string(_ what: @autoclosure () -> String) throws(PAGError) -> String {
        let start = offset
        var o = start
        while o < end && bytes[o] != 0 { o += 1 }
        guard o < end else { throw error(at: start, "\(what()) has no terminating NUL before the data ends") }
        bitPosition = (o + 1) * 8
        return String(decoding: bytes[start..<o], as: UTF8.self)
    }

    /// `n` raw bytes, as their range in `bytes` (nothing is copied).
    mutating func byteRange(_ n: Int, _ what: @autoclosure () -> String) throws(PAGError) -> Range<Int> {
        let o = try take(n, what)
        return o..<(o + n)
    }

    /// An unsigned integer of `n` bits (0...32), least-significant bit first.
    mutating func ubits(_ n: Int, _ what: @autoclosure () -> String) throws(PAGError) -> UInt32 {
        guard n > 0 else { return 0 }
        guard n <= remainingBits else { throw error(at: bitPosition / 8, "the data ends inside \(what())") }
        var value: UInt32 = 0
        var done = 0
        var p = bitPosition
        while done < n {
            let shift = p & 7
            let take = min(8 - shift, n - done)
            let chunk = (UInt32(bytes[p >> 3]) >> UInt32(shift)) & ((1 << UInt32(take)) - 1)
            value |= chunk << UInt32(done)
            done += take
            p += take
        }
        bitPosition = p
        return value
    }

    /// A two's-complement signed integer of `n` bits (1...32).
    mutating func sbits(_ n: Int, _ what: @autoclosure () -> String) throws(PAGError) -> Int32 {
        let u = try ubits(n, what())
        guard n < 32 else { return Int32(bitPattern: u) }
        let shift = UInt32(32 - n)
        return Int32(bitPattern: u << shift) >> Int32(shift)
    }

    mutating func bit(_ what: @autoclosure () -> String) throws(PAGError) -> Bool {
        try ubits(1, what()) != 0
    }

    /// The width of the values in a bit-packed list: 5 bits holding the width minus one.
    mutating func numBits(_ what: @autoclosure () -> String) throws(PAGError) -> Int {
        Int(try ubits(5, "the bit width of \(what())")) + 1
    }

    /// `count` signed bit-packed values, each times `precision` (a float list or point list).
    mutating func scaledList(_ count: Int, precision: Double, _ what: @autoclosure () -> String) throws(PAGError) -> [Double] {
        guard count > 0 else { return [] }
        let w = try numBits(what())
        guard count * w <= remainingBits else {
            throw error(at: bitPosition / 8, "\(what()): \(count) values of \(w) bits do not fit in the data left")
        }
        var out: [Double] = []
        out.reserveCapacity(count)
        for _ in 0..<count { out.append(Double(try sbits(w, what())) * precision) }
        return out
    }

    /// `count` unsigned bit-packed values.
    mutating func unsignedList(_ count: Int, _ what: @autoclosure () -> String) throws(PAGError) -> [UInt32] {
        guard count > 0 else { return [] }
        let w = try numBits(what())
        guard count * w <= remainingBits else {
            throw error(at: bitPosition / 8, "\(what()): \(count) values of \(w) bits do not fit in the data left")
        }
        var out: [UInt32] = []
        out.reserveCapacity(count)
        for _ in 0..<count { out.append(try ubits(w, what())) }
        return out
    }
}
