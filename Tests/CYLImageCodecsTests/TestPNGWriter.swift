/// A deliberately independent PNG writer for test inputs: any colour type and bit depth, optional
/// PLTE/tRNS and Adam7 interlace, zlib "stored" blocks (no compression), own CRC-32 and Adler-32.
struct TestPNGWriter {
    var width: Int, height: Int
    var bitDepth: Int
    var colorType: Int          // 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA
    var interlaced = false
    var palette: [(UInt8, UInt8, UInt8)] = []
    var trns: [UInt8]? = nil    // raw tRNS payload
    /// Samples per pixel, row-major: pixels[y][x] = [s0, s1, ...] (already in the bit depth's range).
    var pixels: [[[Int]]]

    var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType]! }

    func data() -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr = be32(width) + be32(height)
        ihdr += [UInt8(bitDepth), UInt8(colorType), 0, 0, interlaced ? 1 : 0]
        out += TestPNGWriter.chunk("IHDR", ihdr)
        if !palette.isEmpty { out += TestPNGWriter.chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] }) }
        if let trns { out += TestPNGWriter.chunk("tRNS", trns) }
        out += TestPNGWriter.chunk("IDAT", TestPNGWriter.zlibStored(rawScanlines()))
        out += TestPNGWriter.chunk("IEND", [])
        return out
    }

    func be32(_ v: Int) -> [UInt8] { [UInt8((v >> 24) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    func rawScanlines() -> [UInt8] {
        if !interlaced { return scanlines(xs: Array(0..<width), ys: Array(0..<height)) }
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        var out: [UInt8] = []
        for (x0, y0, dx, dy) in passes {
            let xs = Array(stride(from: x0, to: width, by: dx)), ys = Array(stride(from: y0, to: height, by: dy))
            if xs.isEmpty || ys.isEmpty { continue }
            out += scanlines(xs: xs, ys: ys)
        }
        return out
    }

    func scanlines(xs: [Int], ys: [Int]) -> [UInt8] {
        var out: [UInt8] = []
        for y in ys {
            out.append(0) // filter: none
            var acc = 0, nbits = 0
            for x in xs {
                for s in pixels[y][x] {
                    if bitDepth == 16 { out += [UInt8(s >> 8), UInt8(s & 0xFF)]; continue }
                    if bitDepth == 8 { out.append(UInt8(s)); continue }
                    acc = (acc << bitDepth) | s; nbits += bitDepth
                    if nbits == 8 { out.append(UInt8(acc)); acc = 0; nbits = 0 }
                }
            }
            if nbits > 0 { out.append(UInt8((acc << (8 - nbits)) & 0xFF)) }
        }
        return out
    }

    static func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let t = Array(type.utf8)
        let n = payload.count
        let crc = crc32(t + payload)
        return [UInt8(n >> 24), UInt8((n >> 16) & 0xFF), UInt8((n >> 8) & 0xFF), UInt8(n & 0xFF)] + t + payload
            + [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in data {
            c ^= UInt32(b)
            for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65535, data.count - i)
            let final: UInt8 = i + n == data.count ? 1 : 0
            out += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[i..<(i + n)]
            i += n
        } while i < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for v in data { a = (a + UInt32(v)) % 65521; b = (b + a) % 65521 }
        let adler = b << 16 | a
        return out + [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)]
    }
}
