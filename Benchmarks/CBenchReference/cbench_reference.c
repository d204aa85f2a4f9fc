#include "cbench_reference.h"
#include <gif_lib.h>
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/* ---- GIF: decode + composite ------------------------------------------------------------------ */

struct CBenchGIF {
    GifFileType *gif;
    const uint8_t *data;
    size_t size, pos;
    int width, height;
    uint32_t *canvas;
    uint32_t *saved;
    size_t savedCap;
    uint8_t *line;
    int lastDisposal;              /* 0 none, 2 background, 3 previous */
    int lx0, ly0, lx1, ly1;        /* last frame's clipped rectangle */
    int haveFirst;                 /* the first image descriptor was read by open */
    int firstDisposal, firstTransparent;
};

static int mem_read(GifFileType *g, GifByteType *buf, int len) {
    CBenchGIF *c = (CBenchGIF *)g->UserData;
    size_t n = (size_t)len;
    if (n > c->size - c->pos) n = c->size - c->pos;
    memcpy(buf, c->data + c->pos, n);
    c->pos += n;
    return (int)n;
}

/* Reads records up to the next image descriptor; returns 1 with gce filled, 0 at the end, -1 on error. */
static int next_header(CBenchGIF *c, int *disposal, int *transparent) {
    *disposal = 0;
    *transparent = -1;
    for (;;) {
        GifRecordType type;
        if (DGifGetRecordType(c->gif, &type) == GIF_ERROR) return 0;
        if (type == EXTENSION_RECORD_TYPE) {
            int code;
            GifByteType *ext;
            if (DGifGetExtension(c->gif, &code, &ext) == GIF_ERROR) return 0;
            int first = 1;
            while (ext) {
                if (code == GRAPHICS_EXT_FUNC_CODE && first && ext[0] >= 4) {
                    int m = (ext[1] >> 2) & 7;
                    *disposal = m == 2 ? 2 : (m == 3 || m == 4) ? 3 : 0;
                    *transparent = (ext[1] & 1) ? ext[4] : -1;
                }
                first = 0;
                if (DGifGetExtensionNext(c->gif, &ext) == GIF_ERROR) return 0;
            }
        } else if (type == IMAGE_DESC_RECORD_TYPE) {
            return DGifGetImageDesc(c->gif) == GIF_ERROR ? -1 : 1;
        } else {
            return 0;
        }
    }
}

CBenchGIF *cbench_gif_open(const uint8_t *data, size_t size) {
    CBenchGIF *c = (CBenchGIF *)calloc(1, sizeof *c);
    if (!c) return NULL;
    c->data = data;
    c->size = size;
    int err = 0;
    c->gif = DGifOpen(c, mem_read, &err);
    if (!c->gif) { free(c); return NULL; }
    if (next_header(c, &c->firstDisposal, &c->firstTransparent) != 1) { cbench_gif_close(c); return NULL; }
    c->haveFirst = 1;
    GifImageDesc *im = &c->gif->Image;
    c->width = c->gif->SWidth > im->Left + im->Width ? c->gif->SWidth : im->Left + im->Width;
    c->height = c->gif->SHeight > im->Top + im->Height ? c->gif->SHeight : im->Top + im->Height;
    c->canvas = (uint32_t *)calloc((size_t)c->width * c->height, 4);
    c->line = (uint8_t *)malloc(65536);
    if (!c->canvas || !c->line) { cbench_gif_close(c); return NULL; }
    return c;
}

int cbench_gif_next_frame(CBenchGIF *c) {
    int disposal, transparent;
    if (c->haveFirst) {
        disposal = c->firstDisposal;
        transparent = c->firstTransparent;
        c->haveFirst = 0;
    } else {
        int r = next_header(c, &disposal, &transparent);
        if (r != 1) return r;
    }
    GifImageDesc *im = &c->gif->Image;
    int W = c->width, H = c->height;
    int x0 = im->Left < W ? im->Left : W, y0 = im->Top < H ? im->Top : H;
    int x1 = im->Left + im->Width < W ? im->Left + im->Width : W;
    int y1 = im->Top + im->Height < H ? im->Top + im->Height : H;
    int rw = x1 - x0, rh = y1 - y0;

    /* Dispose of the previous frame. */
    int lw = c->lx1 - c->lx0;
    if (c->lastDisposal == 2) {
        for (int y = c->ly0; y < c->ly1; y++) memset(c->canvas + (size_t)y * W + c->lx0, 0, (size_t)lw * 4);
    } else if (c->lastDisposal == 3) {
        for (int y = c->ly0; y < c->ly1; y++)
            memcpy(c->canvas + (size_t)y * W + c->lx0, c->saved + (size_t)(y - c->ly0) * lw, (size_t)lw * 4);
    }
    if (disposal == 3 && rw > 0 && rh > 0) {
        size_t need = (size_t)rw * rh;
        if (need > c->savedCap) { free(c->saved); c->saved = (uint32_t *)malloc(need * 4); c->savedCap = need; }
        for (int y = y0; y < y1; y++) memcpy(c->saved + (size_t)(y - y0) * rw, c->canvas + (size_t)y * W + x0, (size_t)rw * 4);
    }

    /* Palette: local over global, missing entries opaque black. */
    uint32_t pal[256];
    ColorMapObject *map = im->ColorMap ? im->ColorMap : c->gif->SColorMap;
    int n = map ? map->ColorCount : 0;
    if (n > 256) n = 256;
    for (int i = 0; i < n; i++)
        pal[i] = (uint32_t)map->Colors[i].Red | (uint32_t)map->Colors[i].Green << 8 | (uint32_t)map->Colors[i].Blue << 16 | 0xFF000000u;
    for (int i = n; i < 256; i++) pal[i] = 0xFF000000u;

    int fw = im->Width, fh = im->Height;
    if (fw > 0 && fh > 0) {
        static const int start[4] = {0, 4, 2, 1}, step[4] = {8, 8, 4, 2};
        int passes = im->Interlace ? 4 : 1;
        for (int p = 0; p < passes; p++) {
            int r0 = im->Interlace ? start[p] : 0, dr = im->Interlace ? step[p] : 1;
            for (int r = r0; r < fh; r += dr) {
                if (DGifGetLine(c->gif, c->line, fw) == GIF_ERROR) return -1;
                if (r >= rh || rw <= 0) continue;
                uint32_t *dst = c->canvas + (size_t)(y0 + r) * W + x0;
                const uint8_t *src = c->line + (x0 - im->Left);
                if (transparent >= 0) {
                    for (int i = 0; i < rw; i++) if (src[i] != transparent) dst[i] = pal[src[i]];
                } else {
                    for (int i = 0; i < rw; i++) dst[i] = pal[src[i]];
                }
            }
        }
    } else {
        int cs; GifByteType *b;
        if (DGifGetCode(c->gif, &cs, &b) == GIF_ERROR) return -1;
        while (b) if (DGifGetCodeNext(c->gif, &b) == GIF_ERROR) return -1;
    }
    c->lastDisposal = disposal;
    c->lx0 = x0; c->ly0 = y0; c->lx1 = x1; c->ly1 = y1;
    return 1;
}

const uint8_t *cbench_gif_canvas(const CBenchGIF *c, int *width, int *height) {
    *width = c->width;
    *height = c->height;
    return (const uint8_t *)c->canvas;
}

void cbench_gif_close(CBenchGIF *c) {
    if (!c) return;
    int err;
    if (c->gif) DGifCloseFile(c->gif, &err);
    free(c->canvas);
    free(c->saved);
    free(c->line);
    free(c);
}

/* ---- PNG: unpremultiply + encode -------------------------------------------------------------- */

typedef struct { uint8_t *buf; size_t size, cap; jmp_buf jb; } Out;

static void out_write(png_structp png, png_bytep data, size_t len) {
    Out *o = (Out *)png_get_io_ptr(png);
    if (o->size + len > o->cap) {
        size_t cap = o->cap ? o->cap : 65536;
        while (cap < o->size + len) cap *= 2;
        uint8_t *nb = (uint8_t *)realloc(o->buf, cap);
        if (!nb) png_error(png, "oom");
        o->buf = nb;
        o->cap = cap;
    }
    memcpy(o->buf + o->size, data, len);
    o->size += len;
}
static void out_flush(png_structp png) { (void)png; }

size_t cbench_png_encode(const uint8_t *pm, int width, int height, int level, int adaptive) {
    size_t npx = (size_t)width * height;
    uint8_t *straight = (uint8_t *)malloc(npx * 4);
    png_bytep *rows = (png_bytep *)malloc(sizeof(png_bytep) * (size_t)height);
    Out o = {0};
    if (level <= 1) { o.cap = npx * 2 + 4096; o.buf = (uint8_t *)malloc(o.cap); }
    if (!straight || !rows) { free(straight); free(rows); free(o.buf); return 0; }
    const uint32_t *src = (const uint32_t *)pm;
    uint32_t *dst = (uint32_t *)straight;
    for (size_t i = 0; i < npx; i++) {
        uint32_t p = src[i], a = p >> 24;
        if (a == 255) dst[i] = p;
        else if (a == 0) dst[i] = 0;
        else {
            uint32_t h = a / 2;
            uint32_t r = ((p & 0xFF) * 255 + h) / a, g = (((p >> 8) & 0xFF) * 255 + h) / a, b = (((p >> 16) & 0xFF) * 255 + h) / a;
            if (r > 255) r = 255;
            if (g > 255) g = 255;
            if (b > 255) b = 255;
            dst[i] = r | g << 8 | b << 16 | a << 24;
        }
    }
    for (int y = 0; y < height; y++) rows[y] = straight + (size_t)y * width * 4;
    size_t result = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (png && info && !setjmp(png_jmpbuf(png))) {
        png_set_write_fn(png, &o, out_write, out_flush);
        png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB_ALPHA,
                     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
        png_set_compression_level(png, level);
        png_set_filter(png, PNG_FILTER_TYPE_BASE, adaptive ? PNG_ALL_FILTERS : PNG_FILTER_NONE);
        png_write_info(png, info);
        png_write_image(png, rows);
        png_write_end(png, info);
        result = o.size;
    }
    png_destroy_write_struct(png ? &png : NULL, info ? &info : NULL);
    free(straight);
    free(rows);
    free(o.buf);
    return result;
}

/* ---- JSON: json-c alone ---- */
#include <json-c/json.h>

static long cbench_json_count(struct json_object *o) {
    long n = 1;
    switch (json_object_get_type(o)) {
    case json_type_array: {
        size_t len = json_object_array_length(o);
        for (size_t i = 0; i < len; i++) n += cbench_json_count(json_object_array_get_idx(o, i));
        break;
    }
    case json_type_object: {
        json_object_object_foreach(o, key, value) { (void)key; n += cbench_json_count(value); }
        break;
    }
    default: break;
    }
    return n;
}

long cbench_json_parse(const uint8_t *data, size_t size, int depth) {
    struct json_tokener *tok = json_tokener_new_ex(depth);
    if (!tok) return -1;
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
    struct json_object *root = json_tokener_parse_ex(tok, (const char *)data, (int)size);
    long n = -1;
    if (json_tokener_get_error(tok) == json_tokener_success && root) n = cbench_json_count(root);
    json_object_put(root);
    json_tokener_free(tok);
    return n;
}
