import CYLRaster
import Foundation

/// The corpus READMEs' match rule and the ratcheting baselines the conformance tests keep.
public enum Fidelity {
    /// Percentage of pixels where any premultiplied channel differs by more than 16 (a frame
    /// matches its reference at 1 or less).
    public static func percentOff(_ a: Pixmap, _ b: Pixmap) -> Double {
        var count = 0
        a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                var i = 0
                while i < pa.count {
                    for k in 0..<4 where abs(Int(pa[i + k]) - Int(pb[i + k])) > 16 { count += 1; break }
                    i += 4
                }
            }
        }
        return Double(count) * 100 / Double(a.width * a.height)
    }

    /// `name count` lines of a baseline file (lines starting with # are comments).
    public static func baseline(_ url: URL) throws -> [String: Int] {
        var values: [String: Int] = [:]
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let v = Int(parts[1]) { values[String(parts[0])] = v }
        }
        return values
    }
}
