import CRasterKernels
@testable import CYLRaster
import Testing

/// The C span painter reads `[Span]` as `cyl_span` (x, y, length, coverage): the two layouts must
/// agree field by field, or every solid fill would paint the wrong pixels.
@Suite struct SpanLayoutTests {
    @Test func spanIsLaidOutAsCylSpan() {
        #expect(MemoryLayout<Span>.stride == MemoryLayout<cyl_span>.stride)
        #expect(MemoryLayout<Span>.offset(of: \Span.x) == MemoryLayout<cyl_span>.offset(of: \cyl_span.x))
        #expect(MemoryLayout<Span>.offset(of: \Span.y) == MemoryLayout<cyl_span>.offset(of: \cyl_span.y))
        #expect(MemoryLayout<Span>.offset(of: \Span.length) == MemoryLayout<cyl_span>.offset(of: \cyl_span.length))
        #expect(MemoryLayout<Span>.offset(of: \Span.coverage) == MemoryLayout<cyl_span>.offset(of: \cyl_span.coverage))
    }

    /// Solid spans painted by the C kernel equal the per-pixel formula, for runs shorter and longer
    /// than its inline threshold, every coverage class and translucent and opaque colours.
    @Test func solidSpansMatchThePixelFormula() throws {
        for src in [RGBA8(200, 40, 10, 255), RGBA8(30, 160, 90, 128), RGBA8(0, 0, 0, 0), RGBA8(255, 255, 255, 1)] {
            var target = try Pixmap(width: 40, height: 4)
            target.withUnsafeMutablePixels { p, stride in
                for i in 0..<(stride * 4) { p[i] = UInt32(truncatingIfNeeded: i &* 2_654_435_761) | 0xFF00_0000 }
            }
            var expected = target
            let spans = [Span(x: 0, y: 0, length: 3, coverage: 255), Span(x: 3, y: 0, length: 30, coverage: 77),
                         Span(x: 1, y: 1, length: 39, coverage: 255), Span(x: 5, y: 2, length: 1, coverage: 1),
                         Span(x: 6, y: 3, length: 9, coverage: 200)]
            let packed = Color(src).packedPremultiplied()
            expected.withUnsafeMutablePixels { p, stride in
                for s in spans {
                    let c = scalePixel(packed, UInt32(s.coverage))
                    for x in Int(s.x)..<Int(s.x + s.length) {
                        let i = Int(s.y) * stride + x
                        p[i] = c &+ scalePixel(p[i], 255 &- (c >> 24))
                    }
                }
            }
            try Canvas().paintSpans(spans, paint: .solid(Color(src)), into: &target)
            #expect(target == expected, "\(src)")
        }
    }
}
