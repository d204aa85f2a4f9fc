// The float blend rows (blend_float.c), reached through cyl_blend_row. Private to CRasterKernels.
#ifndef CYL_BLEND_FLOAT_H
#define CYL_BLEND_FLOAT_H

#include "raster_kernels.h"

// cyl_blend_row for hue, saturation, colour and luminosity;
// -1 (nothing written) for any other mode.
int cyl_float_blend_row(int mode, uint32_t *d, const uint32_t *s, size_t n, uint32_t op);

#endif
