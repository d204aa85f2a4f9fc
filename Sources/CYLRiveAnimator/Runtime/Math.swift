import CYLGeometry
#if canImport(Glibc)
import Glibc
#endif

// The format's matrix conventions, on CYLGeometry's `Transform` (same layout: a b c d tx ty).

/// `parent * child`: the transform that applies `child` first, then `parent` (the format's Mat2D
/// multiplication order).
@inline(__always) func * (lhs: Transform, rhs: Transform) -> Transform { rhs.then(lhs) }
@inline(__always) func * (lhs: Transform, rhs: Point) -> Point { lhs.apply(rhs) }

/// A transform decomposed the way the format's constraints interpolate it.
struct TransformComponents {
    var x = 0.0, y = 0.0, scaleX = 1.0, scaleY = 1.0, rotation = 0.0, skew = 0.0
}

extension Transform {
    /// Rotation, then translation written into the result, then a scale of each column.
    static func riveLocal(x: Double, y: Double, rotation: Double, scaleX: Double, scaleY: Double) -> Transform {
        let c = cos(rotation), s = sin(rotation)
        return Transform(a: c * scaleX, b: s * scaleX, c: -s * scaleY, d: c * scaleY, tx: x, ty: y)
    }

    var translation: Point { Point(tx, ty) }

    func decompose() -> TransformComponents {
        let m0 = a, m1 = b, m2 = c, m3 = d
        var r = TransformComponents()
        r.rotation = atan2(m1, m0)
        let denom = m0 * m0 + m1 * m1
        r.scaleX = denom.squareRoot()
        r.scaleY = r.scaleX == 0 ? 0 : (m0 * m3 - m2 * m1) / r.scaleX
        r.skew = atan2(m0 * m2 + m1 * m3, denom)
        r.x = tx
        r.y = ty
        return r
    }

    static func compose(_ c: TransformComponents) -> Transform {
        var t = riveLocal(x: c.x, y: c.y, rotation: c.rotation, scaleX: c.scaleX, scaleY: c.scaleY)
        if c.skew != 0 {
            t.c = t.a * c.skew + t.c
            t.d = t.b * c.skew + t.d
        }
        return t
    }

    var invertedOrIdentity: Transform { inverted ?? .identity }
}

/// Wraps an angle difference into -pi...pi, as the constraints do before mixing angles.
func wrappedAngleDifference(_ from: Double, _ to: Double) -> Double {
    var diff = fmod(to, .pi * 2) - fmod(from, .pi * 2)
    if diff > .pi { diff -= .pi * 2 } else if diff < -.pi { diff += .pi * 2 }
    return diff
}

/// The angle `t` of the way from `from` to `to` the short way round, from `from` wrapped into
/// one turn.
func mixedAngle(_ from: Double, _ to: Double, _ t: Double) -> Double {
    fmod(from, .pi * 2) + wrappedAngleDifference(from, to) * t
}

/// `t` of the way from `a` to `b`.
func mixed(_ a: Double, _ b: Double, _ t: Double) -> Double { a * (1 - t) + b * t }

/// Dart-style modulo: the result has the sign of `range` (positive here).
func positiveMod(_ value: Double, _ range: Double) -> Double {
    guard range > 0 else { return 0 }
    let v = fmod(value, range)
    return v < 0 ? v + range : v
}
