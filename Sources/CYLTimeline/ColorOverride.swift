import CYLRaster

/// A colour that replaces the colours of the content a keypath matches, as the seed's
/// `CYLTabBarLottieDarkColors` does for dark mode without a second file.
///
/// A keypath is layer, group and item names joined by `.` (what `cylanim keypaths` prints);
/// `*` matches exactly one name and `**` any number of names (lottie-ios keypath rules). Vector
/// back-ends recolour the matching fills, strokes and gradient stops; raster back-ends ignore
/// overrides (and say so in a diagnostic).
public struct ColorOverride: Sendable, Equatable {
    public var keypath: [String]
    /// Straight-alpha colour; its alpha multiplies the content's own opacity.
    public var color: RGBA8

    /// `keypath` as written in a configuration file: `"Heart.Fill 1"`, `"**.Stroke 1"`.
    public init(keypath: String, color: RGBA8) {
        self.keypath = keypath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        self.color = color
    }

    /// Whether this override's pattern matches a concrete keypath (names from the root).
    ///
    /// Walks the names once, keeping the set of pattern positions reachable so far: time is
    /// pattern length x names, however many `**` a (hostile) configuration writes. Backtracking
    /// over `**` was exponential in their number.
    public func matches(_ names: [String]) -> Bool {
        let pattern = keypath
        var reachable = [Bool](repeating: false, count: pattern.count + 1)
        func close(_ r: inout [Bool]) {  // `**` may match no name
            for j in 0..<pattern.count where r[j] && pattern[j] == "**" { r[j + 1] = true }
        }
        reachable[0] = true
        close(&reachable)
        for name in names {
            var next = [Bool](repeating: false, count: pattern.count + 1)
            for j in 0..<pattern.count where reachable[j] {
                if pattern[j] == "**" { next[j] = true } else if pattern[j] == "*" || pattern[j] == name { next[j + 1] = true }
            }
            close(&next)
            guard next.contains(true) else { return false }
            reachable = next
        }
        return reachable[pattern.count]
    }
}
