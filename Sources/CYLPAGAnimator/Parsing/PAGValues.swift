import CYLGeometry

// The value types of PAG attributes, read and converted once to the units of the After Effects
// model the renderer shares with Lottie: opacity in percent (PAG stores 0-255), scale in percent
// (PAG stores factors), colours in 0...1 (PAG stores bytes).

/// Precision of packed spatial values (point keyframes, path coordinates): a twentieth of a unit.
let spatialPrecision = 0.05

extension ValueCodec where V == [Double] {
    static let float = ValueCodec(one: { (s: inout PAGStream) throws(PAGError) -> [Double] in [try s.float("a number")] })

    /// A byte 0-255 as percent; keyframe values are bit-packed.
    static let opacity = ValueCodec(
        one: { (s: inout PAGStream) throws(PAGError) -> [Double] in [Double(try s.uint8("an opacity")) * 100 / 255] },
        list: { (s: inout PAGStream, n: Int) throws(PAGError) -> [[Double]] in
            let raw = try s.unsignedList(n, "opacity keyframes")
            return raw.map { [Double(min($0, 255)) * 100 / 255] }
        })

    /// One byte (an enumeration); keyframe values are bit-packed.
    static let byte = ValueCodec(
        one: { (s: inout PAGStream) throws(PAGError) -> [Double] in [Double(try s.uint8("a byte value"))] },
        list: { (s: inout PAGStream, n: Int) throws(PAGError) -> [[Double]] in
            let raw = try s.unsignedList(n, "byte keyframes")
            return raw.map { [Double($0 & 0xff)] }
        })

    /// A boolean as 0 or 1: a byte alone, a bit each in keyframe lists.
    static let bool = ValueCodec(
        one: { (s: inout PAGStream) throws(PAGError) -> [Double] in [try s.uint8("a boolean") != 0 ? 1 : 0] },
        list: { (s: inout PAGStream, n: Int) throws(PAGError) -> [[Double]] in
            guard n <= s.remainingBits else { throw s.error(at: s.bitPosition / 8, "\(n) boolean keyframes do not fit in the data left") }
            var out: [[Double]] = []
            out.reserveCapacity(n)
            for _ in 0..<n { out.append([try s.bit("a boolean keyframe") ? 1 : 0]) }
            return out
        })

    /// Two floats.
    static let point = ValueCodec(dimensions: 2, one: { (s: inout PAGStream) throws(PAGError) -> [Double] in
        [try s.float("a point's x"), try s.float("a point's y")]
    })

    /// A point of a spatial property: alone two floats, as keyframe values packed pairs.
    static let spatialPoint = ValueCodec(dimensions: 2, one: point.one, list: { (s: inout PAGStream, n: Int) throws(PAGError) -> [[Double]] in
        let flat = try s.scaledList(2 * n, precision: spatialPrecision, "point keyframes")
        var out: [[Double]] = []
        out.reserveCapacity(n)
        for i in 0..<n { out.append([flat[2 * i], flat[2 * i + 1]]) }
        return out
    })

    /// A scale as two factors, converted to percent.
    static let scale = ValueCodec(dimensions: 2, one: { (s: inout PAGStream) throws(PAGError) -> [Double] in
        [try s.float("a scale's x") * 100, try s.float("a scale's y") * 100]
    })

    /// Three bytes, red green blue, as 0...1.
    static let color = ValueCodec(dimensions: 3, one: { (s: inout PAGStream) throws(PAGError) -> [Double] in
        let r = try s.uint8("a colour"), g = try s.uint8("a colour"), b = try s.uint8("a colour")
        return [Double(r) / 255, Double(g) / 255, Double(b) / 255]
    })

    /// A time in frames (an encoded 64-bit integer).
    static let frame = ValueCodec(one: { (s: inout PAGStream) throws(PAGError) -> [Double] in
        [Double(Int64(bitPattern: try s.encodedUInt64("a time")))]
    })
}

/// A path: its contours in vertex form, in the order the file draws them.
typealias PAGPath = [BezierShape]

extension ValueCodec where V == PAGPath {
    static let path = ValueCodec(one: { (s: inout PAGStream) throws(PAGError) -> PAGPath in try s.path() })
}

/// A gradient's stops as the file gives them (positions 0...1, sorted).
struct PAGGradient: Sendable {
    struct Stop: Sendable { var position: Double; var midpoint: Double; var value: [Double] }
    var colors: [Stop]
    var alphas: [Stop]
}

extension ValueCodec where V == PAGGradient {
    static let gradient = ValueCodec(one: { (s: inout PAGStream) throws(PAGError) -> PAGGradient in try s.gradient() })
}

extension PAGStream {
    /// A path: a count of verbs, the verbs as 3-bit records, then the coordinates they take, packed.
    /// Horizontal and vertical lines give one coordinate; curves may omit a handle that lies on
    /// their start or end point.
    mutating func path() throws(PAGError) -> PAGPath {
        let start = offset
        let n = try count("the number of path verbs", minBitsEach: 3)
        guard n > 0 else { return [] }
        var verbs: [UInt8] = []
        verbs.reserveCapacity(n)
        for _ in 0..<n { verbs.append(UInt8(try ubits(3, "the path verbs"))) }
        let w = try numBits("the path coordinates")
        var contours: PAGPath = []
        var current = BezierShape.empty
        var last = Point(0, 0)
        var contourStart = Point(0, 0)
        func coordinate(_ s: inout PAGStream) throws(PAGError) -> Double {
            Double(try s.sbits(w, "the path coordinates")) * spatialPrecision
        }
        func point(_ s: inout PAGStream) throws(PAGError) -> Point { Point(try coordinate(&s), try coordinate(&s)) }
        func finish(_ closed: Bool) {
            guard !current.vertices.isEmpty else { return }
            if closed {
                // A closing curve back onto the first vertex: that vertex takes its in handle.
                if current.vertices.count > 1, current.vertices[current.vertices.count - 1] == current.vertices[0] {
                    current.inTangents[0] = current.inTangents.removeLast()
                    current.vertices.removeLast()
                    current.outTangents.removeLast()
                }
                current.closed = true
            }
            contours.append(current)
            current = .empty
        }
        func begin(_ p: Point) {
            current.vertices.append(p)
            current.inTangents.append(Point(0, 0))
            current.outTangents.append(Point(0, 0))
        }
        for verb in verbs {
            switch verb {
            case 0:  // close
                // The coordinates that follow stay relative to the last point, as the writer left them.
                finish(true)
            case 1:  // move
                finish(false)
                last = try point(&self)
                contourStart = last
                begin(last)
            case 2, 3, 4:  // line, horizontal line, vertical line
                if verb != 4 { last.x = try coordinate(&self) }
                if verb != 3 { last.y = try coordinate(&self) }
                if current.vertices.isEmpty { begin(contourStart) }
                begin(last)
            case 5, 6, 7:  // curve with its second handle, its first, or both
                let c1 = verb == 5 ? last : try point(&self)
                let c2 = try point(&self)
                let p = verb == 6 ? c2 : try point(&self)
                if current.vertices.isEmpty { begin(contourStart) }
                let k = current.vertices.count - 1
                current.outTangents[k] = c1 - current.vertices[k]
                begin(p)
                current.inTangents[k + 1] = c2 - p
                last = p
            default:
                throw error(at: start, "path verb \(verb) is not known")
            }
        }
        finish(false)
        return contours
    }

    /// Gradient stops: counts of opacity and colour stops, then each stop's position and midpoint
    /// (16 bits, in 1/50000) and its opacity byte or colour bytes.
    mutating func gradient() throws(PAGError) -> PAGGradient {
        let alphaCount = try count("the number of gradient opacity stops", minBitsEach: 40)
        let colorCount = try count("the number of gradient colour stops", minBitsEach: 56)
        let precision = 0.00002
        var g = PAGGradient(colors: [], alphas: [])
        for _ in 0..<alphaCount {
            let p = Double(try uint16("a gradient stop")) * precision, m = Double(try uint16("a gradient stop")) * precision
            g.alphas.append(.init(position: p, midpoint: m, value: [Double(try uint8("a gradient stop")) / 255]))
        }
        for _ in 0..<colorCount {
            let p = Double(try uint16("a gradient stop")) * precision, m = Double(try uint16("a gradient stop")) * precision
            let r = try uint8("a gradient stop"), gr = try uint8("a gradient stop"), b = try uint8("a gradient stop")
            g.colors.append(.init(position: p, midpoint: m, value: [Double(r) / 255, Double(gr) / 255, Double(b) / 255]))
        }
        g.alphas.sort { $0.position < $1.position }
        g.colors.sort { $0.position < $1.position }
        return g
    }
}
