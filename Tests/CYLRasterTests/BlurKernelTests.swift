import CRasterKernels
import CYLTestSupport
import Testing
@testable import CYLRaster

/// The C blur pass (CRasterKernels/blur.c: AVX2 where the CPU has it, and its portable C form)
/// against the Swift pass it replaced (`Pixmap.blurPass`): the same integer sums, so equal byte for
/// byte, tolerance 0. Random pixels (not only premultiplied ones: any byte in every channel, the
/// sums' worst case included), random sizes so the four-pixel loop and its tail both run, and
/// kernels from 1 to 61 taps: below σ ≈ 0.8 a weight passes 32767 and the AVX2 pass multiplies
/// 32-bit lanes, above it pairs of 16-bit ones (vpmaddwd); both kinds are drawn.
@Suite struct BlurKernelTests {
    @Test func cPassesEqualTheSwiftPassOnRandomInput() {
        var rng = SplitMix(seed: 0xB1_0E)
        print("blur pass: AVX2 \(cyl_blur_pass_is_vectorised() == 1 ? "in use" : "not available here")")
        for round in 0..<120 {
            let w = 1 + Int(rng.next() % 70), h = 1 + Int(rng.next() % 40)
            let sigma = round < 6 ? [0.0, 0.1, 0.3, 0.5, 0.8, 0.85][round] : 0.2 + Double(rng.next() % 1000) / 100
            let k = GaussianKernel.weights(sigma: sigma)
            let srcStride = w + Int(rng.next() % 3)
            var src = [UInt32](repeating: 0, count: srcStride * h)
            for i in src.indices { src[i] = round % 5 == 0 ? 0xFFFF_FFFF : UInt32(truncatingIfNeeded: rng.next()) }
            let r = k.count / 2
            var swiftOut = [UInt32](repeating: 0, count: w * h), cOut = swiftOut, portableOut = swiftOut
            var rows = [UInt64](repeating: 0, count: 2 * (w + 2 * r))
            var row = [UInt32](repeating: 0xDEAD, count: 16 * (w + 2 * r))
            k.withUnsafeBufferPointer { kp in
                src.withUnsafeBufferPointer { s in
                    rows.withUnsafeMutableBufferPointer { rb in
                        swiftOut.withUnsafeMutableBufferPointer { d in
                            Pixmap.blurPass(src: s.baseAddress!, srcStride: srcStride, dst: d.baseAddress!, dstStride: h, w: w, h: h,
                                            k: kp, rb: rb.baseAddress!, ag: rb.baseAddress! + (w + 2 * r))
                        }
                    }
                    row.withUnsafeMutableBufferPointer { rp in
                        cOut.withUnsafeMutableBufferPointer { d in
                            cyl_blur_pass(s.baseAddress!, srcStride, d.baseAddress!, h, w, h, kp.baseAddress!, kp.count, rp.baseAddress!)
                        }
                        portableOut.withUnsafeMutableBufferPointer { d in
                            cyl_blur_pass_portable(s.baseAddress!, srcStride, d.baseAddress!, h, w, h, kp.baseAddress!, kp.count, rp.baseAddress!)
                        }
                    }
                }
            }
            let bad = (0..<(w * h)).filter { cOut[$0] != swiftOut[$0] || portableOut[$0] != swiftOut[$0] }
            #expect(bad.isEmpty, "round \(round): \(w)x\(h) σ \(sigma), \(bad.count) pixels differ, first at \(bad.first ?? -1)")
        }
    }
}
