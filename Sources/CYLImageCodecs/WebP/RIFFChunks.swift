/// The RIFF container WebP files use: a header, then chunks of a four-letter tag, a 32-bit
/// little-endian size and the data, padded to an even length.
enum RIFFChunks {
    static func appendUInt24(_ v: Int, to out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: v)); out.append(UInt8(truncatingIfNeeded: v >> 8)); out.append(UInt8(truncatingIfNeeded: v >> 16))
    }

    static func appendUInt32(_ v: Int, to out: inout [UInt8]) {
        appendUInt24(v, to: &out)
        out.append(UInt8(truncatingIfNeeded: v >> 24))
    }

    /// `RIFF`, the size of what follows, `WEBP`, for a file of `fileBytes` bytes in all.
    static func appendHeader(fileBytes: Int, to out: inout [UInt8]) {
        out += Array("RIFF".utf8)
        appendUInt32(fileBytes - 8, to: &out)
        out += Array("WEBP".utf8)
    }

    static func appendChunk(_ tag: String, _ data: [UInt8], to out: inout [UInt8]) {
        out += Array(tag.utf8)
        appendUInt32(data.count, to: &out)
        out += data
        if data.count % 2 == 1 { out.append(0) }
    }

    /// The image chunks (ALPH, VP8 , VP8L, each with its header and padding) of a still WebP
    /// file as libwebp writes it, without the RIFF header and VP8X; nil if it is not one.
    static func imageChunks(ofStill file: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard file.count >= 12, Array(file[0..<4]) == Array("RIFF".utf8), Array(file[8..<12]) == Array("WEBP".utf8) else { return nil }
        var out: [UInt8] = []
        var at = 12
        while at + 8 <= file.count {
            let tag = String(decoding: file[at..<(at + 4)], as: UTF8.self)
            let size = Int(file[at + 4]) | Int(file[at + 5]) << 8 | Int(file[at + 6]) << 16 | Int(file[at + 7]) << 24
            let end = at + 8 + size + (size & 1)
            guard end <= file.count || (end == file.count + 1 && size & 1 == 1) else { return nil }
            if tag == "ALPH" || tag == "VP8 " || tag == "VP8L" {
                out += file[at..<min(end, file.count)]
                if end > file.count { out.append(0) }
            }
            at = end
        }
        return out.isEmpty ? nil : out
    }
}
