/// Parsing colours the way the CLI and configuration files write them.
extension RGBA8 {
    /// Parses `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` (the `#` optional) or one of the names
    /// `transparent`, `black`, `white`, `red`, `green`, `blue`, `gray`. Straight alpha.
    public init?(parsing text: String) {
        let named: [String: RGBA8] = [
            "transparent": .transparent, "black": .black, "white": .white,
            "red": RGBA8(255, 0, 0, 255), "green": RGBA8(0, 128, 0, 255), "blue": RGBA8(0, 0, 255, 255),
            "gray": RGBA8(128, 128, 128, 255), "grey": RGBA8(128, 128, 128, 255),
        ]
        let lower = text.lowercased()
        if let c = named[lower] { self = c; return }
        var hex = Substring(lower)
        if hex.hasPrefix("#") { hex = hex.dropFirst() }
        guard hex.allSatisfy(\.isHexDigit) else { return nil }
        let digits = hex.map { UInt8($0.hexDigitValue!) }
        switch digits.count {
        case 3, 4:
            let v = digits.map { $0 * 17 }
            self.init(v[0], v[1], v[2], digits.count == 4 ? v[3] : 255)
        case 6, 8:
            let v = stride(from: 0, to: digits.count, by: 2).map { digits[$0] * 16 + digits[$0 + 1] }
            self.init(v[0], v[1], v[2], digits.count == 8 ? v[3] : 255)
        default:
            return nil
        }
    }
}

extension RGBA8 {
    /// How a colour may be written, for messages about one that cannot be read.
    public static let writtenForms = "#rgb, #rrggbb, #rrggbbaa or a name such as white"

    /// `#rrggbbaa`, lower case: a colour as `init(parsing:)` reads it back, and as canonical text.
    public var hexDescription: String {
        func hex(_ v: UInt8) -> String { let s = String(v, radix: 16); return s.count == 1 ? "0" + s : s }
        return "#" + hex(r) + hex(g) + hex(b) + hex(a)
    }
}
