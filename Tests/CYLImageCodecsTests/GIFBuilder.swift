/// Builds small GIFs byte by byte for the malformed-input tests (no encoder library needed).
struct GIFBuilder {
    var bytes: [UInt8] = []

    init(width: Int, height: Int, globalPalette: [(UInt8, UInt8, UInt8)]? = nil, version: String = "GIF89a") {
        bytes += Array(version.utf8)
        bytes += le16(width) + le16(height)
        if let p = globalPalette {
            let bits = GIFBuilder.tableBits(p.count)
            bytes += [0x80 | UInt8(bits - 1), 0, 0]
            bytes += GIFBuilder.table(p, bits: bits)
        } else {
            bytes += [0, 0, 0]
        }
    }

    static func tableBits(_ n: Int) -> Int { var b = 1; while (1 << b) < n { b += 1 }; return b }
    static func table(_ p: [(UInt8, UInt8, UInt8)], bits: Int) -> [UInt8] {
        var out: [UInt8] = []
        for i in 0..<(1 << bits) { let c = i < p.count ? p[i] : (0, 0, 0); out += [c.0, c.1, c.2] }
        return out
    }

    func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }

    mutating func loop(_ count: Int) {
        bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1] + le16(count) + [0]
    }

    mutating func gce(disposal: Int = 0, delay: Int = 0, transparent: Int? = nil) {
        bytes += [0x21, 0xF9, 4, UInt8(disposal << 2) | (transparent != nil ? 1 : 0)] + le16(delay)
        bytes += [UInt8(transparent ?? 0), 0]
    }

    /// An image descriptor plus LZW data for `indices` (row-major, width x height, in stored order).
    mutating func image(x: Int = 0, y: Int = 0, width: Int, height: Int, indices: [UInt8],
                        localPalette: [(UInt8, UInt8, UInt8)]? = nil, interlaced: Bool = false) {
        bytes += [0x2C] + le16(x) + le16(y) + le16(width) + le16(height)
        var flags: UInt8 = interlaced ? 0x40 : 0
        if let p = localPalette {
            let bits = GIFBuilder.tableBits(p.count)
            flags |= 0x80 | UInt8(bits - 1)
            bytes.append(flags)
            bytes += GIFBuilder.table(p, bits: bits)
        } else {
            bytes.append(flags)
        }
        bytes.append(8)
        bytes += GIFBuilder.subBlocks(GIFBuilder.lzw(indices)) + [0]
    }

    /// Raw LZW data (already packed) in sub-blocks, for corrupt-data tests.
    mutating func rawImage(width: Int, height: Int, minCodeSize: UInt8, data: [UInt8]) {
        bytes += [0x2C, 0, 0, 0, 0] + le16(width) + le16(height) + [0, minCodeSize]
        bytes += GIFBuilder.subBlocks(data) + [0]
    }

    mutating func trailer() { bytes.append(0x3B) }

    static func subBlocks(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < data.count {
            let n = min(255, data.count - i)
            out.append(UInt8(n)); out += data[i..<(i + n)]; i += n
        }
        return out
    }

    /// "Uncompressed" LZW with 8-bit literals: 9-bit codes, a clear code every 200 literals so the
    /// code size never grows.
    static func lzw(_ indices: [UInt8]) -> [UInt8] {
        var codes: [Int] = [256]
        for (i, v) in indices.enumerated() {
            if i > 0 && i % 200 == 0 { codes.append(256) }
            codes.append(Int(v))
        }
        codes.append(257)
        return pack(codes, bits: 9)
    }

    static func pack(_ codes: [Int], bits: Int) -> [UInt8] {
        var out: [UInt8] = []
        var acc = 0, n = 0
        for c in codes {
            acc |= c << n; n += bits
            while n >= 8 { out.append(UInt8(acc & 0xFF)); acc >>= 8; n -= 8 }
        }
        if n > 0 { out.append(UInt8(acc & 0xFF)) }
        return out
    }
}
