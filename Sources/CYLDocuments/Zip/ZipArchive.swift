import CZlib

/// Why a zip archive (a `.lottie` file) could not be read.
public struct ZipError: Error, Sendable, CustomStringConvertible, Equatable {
    public enum Kind: Sendable, Equatable {
        /// No end-of-central-directory record: not a zip file, or cut short.
        case notZip
        /// A record points outside the file or is malformed.
        case corrupt
        /// Compression method, encryption, multi-disk or zip64 that we do not read.
        case unsupported
        /// The entry's stored CRC-32 does not match its data.
        case checksum
        /// An entry, or the number of entries, is over the limit.
        case tooLarge
        /// No entry of that name.
        case missingEntry
    }
    public var name: String
    public var kind: Kind
    public var message: String

    public init(name: String, _ kind: Kind, _ message: String) {
        self.name = name; self.kind = kind; self.message = message
    }

    public var description: String { "\(name): \(message)" }
}

/// A small zip reader over zlib: the central directory, stored and deflated entries, CRC-32 checks
/// and size limits. Enough for dotLottie files; no zip64, encryption or multi-disk archives.
public struct ZipArchive: Sendable {
    public struct Entry: Sendable, Equatable {
        public var name: String
        /// 0 stored, 8 deflated.
        public var method: Int
        public var crc32: UInt32
        public var compressedSize: Int
        public var uncompressedSize: Int
        public var localHeaderOffset: Int
        public var isDirectory: Bool { name.hasSuffix("/") }
    }

    public let name: String
    public let entries: [Entry]
    private let bytes: [UInt8]

    /// Reads the central directory of `bytes`. `maxEntries` bounds the directory's size.
    public init(bytes: [UInt8], name: String, maxEntries: Int = 65_535) throws(ZipError) {
        self.name = name
        self.bytes = bytes
        func u16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        func u32(_ i: Int) -> Int { u16(i) | u16(i + 2) << 16 }
        // The end record is in the last 22 + 65535 bytes (it ends with a comment of at most 64 KiB).
        guard bytes.count >= 22 else { throw ZipError(name: name, .notZip, "too short to be a zip archive (\(bytes.count) bytes)") }
        var eocd = -1
        var i = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 65535)
        while i >= lowest {
            if bytes[i] == 0x50 && bytes[i + 1] == 0x4B && bytes[i + 2] == 5 && bytes[i + 3] == 6 && i + 22 + u16(i + 20) <= bytes.count {
                eocd = i
                break
            }
            i -= 1
        }
        guard eocd >= 0 else { throw ZipError(name: name, .notZip, "no end of central directory record: not a zip archive, or truncated") }
        let disk = u16(eocd + 4), cdDisk = u16(eocd + 6)
        let count = u16(eocd + 10), cdSize = u32(eocd + 12), cdOffset = u32(eocd + 16)
        guard disk == 0, cdDisk == 0 else { throw ZipError(name: name, .unsupported, "multi-disk archives are not supported") }
        guard count != 0xFFFF, cdOffset != 0xFFFF_FFFF, cdSize != 0xFFFF_FFFF else {
            throw ZipError(name: name, .unsupported, "zip64 archives are not supported")
        }
        guard count <= maxEntries else {
            throw ZipError(name: name, .tooLarge, "the archive has \(count) entries, more than the limit of \(maxEntries)")
        }
        guard cdOffset + cdSize <= eocd else {
            throw ZipError(name: name, .corrupt, "central directory at byte \(cdOffset) (\(cdSize) bytes) runs past its end record")
        }
        var list: [Entry] = []
        var p = cdOffset
        for n in 0..<count {
            guard p + 46 <= eocd, u32(p) == 0x0201_4B50 else {
                throw ZipError(name: name, .corrupt, "central directory entry \(n) at byte \(p) is malformed")
            }
            let flags = u16(p + 8), method = u16(p + 10)
            let nameLen = u16(p + 28), extraLen = u16(p + 30), commentLen = u16(p + 32)
            guard p + 46 + nameLen + extraLen + commentLen <= eocd else {
                throw ZipError(name: name, .corrupt, "central directory entry \(n) at byte \(p) runs past the directory")
            }
            let entryName = String(decoding: bytes[(p + 46)..<(p + 46 + nameLen)], as: UTF8.self)
            if flags & 1 != 0 { throw ZipError(name: name, .unsupported, "'\(entryName)' is encrypted") }
            list.append(Entry(name: entryName, method: method, crc32: UInt32(u32(p + 16)),
                              compressedSize: u32(p + 20), uncompressedSize: u32(p + 24), localHeaderOffset: u32(p + 42)))
            p += 46 + nameLen + extraLen + commentLen
        }
        entries = list
    }

    public func entry(named entryName: String) -> Entry? { entries.first { $0.name == entryName } }

    /// The entry's bytes, inflated and CRC-checked; refuses entries larger than `maxBytes`.
    public func read(_ e: Entry, maxBytes: Int) throws(ZipError) -> [UInt8] {
        let where_ = "'\(e.name)'"
        guard e.uncompressedSize <= maxBytes else {
            throw ZipError(name: name, .tooLarge, "\(where_) is \(e.uncompressedSize) bytes, more than the limit of \(maxBytes)")
        }
        let h = e.localHeaderOffset
        guard h + 30 <= bytes.count,
              bytes[h] == 0x50, bytes[h + 1] == 0x4B, bytes[h + 2] == 3, bytes[h + 3] == 4 else {
            throw ZipError(name: name, .corrupt, "\(where_): no local header at byte \(h)")
        }
        let nameLen = Int(bytes[h + 26]) | Int(bytes[h + 27]) << 8
        let extraLen = Int(bytes[h + 28]) | Int(bytes[h + 29]) << 8
        let start = h + 30 + nameLen + extraLen
        guard start <= bytes.count, e.compressedSize <= bytes.count - start else {
            throw ZipError(name: name, .corrupt, "\(where_): data at byte \(start) (\(e.compressedSize) bytes) runs past the end of the file")
        }
        let out: [UInt8]
        switch e.method {
        case 0:
            guard e.compressedSize == e.uncompressedSize else {
                throw ZipError(name: name, .corrupt, "\(where_): stored entry with different sizes")
            }
            out = Array(bytes[start..<(start + e.compressedSize)])
        case 8:
            out = try inflateRaw(from: start, count: e.compressedSize, expected: e.uncompressedSize, maxBytes: maxBytes, entry: where_)
        default:
            throw ZipError(name: name, .unsupported, "\(where_) uses compression method \(e.method); only stored (0) and deflate (8) are read")
        }
        let crc = out.withUnsafeBufferPointer { UInt32(CZlib.crc32(0, $0.baseAddress, uInt($0.count))) }
        guard crc == e.crc32 else {
            throw ZipError(name: name, .checksum, "\(where_): CRC-32 mismatch (stored \(hex(e.crc32)), computed \(hex(crc)))")
        }
        return out
    }

    /// The bytes of the entry called `entryName`.
    public func read(named entryName: String, maxBytes: Int) throws(ZipError) -> [UInt8] {
        guard let e = entry(named: entryName) else {
            throw ZipError(name: name, .missingEntry, "no '\(entryName)' in the archive")
        }
        return try read(e, maxBytes: maxBytes)
    }

    private func hex(_ v: UInt32) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 8 - s.count) + s
    }

    private func inflateRaw(from start: Int, count: Int, expected: Int, maxBytes: Int, entry: String) throws(ZipError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ZipError(name: name, .corrupt, "\(entry): zlib could not initialise")
        }
        defer { inflateEnd(&stream) }
        // The declared size is checked against the limit already; output past it is an error.
        var out = [UInt8](repeating: 0, count: max(1, expected))  // zlib wants a non-null buffer
        var status: Int32 = Z_OK
        var produced = 0
        bytes.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress! + start)
            stream.avail_in = uInt(count)
            let spare = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
            defer { spare.deallocate() }
            out.withUnsafeMutableBufferPointer { o in
                stream.next_out = o.baseAddress
                stream.avail_out = uInt(expected)
                status = CZlib.inflate(&stream, Z_FINISH)
                produced = expected - Int(stream.avail_out)
                if status == Z_BUF_ERROR && stream.avail_out == 0 && stream.avail_in > 0 {
                    // More output than declared: probe one byte to tell "too long" from "truncated".
                    stream.next_out = spare
                    stream.avail_out = 1
                    status = CZlib.inflate(&stream, Z_FINISH)
                    if stream.avail_out == 0 { status = -100 }
                }
            }
        }
        switch status {
        case Z_STREAM_END where produced == expected:
            if out.count > expected { out.removeLast() }
            return out
        case Z_STREAM_END:
            throw ZipError(name: name, .corrupt, "\(entry): inflated to \(produced) bytes, the directory says \(expected)")
        case -100:
            throw ZipError(name: name, .corrupt, "\(entry): inflates to more than the \(expected) bytes the directory says")
        case Z_BUF_ERROR:
            throw ZipError(name: name, .corrupt, "\(entry): compressed data is truncated")
        default:
            let msg = stream.msg.map { String(cString: $0) } ?? "error \(status)"
            throw ZipError(name: name, .corrupt, "\(entry): corrupt compressed data: \(msg)")
        }
    }
}

/// Writes zip archives (stored or deflated entries): dotLottie output and test fixtures.
public enum ZipWriter {
    /// `files` as a zip, in order; each entry deflated when that makes it smaller.
    public static func archive(_ files: [(name: String, bytes: [UInt8])], deflate: Bool = true) -> [UInt8] {
        archive(files, deflate: { _ in deflate })
    }

    /// `files` as a zip, in order; an entry `deflate` accepts by name is deflated when that makes
    /// it smaller, the others are stored (images: deflating PNG or JPEG data gains nothing).
    public static func archive(_ files: [(name: String, bytes: [UInt8])], deflate: (String) -> Bool) -> [UInt8] {
        var out: [UInt8] = [], directory: [UInt8] = []
        func le16(_ v: Int, _ a: inout [UInt8]) { a.append(UInt8(v & 0xFF)); a.append(UInt8((v >> 8) & 0xFF)) }
        func le32(_ v: Int, _ a: inout [UInt8]) { le16(v & 0xFFFF, &a); le16((v >> 16) & 0xFFFF, &a) }
        for f in files {
            let name = Array(f.name.utf8)
            let crc = f.bytes.withUnsafeBufferPointer { Int(CZlib.crc32(0, $0.baseAddress, uInt($0.count))) }
            var data = f.bytes, method = 0
            if deflate(f.name), let z = Deflate.raw(f.bytes, level: 6), z.count < f.bytes.count { data = z; method = 8 }
            let offset = out.count
            le32(0x0403_4B50, &out); le16(20, &out); le16(0, &out); le16(method, &out); le16(0, &out); le16(0x21, &out)
            le32(crc, &out); le32(data.count, &out); le32(f.bytes.count, &out); le16(name.count, &out); le16(0, &out)
            out += name
            out += data
            le32(0x0201_4B50, &directory); le16(20, &directory); le16(20, &directory); le16(0, &directory)
            le16(method, &directory); le16(0, &directory); le16(0x21, &directory)
            le32(crc, &directory); le32(data.count, &directory); le32(f.bytes.count, &directory)
            le16(name.count, &directory); le16(0, &directory); le16(0, &directory); le16(0, &directory); le16(0, &directory)
            le32(0, &directory); le32(offset, &directory)
            directory += name
        }
        let cdOffset = out.count
        out += directory
        le32(0x0605_4B50, &out); le16(0, &out); le16(0, &out); le16(files.count, &out); le16(files.count, &out)
        le32(directory.count, &out); le32(cdOffset, &out); le16(0, &out)
        return out
    }
}

/// One-shot deflate streams over zlib.
enum Deflate {
    /// Deflates with the given window bits: -15 raw, 15 zlib, 31 gzip. Nil if zlib fails.
    static func stream(_ input: [UInt8], level: Int, windowBits: Int32) -> [UInt8]? {
        var stream = z_stream()
        guard deflateInit2_(&stream, Int32(level), Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY,
                            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(input.count))) + 32
        var out = [UInt8](repeating: 0, count: bound)
        var status: Int32 = Z_OK
        var produced = 0
        input.withUnsafeBufferPointer { i in
            out.withUnsafeMutableBufferPointer { o in
                stream.next_in = UnsafeMutablePointer(mutating: i.baseAddress)
                stream.avail_in = uInt(i.count)
                stream.next_out = o.baseAddress
                stream.avail_out = uInt(bound)
                status = CZlib.deflate(&stream, Z_FINISH)
                produced = bound - Int(stream.avail_out)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        out.removeLast(out.count - produced)
        return out
    }

    static func raw(_ input: [UInt8], level: Int) -> [UInt8]? { stream(input, level: level, windowBits: -15) }
}
