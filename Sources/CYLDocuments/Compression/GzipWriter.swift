/// gzip output (a Telegram sticker `.tgs` is gzipped Lottie JSON).
public enum GzipWriter {
    /// `bytes` as one gzip member at zlib level `level` (0-9).
    public static func compress(_ bytes: [UInt8], level: Int = 9) -> [UInt8] {
        // deflate only fails for invalid parameters or out of memory.
        guard let out = Deflate.stream(bytes, level: max(0, min(9, level)), windowBits: 31) else {
            fatalError("zlib deflate failed on a valid stream")
        }
        return out
    }
}
