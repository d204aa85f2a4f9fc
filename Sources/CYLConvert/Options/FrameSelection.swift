import CYLRaster
import CYLTimeline
/// Which frames to render: `0-9,12`, `5-` (to the end), `-3` (the first four), or all.
public struct FrameSelection: Equatable, Sendable, CustomStringConvertible {
    public enum Piece: Equatable, Sendable {
        case single(Int)
        case range(Int, Int?)  // inclusive; nil = to the last frame
    }

    public var pieces: [Piece]
    public static let all = FrameSelection(pieces: [.range(0, nil)])

    public init(pieces: [Piece]) { self.pieces = pieces }

    /// Parses a comma-separated list of frame numbers and inclusive ranges.
    public init(parsing text: String) throws(UsageError) {
        var pieces: [Piece] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let p = part.trimmingCharacters(in: " ")
            func bad() -> UsageError {
                UsageError("invalid frame selection '\(text)': '\(p)' is not N, N-M, N- or -M (frames count from 0)")
            }
            if let dash = p.firstIndex(of: "-") {
                let lo = p[..<dash], hi = p[p.index(after: dash)...]
                let a = lo.isEmpty ? 0 : Int(lo)
                let b = hi.isEmpty ? nil : Int(hi)
                guard let a, a >= 0, hi.isEmpty || b != nil, !(lo.isEmpty && hi.isEmpty) else { throw bad() }
                if let b, b < a { throw UsageError("invalid frame range '\(p)': the end comes before the start") }
                pieces.append(.range(a, b))
            } else {
                guard let n = Int(p), n >= 0 else { throw bad() }
                pieces.append(.single(n))
            }
        }
        self.pieces = pieces
    }

    /// The selected frame indices in the order given, without repeats, checked against `frameCount`.
    public func frames(count frameCount: Int) throws(UsageError) -> [Int] {
        var out: [Int] = []
        var seen = Set<Int>()
        for piece in pieces {
            let (a, b): (Int, Int)
            switch piece {
            case .single(let n): (a, b) = (n, n)
            case .range(let lo, let hi): (a, b) = (lo, hi ?? frameCount - 1)
            }
            guard a < frameCount, b < frameCount else {
                throw UsageError("frame \(max(a, b)) is out of range: the animation has frames 0-\(frameCount - 1)")
            }
            for i in a...b where seen.insert(i).inserted { out.append(i) }
        }
        return out
    }

    public var description: String {
        pieces.map {
            switch $0 {
            case .single(let n): return "\(n)"
            case .range(let a, let b): return b.map { "\(a)-\($0)" } ?? "\(a)-"
            }
        }.joined(separator: ",")
    }
}

extension Substring {
    func trimmingCharacters(in set: Character) -> Substring {
        var s = self
        while s.first == set { s = s.dropFirst() }
        while s.last == set { s = s.dropLast() }
        return s
    }
}
