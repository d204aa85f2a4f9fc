import CYLGeometry
#if canImport(Glibc)
import Glibc
#endif

extension Path {
    /// Appends `piece`; when `continuing`, its first move is dropped so it extends the current
    /// subpath (the piece must start where this path ends).
    mutating func append(_ piece: Path, continuing: Bool) {
        guard continuing, !isEmpty, verbs.last != .close else { append(piece); return }
        var first = true
        piece.forEachSegment { s in
            switch s {
            case .move(let p):
                if !first { move(to: p) }
            case let .line(_, b): line(to: b)
            case let .quad(_, c, b): quad(to: b, control: c)
            case let .cubic(_, c1, c2, b): cubic(to: b, control1: c1, control2: c2)
            case .close: close()
            }
            first = false
        }
    }
}

/// A path cut by lengths, contour by contour (the format's contour measure).
struct ContourCutter {
    let measure: PathMeasure
    /// Start of each contour along the whole path.
    let bases: [Double]

    init(_ path: Path) {
        measure = PathMeasure(path)
        var b: [Double] = []
        var acc = 0.0
        for l in measure.contourLengths { b.append(acc); acc += l }
        bases = b
    }

    var count: Int { measure.contourLengths.count }
    func length(_ c: Int) -> Double { measure.contourLengths[c] }
    func isClosed(_ c: Int) -> Bool { measure.contourClosed[c] }

    /// Appends contour `c` between distances `from` and `to` (clamped to the contour).
    func segment(_ c: Int, _ from: Double, _ to: Double, startNew: Bool, into out: inout Path) {
        let l = length(c)
        let a = max(0, from), b = min(l, to)
        guard b > a else { return }
        var piece = Path()
        measure.extract(from: bases[c] + a, to: bases[c] + b, contour: c, into: &piece)
        out.append(piece, continuing: !startNew)
    }
}

/// Trim paths: keep the part of each contour (or of all contours as one line) between `start`
/// and `end`, shifted by `offset`, all fractions of the length.
enum TrimEffect {
    static func trim(_ path: Path, start: Double, end: Double, offset: Double, sequential: Bool, closeEach: Bool) -> Path {
        guard start.isFinite, end.isFinite, offset.isFinite else { return Path() }
        let cut = ContourCutter(path)
        var out = Path()
        let renderOffset = fmod(fmod(offset, 1) + 1, 1)
        if sequential {
            let total = (0..<cut.count).reduce(0.0) { $0 + cut.length($1) }
            var startLength = total * (start + renderOffset)
            var endLength = total * (end + renderOffset)
            if endLength < startLength { swap(&startLength, &endLength) }
            if startLength > total { startLength -= total; endLength -= total }
            var pieces: [(contour: Int, from: Double, to: Double)] = []
            var i = 0
            // Each contour is visited at most a few times (the window is at most two lengths long).
            while endLength > 0 && cut.count > 0 && i < cut.count * 4 {
                let c = i % cut.count
                let l = cut.length(c)
                if startLength < l {
                    pieces.append((c, startLength, endLength))
                    endLength -= l
                    startLength = 0
                } else {
                    startLength -= l
                    endLength -= l
                }
                i += 1
            }
            // The first piece, then the others from the last backwards, so a piece that wraps
            // past the end of a closed contour joins the one that starts it.
            var previous = -1
            var k = 0
            for _ in 0..<pieces.count {
                let index = ((k % pieces.count) + pieces.count) % pieces.count
                let p = pieces[index]
                let l = cut.length(p.contour)
                cut.segment(p.contour, p.from, p.to, startNew: previous != p.contour || !cut.isClosed(p.contour), into: &out)
                if (p.from == 0 && p.to - p.from >= l && cut.isClosed(p.contour)) || closeEach { out.close() }
                previous = p.contour
                k -= 1
            }
        } else {
            for c in 0..<cut.count {
                let l = cut.length(c)
                var startLength = l * (start + renderOffset)
                var endLength = l * (end + renderOffset)
                if endLength < startLength { swap(&startLength, &endLength) }
                if startLength >= l { startLength -= l; endLength -= l }
                cut.segment(c, startLength, endLength, startNew: true, into: &out)
                var guardCount = 0
                while endLength > l && l > 0 && guardCount < 4 {
                    endLength -= l
                    cut.segment(c, 0, endLength, startNew: !cut.isClosed(c), into: &out)
                    guardCount += 1
                }
                if (start == 0 && end == 1 && cut.isClosed(c)) || closeEach { out.close() }
            }
        }
        return out
    }
}

/// Dash paths: alternate drawn and skipped lengths along the whole path.
enum DashEffect {
    /// Most dashes laid along one path; a pattern far finer than the path stops there.
    static let maxDashes = 100_000

    static func dash(_ path: Path, dashes: [(length: Double, isPercentage: Bool)],
                     offset: (length: Double, isPercentage: Bool)) -> Path {
        let measure = PathMeasure(path)
        let total = measure.length
        func normalized(_ d: (length: Double, isPercentage: Bool), wraps: Bool) -> Double {
            var p = d.length
            if wraps {
                let right = d.isPercentage ? 1 : total
                guard right > 0 else { return 0 }
                p = fmod(d.length, right)
                if p < 0 { p += right }
            }
            return d.isPercentage ? p * total : p
        }
        guard total > 0, dashes.contains(where: { normalized($0, wraps: false) > 0 }) else { return Path() }
        let closed = measure.contourClosed.first ?? false
        var out = Path()
        func segment(_ a: Double, _ b: Double, startNew: Bool) {
            guard b > a else { return }
            var piece = Path()
            measure.extract(from: a, to: b, into: &piece)
            out.append(piece, continuing: !startNew)
        }
        var index = 0
        var dashed = 0.0
        var distance = normalized(offset, wraps: true)
        var draw = true
        while dashed < total && index < maxDashes {
            let d = dashes[index % dashes.count]
            index += 1
            let dashLength = min(normalized(d, wraps: false), total)
            var endLength = distance + dashLength
            if endLength > total {
                endLength -= total
                if draw {
                    if distance < total {
                        segment(distance, total, startNew: true)
                        segment(0, endLength, startNew: !closed)
                    } else {
                        segment(0, endLength, startNew: true)
                    }
                }
                distance = endLength - dashLength
            } else if draw {
                segment(distance, endLength, startNew: true)
            }
            distance += dashLength
            dashed += dashLength
            draw.toggle()
        }
        return out
    }
}
