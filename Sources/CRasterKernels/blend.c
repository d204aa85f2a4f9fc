#include "blend_float.h"
#include "blend_quotient.h"
#include "kernels_common.h"

// The integer modes (multiply ... exclusion) in 16-bit lanes: for premultiplied pixels (each
// channel at most its alpha) every product of two bytes and every sum below is in 0...255², so
// arithmetic modulo 2^16 gives the exact values the 32-bit formulas give, and a vector register
// holds twice as many lanes.
// Intermediate values may wrap; only the final sums must lie in range, which they do for
// premultiplied input. For other input the result is unspecified but the same on every path: the
// vector code and the portable code below do the same operations modulo 2^16, which a test checks
// on random bytes.
typedef uint16_t u16;

static inline u16 mul16(u16 a, u16 b) { return (u16)((uint32_t)a * b); }
// round(x / 255) for x <= 65025: with t = x + 128 (mod 2^16), the high half of t · 257, as the
// vector lanes compute it (and so the same past 65025 too).
static inline u16 div255_16(u16 x) {
    u16 t = (u16)(x + 128);
    return (u16)(((uint32_t)t * 257) >> 16);
}
static inline u16 min16(u16 a, u16 b) { return a < b ? a : b; }
static inline u16 max16(u16 a, u16 b) { return a > b ? a : b; }

// 255² · as · ab · B(cs/as, cb/ab) from premultiplied channels, per mode, modulo 2^16. Written once
// as macros over a type T, so the portable code (T = u16) and the vector code (T = a vector of u16)
// are the same expressions; MUL, MIN, MAX and SEL(mask, a, b) are the type's operations.
#define TERM_MULTIPLY(cs, cb, sa, da) MUL(cs, cb)
#define TERM_SCREEN(cs, cb, sa, da) (MUL(cs, da) + MUL(cb, sa) - MUL(cs, cb))
#define TERM_DARKEN(cs, cb, sa, da) MIN(MUL(cs, da), MUL(cb, sa))
#define TERM_LIGHTEN(cs, cb, sa, da) MAX(MUL(cs, da), MUL(cb, sa))
#define TERM_DIFFERENCE(cs, cb, sa, da) (MAX(MUL(cs, da), MUL(cb, sa)) - MIN(MUL(cs, da), MUL(cb, sa)))
#define TERM_EXCLUSION(cs, cb, sa, da) (MUL(cs, da) + MUL(cb, sa) - 2 * MUL(cs, cb))
#define TERM_HARD_LIGHT(cs, cb, sa, da) \
    SEL(LE(2 * (cs), sa), 2 * MUL(cs, cb), MUL(sa, da) - 2 * MUL((sa) - (cs), (da) - (cb)))
#define TERM_OVERLAY(cs, cb, sa, da) TERM_HARD_LIGHT(cb, cs, da, sa)

// ---- Portable: one pixel at a time.
#define MUL(a, b) mul16((u16)(a), (u16)(b))
#define MIN(a, b) min16((u16)(a), (u16)(b))
#define MAX(a, b) max16((u16)(a), (u16)(b))
#define LE(a, b) ((u16)(a) <= (u16)(b))
#define SEL(m, a, b) ((m) ? (u16)(a) : (u16)(b))

#define PORTABLE_PIXEL(NAME, TERM)                                                                \
    static inline uint32_t NAME(uint32_t sp, uint32_t dp) {                                       \
        u16 sa = (u16)(sp >> 24), da = (u16)(dp >> 24);                                           \
        u16 ao = (u16)(sa + da - div255_16(MUL(sa, da)));                                         \
        uint32_t out = (uint32_t)ao << 24;                                                        \
        for (int sh = 0; sh < 24; sh += 8) {                                                      \
            u16 cs = (u16)((sp >> sh) & 255), cb = (u16)((dp >> sh) & 255);                      \
            u16 sum = (u16)(MUL(cs, 255 - da) + MUL(cb, 255 - sa) + (u16)(TERM(cs, cb, sa, da))); \
            out |= (uint32_t)min16(div255_16(sum), ao) << sh;                                     \
        }                                                                                         \
        return out;                                                                               \
    }

PORTABLE_PIXEL(px_multiply, TERM_MULTIPLY)
PORTABLE_PIXEL(px_screen, TERM_SCREEN)
PORTABLE_PIXEL(px_overlay, TERM_OVERLAY)
PORTABLE_PIXEL(px_darken, TERM_DARKEN)
PORTABLE_PIXEL(px_lighten, TERM_LIGHTEN)
PORTABLE_PIXEL(px_hard_light, TERM_HARD_LIGHT)
PORTABLE_PIXEL(px_difference, TERM_DIFFERENCE)
PORTABLE_PIXEL(px_exclusion, TERM_EXCLUSION)

#undef MUL
#undef MIN
#undef MAX
#undef LE
#undef SEL

// ---- Vectors: four pixels as 16 lanes of u16 (one AVX2 register, two SSE2 ones), or eight as 32
// lanes (one AVX-512 register).
typedef uint16_t v16u __attribute__((vector_size(32)));
typedef uint32_t v16w __attribute__((vector_size(64)));
typedef uint8_t v16b __attribute__((vector_size(16)));
typedef uint16_t v32u __attribute__((vector_size(64)));
typedef uint32_t v32w __attribute__((vector_size(128)));
typedef uint8_t v32b __attribute__((vector_size(32)));

#define MUL(a, b) ((a) * (b))
#define MIN(a, b) __builtin_elementwise_min(a, b)
#define MAX(a, b) __builtin_elementwise_max(a, b)
#define LE(a, b) ((VU)((a) <= (b)))
#define SEL(m, a, b) (((m) & (a)) | (~(m) & (b)))

// round(x / 255) lane by lane, as div255_16: (t + (t >> 8)) >> 8 for t = x + 128 is the high half
// of t · 257 while t + (t >> 8) < 2^16, one multiply (pmulhuw) instead of two shifts and an add. A
// macro: a function taking these vectors would have a different calling convention in each
// instruction set.
#define VDIV255(x) ({ VU t_ = (x) + 128; __builtin_convertvector((__builtin_convertvector(t_, VW) * 257) >> 16, VU); })

// Each row: vectors over groups of PIX pixels, the portable pixel for the rest. The source is
// scaled by op first, as cyl_scale_pixel does (the same rounding: round(x·op/255)). SPLAT_ALPHA
// copies each pixel's alpha lane to its three colour lanes; ALPHA_LANES is all ones in alpha lanes.
#define VECTOR_ROW(NAME, ATTR, TERM, PIXEL, PIX)                                                  \
    ATTR static void NAME(uint32_t *restrict d, const uint32_t *restrict s, size_t n, uint32_t op) { \
        const VU alpha = ALPHA_LANES;                                                             \
        size_t i = 0;                                                                             \
        for (; i + PIX <= n; i += PIX) {                                                          \
            VB sb, db;                                                                            \
            __builtin_memcpy(&sb, s + i, sizeof sb);                                              \
            __builtin_memcpy(&db, d + i, sizeof db);                                              \
            VU cs = __builtin_convertvector(sb, VU), cb = __builtin_convertvector(db, VU);        \
            if (op != 255) cs = VDIV255(cs * (u16)op);                                            \
            VU sa = SPLAT_ALPHA(cs), da = SPLAT_ALPHA(cb);                                        \
            VU ao = sa + da - VDIV255(sa * da);                                                   \
            VU sum = cs * (255 - da) + cb * (255 - sa) + (TERM(cs, cb, sa, da));                  \
            VU v = MIN(VDIV255(sum), ao);                                                         \
            v = (v & ~alpha) | (ao & alpha);                                                      \
            VB out = __builtin_convertvector(v, VB);                                              \
            __builtin_memcpy(d + i, &out, sizeof out);                                            \
        }                                                                                         \
        for (; i < n; i++) d[i] = PIXEL(cyl_scale_pixel(s[i], op), d[i]);                         \
    }

#define ROWS_OF_EVERY_MODE(SUFFIX, ATTR, PIX)                                                     \
    VECTOR_ROW(row_multiply_##SUFFIX, ATTR, TERM_MULTIPLY, px_multiply, PIX)                     \
    VECTOR_ROW(row_screen_##SUFFIX, ATTR, TERM_SCREEN, px_screen, PIX)                           \
    VECTOR_ROW(row_overlay_##SUFFIX, ATTR, TERM_OVERLAY, px_overlay, PIX)                        \
    VECTOR_ROW(row_darken_##SUFFIX, ATTR, TERM_DARKEN, px_darken, PIX)                           \
    VECTOR_ROW(row_lighten_##SUFFIX, ATTR, TERM_LIGHTEN, px_lighten, PIX)                        \
    VECTOR_ROW(row_hard_light_##SUFFIX, ATTR, TERM_HARD_LIGHT, px_hard_light, PIX)               \
    VECTOR_ROW(row_difference_##SUFFIX, ATTR, TERM_DIFFERENCE, px_difference, PIX)               \
    VECTOR_ROW(row_exclusion_##SUFFIX, ATTR, TERM_EXCLUSION, px_exclusion, PIX)

// Four pixels a vector: the SSE2 baseline, and AVX2.
#define VU v16u
#define VW v16w
#define VB v16b
#define SPLAT_ALPHA(x) __builtin_shufflevector(x, x, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15)
#define ALPHA_LANES {0, 0, 0, 0xFFFF, 0, 0, 0, 0xFFFF, 0, 0, 0, 0xFFFF, 0, 0, 0, 0xFFFF}
ROWS_OF_EVERY_MODE(sse2, , 4)
#if defined(__x86_64__) && !defined(CYL_NO_CLONES)
#define CYL_HAS_WIDE_ROWS 1
ROWS_OF_EVERY_MODE(avx2, __attribute__((target("avx2"))), 4)
#endif
#undef VU
#undef VW
#undef VB
#undef SPLAT_ALPHA
#undef ALPHA_LANES

// Eight pixels a vector: AVX-512 (byte and word instructions).
#ifdef CYL_HAS_WIDE_ROWS
#define VU v32u
#define VW v32w
#define VB v32b
#define SPLAT_ALPHA(x) __builtin_shufflevector(x, x, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15, \
                                               19, 19, 19, 19, 23, 23, 23, 23, 27, 27, 27, 27, 31, 31, 31, 31)
#define ALPHA_LANES {0, 0, 0, 0xFFFF, 0, 0, 0, 0xFFFF, 0, 0, 0, 0xFFFF, 0, 0, 0, 0xFFFF, \
                     0, 0, 0, 0xFFFF, 0, 0, 0, 0xFFFF, 0, 0, 0, 0xFFFF, 0, 0, 0, 0xFFFF}
ROWS_OF_EVERY_MODE(avx512, __attribute__((target("avx512f,avx512bw,avx512vl,evex512"))), 8)
#undef VU
#undef VW
#undef VB
#undef SPLAT_ALPHA
#undef ALPHA_LANES
#endif

#undef MUL
#undef MIN
#undef MAX
#undef LE
#undef SEL

typedef void (*blend_row_fn)(uint32_t *restrict, const uint32_t *restrict, size_t, uint32_t);

#define PORTABLE_ROW(M)                                                                           \
    static void row_##M##_portable(uint32_t *restrict d, const uint32_t *restrict s, size_t n, uint32_t op) { \
        for (size_t i = 0; i < n; i++) d[i] = px_##M(cyl_scale_pixel(s[i], op), d[i]);            \
    }
PORTABLE_ROW(multiply)
PORTABLE_ROW(screen)
PORTABLE_ROW(overlay)
PORTABLE_ROW(darken)
PORTABLE_ROW(lighten)
PORTABLE_ROW(hard_light)
PORTABLE_ROW(difference)
PORTABLE_ROW(exclusion)

// The rows of one instruction set, indexed by mode - CYL_BLEND_MULTIPLY.
#define ROWS(SUFFIX)                                                                              \
    {row_multiply_##SUFFIX, row_screen_##SUFFIX, row_overlay_##SUFFIX, row_darken_##SUFFIX,        \
     row_lighten_##SUFFIX, row_hard_light_##SUFFIX, row_difference_##SUFFIX, row_exclusion_##SUFFIX}
static const blend_row_fn portable_rows[8] = ROWS(portable);
static const blend_row_fn sse2_rows[8] = ROWS(sse2);
#ifdef CYL_HAS_WIDE_ROWS
static const blend_row_fn avx2_rows[8] = ROWS(avx2);
static const blend_row_fn avx512_rows[8] = ROWS(avx512);
#endif

int cyl_blend_isa_available(int isa) {
    switch (isa) {
    case CYL_BLEND_ISA_PORTABLE: case CYL_BLEND_ISA_SSE2: return 1;
#ifdef CYL_HAS_WIDE_ROWS
    case CYL_BLEND_ISA_AVX2: return __builtin_cpu_supports("avx2") ? 1 : 0;
    case CYL_BLEND_ISA_AVX512: return __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") ? 1 : 0;
#endif
    default: return 0;
    }
}

static const blend_row_fn *integer_rows(int isa) {
    switch (isa) {
    case CYL_BLEND_ISA_PORTABLE: return portable_rows;
    case CYL_BLEND_ISA_SSE2: return sse2_rows;
#ifdef CYL_HAS_WIDE_ROWS
    case CYL_BLEND_ISA_AVX2: return cyl_blend_isa_available(isa) ? avx2_rows : NULL;
    case CYL_BLEND_ISA_AVX512: return cyl_blend_isa_available(isa) ? avx512_rows : NULL;
#endif
    default: return NULL;
    }
}

// The widest instruction set this CPU has, found once (the race of two first calls is benign:
// both store the same value).
static int best_isa(void) {
    static int best = -1;
    int b = __atomic_load_n(&best, __ATOMIC_RELAXED);
    if (b < 0) {
        b = cyl_blend_isa_available(CYL_BLEND_ISA_AVX512) ? CYL_BLEND_ISA_AVX512
            : cyl_blend_isa_available(CYL_BLEND_ISA_AVX2) ? CYL_BLEND_ISA_AVX2 : CYL_BLEND_ISA_SSE2;
        __atomic_store_n(&best, b, __ATOMIC_RELAXED);
    }
    return b;
}

int cyl_blend_row_isa(int isa, int mode, uint32_t *d, const uint32_t *s, size_t n, uint32_t op) {
    const blend_row_fn *rows = integer_rows(isa);
    if (!rows) return -1;
    if (mode >= CYL_BLEND_COLOR_DODGE && mode <= CYL_BLEND_SOFT_LIGHT) return cyl_quotient_blend_row(isa, mode, d, s, n, op);
    if (mode < CYL_BLEND_MULTIPLY || mode > CYL_BLEND_EXCLUSION) return -1;
    rows[mode - CYL_BLEND_MULTIPLY](d, s, n, op);
    return 0;
}

// Porter-Duff plus: every channel and alpha min(255, s + d).
CYL_CLONES
static void row_add(uint32_t *restrict d, const uint32_t *restrict s, size_t n, uint32_t op) {
    for (size_t i = 0; i < n; i++) {
        uint32_t sp = cyl_scale_pixel(s[i], op), dp = d[i], out = 0;
        for (int sh = 0; sh < 32; sh += 8) {
            uint32_t v = ((sp >> sh) & 255) + ((dp >> sh) & 255);
            out |= (v < 255 ? v : 255) << sh;
        }
        d[i] = out;
    }
}

int cyl_blend_row(int mode, uint32_t *d, const uint32_t *s, size_t n, uint32_t op) {
    if (mode >= CYL_BLEND_MULTIPLY && mode <= CYL_BLEND_EXCLUSION) {
        const blend_row_fn *rows = integer_rows(best_isa());
        rows[mode - CYL_BLEND_MULTIPLY](d, s, n, op);
        return 0;
    }
    if (mode == CYL_BLEND_ADD) { row_add(d, s, n, op); return 0; }
    if (mode >= CYL_BLEND_COLOR_DODGE && mode <= CYL_BLEND_SOFT_LIGHT) return cyl_quotient_blend_row(best_isa(), mode, d, s, n, op);
    return cyl_float_blend_row(mode, d, s, n, op);
}
