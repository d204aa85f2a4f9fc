// Blend-mode compositing rows in C, so that the compiler can use AVX2 where the CPU has it (one
// binary, the right code chosen at load time by target_clones). Swift's own vectoriser stays at
// SSE2 here, which has no 32-bit multiply and runs float 4-wide where AVX2 does 8. Pixels are packed
// premultiplied RGBA8, r | g<<8 | b<<16 | a<<24. CYLRaster's BlendKernels.swift documents the formulas.
#ifndef CYL_RASTER_KERNELS_H
#define CYL_RASTER_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/// The blend modes, numbered for `cyl_blend_row`: integer formulas (multiply ... add, blend.c) and
/// float ones (colour dodge ... luminosity, blend_float.c).
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

#endif
