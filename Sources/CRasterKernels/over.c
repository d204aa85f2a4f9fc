// Source-over rows and solid-colour span painting: the normal compositing every frame does most.
// Same integer formulas as CYLRaster's Kernels.swift (which keeps them for short runs), so the
// bytes are the same; here the compiler can use AVX2's 32-bit lane multiplies.
#include "kernels_common.h"

CYL_CLONES
void cyl_over_row(uint32_t *restrict d, const uint32_t *restrict s, size_t n, uint32_t coverage) {
    if (coverage == 0) return;
    if (coverage == 255) {
        for (size_t i = 0; i < n; i++) {
            uint32_t sp = s[i];
            d[i] = sp + cyl_scale_pixel(d[i], 255 - (sp >> 24));
        }
        return;
    }
    for (size_t i = 0; i < n; i++) {
        uint32_t sp = cyl_scale_pixel(s[i], coverage);
        d[i] = sp + cyl_scale_pixel(d[i], 255 - (sp >> 24));
    }
}

CYL_CLONES
static void over_solid(uint32_t *restrict d, size_t n, uint32_t src) {
    uint32_t sa = src >> 24;
    if (sa == 255) {
        for (size_t i = 0; i < n; i++) d[i] = src;
        return;
    }
    if (src == 0) return;
    uint32_t ia = 255 - sa;
    for (size_t i = 0; i < n; i++) d[i] = src + cyl_scale_pixel(d[i], ia);
}

void cyl_paint_solid_spans(uint32_t *base, size_t stride, const struct cyl_span *spans, size_t count, uint32_t src) {
    for (size_t k = 0; k < count; k++) {
        const struct cyl_span *sp = &spans[k];
        uint32_t c = sp->coverage;
        uint32_t px = c == 255 ? src : cyl_scale_pixel(src, c);
        uint32_t *d = base + (size_t)sp->y * stride + (size_t)sp->x;
        size_t n = (size_t)sp->length;
        if (n < 8) {
            // Edge pixels: the clone dispatch would cost more than the pixels.
            uint32_t a = px >> 24;
            if (a == 255) { for (size_t i = 0; i < n; i++) d[i] = px; continue; }
            if (px == 0) continue;
            for (size_t i = 0; i < n; i++) d[i] = px + cyl_scale_pixel(d[i], 255 - a);
        } else {
            over_solid(d, n, px);
        }
    }
}
