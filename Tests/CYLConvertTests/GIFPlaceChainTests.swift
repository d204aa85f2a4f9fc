import CYLImageCodecs
@testable import CYLConvert
import CYLRaster
import Foundation
import Testing

/// GIF pass 2's chain: frames mapped on any thread, in any order, are placed in order (so the file
/// is the one `GIFAnimationEncoder.add` writes), and a failing frame fails only from itself on.
@Suite struct GIFPlaceChainTests {
    static let size = 24
    static let count = 30

    /// A square moving across transparency, some frames hidden (their pixels turn transparent:
    /// the cleared-area path) and frame 12 a repeat of frame 11 (merged: its place finishes
    /// nothing).
    static func frame(_ i: Int) -> Pixmap {
        var p = try! Pixmap(width: size, height: size)
        let k = i == 12 ? 11 : i
        guard k % 7 != 6 else { return p }
        let x0 = k % (size - 6), y0 = (k * 5) % (size - 6)
        let c = RGBA8(UInt8(truncatingIfNeeded: 40 + k * 23), UInt8(truncatingIfNeeded: 200 - k * 5), 90, 255)
        for y in y0..<(y0 + 6) { for x in x0..<(x0 + 6) { p[x, y] = c } }
        return p
    }

    static let delays = (0..<count).map { 3 + $0 % 4 }

    /// An encoder past its first pass over every frame, and the frames mapped by its mappers.
    static func mapped() throws -> (GIFAnimationEncoder, [GIFMappedFrame]) {
        let encoder = try GIFAnimationEncoder(width: size, height: size)
        for i in 0..<count { try encoder.analyze(try encoder.preparer.runs(frame(i))) }
        try encoder.buildPalette()
        let mapper = try encoder.mapperFactory().make()
        return (encoder, try (0..<count).map { try mapper.map(frame($0)) })
    }

    @Test func framesAddedOutOfOrderOnFourThreadsWriteTheBytesOfAdd() throws {
        let reference = try GIFAnimationEncoder(width: Self.size, height: Self.size)
        for i in 0..<Self.count { try reference.analyze(Self.frame(i)) }
        for i in 0..<Self.count { try reference.add(Self.frame(i), delayCentiseconds: Self.delays[i]) }
        let expected = try reference.finish()

        for round in 0..<5 {
            let (encoder, frames) = try Self.mapped()
            let chain = GIFPlaceChain(encoder: encoder, delays: Self.delays, trace: nil)
            // Each thread adds every fourth frame, last first: the chain gets them out of order.
            let threads = (0..<4).map { t in
                Thread {
                    let coder = GIFImageCoder()
                    for n in stride(from: t, to: Self.count, by: 4).reversed() { chain.add(n, frames[n], coder: coder) }
                }
            }
            threads.forEach { $0.start() }
            for n in 0..<Self.count {
                if let coded = try chain.take(n) { try encoder.append(coded) }
            }
            if let last = encoder.finishLast() { try encoder.append(try last.encode()) }
            #expect(try encoder.finish() == expected, "round \(round)")
        }
    }

    @Test func aFailedFrameFailsFromItselfOnAndTheFramesBeforeArePlaced() throws {
        struct Broken: Error {}
        let (encoder, frames) = try Self.mapped()
        let chain = GIFPlaceChain(encoder: encoder, delays: Self.delays, trace: nil)
        let coder = GIFImageCoder()
        chain.fail(9, Broken())
        // Frames after the failed one first: none of them may be placed, and the frames before
        // it must still be (the calling thread takes those first).
        for n in (10..<Self.count).reversed() { chain.add(n, frames[n], coder: coder) }
        #expect(chain.placedCount == 0)
        for n in (0..<9).reversed() { chain.add(n, frames[n], coder: coder) }
        #expect(chain.placedCount == 9)
        for n in 0..<9 { _ = try chain.take(n) }
        #expect(throws: Broken.self) { try chain.take(9) }
        #expect(chain.placedCount == 9)
    }
}
