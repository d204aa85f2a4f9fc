import CYLRaster
import CYLTimeline

/// Draws an artboard instance (placeholder until the shared display list lands).
enum RiveRenderer {
    static func draw(_ artboard: ArtboardInstance, into target: inout Pixmap, file: String, frame: Int) throws {
        throw RenderError(file: file, frame: frame, "drawing Rive artboards is not available yet")
    }
}
