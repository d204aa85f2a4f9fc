// Premultiplied to straight alpha: what every encoder (PNG, APNG, WebP) does to each frame. The
// division c * 255 / a (rounded) becomes a multiply by a reciprocal: for x < 2^16 and a <= 255,
// floor(x * ceil(2^32 / a) / 2^32) is exactly floor(x / a), since the reciprocal's error (under
// a / 2^32 per unit) times x stays below 1 / a. Same bytes as the division, a tenth of the cost.
#include "kernels_common.h"
#include <string.h>

#define CYL_RECIP(a) ((a) ? ((1ull << 32) + (a) - 1) / (a) : 0)
#define CYL_R4(a) CYL_RECIP(a), CYL_RECIP((a) + 1), CYL_RECIP((a) + 2), CYL_RECIP((a) + 3)
#define CYL_R16(a) CYL_R4(a), CYL_R4((a) + 4), CYL_R4((a) + 8), CYL_R4((a) + 12)
#define CYL_R64(a) CYL_R16(a), CYL_R16((a) + 16), CYL_R16((a) + 32), CYL_R16((a) + 48)
static const uint64_t reciprocal[256] = { CYL_R64(0), CYL_R64(64), CYL_R64(128), CYL_R64(192) };

// min(255, round(c * 255 / a)) with the reciprocal r of a; c above a (not premultiplied) clamps.
static inline uint32_t cyl_unscale(uint32_t c, uint32_t half, uint64_t r) {
    uint32_t v = (uint32_t)(((uint64_t)(c * 255 + half) * r) >> 32);
    return v > 255 ? 255 : v;
}

CYL_CLONES
void cyl_straight_row(uint32_t *restrict d, const uint32_t *restrict s, size_t n, uint32_t or_mask) {
    for (size_t i = 0; i < n; i++) {
        uint32_t p = s[i], a = p >> 24;
        if (a == 255) { d[i] = p | or_mask; continue; }
        if (a == 0) { d[i] = or_mask; continue; }
        uint64_t r = reciprocal[a];
        uint32_t half = a >> 1;
        d[i] = cyl_unscale(p & 0xFF, half, r) | cyl_unscale((p >> 8) & 0xFF, half, r) << 8
             | cyl_unscale((p >> 16) & 0xFF, half, r) << 16 | a << 24 | or_mask;
    }
}

// (x + 127) / 255 for x = c * a <= 65025 is ((x + 127) * 32897) >> 23 exactly (checked for every
// c and a); without the division the loop vectorises, where the Swift loop it replaces did not.
// Pixels are read and written as little-endian words (r | g << 8 | b << 16 | a << 24), so each
// vector lane is a pixel.
static inline uint32_t cyl_scale(uint32_t c, uint32_t a) { return ((c * a + 127) * 32897u) >> 23; }

CYL_CLONES
void cyl_premultiply_row(uint8_t *restrict p, size_t n) {
    for (size_t i = 0; i < n; i++) {
        uint32_t v;
        memcpy(&v, p + 4 * i, 4);
        uint32_t a = v >> 24;
        v = cyl_scale(v & 0xFF, a) | cyl_scale((v >> 8) & 0xFF, a) << 8 | cyl_scale((v >> 16) & 0xFF, a) << 16 | a << 24;
        memcpy(p + 4 * i, &v, 4);
    }
}
