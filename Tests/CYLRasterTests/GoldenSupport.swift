#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CYLRaster
#if canImport(CYLCodecs)
import CYLCodecs
#endif

/// Golden images in `Tests/Goldens/<name>.png`.
///
/// A mismatch (or a missing golden) writes `<name>-actual.png` and `<name>-diff.png` (differences
/// ×16, opaque) to `.build/golden-failures/` and fails. `CYL_RECORD_GOLDENS=1` writes the golden
/// instead and still fails, so a recording run can never pass by accident.
enum Golden {
    /// The package root, from this file's path (…/Tests/CYLRasterTests/GoldenSupport.swift).
    static let root: String = {
        let path = Array("\(#filePath)".utf8), marker = Array("/Tests/CYLRasterTests/".utf8)
        guard path.count >= marker.count else { return "." }
        for i in stride(from: path.count - marker.count, through: 0, by: -1) where Array(path[i ..< i + marker.count]) == marker {
            return String(decoding: path[..<i], as: UTF8.self)
        }
        return "."
    }()
    static var goldenDir: String { root + "/Tests/Goldens" }
    static var failureDir: String { root + "/.build/golden-failures" }
    static var recording: Bool { getenv("CYL_RECORD_GOLDENS").map { String(cString: $0) == "1" } ?? false }

    /// Compares `image` with the golden `name`; `tolerance` is the largest per-channel difference allowed.
    static func check(_ name: String, _ image: Pixmap, tolerance: Int,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        #if canImport(CYLCodecs)
        let path = "\(goldenDir)/\(name).png"
        if recording {
            do {
                try writeFile(path, PNGCodec.encode(image, compressionLevel: 9, filter: .adaptive))
                Issue.record("recorded golden \(path); run again without CYL_RECORD_GOLDENS", sourceLocation: sourceLocation)
            } catch { Issue.record("cannot record \(path): \(error)", sourceLocation: sourceLocation) }
            return
        }
        guard let bytes = readFile(path) else {
            writeFailure(name, image, nil)
            Issue.record("missing golden \(path) (record with CYL_RECORD_GOLDENS=1); actual in \(failureDir)",
                         sourceLocation: sourceLocation)
            return
        }
        let expected: Pixmap
        do { expected = try PNGCodec.decode(bytes, name: path) } catch {
            Issue.record("cannot decode \(path): \(error)", sourceLocation: sourceLocation); return
        }
        // Compare premultiplied bytes after the same straight-alpha round trip the stored golden made
        // (unpremultiplying low-alpha pixels is lossy, so raw bytes would differ spuriously).
        let roundTrip = (try? Pixmap(width: image.width, height: image.height, straightRGBA: image.straightRGBA())) ?? image
        let a = roundTrip.bytes, e = expected.bytes
        guard image.width == expected.width, image.height == expected.height else {
            writeFailure(name, image, nil)
            Issue.record("\(name): size \(image.size) differs from golden \(expected.size)", sourceLocation: sourceLocation)
            return
        }
        var worst = 0, count = 0
        for i in a.indices {
            let d = abs(Int(a[i]) - Int(e[i]))
            if d > tolerance { count += 1 }
            worst = max(worst, d)
        }
        if count > 0 {
            writeFailure(name, image, expected)
            Issue.record("\(name): \(count) channel values differ by more than \(tolerance) (worst \(worst)); see \(failureDir)",
                         sourceLocation: sourceLocation)
        }
        #else
        // Built without the codecs (a raster-only harness): dump raw RGBA for inspection only.
        if recording {
            mkdirs(failureDir)
            var out: [UInt8] = []
            for v in [UInt32(image.width), UInt32(image.height)] { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
            out += image.straightRGBA()
            writeFile("\(failureDir)/\(name).rgba", out)
        }
        #endif
    }

    #if canImport(CYLCodecs)
    static func writeFailure(_ name: String, _ image: Pixmap, _ expected: Pixmap?) {
        mkdirs(failureDir)
        if let png = try? PNGCodec.encode(image) { writeFile("\(failureDir)/\(name)-actual.png", png) }
        guard let expected, expected.size == image.size, var diff = try? Pixmap(width: image.width, height: image.height)
        else { return }
        let a = image.straightRGBA(), e = expected.straightRGBA()
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = (y * image.width + x) * 4
                func d(_ k: Int) -> UInt8 { UInt8(min(255, abs(Int(a[i + k]) - Int(e[i + k])) * 16)) }
                let da = d(3)
                diff[x, y] = RGBA8(max(d(0), da), max(d(1), da), max(d(2), da), 255)
            }
        }
        if let png = try? PNGCodec.encode(diff) { writeFile("\(failureDir)/\(name)-diff.png", png) }
    }
    #endif

    static func mkdirs(_ path: String) {
        var cur = ""
        for part in path.split(separator: "/") {
            cur += "/" + part
            mkdir(cur, 0o755)
        }
    }

    static func readFile(_ path: String) -> [UInt8]? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buf, 1, buf.count, f)
            if n <= 0 { break }
            out += buf[0..<n]
        }
        return out
    }

    static func writeFile(_ path: String, _ bytes: [UInt8]) {
        guard let f = fopen(path, "wb") else { return }
        _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, f) }
        fclose(f)
    }
}
