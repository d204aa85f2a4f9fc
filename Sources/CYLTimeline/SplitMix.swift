/// A small, seedable random generator (SplitMix64) for what a file leaves to chance (Rive's
/// random transitions, dotLottie's SetRandom): the same seed gives the same sequence, so renders
/// and previews repeat exactly. Not for anything that needs unpredictability.
public struct SplitMix: Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    /// A uniform number in 0..<1 (53 bits).
    public mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }
}
