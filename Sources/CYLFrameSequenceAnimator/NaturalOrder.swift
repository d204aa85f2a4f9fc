/// Orders file names the way people number frames: runs of digits compare as numbers, so
/// `f2.png` comes before `f10.png`; ties fall back to plain byte order.
enum NaturalOrder {
    static func less(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var i = 0, j = 0
        while i < x.count && j < y.count {
            if isDigit(x[i]) && isDigit(y[j]) {
                var i2 = i, j2 = j
                while i2 < x.count && isDigit(x[i2]) { i2 += 1 }
                while j2 < y.count && isDigit(y[j2]) { j2 += 1 }
                // Compare numerically without overflow: strip leading zeros, then longer is larger.
                let da = x[i..<i2].drop { $0 == UInt8(ascii: "0") }, db = y[j..<j2].drop { $0 == UInt8(ascii: "0") }
                if da.count != db.count { return da.count < db.count }
                if !da.elementsEqual(db) { return da.lexicographicallyPrecedes(db) }
                i = i2; j = j2
            } else {
                if x[i] != y[j] { return x[i] < y[j] }
                i += 1; j += 1
            }
        }
        if (x.count - i) != (y.count - j) { return (x.count - i) < (y.count - j) }
        return a < b
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
}
