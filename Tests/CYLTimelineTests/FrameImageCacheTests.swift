import Testing
import CYLRaster
@testable import CYLTimeline

/// `FrameImageCache`: a replay is answered from memory, the byte budget holds, and the least
/// recently used frame is the one that goes.
struct FrameImageCacheTests {
    /// A 10x10 frame (400 bytes) of grey `value`.
    static func frame(_ value: UInt8) throws -> Pixmap {
        var p = try Pixmap(width: 10, height: 10)
        p.fill(RGBA8(value, value, value, 255))
        return p
    }

    @Test func aReplayedLoopDrawsNothing() throws {
        let cache = FrameImageCache<Int>(maxBytes: 10 * 400)
        var drawn: [Int] = []
        for _ in 0..<3 {
            for i in 0..<10 {
                let image = try cache.image(i) { drawn.append(i); return try Self.frame(UInt8(i)) }
                #expect(image.bytes[0] == UInt8(i))
            }
        }
        #expect(drawn == Array(0..<10), "each frame drawn once over three loops")
        #expect(cache.hits == 20 && cache.misses == 10)
        #expect(cache.bytes == 4000 && cache.count == 10)
    }

    @Test func theBudgetHoldsAndTheLeastRecentlyUsedGoesFirst() throws {
        let cache = FrameImageCache<Int>(maxBytes: 3 * 400)
        for i in 0..<3 { _ = try cache.image(i) { try Self.frame(UInt8(i)) } }
        _ = try cache.image(0) { Issue.record("frame 0 is kept"); return try Self.frame(0) }
        // Frame 1 is now the least recently used: adding frame 3 drops it, not frame 0.
        _ = try cache.image(3) { try Self.frame(3) }
        #expect(cache.bytes == 1200 && cache.count == 3)
        var redrawn: [Int] = []
        for i in [0, 2, 3] { _ = try cache.image(i) { redrawn.append(i); return try Self.frame(UInt8(i)) } }
        #expect(redrawn.isEmpty)
        _ = try cache.image(1) { redrawn.append(1); return try Self.frame(1) }
        #expect(redrawn == [1])
        #expect(cache.bytes <= cache.maxBytes)
    }

    @Test func aFrameLargerThanTheBudgetIsReturnedButNotKept() throws {
        let cache = FrameImageCache<Int>(maxBytes: 399)
        var draws = 0
        for _ in 0..<2 { _ = try cache.image(7) { draws += 1; return try Self.frame(7) } }
        #expect(draws == 2 && cache.count == 0 && cache.bytes == 0)
    }

    @Test func aFailedDrawKeepsNothing() throws {
        struct Failed: Error {}
        let cache = FrameImageCache<Int>(maxBytes: 4000)
        #expect(throws: Failed.self) { _ = try cache.image(1) { throw Failed() } }
        #expect(cache.count == 0 && cache.misses == 1)
    }
}
