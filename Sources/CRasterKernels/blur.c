// One pass of the gaussian blur (CYLRaster's Blur.swift / Effects.swift `blurRect`): each row
// convolved with 16-bit fixed-point weights summing to 65536 and written transposed. Same integer
// sums as the Swift pass (`Pixmap.blurPass`, kept as the reference the tests compare with): every
// channel's Σ c·k ≤ 255 · 65536 fits 32 bits, so computing them in 32-bit lanes gives the same bytes.
// The AVX2 pass is chosen at run time (__builtin_cpu_supports) rather than by target_clones: it is
// written with intrinsics, two pixels' four channels in the eight 32-bit lanes of a register.
#include <string.h>

#include "kernels_common.h"

#if defined(__x86_64__) && !defined(CYL_NO_CLONES)
#include <immintrin.h>
#define CYL_BLUR_AVX2 1
#endif

// Spreads row `s` (n pixels) into `row` as 32-bit channels, 4 per pixel, after r zeroed pixels.
static inline void spread_row(uint32_t *restrict row, const uint32_t *restrict s, size_t n, size_t r) {
    uint32_t *o = row + 4 * r;
    for (size_t x = 0; x < n; x++) {
        uint32_t p = s[x];
        o[4 * x] = p & 0xFF;
        o[4 * x + 1] = (p >> 8) & 0xFF;
        o[4 * x + 2] = (p >> 16) & 0xFF;
        o[4 * x + 3] = p >> 24;
    }
}

void cyl_blur_pass_portable(const uint32_t *src, size_t src_stride, uint32_t *dst, size_t dst_stride,
                            size_t w, size_t h, const uint32_t *k, size_t taps, uint32_t *row) {
    size_t r = taps / 2;
    memset(row, 0, 4 * (w + 2 * r) * sizeof(uint32_t));
    for (size_t y = 0; y < h; y++) {
        spread_row(row, src + y * src_stride, w, r);
        for (size_t x = 0; x < w; x++) {
            const uint32_t *p = row + 4 * x;
            uint32_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
            for (size_t i = 0; i < taps; i++) {
                uint32_t wt = k[i];
                a0 += p[4 * i] * wt;
                a1 += p[4 * i + 1] * wt;
                a2 += p[4 * i + 2] * wt;
                a3 += p[4 * i + 3] * wt;
            }
            dst[x * dst_stride + y] = ((a0 + 0x8000) >> 16) | ((a1 + 0x8000) >> 16) << 8 |
                                      ((a2 + 0x8000) >> 16) << 16 | ((a3 + 0x8000) >> 16) << 24;
        }
    }
}

#ifdef CYL_BLUR_AVX2
__attribute__((target("avx2")))
static void blur_pass_avx2(const uint32_t *src, size_t src_stride, uint32_t *dst, size_t dst_stride,
                           size_t w, size_t h, const uint32_t *k, size_t taps, uint32_t *row) {
    size_t r = taps / 2;
    memset(row, 0, 4 * (w + 2 * r) * sizeof(uint32_t));
    const __m256i half = _mm256_set1_epi32(0x8000);
    for (size_t y = 0; y < h; y++) {
        spread_row(row, src + y * src_stride, w, r);
        uint32_t *out = dst + y;
        size_t x = 0;
        // Four pixels at a time: two registers of two pixels each.
        for (; x + 4 <= w; x += 4) {
            const uint32_t *p = row + 4 * x;
            __m256i a = _mm256_setzero_si256(), b = _mm256_setzero_si256();
            for (size_t i = 0; i < taps; i++) {
                __m256i wt = _mm256_set1_epi32((int)k[i]);
                a = _mm256_add_epi32(a, _mm256_mullo_epi32(_mm256_loadu_si256((const __m256i *)(p + 4 * i)), wt));
                b = _mm256_add_epi32(b, _mm256_mullo_epi32(_mm256_loadu_si256((const __m256i *)(p + 4 * i + 8)), wt));
            }
            a = _mm256_srli_epi32(_mm256_add_epi32(a, half), 16);
            b = _mm256_srli_epi32(_mm256_add_epi32(b, half), 16);
            // Per 128-bit half: [x | x+2] then [x+1 | x+3] as bytes (every value ≤ 255).
            __m256i v = _mm256_packus_epi32(a, b);
            v = _mm256_packus_epi16(v, v);
            out[x * dst_stride] = (uint32_t)_mm256_extract_epi32(v, 0);
            out[(x + 2) * dst_stride] = (uint32_t)_mm256_extract_epi32(v, 1);
            out[(x + 1) * dst_stride] = (uint32_t)_mm256_extract_epi32(v, 4);
            out[(x + 3) * dst_stride] = (uint32_t)_mm256_extract_epi32(v, 5);
        }
        for (; x < w; x++) {
            const uint32_t *p = row + 4 * x;
            __m128i a = _mm_setzero_si128();
            for (size_t i = 0; i < taps; i++)
                a = _mm_add_epi32(a, _mm_mullo_epi32(_mm_loadu_si128((const __m128i *)(p + 4 * i)), _mm_set1_epi32((int)k[i])));
            a = _mm_srli_epi32(_mm_add_epi32(a, _mm_set1_epi32(0x8000)), 16);
            a = _mm_packus_epi32(a, a);
            a = _mm_packus_epi16(a, a);
            out[x * dst_stride] = (uint32_t)_mm_cvtsi128_si32(a);
        }
    }
}
#endif

#ifdef CYL_BLUR_AVX2
// Kernels whose weights all fit a signed 16-bit lane (every σ from about 0.8 pixels up) take
// vpmaddwd: the row is laid out so that each 32-bit lane holds one channel of two neighbouring
// pixels (16 bits each), and one instruction multiplies two taps' values by their two weights and
// adds them. Same exact integer sum as above (each partial sum ≤ 255 · 65536 < 2³¹), a quarter of
// the multiply instructions.
#define CYL_BLUR_MAX_PAIRS 64

// pairs[4 i + c] = channel c of pad[i] | channel c of pad[i + 1] << 16, where pad[i] = s[i - r]
// inside the row and 0 outside; entries outside r - 1 ..< r + n stay as they are (zero).
__attribute__((target("avx2")))
static void pair_row(uint32_t *restrict pairs, const uint32_t *restrict s, size_t n, size_t r) {
    uint32_t *o = pairs + 4 * (r - 1);
    for (size_t c = 0; c < 4; c++) o[c] = ((s[0] >> (8 * c)) & 0xFF) << 16;
    o += 4;
    for (size_t x = 0; x + 1 < n; x++) {
        uint32_t a = s[x], b = s[x + 1];
        o[4 * x] = (a & 0xFF) | (b & 0xFF) << 16;
        o[4 * x + 1] = ((a >> 8) & 0xFF) | ((b >> 8) & 0xFF) << 16;
        o[4 * x + 2] = ((a >> 16) & 0xFF) | ((b >> 16) & 0xFF) << 16;
        o[4 * x + 3] = (a >> 24) | (b >> 24) << 16;
    }
    uint32_t a = s[n - 1];
    o += 4 * (n - 1);
    for (size_t c = 0; c < 4; c++) o[c] = (a >> (8 * c)) & 0xFF;
}

// One row's output pixel x (its pairs at p = pairs + 4x) for the tail of a row, rounded and packed.
__attribute__((target("avx2")))
static inline uint32_t pairs_pixel(const uint32_t *p, const int32_t *kp, size_t np) {
    __m128i a = _mm_setzero_si128();
    for (size_t j = 0; j < np; j++)
        a = _mm_add_epi32(a, _mm_madd_epi16(_mm_loadu_si128((const __m128i *)(p + 8 * j)), _mm_set1_epi32(kp[j])));
    a = _mm_srli_epi32(_mm_add_epi32(a, _mm_set1_epi32(0x8000)), 16);
    a = _mm_packus_epi32(a, a);
    a = _mm_packus_epi16(a, a);
    return (uint32_t)_mm_cvtsi128_si32(a);
}

// Four rows at a time, so that each output column gets four consecutive pixels in one 16-byte store
// (the output is transposed: one pixel a row would be a store to a different cache line each).
__attribute__((target("avx2")))
static void blur_pass_avx2_pairs(const uint32_t *src, size_t src_stride, uint32_t *dst, size_t dst_stride,
                                 size_t w, size_t h, const uint32_t *k, size_t taps, uint32_t *row) {
    size_t r = taps / 2, np = (taps + 1) / 2, n = 4 * (w + 2 * r);
    int32_t kp[CYL_BLUR_MAX_PAIRS];
    for (size_t j = 0; j < np; j++) kp[j] = (int32_t)(k[2 * j] | (2 * j + 1 < taps ? k[2 * j + 1] : 0) << 16);
    // Four rows of the pairs of pad[0 ..< w + 2r], the last one's partner past the end: n entries each.
    memset(row, 0, 4 * n * sizeof(uint32_t));
    const __m256i half = _mm256_set1_epi32(0x8000);
    size_t y = 0;
    for (; y + 4 <= h; y += 4) {
        for (size_t q = 0; q < 4; q++) pair_row(row + q * n, src + (y + q) * src_stride, w, r);
        uint32_t *out = dst + y;
        size_t x = 0;
        for (; x + 4 <= w; x += 4) {
            const uint32_t *p = row + 4 * x;
            __m256i a0 = _mm256_setzero_si256(), b0 = a0, a1 = a0, b1 = a0, a2 = a0, b2 = a0, a3 = a0, b3 = a0;
            for (size_t j = 0; j < np; j++) {
                __m256i wt = _mm256_set1_epi32(kp[j]);
                const uint32_t *t = p + 8 * j;
#define CYL_TAP(A, B, Q) \
                A = _mm256_add_epi32(A, _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)(t + (Q) * n)), wt)); \
                B = _mm256_add_epi32(B, _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)(t + (Q) * n + 8)), wt));
                CYL_TAP(a0, b0, 0) CYL_TAP(a1, b1, 1) CYL_TAP(a2, b2, 2) CYL_TAP(a3, b3, 3)
#undef CYL_TAP
            }
#define CYL_ROUND(A) _mm256_srli_epi32(_mm256_add_epi32(A, half), 16)
            // Row q packed: per 128-bit half, pixels [x, x + 2 | x + 1, x + 3] of rows (q, q + 1).
            __m256i v01 = _mm256_packus_epi16(_mm256_packus_epi32(CYL_ROUND(a0), CYL_ROUND(b0)),
                                              _mm256_packus_epi32(CYL_ROUND(a1), CYL_ROUND(b1)));
            __m256i v23 = _mm256_packus_epi16(_mm256_packus_epi32(CYL_ROUND(a2), CYL_ROUND(b2)),
                                              _mm256_packus_epi32(CYL_ROUND(a3), CYL_ROUND(b3)));
#undef CYL_ROUND
            // Half 0 of v01: [r0 x, r0 x+2, r1 x, r1 x+2] -> [r0 x, r1 x, r0 x+2, r1 x+2]; half 1 the same
            // for x + 1, x + 3. Then the low and high 64 bits of both give each column's four rows.
            v01 = _mm256_shuffle_epi32(v01, _MM_SHUFFLE(3, 1, 2, 0));
            v23 = _mm256_shuffle_epi32(v23, _MM_SHUFFLE(3, 1, 2, 0));
            __m256i lo = _mm256_unpacklo_epi64(v01, v23), hi = _mm256_unpackhi_epi64(v01, v23);
            _mm_storeu_si128((__m128i *)(out + x * dst_stride), _mm256_castsi256_si128(lo));
            _mm_storeu_si128((__m128i *)(out + (x + 1) * dst_stride), _mm256_extracti128_si256(lo, 1));
            _mm_storeu_si128((__m128i *)(out + (x + 2) * dst_stride), _mm256_castsi256_si128(hi));
            _mm_storeu_si128((__m128i *)(out + (x + 3) * dst_stride), _mm256_extracti128_si256(hi, 1));
        }
        for (; x < w; x++)
            for (size_t q = 0; q < 4; q++) out[x * dst_stride + q] = pairs_pixel(row + q * n + 4 * x, kp, np);
    }
    for (; y < h; y++) {
        pair_row(row, src + y * src_stride, w, r);
        for (size_t x = 0; x < w; x++) dst[x * dst_stride + y] = pairs_pixel(row + 4 * x, kp, np);
    }
}

// Whether every weight fits a signed 16-bit lane (and the pairs fit kp).
static int fits_pairs(const uint32_t *k, size_t taps) {
    if (taps < 3 || (taps + 1) / 2 > CYL_BLUR_MAX_PAIRS) return 0;
    for (size_t i = 0; i < taps; i++) if (k[i] > 32767) return 0;
    return 1;
}
#endif

void cyl_blur_pass(const uint32_t *src, size_t src_stride, uint32_t *dst, size_t dst_stride,
                   size_t w, size_t h, const uint32_t *k, size_t taps, uint32_t *row) {
#ifdef CYL_BLUR_AVX2
    if (__builtin_cpu_supports("avx2")) {
        if (fits_pairs(k, taps)) blur_pass_avx2_pairs(src, src_stride, dst, dst_stride, w, h, k, taps, row);
        else blur_pass_avx2(src, src_stride, dst, dst_stride, w, h, k, taps, row);
        return;
    }
#endif
    cyl_blur_pass_portable(src, src_stride, dst, dst_stride, w, h, k, taps, row);
}

int cyl_blur_pass_is_vectorised(void) {
#ifdef CYL_BLUR_AVX2
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

// The vertical half of a reduced blur's bilinear interpolation back up (ReducedBlur.swift): two rows
// already interpolated across, 4 channels a pixel in 1/256 (each ≤ 255 · 256), mixed by w1/256.
// Written channel by channel as bytes (a pixel's channels r, g, b, a are its bytes in memory order
// on the little-endian targets this package builds for), so the loop is elementwise and vectorises
// without shuffling channels apart.
CYL_CLONES
void cyl_lerp_rows(uint32_t *restrict d, const uint32_t *restrict h0, const uint32_t *restrict h1, size_t n, uint32_t w1) {
    uint32_t w0 = 256 - w1;
    uint8_t *restrict o = (uint8_t *)d;
    for (size_t k = 0; k < 4 * n; k++) o[k] = (uint8_t)((h0[k] * w0 + h1[k] * w1 + 0x8000) >> 16);
}
