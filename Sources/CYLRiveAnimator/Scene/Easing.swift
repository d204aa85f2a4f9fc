#if canImport(Glibc)
import Glibc
#endif

/// Solves a cubic timing curve for t given x, as the format's runtime does: an 11-entry table for
/// the first guess, then Newton steps (or bisection where the curve is flat).
struct CubicSolver {
    static let tableSize = 11
    static let step = 1.0 / Double(tableSize - 1)
    let x1: Double, x2: Double
    private var table: [Double]

    init(x1: Double, x2: Double) {
        self.x1 = x1
        self.x2 = x2
        table = (0..<Self.tableSize).map { Self.bezier(Double($0) * Self.step, x1, x2) }
    }

    static func bezier(_ t: Double, _ a1: Double, _ a2: Double) -> Double {
        (((1 - 3 * a2 + 3 * a1) * t + (3 * a2 - 6 * a1)) * t + 3 * a1) * t
    }

    static func slope(_ t: Double, _ a1: Double, _ a2: Double) -> Double {
        3 * (1 - 3 * a2 + 3 * a1) * t * t + 2 * (3 * a2 - 6 * a1) * t + 3 * a1
    }

    func t(forX x: Double) -> Double {
        var start = 0.0
        var sample = 1
        let last = Self.tableSize - 1
        while sample != last && table[sample] <= x {
            start += Self.step
            sample += 1
        }
        sample -= 1
        let dist = (x - table[sample]) / (table[sample + 1] - table[sample])
        var guess = start + dist * Self.step
        let initialSlope = Self.slope(guess, x1, x2)
        if initialSlope >= 0.001 {
            for _ in 0..<4 {
                let s = Self.slope(guess, x1, x2)
                if s == 0 { return guess }
                guess -= (Self.bezier(guess, x1, x2) - x) / s
            }
            return guess
        } else if initialSlope == 0 {
            return guess
        }
        var b = start + Self.step
        var current = 0.0, currentT = 0.0
        var i = 0
        repeat {
            currentT = start + (b - start) / 2
            current = Self.bezier(currentT, x1, x2) - x
            if current > 0 { b = currentT } else { start = currentT }
            i += 1
        } while abs(current) > 0.0000001 && i < 10
        return currentT
    }
}

/// Elastic easing with an amplitude (fraction of the change) and a period (fraction of the span).
struct ElasticEase {
    let amplitude: Double, period: Double, s: Double

    init(amplitude: Double, period: Double) {
        self.amplitude = amplitude
        self.period = period
        s = amplitude < 1 ? period / 4 : period / (2 * .pi) * asin(1 / amplitude)
    }

    private func actualAmplitude(_ time: Double) -> Double {
        if amplitude < 1 {
            let t = abs(s), at = abs(time)
            if at < t {
                let l = at / t
                return amplitude * l + (1 - l)
            }
        }
        return amplitude
    }

    func easeOut(_ f: Double) -> Double {
        let time = f
        return actualAmplitude(time) * pow(2, 10 * -time) * sin((time - s) * (2 * .pi) / period) + 1
    }

    func easeIn(_ f: Double) -> Double {
        let time = f - 1
        return -(actualAmplitude(time) * pow(2, 10 * time) * sin((-time - s) * (2 * .pi) / period))
    }

    func easeInOut(_ f: Double) -> Double {
        let time = f * 2 - 1
        let a = actualAmplitude(time)
        if time < 0 {
            return -0.5 * a * pow(2, 10 * time) * sin((-time - s) * (2 * .pi) / period)
        }
        return 0.5 * (a * pow(2, 10 * -time) * sin((time - s) * (2 * .pi) / period)) + 1
    }
}

/// An interpolator ready to use: curves prepared once.
struct Easing {
    enum Kind {
        case cubicEase(CubicSolver, y1: Double, y2: Double)
        case cubicValue(CubicSolver, y1: Double, y2: Double)
        case elastic(ElasticEase, easing: Int)
    }
    let kind: Kind

    init(_ model: InterpolatorModel) {
        switch model {
        case let .cubicEase(x1, y1, x2, y2): kind = .cubicEase(CubicSolver(x1: x1, x2: x2), y1: y1, y2: y2)
        case let .cubicValue(x1, y1, x2, y2): kind = .cubicValue(CubicSolver(x1: x1, x2: x2), y1: y1, y2: y2)
        case let .elastic(easing, amplitude, period):
            kind = .elastic(ElasticEase(amplitude: amplitude, period: period == 0 ? 0.5 : period), easing: easing)
        }
    }

    /// The eased fraction for a linear fraction `f` (a value curve leaves it unchanged).
    func transform(_ f: Double) -> Double {
        switch kind {
        case let .cubicEase(solver, y1, y2): return CubicSolver.bezier(solver.t(forX: f), y1, y2)
        case .cubicValue: return f
        case let .elastic(e, easing):
            switch easing {
            case 0: return e.easeIn(f)
            case 1: return e.easeOut(f)
            case 2: return e.easeInOut(f)
            default: return f
            }
        }
    }

    /// The value between `from` and `to` at linear fraction `f`.
    func value(_ from: Double, _ to: Double, _ f: Double) -> Double {
        switch kind {
        case let .cubicValue(solver, y1, y2):
            let a = to + 3 * (y1 - y2) - from
            let b = 3 * (y2 - y1 * 2 + from)
            let c = 3 * (y1 - from)
            let t = solver.t(forX: f)
            return ((a * t + b) * t + c) * t + from
        default:
            return from + (to - from) * transform(f)
        }
    }
}
