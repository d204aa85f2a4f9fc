import CYLImageCodecs
import CYLRaster

/// Small premultiplied frames for the encoder tests.
enum Frames {
    /// A `w x h` frame filled with `background`, with a `size`-pixel square of `color` at (x, y).
    static func square(_ w: Int, _ h: Int, at x: Int, _ y: Int, size: Int = 4, color: RGBA8,
                       background: RGBA8 = .transparent) -> Pixmap {
        var p = try! Pixmap(width: w, height: h)
        p.fill(background.premultiplied)
        for yy in y..<min(h, y + size) { for xx in x..<min(w, x + size) { p[xx, yy] = color.premultiplied } }
        return p
    }

    /// A frame with a soft (anti-aliased) edge: alpha ramps left to right over the whole width.
    static func ramp(_ w: Int, _ h: Int, color: RGBA8) -> Pixmap {
        var p = try! Pixmap(width: w, height: h)
        for y in 0..<h { for x in 0..<w {
            let a = UInt8(x * 255 / max(1, w - 1))
            p[x, y] = RGBA8(color.r, color.g, color.b, a).premultiplied
        } }
        return p
    }

    /// Decodes every frame of a GIF: (canvas, raw delay cs).
    static func decodeGIF(_ bytes: [UInt8]) throws -> [(Pixmap, Int)] {
        let d = try GIFDecoder(bytes: bytes, name: "t.gif")
        var out: [(Pixmap, Int)] = []
        while let f = try d.nextFrame() { out.append((f.image, f.info.delayCentiseconds)) }
        return out
    }
}

/// Reads the chunks of a PNG/APNG file (type, payload), checking every CRC.
enum PNGChunks {
    struct Chunk { let type: String; let data: [UInt8] }

    static func be32(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
    static func be16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    static func be32s(_ v: Int) -> [UInt8] { [UInt8((v >> 24) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    static func read(_ bytes: [UInt8]) -> (chunks: [Chunk], crcOK: Bool) {
        var i = 8, out: [Chunk] = [], ok = true
        while i + 12 <= bytes.count {
            let n = be32(bytes, i)
            let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            let data = Array(bytes[(i + 8)..<(i + 8 + n)])
            let crc = UInt32(be32(bytes, i + 8 + n))
            if crc != TestPNGWriter.crc32(Array(bytes[(i + 4)..<(i + 8 + n)])) { ok = false }
            out.append(Chunk(type: type, data: data))
            i += 12 + n
        }
        return (out, ok)
    }

    /// APNG frames decoded independently: each frame's data wrapped as a plain PNG and decoded by
    /// libpng, then drawn at its offset (blend SOURCE, dispose NONE, as our writer uses).
    static func decodeAPNG(_ bytes: [UInt8]) throws -> (frames: [(Pixmap, Double)], plays: Int) {
        let (chunks, _) = read(bytes)
        let ihdr = chunks.first { $0.type == "IHDR" }!.data
        let w = be32(ihdr, 0), h = be32(ihdr, 4)
        let actl = chunks.first { $0.type == "acTL" }!.data
        var canvas = try Pixmap(width: w, height: h)
        var frames: [(Pixmap, Double)] = []
        var fctl: [UInt8]? = nil
        var data: [UInt8] = []
        func flush() throws {
            guard let f = fctl else { return }
            let fw = be32(f, 4), fh = be32(f, 8), fx = be32(f, 12), fy = be32(f, 16)
            let num = be16(f, 20), den = be16(f, 22)
            var hdr = ihdr
            hdr.replaceSubrange(0..<8, with: be32s(fw) + be32s(fh))
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + TestPNGWriter.chunk("IHDR", hdr) + TestPNGWriter.chunk("IDAT", data)
                + TestPNGWriter.chunk("IEND", [])
            let sub = try PNGCodec.decode(png, name: "frame")
            for y in 0..<fh { for x in 0..<fw { canvas[fx + x, fy + y] = sub[x, y] } }
            frames.append((canvas, Double(num) / Double(den == 0 ? 100 : den)))
            data = []
        }
        for c in chunks {
            switch c.type {
            case "fcTL": try flush(); fctl = c.data
            case "IDAT": data += c.data
            case "fdAT": data += c.data[4...]
            default: break
            }
        }
        try flush()
        return (frames, be32(actl, 4))
    }
}
