/* C reference implementations for CodecBench: the same work as the Swift codecs, written plainly
 * in C over giflib, libpng and json-c, so one run prints the Swift/C ratio. */
#ifndef CBENCH_REFERENCE_H
#define CBENCH_REFERENCE_H
#include <stddef.h>
#include <stdint.h>

typedef struct CBenchGIF CBenchGIF;

/* Opens a GIF held in memory (the bytes must outlive the handle). NULL on error. */
CBenchGIF *cbench_gif_open(const uint8_t *data, size_t size);
/* Decodes the next frame and composites it onto the canvas (Chromium's rules, as CYLCodecs).
 * Returns 1 for a frame, 0 at the end, -1 on error. */
int cbench_gif_next_frame(CBenchGIF *gif);
/* The canvas: premultiplied RGBA8, width * height * 4 bytes, valid until the next call. */
const uint8_t *cbench_gif_canvas(const CBenchGIF *gif, int *width, int *height);
void cbench_gif_close(CBenchGIF *gif);

/* Encodes premultiplied RGBA8 pixels as a straight-alpha RGBA PNG (level 0-9; adaptive = all filters).
 * Returns the PNG's size in bytes, or 0 on error. The output is discarded. */
size_t cbench_png_encode(const uint8_t *premultiplied, int width, int height, int level, int adaptive);

/* Parses JSON with json-c alone (strict mode, UTF-8 validation, nesting limit `depth`), frees the
 * tree and returns how many values it held, or -1 on a syntax error: the peer for JSONDocument. */
long cbench_json_parse(const uint8_t *data, size_t size, int depth);

#endif
