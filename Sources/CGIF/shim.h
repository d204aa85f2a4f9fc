#include <gif_lib.h>
#include <stddef.h>
#include <string.h>

/* An in-memory source for DGifOpen. The Swift owner (GIFStream) allocates and frees it and points
 * `data` at its bytes only for the duration of each DGif* call (NULL between calls); `pos` is the
 * number of bytes consumed so far, which is the byte offset Swift reports in errors. */
typedef struct CYLGifSource {
    const GifByteType *data;
    size_t size;
    size_t pos;
} CYLGifSource;

/* giflib's InputFunc: copy up to `len` bytes; a short count makes giflib report D_GIF_ERR_READ_FAILED. */
static inline int cyl_gif_read(GifFileType *gif, GifByteType *buf, int len) {
    CYLGifSource *src = (CYLGifSource *)gif->UserData;
    if (len <= 0 || src->pos >= src->size) return 0;
    size_t n = (size_t)len;
    if (n > src->size - src->pos) n = src->size - src->pos;
    memcpy(buf, src->data + src->pos, n);
    src->pos += n;
    return (int)n;
}

static inline GifFileType *cyl_gif_open(CYLGifSource *src, int *error) {
    return DGifOpen(src, cyl_gif_read, error);
}
