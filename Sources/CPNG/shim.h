#include <png.h>
#include <setjmp.h>
#include <string.h>
#include <stdlib.h>
#include <stdint.h>
/* libpng reports errors with longjmp. A longjmp must never cross a Swift frame, so every libpng call
 * that can fail is wrapped here in a C function that owns the setjmp; Swift sees a return code. */

enum {
    CYL_PNG_OK = 0,
    CYL_PNG_ERR_LIBPNG = 1,     /* libpng called png_error (bad CRC, bad chunk, bad data, ...) */
    CYL_PNG_ERR_TRUNCATED = 2,  /* the input ended early */
    CYL_PNG_ERR_NOMEM = 3,      /* an allocation failed */
    CYL_PNG_ERR_FORMAT = 4      /* the transformed row size is not 4 * width (should not happen) */
};

/* Filter masks for cyl_png_encode_rgba (PNG_ALL_FILTERS is a compound macro Swift cannot import). */
enum { CYL_PNG_FILTERS_NONE = PNG_FILTER_NONE, CYL_PNG_FILTERS_ALL = PNG_ALL_FILTERS };

typedef struct CYLPNGError {
    int code;
    char message[256];
} CYLPNGError;

static inline void cyl_png_set_error(CYLPNGError *e, int code, const char *msg) {
    if (e->code == 0) e->code = code;
    if (e->message[0] == 0) {
        strncpy(e->message, msg ? msg : "unknown libpng error", sizeof e->message - 1);
        e->message[sizeof e->message - 1] = 0;
    }
}

static inline void cyl_png_error_fn(png_structp png, png_const_charp msg) {
    CYLPNGError *e = (CYLPNGError *)png_get_error_ptr(png);
    cyl_png_set_error(e, CYL_PNG_ERR_LIBPNG, msg);
    png_longjmp(png, 1);
}

static inline void cyl_png_warning_fn(png_structp png, png_const_charp msg) {
    (void)png; (void)msg;  /* warnings (ancillary chunk CRC, unknown sRGB profile, ...) are ignored */
}

/* ---- Reading ---------------------------------------------------------------------------------- */

typedef struct CYLPNGReader {
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t size;
    size_t pos;           /* bytes consumed: the offset reported in errors */
    png_bytepp rows;      /* row pointers for png_read_image, freed by close */
    uint32_t width, height;
    int bitDepth, colorType, interlace;
    int endError;         /* 1 when the rows were read but the chunks after IDAT were bad or missing */
    CYLPNGError err;
} CYLPNGReader;

static inline void cyl_png_read_fn(png_structp png, png_bytep out, size_t len) {
    CYLPNGReader *r = (CYLPNGReader *)png_get_io_ptr(png);
    if (len > r->size - r->pos) {
        r->pos = r->size;
        cyl_png_set_error(&r->err, CYL_PNG_ERR_TRUNCATED, "the data ends before the image is complete");
        png_error(png, "truncated");
    }
    memcpy(out, r->data + r->pos, len);
    r->pos += len;
}

/* Creates the libpng structures and reads every chunk up to the first IDAT. When `rgba8` is set,
 * also asks for 8-bit RGBA rows whatever the stored format (palette, grey, 16-bit, tRNS, interlace). */
static inline int cyl_png_reader_open(CYLPNGReader *r, const uint8_t *data, size_t size, int rgba8) {
    memset(r, 0, sizeof *r);
    r->data = data;
    r->size = size;
    r->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &r->err, cyl_png_error_fn, cyl_png_warning_fn);
    if (!r->png) { cyl_png_set_error(&r->err, CYL_PNG_ERR_NOMEM, "cannot create libpng read struct"); return r->err.code; }
    r->info = png_create_info_struct(r->png);
    if (!r->info) { cyl_png_set_error(&r->err, CYL_PNG_ERR_NOMEM, "cannot create libpng info struct"); return r->err.code; }
    if (setjmp(png_jmpbuf(r->png))) return r->err.code ? r->err.code : CYL_PNG_ERR_LIBPNG;
    /* Our own pixel limit is checked in Swift after the header; let libpng accept any legal size. */
    png_set_user_limits(r->png, 0x7fffffff, 0x7fffffff);
#ifdef PNG_IGNORE_ADLER32
    /* zlib's Adler-32 of the image data is not checked (as browsers do): it was 11% of opening a
     * Lottie icon with embedded PNGs, and the chunks' CRC-32 still guards the bytes. */
    png_set_option(r->png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    png_set_read_fn(r->png, r, cyl_png_read_fn);
    png_read_info(r->png, r->info);
    r->width = png_get_image_width(r->png, r->info);
    r->height = png_get_image_height(r->png, r->info);
    r->bitDepth = png_get_bit_depth(r->png, r->info);
    r->colorType = png_get_color_type(r->png, r->info);
    r->interlace = png_get_interlace_type(r->png, r->info);
    if (rgba8) {
        png_set_expand(r->png);                 /* palette -> RGB, grey < 8 bits -> 8, tRNS -> alpha */
        png_set_scale_16(r->png);               /* 16 -> 8 bits, rounded */
        png_set_gray_to_rgb(r->png);
        png_set_add_alpha(r->png, 0xFF, PNG_FILLER_AFTER);
        png_set_interlace_handling(r->png);
        png_read_update_info(r->png, r->info);
        if (png_get_rowbytes(r->png, r->info) != (size_t)r->width * 4) {
            cyl_png_set_error(&r->err, CYL_PNG_ERR_FORMAT, "unexpected row size after conversion to RGBA");
            return r->err.code;
        }
    }
    return CYL_PNG_OK;
}

/* Reads all rows as straight RGBA8 into `rgba` (`stride` bytes per row), then the chunks after the
 * image data. A problem after the last row only sets `endError`. */
static inline int cyl_png_reader_read_rgba(CYLPNGReader *r, uint8_t *rgba, size_t stride) {
    if (setjmp(png_jmpbuf(r->png))) return r->err.code ? r->err.code : CYL_PNG_ERR_LIBPNG;
    r->rows = (png_bytepp)malloc(sizeof(png_bytep) * (r->height ? r->height : 1));
    if (!r->rows) { cyl_png_set_error(&r->err, CYL_PNG_ERR_NOMEM, "cannot allocate row pointers"); return r->err.code; }
    for (uint32_t y = 0; y < r->height; y++) r->rows[y] = rgba + (size_t)y * stride;
    png_read_image(r->png, r->rows);
    if (setjmp(png_jmpbuf(r->png))) { r->endError = 1; return CYL_PNG_OK; }
    png_read_end(r->png, NULL);
    return CYL_PNG_OK;
}

static inline void cyl_png_reader_close(CYLPNGReader *r) {
    if (r->png) png_destroy_read_struct(&r->png, r->info ? &r->info : NULL, NULL);
    free(r->rows);
    r->rows = NULL;
    r->png = NULL;
    r->info = NULL;
}

/* ---- Writing ---------------------------------------------------------------------------------- */

typedef struct CYLPNGWriter {
    uint8_t *buf;         /* malloc'd output, freed by cyl_png_writer_free */
    size_t size, cap;
    png_bytepp rows;
    CYLPNGError err;
} CYLPNGWriter;

static inline void cyl_png_write_fn(png_structp png, png_bytep data, size_t len) {
    CYLPNGWriter *w = (CYLPNGWriter *)png_get_io_ptr(png);
    if (w->size + len > w->cap) {
        size_t cap = w->cap ? w->cap : 65536;
        while (cap < w->size + len) cap *= 2;
        uint8_t *nb = (uint8_t *)realloc(w->buf, cap);
        if (!nb) { cyl_png_set_error(&w->err, CYL_PNG_ERR_NOMEM, "out of memory writing PNG"); png_error(png, "out of memory"); }
        w->buf = nb;
        w->cap = cap;
    }
    memcpy(w->buf + w->size, data, len);
    w->size += len;
}

static inline void cyl_png_flush_fn(png_structp png) { (void)png; }

/* Encodes straight RGBA8 rows. `filters` is a PNG_FILTER_* mask (PNG_FILTER_NONE, PNG_ALL_FILTERS).
 * `sizeHint` preallocates the output buffer. */
static inline int cyl_png_encode_rgba(CYLPNGWriter *w, const uint8_t *rgba, uint32_t width, uint32_t height,
                                      size_t stride, int level, int filters, size_t sizeHint) {
    memset(w, 0, sizeof *w);
    if (sizeHint) {
        w->buf = (uint8_t *)malloc(sizeHint);
        if (w->buf) w->cap = sizeHint;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &w->err, cyl_png_error_fn, cyl_png_warning_fn);
    if (!png) { cyl_png_set_error(&w->err, CYL_PNG_ERR_NOMEM, "cannot create libpng write struct"); return w->err.code; }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        cyl_png_set_error(&w->err, CYL_PNG_ERR_NOMEM, "cannot create libpng info struct");
        return w->err.code;
    }
    w->rows = (png_bytepp)malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!w->rows) {
        png_destroy_write_struct(&png, &info);
        cyl_png_set_error(&w->err, CYL_PNG_ERR_NOMEM, "cannot allocate row pointers");
        return w->err.code;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(w->rows); w->rows = NULL;
        return w->err.code ? w->err.code : CYL_PNG_ERR_LIBPNG;
    }
    for (uint32_t y = 0; y < height; y++) w->rows[y] = (png_bytep)(rgba + (size_t)y * stride);
    png_set_write_fn(png, w, cyl_png_write_fn, cyl_png_flush_fn);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_write_info(png, info);
    png_write_image(png, w->rows);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(w->rows); w->rows = NULL;
    return CYL_PNG_OK;
}

static inline void cyl_png_writer_free(CYLPNGWriter *w) {
    free(w->buf);
    free(w->rows);
    w->buf = NULL;
    w->rows = NULL;
    w->size = w->cap = 0;
}
