@testable import CYLRiveAnimator

/// Builds small `.riv` files for tests: a header, then objects written with the field types the
/// format defines for their properties.
struct RiveWriter {
    var bytes: [UInt8] = []
    /// Offsets where each object starts.
    var offsets: [Int] = []
    /// Where each object's parts are, by object: every property's key, value and offsets.
    var layouts: [[Written]] = []
    /// Offsets of the 0 that ends each object.
    var ends: [Int] = []

    /// One property as written: its key starts at `keyAt`, its value at `valueAt`; a string's
    /// bytes start at `dataAt` (after its length).
    struct Written {
        var key: Int
        var value: V
        var keyAt: Int
        var valueAt: Int
        var dataAt: Int
        var endAt: Int
    }

    /// A value to write; the field type comes from the property's definition.
    enum V {
        case d(Double)
        case u(UInt64)
        case b(Bool)
        case c(UInt32)
        case s(String)
        case raw([UInt8])
    }

    init(major: Int = 7, minor: Int = 0, fileID: UInt64 = 1, toc: [(Int, UInt32)] = []) {
        bytes = Array("RIVE".utf8)
        varuint(UInt64(major)); varuint(UInt64(minor)); varuint(fileID)
        for (k, _) in toc { varuint(UInt64(k)) }
        varuint(0)
        var word: UInt32 = 0, bit = 0
        for (i, (_, code)) in toc.enumerated() {
            word |= code << UInt32(bit)
            bit += 2
            if bit == 8 || i == toc.count - 1 { u32(word); word = 0; bit = 0 }
        }
    }

    mutating func varuint(_ v: UInt64) {
        var v = v
        repeat {
            var b = UInt8(v & 0x7f)
            v >>= 7
            if v != 0 { b |= 0x80 }
            bytes.append(b)
        } while v != 0
    }

    mutating func u32(_ v: UInt32) {
        for i in 0..<4 { bytes.append(UInt8((v >> UInt32(i * 8)) & 0xff)) }
    }

    /// Writes an object of `type` with `props` (property key, value).
    mutating func object(_ type: Int, _ props: [(Int, V)] = []) {
        offsets.append(bytes.count)
        varuint(UInt64(type))
        var layout: [Written] = []
        for (key, value) in props {
            let keyAt = bytes.count
            varuint(UInt64(key))
            let valueAt = bytes.count
            var dataAt = valueAt
            switch value {
            case .d(let d): u32(Float(d).bitPattern)
            case .u(let u): varuint(u)
            case .b(let b): bytes.append(b ? 1 : 0)
            case .c(let c): u32(c)
            case .s(let s): varuint(UInt64(s.utf8.count)); dataAt = bytes.count; bytes += Array(s.utf8)
            case .raw(let r): bytes += r
            }
            layout.append(Written(key: key, value: value, keyAt: keyAt, valueAt: valueAt, dataAt: dataAt, endAt: bytes.count))
        }
        layouts.append(layout)
        ends.append(bytes.count)
        varuint(0)
    }

    typealias T = RiveTypeKey
    typealias P = RivePropertyKey

    /// A file with one artboard `w × h` holding a red 20×10 rectangle shape at (x, y).
    static func rectangleArtboard(width w: Double = 100, height h: Double = 50, x: Double = 30, y: Double = 20) -> RiveWriter {
        var f = RiveWriter()
        f.object(T.backboard)
        f.object(T.artboard, [(P.componentName, .s("Board")), (P.layoutComponentWidth, .d(w)), (P.layoutComponentHeight, .d(h))])
        f.object(T.shape, [(P.componentName, .s("Box")), (P.componentParentId, .u(0)), (P.nodeX, .d(x)), (P.nodeY, .d(y))])  // 1
        f.object(T.rectangle, [(P.componentParentId, .u(1)), (P.parametricPathWidth, .d(20)), (P.parametricPathHeight, .d(10))])  // 2
        f.object(T.fill, [(P.componentParentId, .u(1))])  // 3
        f.object(T.solidColor, [(P.componentParentId, .u(3)), (P.solidColorColorValue, .c(0xFFFF_0000))])  // 4
        return f
    }
}
