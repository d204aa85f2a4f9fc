#include "blend_quotient.h"
#include "kernels_common.h"

// Colour dodge, colour burn and soft light on premultiplied bytes, as blend.c does the other
// separable modes: for each colour channel
//   co = min(round((cs·(255 − ab) + cb·(255 − as) + T) / 255), ao),   T = as·ab·B(cs/as, cb/ab),
// with T, in 0...255² units, rewritten so that no channel is unpremultiplied:
//   dodge:      cb = 0: 0;  cs >= as: as·ab;  else min(as·ab, as²·cb / (as − cs))
//   burn:       cb >= ab: as·ab;  cs = 0: 0;  else as·ab − min(as·ab, as²·(ab − cb) / cs)
//   soft light: 2cs <= as: as·cb − (as − 2cs)·cb·(ab − cb) / ab
//               else as·cb + (2cs − as)·(E − cb), E = ab·D(cb/ab):
//                 4cb <= ab: 4cb·(4cb² − 3cb·ab + ab²) / ab²  (the W3C cubic, times ab)
//                 else sqrt(cb·ab)
// One division (or square root) a channel where the W3C formulas on unpremultiplied colours need
// two reciprocals a pixel and a division a channel besides; this is what takes these modes past
// 1 Gpx/s (README, Performance).
//
// Every numerator and denominator above is a whole number below 2^24, so exact in float, and a
// quotient or square root is correctly rounded: the only roundings are those IEEE single
// precision defines, which every instruction set performs alike. So the vector code (the loops
// below, vectorised by the compiler for SSE2, AVX2 and AVX-512) equals the one-pixel-at-a-time
// code bit for bit, which a test checks on random bytes. T is rounded to a whole number once,
// before the sum; the result is within one level of the formula in exact arithmetic (tested).
// No contraction into fused multiply-adds: the AVX-512 code has FMA, the baseline does not.
#pragma clang fp contract(off)

// T, given the channel and alpha bytes as floats. Branches are computed and then selected so the
// loops vectorise; a lane whose branch is not taken may divide by zero (an infinity or NaN that
// the select discards). For bytes that are not premultiplied (a channel above its alpha) the
// result is unspecified but the same on every path.
static inline float dodge_term(float cs, float cb, float as, float ab, float inv_ab) {
    (void)inv_ab;
    float full = as * ab;
    float q = as * as * cb / (as - cs);
    float partial = q < full ? q : full;
    return cb == 0.0f ? 0.0f : (cs >= as ? full : partial);
}

static inline float burn_term(float cs, float cb, float as, float ab, float inv_ab) {
    (void)inv_ab;
    float full = as * ab;
    float q = as * as * (ab - cb) / cs;
    float partial = full - (q < full ? q : full);
    return cb >= ab ? full : (cs == 0.0f ? 0.0f : partial);
}

// inv_ab is 1/ab, one division a pixel shared by its three channels (0 where ab is 0).
static inline float soft_light_term(float cs, float cb, float as, float ab, float inv_ab) {
    float low = as * cb - (as - 2.0f * cs) * cb * (ab - cb) * inv_ab;
    float cubic = 4.0f * cb * (4.0f * cb * cb - 3.0f * cb * ab + ab * ab) * inv_ab * inv_ab;
    float e = 4.0f * cb <= ab ? cubic : __builtin_elementwise_sqrt(cb * ab);
    float high = as * cb + (2.0f * cs - as) * (e - cb);
    return 2.0f * cs <= as ? low : high;
}

// round(x / 255) for 0 <= x < 2^24.
static inline uint32_t div255(uint32_t x) {
    uint32_t t = x + 128;
    return (t + (t >> 8)) >> 8;
}

static inline uint32_t umin(uint32_t a, uint32_t b) { return b < a ? b : a; }

// One pixel: sp (already scaled by opacity) over dp. T is clamped to 0...255² (NaN to 0) before it
// becomes an integer, so no conversion overflows.
#define QUOTIENT_PIXEL(NAME, TERM)                                                                \
    static inline __attribute__((always_inline)) uint32_t NAME(uint32_t sp, uint32_t dp) {        \
        uint32_t sa = sp >> 24, da = dp >> 24;                                                    \
        uint32_t ao = sa + da - div255(sa * da);                                                  \
        float fsa = (float)(int32_t)sa, fda = (float)(int32_t)da;                                 \
        float inv_da = da > 0 ? 1.0f / fda : 0.0f;                                                \
        uint32_t out = ao << 24;                                                                  \
        for (int sh = 0; sh < 24; sh += 8) {                                                      \
            uint32_t cs = (sp >> sh) & 255, cb = (dp >> sh) & 255;                                \
            float t = TERM((float)(int32_t)cs, (float)(int32_t)cb, fsa, fda, inv_da);                     \
            t = t > 0.0f ? (t < 65025.0f ? t : 65025.0f) : 0.0f;                                  \
            uint32_t ti = (uint32_t)(int32_t)(t + 0.5f);                                          \
            out |= umin(div255(cs * (255 - da) + cb * (255 - sa) + ti), ao) << sh;                \
        }                                                                                         \
        return sp == 0 ? dp : out; /* a transparent source keeps the backdrop as it is */         \
    }

QUOTIENT_PIXEL(px_color_dodge, dodge_term)
QUOTIENT_PIXEL(px_color_burn, burn_term)
QUOTIENT_PIXEL(px_soft_light, soft_light_term)

// The rows of one mode: the portable one (kept scalar: the reference the others must equal), the
// SSE2 baseline, and AVX2 and AVX-512 where the build has them, all the same loop.
#define QUOTIENT_LOOP(PIXEL)                                                                      \
    if (op == 255) {                                                                              \
        _Pragma("clang loop interleave_count(2)")                                                 \
        for (size_t i = 0; i < n; i++) d[i] = PIXEL(s[i], d[i]);                                  \
    } else {                                                                                      \
        _Pragma("clang loop interleave_count(2)")                                                 \
        for (size_t i = 0; i < n; i++) d[i] = PIXEL(cyl_scale_pixel(s[i], op), d[i]);             \
    }

#define QUOTIENT_ROW(NAME, ATTR, PIXEL)                                                           \
    ATTR static void NAME(uint32_t *restrict d, const uint32_t *restrict s, size_t n, uint32_t op) { \
        QUOTIENT_LOOP(PIXEL)                                                                      \
    }

#define QUOTIENT_ROWS(M)                                                                          \
    static void row_##M##_portable(uint32_t *restrict d, const uint32_t *restrict s, size_t n, uint32_t op) { \
        _Pragma("clang loop vectorize(disable) interleave(disable)")                              \
        for (size_t i = 0; i < n; i++) d[i] = px_##M(cyl_scale_pixel(s[i], op), d[i]);            \
    }                                                                                             \
    QUOTIENT_ROW(row_##M##_sse2, , px_##M)                                                        \
    WIDE_ROWS(M)

#if defined(__x86_64__) && !defined(CYL_NO_CLONES)
#define CYL_HAS_WIDE_QUOTIENT_ROWS 1
#define WIDE_ROWS(M)                                                                              \
    QUOTIENT_ROW(row_##M##_avx2, __attribute__((target("avx2"))), px_##M)                        \
    QUOTIENT_ROW(row_##M##_avx512, __attribute__((target("avx512f,avx512bw,avx512vl,evex512"))), px_##M)
#else
#define WIDE_ROWS(M)
#endif

QUOTIENT_ROWS(color_dodge)
QUOTIENT_ROWS(color_burn)
QUOTIENT_ROWS(soft_light)

typedef void (*quotient_row_fn)(uint32_t *restrict, const uint32_t *restrict, size_t, uint32_t);

#define ROWS(SUFFIX) {row_color_dodge_##SUFFIX, row_color_burn_##SUFFIX, row_soft_light_##SUFFIX}
static const quotient_row_fn portable_rows[3] = ROWS(portable);
static const quotient_row_fn sse2_rows[3] = ROWS(sse2);
#ifdef CYL_HAS_WIDE_QUOTIENT_ROWS
static const quotient_row_fn avx2_rows[3] = ROWS(avx2);
static const quotient_row_fn avx512_rows[3] = ROWS(avx512);
#endif

int cyl_quotient_blend_row(int isa, int mode, uint32_t *d, const uint32_t *s, size_t n, uint32_t op) {
    if (mode < CYL_BLEND_COLOR_DODGE || mode > CYL_BLEND_SOFT_LIGHT) return -1;
    const quotient_row_fn *rows;
    switch (isa) {
    case CYL_BLEND_ISA_PORTABLE: rows = portable_rows; break;
    case CYL_BLEND_ISA_SSE2: rows = sse2_rows; break;
#ifdef CYL_HAS_WIDE_QUOTIENT_ROWS
    case CYL_BLEND_ISA_AVX2: rows = avx2_rows; break;
    case CYL_BLEND_ISA_AVX512: rows = avx512_rows; break;
#endif
    default: return -1;
    }
    rows[mode - CYL_BLEND_COLOR_DODGE](d, s, n, op);
    return 0;
}
