#if canImport(Glibc)
import Glibc
#endif
import Testing
import CYLImageCodecs
import CYLRaster

/// Golden images in `Tests/Goldens/<name>.png`, shared by every test target that draws.
///
/// A mismatch (or a missing golden) writes `<name>-actual.png` and `<name>-diff.png` (differences
/// ×16, opaque) to `.build/golden-failures/` and fails. `CYL_RECORD_GOLDENS=1` writes the golden
/// instead and still fails, so a recording run can never pass by accident.
public enum Golden {
    /// The package root, from this file's path (…/Tests/CYLTestSupport/Golden.swift).
    static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count > 3 else { return "." }
        parts.removeLast(3)  // Golden.swift, CYLTestSupport, Tests
        return parts.joined(separator: "/")
    }()
    static var goldenDir: String { root + "/Tests/Goldens" }
    static var failureDir: String { root + "/.build/golden-failures" }
    static var recording: Bool { getenv("CYL_RECORD_GOLDENS").map { String(cString: $0) == "1" } ?? false }

    /// Compares `image` with the golden `name`; `tolerance` is the largest per-channel difference
    /// allowed (callers state why).
    public static func check(_ name: String, _ image: Pixmap, tolerance: Int,
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let path = "\(goldenDir)/\(name).png"
        if recording {
            do {
                writeFile(path, try PNGCodec.encode(image, compressionLevel: 9, filter: .adaptive))
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
        guard image.size == expected.size else {
            writeFailure(name, image, nil)
            Issue.record("\(name): size \(image.size) differs from golden \(expected.size)", sourceLocation: sourceLocation)
            return
        }
        // Compare premultiplied bytes after the same straight-alpha round trip the stored golden made
        // (unpremultiplying low-alpha pixels is lossy, so raw bytes would differ spuriously).
        let roundTrip = (try? Pixmap(width: image.width, height: image.height, straightRGBA: image.straightRGBA())) ?? image
        var worst = 0, count = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let a = roundTrip[x, y], e = expected[x, y]
                for (p, q) in [(a.r, e.r), (a.g, e.g), (a.b, e.b), (a.a, e.a)] {
                    let d = abs(Int(p) - Int(q))
                    if d > tolerance { count += 1 }
                    worst = max(worst, d)
                }
            }
        }
        if count > 0 {
            writeFailure(name, image, expected)
            Issue.record("\(name): \(count) channel values differ by more than \(tolerance) (worst \(worst)); see \(failureDir)",
                         sourceLocation: sourceLocation)
        }
    }

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

    static func mkdirs(_ path: String) {
        var cur = ""
        for part in path.split(separator: "/") { cur += "/" + part; mkdir(cur, 0o755) }
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
