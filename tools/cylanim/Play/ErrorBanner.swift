import CYLTabBarItemAnimation
import CYLText

/// `play --watch`'s answer to a broken save, drawn over the bar: a red band along the bottom with
/// the error's first line, so the designer sees it where they are looking while the last good
/// version keeps playing above it.
enum ErrorBanner {
    static let background = RGBA8(0xB0, 0x1E, 0x1E, 0xF0)
    static let textColor = RGBA8(0xFF, 0xFF, 0xFF, 0xFF)
    /// Text size in points (times the window's scale).
    static let points = 10

    /// Draws `message` over the bottom of `image`. Without a font the band alone says something
    /// is wrong; the message is on standard error too.
    static func draw(_ message: String, over image: inout Pixmap, scale: Int) {
        let pixelSize = points * scale
        let height = min(image.height, pixelSize * 2)
        guard height > 0, var band = try? Pixmap(width: image.width, height: height) else { return }
        band.fill(background.premultiplied)
        let line = message.split(separator: "\n").first.map(String.init) ?? message
        if let face = try? FontFace.standard(pixelSize: pixelSize) {
            let text = face.truncated(line, maxWidth: image.width - 2 * pixelSize / 2)
            _ = face.draw(text, x: pixelSize / 2, baseline: (height + face.ascent - face.descent) / 2, color: textColor, into: &band)
        }
        image.composite(band, x: 0, y: image.height - height)
    }
}
