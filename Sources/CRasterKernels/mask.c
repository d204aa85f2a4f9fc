// Mask rows: combining a mask path's span coverage into an accumulated mask, and multiplying a
// layer by a mask. Same rounding as CYLRaster's Swift (round(x * c / 255), exact), so the bytes do
// not change; here the long interior runs take AVX2's lane multiplies or a memset.
#include <string.h>

#include "kernels_common.h"

// round(m * c / 255) for a byte m and c <= 255.
static inline uint32_t cyl_mul_byte(uint32_t m, uint32_t c) {
    uint32_t t = m * c + 128;
    return (t + (t >> 8)) >> 8;
}

CYL_CLONES
void cyl_mask_row(uint8_t *restrict m, size_t n, uint32_t c, int mode) {
    switch (mode) {
    case CYL_MASK_ADD:
        // m + c - mc: 255 when c is, m when c is 0.
        if (c == 0) return;
        if (c == 255) { memset(m, 255, n); return; }
        for (size_t i = 0; i < n; i++) m[i] = (uint8_t)(m[i] + c - cyl_mul_byte(m[i], c));
        return;
    case CYL_MASK_SUBTRACT:
        if (c == 0) return;
        if (c == 255) { memset(m, 0, n); return; }
        for (size_t i = 0; i < n; i++) m[i] = (uint8_t)cyl_mul_byte(m[i], 255 - c);
        return;
    default:
        if (c == 255) return;
        if (c == 0) { memset(m, 0, n); return; }
        for (size_t i = 0; i < n; i++) m[i] = (uint8_t)cyl_mul_byte(m[i], c);
        return;
    }
}

void cyl_mask_combine_spans(uint8_t *base, size_t stride, const struct cyl_span *spans, size_t count,
                            int32_t x0, int32_t y0, int32_t x1, int32_t y1, uint32_t opacity, int mode) {
    for (size_t k = 0; k < count; k++) {
        const struct cyl_span *sp = &spans[k];
        if (sp->y < y0 || sp->y >= y1) continue;
        int32_t a = sp->x > x0 ? sp->x : x0;
        int32_t b = sp->x + sp->length < x1 ? sp->x + sp->length : x1;
        if (b <= a) continue;
        uint32_t c = opacity == 255 ? sp->coverage : cyl_mul_byte(sp->coverage, opacity);
        uint8_t *row = base + (size_t)sp->y * stride + (size_t)a;
        size_t n = (size_t)(b - a);
        if (n < 8) {
            // Edge pixels: the clone dispatch would cost more than the bytes.
            for (size_t i = 0; i < n; i++) {
                uint32_t v = row[i];
                row[i] = (uint8_t)(mode == CYL_MASK_ADD ? v + c - cyl_mul_byte(v, c) : cyl_mul_byte(v, 255 - c));
            }
        } else {
            cyl_mask_row(row, n, c, mode);
        }
    }
}

CYL_CLONES
void cyl_apply_mask_row(uint32_t *restrict d, const uint8_t *restrict m, size_t n) {
    // Scaling by 255 gives the pixel back and by 0 gives 0, so one formula covers every value and
    // the loop has no branch to keep it from vectorising.
    for (size_t i = 0; i < n; i++) d[i] = cyl_scale_pixel(d[i], m[i]);
}
