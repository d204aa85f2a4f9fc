#include "blend_float.h"
#include "kernels_common.h"

// The non-separable blend modes (hue, saturation, colour, luminosity), by the W3C Compositing 1
// formulas in float on unpremultiplied colours:
//   co = cs·(1 − ab) + cb·(1 − as) + as·ab·B(Cs, Cb),   ao = as + ab − as·ab.
//
// These rows reproduce the Swift Float reference (Tests/CYLRasterTests/FloatBlendReference.swift)
// bit for bit: the same operations in the same order, IEEE single precision, true division and a
// correctly rounded square root. What makes that hold:
// - no contraction of a·b + c into a fused multiply-add (the AVX-512 clone has FMA, which rounds
//   once instead of twice; Swift never contracts);
// - min written as Swift's `min` is (`y < x ? y : x`), max in a form equal to Swift's for the
//   values it sees (see smax);
// - the reference's branches are computed and then selected, so that the loops vectorise (16
//   pixels per AVX-512 vector, 8 per AVX2). A lane whose branch is not taken may divide by zero or
//   make a NaN; the select discards it, and nothing traps on it. Two places skip a division the
//   reference makes, where the skipped result is known exactly (set_sat, clip_color).
#pragma clang fp contract(off)

typedef struct { float r, g, b; } rgb;

static inline float smin(float x, float y) { return y < x ? y : x; }
// Swift's max is `y >= x ? y : x`; this is the same for all non-NaN x, y (equal ones, +0 and -0
// included, give y either way) and is one instruction (maxps), where Swift's form is a compare and
// a blend. Only colour channels reach it: unpremultiplied ones, in [0, 1], and those offset by a
// finite d, never NaN.
static inline float smax(float x, float y) { return x > y ? x : y; }

// ---- Non-separable modes: W3C Lum, ClipColor, SetLum, Sat, SetSat.

static inline float lum(rgb c) { return 0.3f * c.r + 0.59f * c.g + 0.11f * c.b; }
static inline float min3(rgb c) { return smin(c.r, smin(c.g, c.b)); }
static inline float max3(rgb c) { return smax(c.r, smax(c.g, c.b)); }

// Moves each channel towards l by k: l + (v − l)·k.
static inline rgb towards(rgb c, float l, float k) {
    return (rgb){l + (c.r - l) * k, l + (c.g - l) * k, l + (c.b - l) * k};
}

static inline rgb select_rgb(int take, rgb a, rgb b) {
    return (rgb){take ? a.r : b.r, take ? a.g : b.g, take ? a.b : b.b};
}

// The reference: if min < 0, move towards l by l/(l − min); then, if max > 1 (the max of the colour
// it was given), move that result towards l by (1 − l)/(max − l). Every caller passes c + d with
// c in [0, 1]³ (unpremultiplied colours, or set_sat's results, see there), and rounding is
// monotonic, so max > 1 means c_max + d > 1, d > 0, and min < 0 means d < 0: never both. So one
// division with the numerator and denominator of whichever applies gives the same bits.
// A flat colour (a grey: every channel equal to l up to rounding) can have l − min or max − l
// at or below 0, where the formula is 0/0 or ±∞·0, NaN, which quantised to black: a grey source
// in colour mode over a transparent backdrop came out black. Its clipped colour is (l, l, l),
// which k = 0 gives.
static inline rgb clip_color(rgb c) {
    float l = lum(c), n = min3(c), x = max3(c);
    int low = n < 0.0f;
    float num = low ? l : 1.0f - l, den = low ? l - n : x - l;
    float k = den > 0.0f ? num / den : 0.0f;
    return select_rgb(low || x > 1.0f, towards(c, l, k), c);
}

static inline rgb set_lum(rgb c, float l) {
    float d = l - lum(c);
    return clip_color((rgb){c.r + d, c.g + d, c.b + d});
}

static inline float sat(rgb c) { return max3(c) - min3(c); }

// The reference divides each channel: (v − min)·s/(max − min), and 0 for all if max = min. The
// min channel's result is exactly 0 (0·s/(max − min)), so only the max and the median divide
// (a channel equal to neither is the median), two divisions instead of three. Results are in
// [0, 1] for s <= 1: fl(span·s) <= span, so fl(fl(span·s)/span) <= 1.
static inline float sat_channel(float v, float mx, float mn, float vmax, float vmid) {
    float t = v == mn ? 0.0f : vmid;
    return v == mx ? vmax : t;
}

static inline rgb set_sat(rgb c, float s) {
    float mx = max3(c), mn = min3(c), span = mx - mn;
    float mid = smax(smin(c.r, c.g), smin(smax(c.r, c.g), c.b));
    float vmax = (mx - mn) * s / span, vmid = (mid - mn) * s / span;
    rgb out = {sat_channel(c.r, mx, mn, vmax, vmid), sat_channel(c.g, mx, mn, vmax, vmid),
               sat_channel(c.b, mx, mn, vmax, vmid)};
    return select_rgb(mx > mn, out, (rgb){0.0f, 0.0f, 0.0f});
}

static inline rgb blend_hue(rgb s, rgb b) { return set_lum(set_sat(s, sat(b)), lum(b)); }
static inline rgb blend_saturation(rgb s, rgb b) { return set_lum(set_sat(b, sat(s)), lum(b)); }
static inline rgb blend_color(rgb s, rgb b) { return set_lum(s, lum(b)); }
static inline rgb blend_luminosity(rgb s, rgb b) { return set_lum(b, lum(s)); }

// ---- Pixels.

// The reference's quantisation: clamp to 0...1 (NaN to 0), then truncate v·255 + 0.5.
static inline uint32_t quantise(float v) {
    float c = v > 0.0f ? smin(v, 1.0f) : 0.0f;
    return (uint32_t)(int32_t)(c * 255.0f + 0.5f);
}

static inline uint32_t umin(uint32_t a, uint32_t b) { return b < a ? b : a; }

// One pixel, premultiplied in and out: sp (the source already scaled by opacity) blended over dp.
// Always inlined: each row has two loops over it (see FLOAT_ROW), too big for the inliner otherwise.
#define FLOAT_PIXEL(NAME, BLEND)                                                                  \
    static inline __attribute__((always_inline)) uint32_t NAME(uint32_t sp, uint32_t dp) {        \
        const float k = 1.0f / 255.0f;                                                            \
        float sa = (float)(int32_t)(sp >> 24) * k, da = (float)(int32_t)(dp >> 24) * k;           \
        float sr = (float)(int32_t)(sp & 255) * k, sg = (float)(int32_t)((sp >> 8) & 255) * k;    \
        float sb = (float)(int32_t)((sp >> 16) & 255) * k;                                        \
        float dr = (float)(int32_t)(dp & 255) * k, dg = (float)(int32_t)((dp >> 8) & 255) * k;    \
        float db = (float)(int32_t)((dp >> 16) & 255) * k;                                        \
        float a = sa + da - sa * da;                                                              \
        float isa = sa > 0.0f ? 1.0f / sa : 0.0f, ida = da > 0.0f ? 1.0f / da : 0.0f;             \
        rgb cs = {smin(1.0f, sr * isa), smin(1.0f, sg * isa), smin(1.0f, sb * isa)};              \
        rgb cb = {smin(1.0f, dr * ida), smin(1.0f, dg * ida), smin(1.0f, db * ida)};              \
        rgb bl = BLEND(cs, cb);                                                                   \
        float sda = sa * da;                                                                      \
        float r = sr * (1.0f - da) + dr * (1.0f - sa) + sda * bl.r;                               \
        float g = sg * (1.0f - da) + dg * (1.0f - sa) + sda * bl.g;                               \
        float b = sb * (1.0f - da) + db * (1.0f - sa) + sda * bl.b;                               \
        uint32_t qa = quantise(a);                                                                \
        uint32_t out = umin(quantise(r), qa) | umin(quantise(g), qa) << 8 |                       \
                       umin(quantise(b), qa) << 16 | qa << 24;                                    \
        return sp == 0 ? dp : out; /* a transparent source keeps the backdrop as it is */         \
    }

// One loop per mode, branch-free so that it vectorises. Four vectors per iteration: a pixel is a
// long chain of dependent operations (three divisions deep for the HSL modes), and four
// independent chains side by side keep the units busy where one leaves them waiting (hue 0.6 ->
// 1.1 Gpx/s with AVX-512 in the commit that made this choice). At full opacity (the usual case)
// the loop skips the scaling, which is the identity for op = 255.
#define FLOAT_ROW(NAME, PIXEL)                                                                    \
    CYL_CLONES_WIDE                                                                               \
    static void NAME(uint32_t *restrict d, const uint32_t *restrict s, size_t n, uint32_t op) {   \
        if (op == 255) {                                                                          \
            _Pragma("clang loop interleave_count(4)")                                             \
            for (size_t i = 0; i < n; i++) d[i] = PIXEL(s[i], d[i]);                              \
        } else {                                                                                  \
            _Pragma("clang loop interleave_count(4)")                                             \
            for (size_t i = 0; i < n; i++) d[i] = PIXEL(cyl_scale_pixel(s[i], op), d[i]);         \
        }                                                                                         \
    }

#define FLOAT_MODE(NAME, BLEND) FLOAT_PIXEL(NAME##_pixel, BLEND) FLOAT_ROW(NAME, NAME##_pixel)

FLOAT_MODE(row_hue, blend_hue)
FLOAT_MODE(row_saturation, blend_saturation)
FLOAT_MODE(row_color, blend_color)
FLOAT_MODE(row_luminosity, blend_luminosity)

int cyl_float_blend_row(int mode, uint32_t *d, const uint32_t *s, size_t n, uint32_t op) {
    switch (mode) {
    case CYL_BLEND_HUE: row_hue(d, s, n, op); return 0;
    case CYL_BLEND_SATURATION: row_saturation(d, s, n, op); return 0;
    case CYL_BLEND_COLOR: row_color(d, s, n, op); return 0;
    case CYL_BLEND_LUMINOSITY: row_luminosity(d, s, n, op); return 0;
    default: return -1;
    }
}
