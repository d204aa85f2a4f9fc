extension Int {
    /// `value` truncated toward zero, saturating at the ends of `Int`'s range and 0 for NaN: the
    /// one conversion from floating point for values computed from untrusted input, which
    /// `Int(_:)` would trap on (1e300, infinity, NaN).
    public init(clamping value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.2e18 {
            self = .max
        } else if value <= -9.2e18 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
