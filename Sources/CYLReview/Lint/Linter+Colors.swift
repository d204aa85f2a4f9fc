import CYLDocuments
import CYLRaster
import CYLTimeline
import Foundation

extension Linter {
    /// Dark mode: the icon (its dark variant, else the light icon itself) on the dark bar in its
    /// resting and selected frames. Fires when at least half of what shows has less than the
    /// profile's contrast against the bar.
    func checkDarkContrast(_ s: LintSubject, _ out: inout Findings) throws {
        guard out.wants(.darkContrast) else { return }
        let t = s.dark ?? s.timeline
        let size = FrameAnalysis(t).pixels
        let bar = Contrast.luminance(s.darkBackground)
        for f in Self.restFrames(s) where f < t.frameCount {
            let image = try t.render(frame: f, size: size)
            let (low, total, common) = Contrast.lowContrastPixels(image, background: s.darkBackground, minRatio: profile.minDarkContrast)
            // A frame with next to nothing on it (under 0.5% of the canvas) has no colours to judge.
            guard total * 200 >= image.width * image.height, Double(low) >= 0.5 * Double(total), let common else { continue }
            let ratio = Contrast.ratio(Contrast.luminance(common), bar)
            out.add(.darkContrast, at: "frame \(f)",
                    "\(Self.percent(Double(low) / Double(total))) of \(s.dark == nil ? "the icon (it has no dark variant)" : "the dark variant") has less than \(profile.minDarkContrast.compactText):1 contrast with the dark bar \(Contrast.hex(s.darkBackground)); its commonest colour there, \(Contrast.hex(common)), has \(String(format: "%.1f", ratio)):1")
            return
        }
    }

    /// A GIF whose frames together use more than 256 colours.
    func checkPalette(_ s: LintSubject, _ out: inout Findings) throws {
        guard out.wants(.gifPaletteOverflow) else { return }
        var colours = Set<UInt32>()
        for f in 0..<s.timeline.frameCount {
            let image = try s.timeline.render(frame: f, size: s.timeline.canvasSize)
            image.withUnsafePixels { p, pitch in
                for y in 0..<image.height {
                    let row = p + y * pitch
                    for x in 0..<image.width { colours.insert(row[x] >> 24 == 0 ? 0 : row[x]) }
                }
            }
            if colours.count > 256 {
                out.add(.gifPaletteOverflow, at: "frames 0-\(f)", "the frames use more than 256 colours in all (\(colours.count) by frame \(f))")
                return
            }
        }
    }
}

/// WCAG contrast between colours.
enum Contrast {
    /// Relative luminance of an opaque sRGB colour (alpha ignored).
    static func luminance(_ c: RGBA8) -> Double {
        func channel(_ v: UInt8) -> Double {
            let x = Double(v) / 255
            return x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
    }

    static func ratio(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }

    static func hex(_ c: RGBA8) -> String { String(format: "#%02x%02x%02x", c.r, c.g, c.b) }

    /// Of the pixels of `image` that are mostly opaque (alpha ≥ 128), how many have less than
    /// `minRatio` contrast against `background` once drawn over it, how many there are, and the
    /// commonest such colour (as seen over the background).
    static func lowContrastPixels(_ image: Pixmap, background: RGBA8, minRatio: Double) -> (Int, Int, RGBA8?) {
        let bg = luminance(background)
        var low = 0, total = 0
        var counts: [UInt32: Int] = [:]
        var cache: [UInt32: Bool] = [:]
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                guard p.a >= 128 else { continue }
                total += 1
                // Premultiplied colour over the opaque background.
                func over(_ c: UInt8, _ b: UInt8) -> UInt8 { UInt8(min(255, Int(c) + Int(b) * (255 - Int(p.a)) / 255)) }
                let seen = RGBA8(over(p.r, background.r), over(p.g, background.g), over(p.b, background.b), 255)
                let key = UInt32(seen.r) | UInt32(seen.g) << 8 | UInt32(seen.b) << 16
                let isLow: Bool
                if let hit = cache[key] { isLow = hit } else {
                    isLow = ratio(luminance(seen), bg) < minRatio
                    cache[key] = isLow
                }
                guard isLow else { continue }
                low += 1
                counts[key, default: 0] += 1
            }
        }
        guard let best = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) })?.key else { return (low, total, nil) }
        return (low, total, RGBA8(UInt8(best & 0xFF), UInt8(best >> 8 & 0xFF), UInt8(best >> 16 & 0xFF), 255))
    }
}
