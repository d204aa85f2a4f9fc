import CYLImageCodecs
import CYLRaster

/// Every frame of one icon at one size packed into one image, the way the review page embeds
/// frames: a grid of equal cells, one per distinct frame (a frame identical to an earlier one,
/// as in a hold, reuses its cell), encoded as lossless WebP or PNG, whichever is smaller.
/// The page draws frame `f` by copying cell `cellOfFrame[f]` onto a canvas, pixel for pixel.
struct SpriteSheet {
    /// One cell: the size every frame was rendered at.
    var cellSize: PixelSize
    var columns: Int
    /// For each frame, the cell holding its pixels.
    var cellOfFrame: [Int]
    var bytes: [UInt8]
    /// `image/webp` or `image/png`.
    var mime: String

    var cellCount: Int { (cellOfFrame.max() ?? 0) + 1 }

    /// Renders `frameCount` frames with `render` (each `cellSize`) and packs them. `maxPixels`
    /// bounds the packed image (it fails with `SpriteSheetError.tooLarge` before allocating it).
    static func make(frameCount: Int, cellSize: PixelSize, maxPixels: Int,
                     render: (Int) throws -> Pixmap) throws -> SpriteSheet {
        var cells: [Pixmap] = []
        var byHash: [Int: [Int]] = [:]
        var cellOfFrame: [Int] = []
        cellOfFrame.reserveCapacity(frameCount)
        for f in 0..<frameCount {
            let image = try render(f)
            precondition(image.size == cellSize, "every frame of a sprite sheet has the cell's size")
            let h = hash(image)
            if let same = byHash[h]?.first(where: { cells[$0] == image }) {
                cellOfFrame.append(same)
                continue
            }
            guard (cells.count + 1) * cellSize.pixelCount <= maxPixels else {
                throw SpriteSheetError.tooLarge(pixels: (cells.count + 1) * cellSize.pixelCount, limit: maxPixels)
            }
            byHash[h, default: []].append(cells.count)
            cellOfFrame.append(cells.count)
            cells.append(image)
        }
        let columns = Self.columns(cells: cells.count, cell: cellSize)
        let rows = (cells.count + columns - 1) / columns
        var sheet = try Pixmap(width: columns * cellSize.width, height: rows * cellSize.height, maxPixels: maxPixels)
        for (i, cell) in cells.enumerated() {
            sheet.composite(cell, x: (i % columns) * cellSize.width, y: (i / columns) * cellSize.height)
        }
        let (bytes, mime) = try encode(sheet)
        return SpriteSheet(cellSize: cellSize, columns: columns, cellOfFrame: cellOfFrame, bytes: bytes, mime: mime)
    }

    /// Columns for a roughly square sheet that stays within WebP's 16383 pixels a side when it can.
    static func columns(cells: Int, cell: PixelSize) -> Int {
        let square = Int((Double(cells) * Double(cell.height) / Double(cell.width)).squareRoot().rounded(.up))
        return max(1, min(cells, square, max(1, 16383 / cell.width)))
    }

    /// The smaller of lossless WebP and PNG (WebP only when the sheet fits its size limit).
    static func encode(_ sheet: Pixmap) throws -> ([UInt8], String) {
        let png = try PNGCodec.encode(sheet, compressionLevel: 9, filter: .adaptive)
        guard sheet.width <= 16383, sheet.height <= 16383, let webp = try? WebPImageEncoder.encodeLossless(sheet),
              webp.count < png.count else { return (png, "image/png") }
        return (webp, "image/webp")
    }

    static func hash(_ image: Pixmap) -> Int {
        var hasher = Hasher()
        image.withUnsafeBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        return hasher.finalize()
    }
}

/// Why a sprite sheet could not be made.
enum SpriteSheetError: Error {
    case tooLarge(pixels: Int, limit: Int)
}
