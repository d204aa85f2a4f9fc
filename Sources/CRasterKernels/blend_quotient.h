// The blend rows with one quotient a channel (blend_quotient.c), reached through cyl_blend_row and
// cyl_blend_row_isa. Private to CRasterKernels.
#ifndef CYL_BLEND_QUOTIENT_H
#define CYL_BLEND_QUOTIENT_H

#include "raster_kernels.h"

// cyl_blend_row_isa for colour dodge, colour burn and soft light; -1 (nothing written) for any
// other mode, or an instruction set the build lacks (the caller checks the CPU has it).
int cyl_quotient_blend_row(int isa, int mode, uint32_t *d, const uint32_t *s, size_t n, uint32_t op);

#endif
