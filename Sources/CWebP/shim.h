#include <webp/encode.h>
#include <webp/mux.h>
/* Declarations only: the demuxer (WebPAnimDecoder) lives in libwebpdemux, which this module does not
 * link. Tests reach it through dlopen/dlsym to check our WebP output with libwebp's own decoder. */
#include <webp/decode.h>
#include <webp/demux.h>
