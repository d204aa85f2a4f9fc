import CYLGeometry

extension Path {
    /// The same contours traversed backwards (each subpath reversed, closed ones stay closed).
    func reversed() -> Path {
        var out = Path()
        var i = 0, pi = 0
        let verbs = self.verbs, pts = self.points
        while i < verbs.count {
            guard verbs[i] == .move else { i += 1; continue }
            // Collect one subpath: its points and verbs.
            let startPoint = pi
            var segs: [(Verb, Int)] = []  // verb and index of its first point
            var j = i + 1, pj = pi + 1
            var closed = false
            while j < verbs.count && verbs[j] != .move {
                switch verbs[j] {
                case .line: segs.append((.line, pj)); pj += 1
                case .quad: segs.append((.quad, pj)); pj += 2
                case .cubic: segs.append((.cubic, pj)); pj += 3
                case .close: closed = true
                case .move: break
                }
                j += 1
            }
            let lastPoint = pj - 1
            out.move(to: pts[lastPoint])
            for k in stride(from: segs.count - 1, through: 0, by: -1) {
                let (verb, p) = segs[k]
                let before = k == 0 ? pts[startPoint] : pts[segs[k - 1].1 + (segs[k - 1].0 == .line ? 0 : (segs[k - 1].0 == .quad ? 1 : 2))]
                switch verb {
                case .line: out.line(to: before)
                case .quad: out.quad(to: before, control: pts[p])
                case .cubic: out.cubic(to: before, control1: pts[p + 1], control2: pts[p])
                default: break
                }
            }
            if closed { out.close() }
            i = j
            pi = pj
        }
        return out
    }
}
