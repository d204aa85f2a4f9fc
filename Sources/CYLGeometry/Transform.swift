/// A 2-D affine transform: `x' = a*x + c*y + tx`, `y' = b*x + d*y + ty` (the CGAffineTransform layout).
public struct Transform: Hashable, Sendable, CustomStringConvertible {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    @inlinable public static func translation(_ x: Double, _ y: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }
    @inlinable public static func scale(_ sx: Double, _ sy: Double) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    /// Rotation by `radians` (clockwise on screen, since y grows downward).
    public static func rotation(_ radians: Double) -> Transform {
        let (s, co) = (sin(radians), cos(radians))
        return Transform(a: co, b: s, c: -s, d: co, tx: 0, ty: 0)
    }
    /// A skew along x by `angle` radians, measured along the axis `axis` radians (Lottie's sk/sa).
    public static func skew(_ angle: Double, axis: Double) -> Transform {
        let r = rotation(axis), k = Transform(a: 1, b: 0, c: tan(angle), d: 1, tx: 0, ty: 0)
        return rotation(-axis).then(k).then(r)
    }

    /// The transform that applies `self` first and then `next`.
    @inlinable public func then(_ n: Transform) -> Transform {
        Transform(a: a * n.a + b * n.c, b: a * n.b + b * n.d,
                  c: c * n.a + d * n.c, d: c * n.b + d * n.d,
                  tx: tx * n.a + ty * n.c + n.tx, ty: tx * n.b + ty * n.d + n.ty)
    }
    /// The transform that applies `first` and then `self` (parent.concatenating(child) order).
    @inlinable public func concatenating(_ first: Transform) -> Transform { first.then(self) }

    @inlinable public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }
    /// Applies the linear part only (for vectors).
    @inlinable public func applyVector(_ p: Point) -> Point { Point(a * p.x + c * p.y, b * p.x + d * p.y) }
    /// The axis-aligned box around `r`'s corners mapped (NaN edges when the transform is not finite).
    public func apply(_ r: Rect) -> Rect {
        var box = Rect.empty
        for p in [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY)] {
            let q = apply(p)
            guard q.isFinite else { return Rect(minX: .nan, minY: .nan, maxX: .nan, maxY: .nan) }
            box.include(q)
        }
        return box
    }

    @inlinable public var determinant: Double { a * d - b * c }
    @inlinable public var isIdentity: Bool { self == .identity }
    @inlinable public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }
    /// The inverse, or nil when the transform is singular (or nearly so) or not finite.
    public var inverted: Transform? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-300 else { return nil }
        let r = 1 / det
        let inv = Transform(a: d * r, b: -b * r, c: -c * r, d: a * r,
                            tx: (c * ty - d * tx) * r, ty: (b * tx - a * ty) * r)
        return inv.isFinite ? inv : nil
    }
    /// The largest factor by which the transform stretches any vector (the larger singular value).
    public var maxScale: Double {
        // Singular values of [[a c][b d]]: sqrt of eigenvalues of M^T M.
        let p = a * a + b * b, q = a * c + b * d, r = c * c + d * d
        let mean = (p + r) / 2, diff = (p - r) / 2
        return (mean + (diff * diff + q * q).squareRoot()).squareRoot()
    }
    /// The smallest stretch factor (the smaller singular value).
    public var minScale: Double {
        let p = a * a + b * b, q = a * c + b * d, r = c * c + d * d
        let mean = (p + r) / 2, diff = (p - r) / 2
        return Swift.max(0, mean - (diff * diff + q * q).squareRoot()).squareRoot()
    }
    public var description: String { "Transform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))" }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
