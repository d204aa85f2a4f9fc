import CYLRaster
import Testing

/// `applyColorTables`: channels through their tables, alpha kept, results clamped to alpha,
/// transparent pixels and pixels outside the rectangle untouched.
@Suite struct ColorTablesTests {
    @Test func tablesMapChannelsAndKeepPixelsPremultiplied() throws {
        var p = try Pixmap(width: 3, height: 1, premultipliedBytes: [10, 20, 30, 255, 100, 50, 0, 128, 9, 9, 9, 0])
        let invert = (0..<256).map { UInt8(255 - $0) }, identity = (0..<256).map { UInt8($0) }
        p.applyColorTables(ColorTables(red: invert, green: identity, blue: identity), in: IntRect(x: 0, y: 0, width: 3, height: 1))
        let bytes = p.withUnsafeBytes { Array($0) }
        #expect(Array(bytes[0..<4]) == [245, 20, 30, 255])
        // 255 - 100 = 155 is more than the alpha of 128: clamped to stay premultiplied.
        #expect(Array(bytes[4..<8]) == [128, 50, 0, 128])
        #expect(Array(bytes[8..<12]) == [9, 9, 9, 0])
    }
}
