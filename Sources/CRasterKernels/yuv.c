// One row of a decoded 4:2:0 picture to straight RGBA, as H264Decoder.Picture.straightRGBA
// describes: chroma interpolated bilinearly from the half-size planes (pixel 2k sits a quarter of
// a chroma sample before sample k, 2k + 1 a quarter after, so the weights are 9, 3, 3 and 1
// sixteenths), BT.601 limited range in 20-bit fixed point, and alpha, when an alpha row is given,
// tgfx's expansion of a luma byte: (Y - 16) * 255 / 218, rounded, clamped. In Swift this loop ran
// at about 57 ns a pixel (overflow checks and 64-bit arithmetic on every step), half of the render
// of a PAG file with a 720x1280 video; every intermediate here fits 32 bits.
#include "kernels_common.h"

static inline int32_t clamp255(int32_t v) { return v < 0 ? 0 : (v > 255 ? 255 : v); }

// One pixel: luma yv, chroma sums u16 and v16 (sixteenths of a sample), alpha a.
static inline void yuv_pixel(uint8_t *restrict out, int32_t yv, int32_t u16, int32_t v16, int32_t a) {
    int32_t c = (yv - 16) * 76309 * 16, d = u16 - 128 * 16, e = v16 - 128 * 16;
    out[0] = (uint8_t)clamp255((c + 104597 * e + (1 << 19)) >> 20);
    out[1] = (uint8_t)clamp255((c - 25675 * d - 53279 * e + (1 << 19)) >> 20);
    out[2] = (uint8_t)clamp255((c + 132201 * d + (1 << 19)) >> 20);
    out[3] = (uint8_t)a;
}

// tgfx's alpha from a luma byte: (Y - 16) * 255 / 218, rounded, clamped. The quotient of a
// non-negative numerator is exact as a multiply and shift: 218 = 2 * 109, and
// n / 218 = (n * 2405) >> 19 for 0 <= n <= 61054, the largest (checked by YUVRowTests on every byte).
static inline int32_t alpha_of(int32_t y) {
    int32_t n = (y - 16) * 255 + 109;
    return n < 0 ? 0 : clamp255((int32_t)(((uint32_t)n * 2405u) >> 19));
}

// Pixel `col` of the row with its second chroma sample picked by parity and clamped to the
// region's samples: the row's ends, where the two-pixel loop cannot go.
static inline void yuv_one(uint8_t *restrict dst, const uint8_t *restrict y, const uint8_t *restrict u_near,
                           const uint8_t *restrict u_far, const uint8_t *restrict v_near, const uint8_t *restrict v_far,
                           const uint8_t *restrict alpha, int32_t alpha_count, int32_t x, int32_t col, int32_t cx0, int32_t cx1) {
    int32_t xx = x + col, nx = xx >> 1;
    int32_t fx = (xx & 1) == 0 ? nx - 1 : nx + 1;
    fx = fx < cx0 ? cx0 : (fx > cx1 ? cx1 : fx);
    int32_t u16 = 9 * u_near[nx] + 3 * u_near[fx] + 3 * u_far[nx] + u_far[fx];
    int32_t v16 = 9 * v_near[nx] + 3 * v_near[fx] + 3 * v_far[nx] + v_far[fx];
    int32_t a = alpha ? (col < alpha_count ? alpha_of(alpha[col]) : 0) : 255;
    yuv_pixel(dst + 4 * col, y[xx], u16, v16, a);
}

CYL_CLONES
void cyl_yuv420_straight_row(uint8_t *restrict dst, const uint8_t *restrict y, const uint8_t *restrict u_near,
                             const uint8_t *restrict u_far, const uint8_t *restrict v_near,
                             const uint8_t *restrict v_far, const uint8_t *restrict alpha, int32_t alpha_count,
                             int32_t x, int32_t width, int32_t cx0, int32_t cx1) {
    int32_t col = 0;
    // One pixel at a time while the row starts odd or a pixel's chroma neighbour is clamped.
    while (col < width && (((x + col) & 1) != 0 || ((x + col) >> 1) - 1 < cx0)) {
        yuv_one(dst, y, u_near, u_far, v_near, v_far, alpha, alpha_count, x, col, cx0, cx1);
        col++;
    }
    // Then two pixels a chroma sample, k, while both of its neighbours k - 1 and k + 1 are inside:
    // pixel 2k reads k and k - 1, pixel 2k + 1 reads k and k + 1, with no clamp or select, so the
    // loop is vectorised (the one-pixel loop, with its data-dependent neighbours, was not: about
    // 20 ns a pixel).
    int32_t k0 = (x + col) >> 1;
    int32_t pairs = (width - col) / 2;
    if (pairs > cx1 - k0) pairs = cx1 - k0;  // k + 1 <= cx1
    if (pairs < 0) pairs = 0;
    const uint8_t *yk = y + 2 * k0;
    uint8_t *out = dst + 4 * col;
    // Two loops, with and without alpha: one loop choosing per pixel is not vectorised (measured:
    // 13.7 ms a 720x1280 frame, against 1.3).
    if (alpha) {
        const uint8_t *ak = alpha + col;
        int32_t with_alpha = (alpha_count - col) / 2;  // pairs whose two alpha bytes are there
        if (pairs > with_alpha) pairs = with_alpha < 0 ? 0 : with_alpha;
        for (int32_t i = 0; i < pairs; i++) {
            int32_t k = k0 + i;
            int32_t un = 9 * u_near[k] + 3 * u_far[k], vn = 9 * v_near[k] + 3 * v_far[k];
            yuv_pixel(out + 8 * i, yk[2 * i], un + 3 * u_near[k - 1] + u_far[k - 1], vn + 3 * v_near[k - 1] + v_far[k - 1],
                      alpha_of(ak[2 * i]));
            yuv_pixel(out + 8 * i + 4, yk[2 * i + 1], un + 3 * u_near[k + 1] + u_far[k + 1], vn + 3 * v_near[k + 1] + v_far[k + 1],
                      alpha_of(ak[2 * i + 1]));
        }
    } else {
        for (int32_t i = 0; i < pairs; i++) {
            int32_t k = k0 + i;
            int32_t un = 9 * u_near[k] + 3 * u_far[k], vn = 9 * v_near[k] + 3 * v_far[k];
            yuv_pixel(out + 8 * i, yk[2 * i], un + 3 * u_near[k - 1] + u_far[k - 1], vn + 3 * v_near[k - 1] + v_far[k - 1], 255);
            yuv_pixel(out + 8 * i + 4, yk[2 * i + 1], un + 3 * u_near[k + 1] + u_far[k + 1], vn + 3 * v_near[k + 1] + v_far[k + 1], 255);
        }
    }
    col += 2 * pairs;
    for (; col < width; col++) yuv_one(dst, y, u_near, u_far, v_near, v_far, alpha, alpha_count, x, col, cx0, cx1);
}
