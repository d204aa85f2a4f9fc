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
    public func matches(_ names: [String]) -> Bool {
        Self.match(pattern: keypath[...], names: names[...])
    }

    private static func match(pattern: ArraySlice<String>, names: ArraySlice<String>) -> Bool {
        guard let head = pattern.first else { return names.isEmpty }
        if head == "**" {
            // Any number of names, including none.
            var rest = names
            while true {
                if match(pattern: pattern.dropFirst(), names: rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let name = names.first, head == "*" || head == name else { return false }
        return match(pattern: pattern.dropFirst(), names: names.dropFirst())
    }
}
