// Blend-mode compositing rows in C, so that the compiler can use AVX2 and AVX-512 where the CPU has
// them (one binary: the right code chosen at load time by target_clones, or at run time for the
// separable blend modes, `cyl_blend_isa`). Swift's own vectoriser stays at
// SSE2 here, which has no 32-bit multiply and runs float 4-wide where AVX2 does 8. Pixels are packed
// premultiplied RGBA8, r | g<<8 | b<<16 | a<<24. CYLRaster's BlendKernels.swift documents the formulas.
#ifndef CYL_RASTER_KERNELS_H
#define CYL_RASTER_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/// The blend modes, numbered for `cyl_blend_row`: integer formulas (multiply ... add, blend.c),
/// integers with one float quotient a channel (colour dodge ... soft light, blend_quotient.c) and
/// float ones (hue ... luminosity, blend_float.c).
enum cyl_blend_mode {
    CYL_BLEND_MULTIPLY = 1,
    CYL_BLEND_SCREEN,
    CYL_BLEND_OVERLAY,
    CYL_BLEND_DARKEN,
    CYL_BLEND_LIGHTEN,
    CYL_BLEND_HARD_LIGHT,
    CYL_BLEND_DIFFERENCE,
    CYL_BLEND_EXCLUSION,
    CYL_BLEND_ADD,
    CYL_BLEND_COLOR_DODGE,
    CYL_BLEND_COLOR_BURN,
    CYL_BLEND_SOFT_LIGHT,
    CYL_BLEND_HUE,
    CYL_BLEND_SATURATION,
    CYL_BLEND_COLOR,
    CYL_BLEND_LUMINOSITY,
};

/// d[i] = (s[i] scaled by op/255) blended over d[i] by `mode`, for i in 0..<n. `d` and `s` must not
/// overlap. Returns 0, or -1 for a mode this function does not have (nothing is written).
int cyl_blend_row(int mode, uint32_t *d, const uint32_t *s, size_t n, uint32_t op);

/// The code paths of the separable blend rows (multiply ... exclusion, colour dodge ... soft
/// light): `cyl_blend_row` takes the widest the CPU has (AVX-512, else AVX2, else SSE2, the x86-64
/// baseline); the portable one (a pixel at a time) is what the vector ones must equal, bit for bit.
enum cyl_blend_isa { CYL_BLEND_ISA_PORTABLE = 0, CYL_BLEND_ISA_SSE2 = 1, CYL_BLEND_ISA_AVX2 = 2, CYL_BLEND_ISA_AVX512 = 3 };

/// Whether this CPU and build can run `isa`'s rows (1) or not (0).
int cyl_blend_isa_available(int isa);

/// `cyl_blend_row` through `isa`'s code, for the separable modes (multiply ... exclusion, colour
/// dodge ... soft light) only.
/// Returns 0, or -1 (nothing written) for another mode or an `isa` not available.
int cyl_blend_row_isa(int isa, int mode, uint32_t *d, const uint32_t *s, size_t n, uint32_t op);

/// One run of coverage, laid out as CYLRaster's `Span` (x, y, length, coverage; 16 bytes), which a
/// test checks.
struct cyl_span {
    int32_t x, y, length;
    uint8_t coverage;
};

/// d[i] = (s[i] scaled by coverage/255) over d[i], premultiplied source-over, for i in 0..<n.
void cyl_over_row(uint32_t *d, const uint32_t *s, size_t n, uint32_t coverage);

/// Paints `src` (premultiplied) over the pixels of `count` spans, each scaled by its coverage.
/// `base` is pixel (0, 0) of rows `stride` pixels apart; every span must lie inside.
void cyl_paint_solid_spans(uint32_t *base, size_t stride, const struct cyl_span *spans, size_t count, uint32_t src);

/// How a mask path's coverage c combines into an accumulated mask value m (Lottie's mask modes):
/// add m + c - mc, subtract m(1 - c), intersect mc (in 0...255, rounded).
enum cyl_mask_mode { CYL_MASK_ADD = 0, CYL_MASK_SUBTRACT = 1, CYL_MASK_INTERSECT = 2 };

/// Combines coverage `c` into the `n` mask bytes at `m` by `mode`.
void cyl_mask_row(uint8_t *m, size_t n, uint32_t c, int mode);

/// Combines the coverage of `count` spans, each scaled by `opacity`/255 and clipped to the rectangle
/// [x0, x1) x [y0, y1), into the mask at `base` (rows `stride` bytes apart) by `mode` (add or
/// subtract: pixels no span covers keep their value).
void cyl_mask_combine_spans(uint8_t *base, size_t stride, const struct cyl_span *spans, size_t count,
                            int32_t x0, int32_t y0, int32_t x1, int32_t y1, uint32_t opacity, int mode);

/// d[i] scaled by m[i]/255 (every channel, rounded), for i in 0..<n.
void cyl_apply_mask_row(uint32_t *d, const uint8_t *m, size_t n);

/// d[i] = s[i] (premultiplied) in straight alpha, each colour min(255, round(c * 255 / a)); a
/// pixel of alpha 0 becomes 0; then OR'd with `or_mask` (0xFF000000 forces opaque), for i in 0..<n.
void cyl_straight_row(uint32_t *d, const uint32_t *s, size_t n, uint32_t or_mask);

/* Straight to premultiplied alpha in place over n RGBA pixels (what every decoded image goes
 * through): each colour becomes round(c * a / 255), (c * a + 127) / 255 exactly. */
void cyl_premultiply_row(uint8_t *p, size_t n);

/// One row of a 4:2:0 picture to straight RGBA (yuv.c): `width` pixels from column `x` of the
/// luma row `y`, chroma from the nearer and farther half-size rows, its columns clamped to
/// cx0...cx1; alpha from `alpha` (a luma row, its first `alpha_count` pixels; 0 past them) or 255
/// when it is NULL.
void cyl_yuv420_straight_row(uint8_t *dst, const uint8_t *y, const uint8_t *u_near, const uint8_t *u_far,
                             const uint8_t *v_near, const uint8_t *v_far, const uint8_t *alpha, int32_t alpha_count,
                             int32_t x, int32_t width, int32_t cx0, int32_t cx1);

/// One pass of the gaussian blur: each of `h` rows of `w` pixels (rows `src_stride` apart) convolved
/// with the `taps` weights `k` (odd count, 16-bit fixed point summing to 65536; pixels past the row
/// count as transparent), output pixel (x, y) written to `dst[x * dst_stride + y]` (transposed).
/// `row` is scratch for 16 * (w + taps - 1) uint32s. AVX2 where the CPU has it (chosen at run time).
void cyl_blur_pass(const uint32_t *src, size_t src_stride, uint32_t *dst, size_t dst_stride,
                   size_t w, size_t h, const uint32_t *k, size_t taps, uint32_t *row);
/// The same pass in portable C, whatever the CPU (the tests compare it with the AVX2 one).
void cyl_blur_pass_portable(const uint32_t *src, size_t src_stride, uint32_t *dst, size_t dst_stride,
                            size_t w, size_t h, const uint32_t *k, size_t taps, uint32_t *row);
/// 1 when `cyl_blur_pass` runs the AVX2 pass on this CPU.
int cyl_blur_pass_is_vectorised(void);
/// d[i] = the pixel whose channel c is round((h0[4i + c] · (256 − w1) + h1[4i + c] · w1) / 65536),
/// for i in 0..<n; every h value ≤ 255 · 256, w1 ≤ 256 (a reduced blur's interpolation back up).
void cyl_lerp_rows(uint32_t *d, const uint32_t *h0, const uint32_t *h1, size_t n, uint32_t w1);

/// Blurs the `w × h` bytes of 8-bit coverage at `img` (rows `stride` apart) in place by a gaussian:
/// the `taps_x` weights `kx` across, then the `taps_y` weights `ky` down (odd counts, 16-bit fixed
/// point summing to 65536), each pass rounded; bytes outside the rectangle count as 0. `scratch`
/// holds `cyl_blur_coverage_scratch(w, h, taps_x, taps_y)` bytes.
void cyl_blur_coverage(uint8_t *img, size_t stride, size_t w, size_t h, const uint32_t *kx, size_t taps_x,
                       const uint32_t *ky, size_t taps_y, uint8_t *scratch);
size_t cyl_blur_coverage_scratch(size_t w, size_t h, size_t taps_x, size_t taps_y);
/// out[x] = src[i0] · (256 − w1) + src[i0 + di] · w1 for each output column x, where table[2x] is
/// i0 and table[2x + 1] is w1 | di << 16 (a reduced coverage row interpolated across, in 1/256).
void cyl_lerp_coverage_across(const uint8_t *src, const uint32_t *table, size_t n, uint16_t *out);
/// d[x] = round((h0[x] · (256 − w1) + h1[x] · w1) / 65536), for x in 0..<n (w1 ≤ 256).
void cyl_lerp_coverage_rows(uint8_t *d, const uint16_t *h0, const uint16_t *h1, size_t n, uint32_t w1);
/// d[x] = (src scaled by cov[x]/255) over d[x], premultiplied source-over, for x in 0..<n.
void cyl_over_solid_coverage_row(uint32_t *d, const uint8_t *cov, size_t n, uint32_t src);

#endif
