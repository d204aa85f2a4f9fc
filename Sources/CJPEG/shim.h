#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>
/* libjpeg reports fatal errors through error_exit, which must not return: it longjmps back here.
 * A longjmp must never cross a Swift frame, so every call that can fail runs inside these C
 * functions, which own the setjmp; Swift sees a return code and a message. */

enum {
    CYL_JPEG_OK = 0,
    CYL_JPEG_ERR_LIBJPEG = 1,  /* libjpeg rejected the data (not a JPEG, corrupt, unsupported) */
    CYL_JPEG_ERR_TOO_LARGE = 2 /* larger than the caller's pixel limit */
};

typedef struct CYLJPEGErrorManager {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
} CYLJPEGErrorManager;

static inline void cyl_jpeg_error_exit(j_common_ptr cinfo) {
    CYLJPEGErrorManager *m = (CYLJPEGErrorManager *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, m->message);
    longjmp(m->jump, 1);
}

static inline void cyl_jpeg_output_message(j_common_ptr cinfo) { (void)cinfo; /* warnings are ignored */ }

typedef struct CYLJPEGImage {
    uint32_t width, height;
    uint8_t *rgba;      /* width * height * 4 bytes, straight alpha (opaque); free with cyl_jpeg_free */
    char message[JMSG_LENGTH_MAX];
} CYLJPEGImage;

/* Decodes `data` to RGBA8. Fails with CYL_JPEG_ERR_TOO_LARGE (width and height set) before
 * allocating pixels when the image has more than `max_pixels` pixels. */
static inline int cyl_jpeg_decode_rgba(const uint8_t *data, size_t size, size_t max_pixels, CYLJPEGImage *out) {
    struct jpeg_decompress_struct cinfo;
    CYLJPEGErrorManager err;
    memset(out, 0, sizeof *out);
    memset(&err, 0, sizeof err);
    cinfo.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = cyl_jpeg_error_exit;
    err.pub.output_message = cyl_jpeg_output_message;
    uint8_t *volatile pixels = NULL;
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        strncpy(out->message, err.message, sizeof out->message - 1);
        return CYL_JPEG_ERR_LIBJPEG;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&cinfo);
    out->width = cinfo.output_width;
    out->height = cinfo.output_height;
    if (out->width == 0 || out->height == 0 || (size_t)out->width * out->height > max_pixels) {
        jpeg_destroy_decompress(&cinfo);
        return CYL_JPEG_ERR_TOO_LARGE;
    }
    size_t stride = (size_t)out->width * 4;
    pixels = (uint8_t *)malloc(stride * out->height);
    if (!pixels) {
        jpeg_destroy_decompress(&cinfo);
        strncpy(out->message, "out of memory", sizeof out->message - 1);
        return CYL_JPEG_ERR_LIBJPEG;
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = pixels + stride * cinfo.output_scanline;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    out->rgba = pixels;
    return CYL_JPEG_OK;
}

static inline void cyl_jpeg_free(CYLJPEGImage *image) {
    free(image->rgba);
    image->rgba = NULL;
}

/* Encodes `width` x `height` RGB8 pixels (rows packed) as a baseline JPEG at `quality` (1-100).
 * On success *out (malloc'd by libjpeg; free it with free()) and *out_size hold the file. Tests use
 * it to make JPEG fixtures with the same library the decoder uses. */
static inline int cyl_jpeg_encode_rgb(const uint8_t *rgb, uint32_t width, uint32_t height, int quality,
                                      uint8_t **out, unsigned long *out_size) {
    struct jpeg_compress_struct cinfo;
    CYLJPEGErrorManager err;
    memset(&err, 0, sizeof err);
    *out = NULL;
    *out_size = 0;
    cinfo.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = cyl_jpeg_error_exit;
    err.pub.output_message = cyl_jpeg_output_message;
    if (setjmp(err.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(*out);
        *out = NULL;
        return CYL_JPEG_ERR_LIBJPEG;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, out, out_size);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)cinfo.next_scanline * width * 3);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    return CYL_JPEG_OK;
}
