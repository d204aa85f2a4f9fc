// What the blend rows share: the AVX2 clone attribute and the opacity scaling of a source pixel.
// Private to CRasterKernels (not in include/).
#ifndef CYL_KERNELS_COMMON_H
#define CYL_KERNELS_COMMON_H

#include "raster_kernels.h"

// An AVX2 clone of each row, picked by an ifunc resolver at load time. ThreadSanitizer instruments
// the resolver, which then runs before its runtime exists and crashes the process, so sanitized
// builds get the default code only.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define CYL_NO_CLONES 1
#endif
#endif
// The float rows (blend_float.c) add an AVX-512 clone (x86-64-v4): they are bound by the number of
// float operations, which 16 lanes halve; with AVX2 alone they run at 0.5-0.8 Gpx/s, with it at
// 1.1-1.8 on the Zen 5 they were measured on.
#ifdef CYL_NO_CLONES
#define CYL_CLONES
#define CYL_CLONES_WIDE
#else
#define CYL_CLONES __attribute__((target_clones("avx2", "default")))
#define CYL_CLONES_WIDE __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#endif

// round(x * s / 255) for the two 16-bit lanes of rb (each <= 255), s <= 255.
static inline uint32_t cyl_mul_lanes(uint32_t rb, uint32_t s) {
    uint32_t t = rb * s + 0x00800080u;
    return ((t + ((t >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
}

// Every channel of p scaled by s/255 (rounded), as CYLRaster's scalePixel does it.
static inline uint32_t cyl_scale_pixel(uint32_t p, uint32_t s) {
    return cyl_mul_lanes(p & 0x00FF00FFu, s) | (cyl_mul_lanes((p >> 8) & 0x00FF00FFu, s) << 8);
}

#endif
