// Single-channel coverage rows: a gaussian blur of 8-bit coverage, its bilinear interpolation back
// up from a reduced grid, and a solid colour painted through it. A feathered solid paint is its
// coverage blurred and painted (DisplayListRenderer+Feather.swift): one byte a pixel to blur where
// a layer has four, and no layer to composite.
//
// Both blur passes read rows (across: one row shifted by each tap; down: the rows above and below),
// so the loops are elementwise over x and vectorise; each pass rounds as (sum + 2^15) >> 16, which
// is CYLRaster's Mask.blurPass, so the bytes equal the Swift pass's.
#include "kernels_common.h"
#include <string.h>

// Thirty-two outputs a block, their sums kept in registers across all the taps (one store per
// output rather than one per tap); the kernel is symmetric (GaussianKernel), so the two pixels a
// weight applies to are added first and multiplied once.
#define BLOCK 32

// Whether the `len` bytes at p all equal v (len a multiple of 8 or not).
static inline int all_equal(const uint8_t *p, size_t len, uint8_t v) {
    uint64_t vv = 0x0101010101010101ull * v, w;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        memcpy(&w, p + i, 8);
        if (w != vv) return 0;
    }
    for (; i < len; i++)
        if (p[i] != v) return 0;
    return 1;
}

// Whether every tap of a block reads the same byte: then each output is that byte times the
// kernel's sum, rounded, with no multiplying. A blurred shape's coverage is mostly such blocks
// (0 around it, 255 inside a fill), so this halves a feather's blur or better.
static inline int flat_block(const uint8_t *src, size_t step, size_t taps) {
    uint8_t v = src[0];
    if (step == 1) return all_equal(src, BLOCK + taps - 1, v);
    for (size_t i = 0; i < taps; i++)
        if (!all_equal(src + i * step, BLOCK, v)) return 0;
    return 1;
}

// dst[x] = round(sum_i k[i] * src[x + i * step] / 65536) for x in 0..<n, k symmetric, `src`
// readable for every tap (zero-padded by the caller) and not overlapping `dst`.
CYL_CLONES
static void convolve(uint8_t *restrict dst, const uint8_t *restrict src, size_t step, size_t n, const uint32_t *restrict k,
                     size_t taps) {
    size_t r = taps / 2, x = 0;
    uint32_t sum = 0;
    for (size_t i = 0; i < taps; i++) sum += k[i];
    for (; x < n && n >= BLOCK; x += BLOCK) {
        // The last block ends at n, overlapping the one before: outputs are written, never read,
        // so computing a few twice beats a scalar tail (which cost more than all the blocks).
        if (x + BLOCK > n) x = n - BLOCK;
        if (flat_block(src + x, step, taps)) {
            memset(dst + x, (uint8_t)((src[x] * sum + 0x8000u) >> 16), BLOCK);
            continue;
        }
        uint32_t a[BLOCK];
        const uint8_t *c = src + x + r * step;
        for (size_t j = 0; j < BLOCK; j++) a[j] = k[r] * c[j];
        for (size_t i = 0; i < r; i++) {
            const uint8_t *p = src + x + i * step, *q = src + x + (taps - 1 - i) * step;
            uint32_t kk = k[i];
            for (size_t j = 0; j < BLOCK; j++) a[j] += kk * (uint32_t)(p[j] + q[j]);
        }
        for (size_t j = 0; j < BLOCK; j++) dst[x + j] = (uint8_t)((a[j] + 0x8000u) >> 16);
    }
    for (; x < n; x++) {
        uint32_t a = 0;
        for (size_t i = 0; i < taps; i++) a += k[i] * src[x + i * step];
        dst[x] = (uint8_t)((a + 0x8000u) >> 16);
    }
}

size_t cyl_blur_coverage_scratch(size_t w, size_t h, size_t taps_x, size_t taps_y) {
    return w + taps_x - 1 + w * (h + taps_y - 1);
}

void cyl_blur_coverage(uint8_t *img, size_t stride, size_t w, size_t h, const uint32_t *kx, size_t taps_x,
                       const uint32_t *ky, size_t taps_y, uint8_t *scratch) {
    size_t rx = taps_x / 2, ry = taps_y / 2;
    // Across: each row copied into a zero-padded row, convolved into `mid`, which has `ry` zero
    // rows above and below so that every row down reads `taps_y` rows.
    uint8_t *pad = scratch, *mid = scratch + w + taps_x - 1;
    memset(pad, 0, w + 2 * rx);
    memset(mid, 0, ry * w);
    memset(mid + (ry + h) * w, 0, ry * w);
    for (size_t y = 0; y < h; y++) {
        memcpy(pad + rx, img + y * stride, w);
        convolve(mid + (ry + y) * w, pad, 1, w, kx, taps_x);
    }
    for (size_t y = 0; y < h; y++) convolve(img + y * stride, mid + y * w, w, w, ky, taps_y);
}

void cyl_lerp_coverage_across(const uint8_t *src, const uint32_t *table, size_t n, uint16_t *out) {
    for (size_t x = 0; x < n; x++) {
        uint32_t i0 = table[2 * x], e = table[2 * x + 1];
        uint32_t w1 = e & 0xFFFFu, c0 = src[i0], c1 = src[i0 + (e >> 16)];
        out[x] = (uint16_t)(c0 * (256 - w1) + c1 * w1);
    }
}

CYL_CLONES
void cyl_lerp_coverage_rows(uint8_t *restrict d, const uint16_t *restrict h0, const uint16_t *restrict h1, size_t n,
                            uint32_t w1) {
    uint32_t w0 = 256 - w1;
    for (size_t x = 0; x < n; x++) d[x] = (uint8_t)(((uint32_t)h0[x] * w0 + (uint32_t)h1[x] * w1 + 0x8000u) >> 16);
}

// Blocks of sixteen: a blurred coverage is mostly 0 around the shape and, for a large shape, 255
// inside it, and scaling by 0 or 255 is exact (cyl_mul_lanes), so a block all 0 is left as it is
// and, for an opaque colour, a block all 255 is the colour itself. A still feathered shape then
// costs what its soft edge costs, not a blend of every pixel the blur reaches.
#define RUN 16

// `src` scaled by coverage `c`, source-over `dp`.
static inline uint32_t over_covered(uint32_t dp, uint32_t src, uint32_t c) {
    uint32_t sp = cyl_scale_pixel(src, c);
    return sp + cyl_scale_pixel(dp, 255 - (sp >> 24));
}

CYL_CLONES
void cyl_over_solid_coverage_row(uint32_t *restrict d, const uint8_t *restrict cov, size_t n, uint32_t src) {
    int opaque = (src >> 24) == 255;
    size_t x = 0;
    for (; x + RUN <= n; x += RUN) {
        uint64_t a, b;
        memcpy(&a, cov + x, 8);
        memcpy(&b, cov + x + 8, 8);
        if ((a | b) == 0) continue;
        if (opaque && (a & b) == ~(uint64_t)0) {
            for (size_t j = 0; j < RUN; j++) d[x + j] = src;
            continue;
        }
        for (size_t j = 0; j < RUN; j++) d[x + j] = over_covered(d[x + j], src, cov[x + j]);
    }
    for (; x < n; x++) d[x] = over_covered(d[x], src, cov[x]);
}
