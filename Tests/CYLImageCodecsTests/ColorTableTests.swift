@testable import CYLImageCodecs
import Testing

/// The colour histogram is bounded (issue 16: a frame of noise scaled to 2896x2896 grew it to 2^25
/// slots, 335 MB, and the whole GIF conversion to 770 MB): past `maxEntries` colours it bins them
/// coarser and merges their counts, losing no pixel.
@Suite struct ColorTableBoundTests {
    @Test func manyDistinctColoursAreBinnedWithinTheBound() {
        let table = ColorTable()
        var added: UInt64 = 0
        var x: UInt32 = 12345
        for i in 0..<3_000_000 {
            x = x &* 1_664_525 &+ 1_013_904_223
            table.add(x & 0x00FF_FFFF, UInt32(1 + i % 3))
            added += UInt64(1 + i % 3)
        }
        #expect(table.count <= ColorTable.maxEntries)
        #expect(table.capacity <= 2 * ColorTable.maxEntries)
        #expect(table.mask != 0x00FF_FFFF, "binning started")
        let (colors, counts) = table.entries()
        #expect(counts.reduce(UInt64(0)) { $0 + UInt64($1) } == added, "every pixel still counted")
        #expect(colors.allSatisfy { $0 & ~table.mask == 0 })
        // A colour added after binning is counted under its bin.
        let before = table.counts[table.slot(of: 0x00AB_CDEF)]
        table.add(0x00AB_CDEF, 5)
        #expect(table.counts[table.slot(of: 0x00AB_CDEF & table.mask)] == before + 5)
    }

    @Test func fewColoursStayExact() {
        let table = ColorTable()
        for c: UInt32 in [0x000000, 0x0000FF, 0x00FF00, 0xFF0000, 0x123456] { table.add(c, 2) }
        #expect(table.mask == 0x00FF_FFFF && table.count == 5)
        #expect(Set(table.entries().colors) == [0x000000, 0x0000FF, 0x00FF00, 0xFF0000, 0x123456])
    }
}
