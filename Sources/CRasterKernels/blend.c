#include "blend_float.h"
#include "kernels_common.h"

// round(x / 255) for 0 <= x < 2^24.
static inline uint32_t div255(uint32_t x) {
    uint32_t t = x + 128;
    return (t + (t >> 8)) >> 8;
}

static inline int32_t max0(int32_t v) { return v > 0 ? v : 0; }
static inline int32_t min32(int32_t a, int32_t b) { return a < b ? a : b; }
static inline int32_t max32(int32_t a, int32_t b) { return a > b ? a : b; }

// 255^2 * as * ab * B(cs/as, cb/ab) from premultiplied channels (0...255), per mode.
static inline int32_t term_multiply(int32_t cs, int32_t cb, int32_t sa, int32_t da) { (void)sa; (void)da; return cs * cb; }
static inline int32_t term_screen(int32_t cs, int32_t cb, int32_t sa, int32_t da) { return cs * da + cb * sa - cs * cb; }
static inline int32_t term_darken(int32_t cs, int32_t cb, int32_t sa, int32_t da) { return min32(cs * da, cb * sa); }
static inline int32_t term_lighten(int32_t cs, int32_t cb, int32_t sa, int32_t da) { return max32(cs * da, cb * sa); }
static inline int32_t term_difference(int32_t cs, int32_t cb, int32_t sa, int32_t da) {
    int32_t x = cs * da, y = cb * sa;
    return max32(x, y) - min32(x, y);
}
static inline int32_t term_exclusion(int32_t cs, int32_t cb, int32_t sa, int32_t da) { return cs * da + cb * sa - 2 * cs * cb; }
static inline int32_t term_hard_light(int32_t cs, int32_t cb, int32_t sa, int32_t da) {
    int32_t low = 2 * cs * cb;
    int32_t high = sa * da - 2 * (sa - cs) * (da - cb);
    return 2 * cs <= sa ? low : high;
}
static inline int32_t term_overlay(int32_t cs, int32_t cb, int32_t sa, int32_t da) { return term_hard_light(cb, cs, da, sa); }

// One loop per mode, the mode fixed at compile time, so each vectorises on its own.
#define INTEGER_ROW(NAME, TERM)                                                                  \
    CYL_CLONES                                                                                   \
    static void NAME(uint32_t *restrict d, const uint32_t *restrict s, size_t n, uint32_t op) {  \
        for (size_t i = 0; i < n; i++) {                                                         \
            uint32_t sp = cyl_scale_pixel(s[i], op), dp = d[i];                                      \
            int32_t sa = (int32_t)(sp >> 24), da = (int32_t)(dp >> 24);                          \
            uint32_t ao = (uint32_t)(sa + da) - div255((uint32_t)(sa * da));                     \
            uint32_t out = ao << 24;                                                             \
            for (int sh = 0; sh < 24; sh += 8) {                                                 \
                int32_t cs = (int32_t)((sp >> sh) & 255), cb = (int32_t)((dp >> sh) & 255);      \
                int32_t sum = cs * (255 - da) + cb * (255 - sa) + max0(TERM(cs, cb, sa, da));    \
                uint32_t v = div255((uint32_t)sum);                                              \
                out |= (v < ao ? v : ao) << sh;                                                  \
            }                                                                                    \
            d[i] = out;                                                                          \
        }                                                                                        \
    }

INTEGER_ROW(row_multiply, term_multiply)
INTEGER_ROW(row_screen, term_screen)
INTEGER_ROW(row_overlay, term_overlay)
INTEGER_ROW(row_darken, term_darken)
INTEGER_ROW(row_lighten, term_lighten)
INTEGER_ROW(row_hard_light, term_hard_light)
INTEGER_ROW(row_difference, term_difference)
INTEGER_ROW(row_exclusion, term_exclusion)

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
    switch (mode) {
    case CYL_BLEND_MULTIPLY: row_multiply(d, s, n, op); return 0;
    case CYL_BLEND_SCREEN: row_screen(d, s, n, op); return 0;
    case CYL_BLEND_OVERLAY: row_overlay(d, s, n, op); return 0;
    case CYL_BLEND_DARKEN: row_darken(d, s, n, op); return 0;
    case CYL_BLEND_LIGHTEN: row_lighten(d, s, n, op); return 0;
    case CYL_BLEND_HARD_LIGHT: row_hard_light(d, s, n, op); return 0;
    case CYL_BLEND_DIFFERENCE: row_difference(d, s, n, op); return 0;
    case CYL_BLEND_EXCLUSION: row_exclusion(d, s, n, op); return 0;
    case CYL_BLEND_ADD: row_add(d, s, n, op); return 0;
    default: return cyl_float_blend_row(mode, d, s, n, op);
    }
}
