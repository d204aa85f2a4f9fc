/* Cisco's openh264 decoder (Debian libopenh264-dev), for PAG video sequences. Its C API is a
 * table of function pointers; these wrappers call through it so Swift handles plain functions. */
#include <string.h>
#include <wels/codec_api.h>

/* A decoder ready for Annex B NAL units (start codes), or NULL. */
static inline ISVCDecoder *cyl_h264_open(void) {
    ISVCDecoder *decoder = NULL;
    if (WelsCreateDecoder(&decoder) != 0 || decoder == NULL) return NULL;
    SDecodingParam param;
    memset(&param, 0, sizeof(param));
    param.sVideoProperty.eVideoBsType = VIDEO_BITSTREAM_AVC;
    if ((*decoder)->Initialize(decoder, &param) != 0) {
        WelsDestroyDecoder(decoder);
        return NULL;
    }
    return decoder;
}

static inline void cyl_h264_close(ISVCDecoder *decoder) {
    if (decoder == NULL) return;
    (*decoder)->Uninitialize(decoder);
    WelsDestroyDecoder(decoder);
}

/* Fills the planes, strides, size and time stamp of a picture `info` holds; returns 1. */
static inline int cyl_h264_picture(const SBufferInfo *info, unsigned char *planes[3], int strides[2], int *width,
                                   int *height, unsigned long long *timestamp) {
    strides[0] = info->UsrData.sSystemBuffer.iStride[0];
    strides[1] = info->UsrData.sSystemBuffer.iStride[1];
    *width = info->UsrData.sSystemBuffer.iWidth;
    *height = info->UsrData.sSystemBuffer.iHeight;
    *timestamp = info->uiOutYuvTimeStamp;
    planes[0] = info->pDst[0];
    planes[1] = info->pDst[1];
    planes[2] = info->pDst[2];
    return 1;
}

/* Decodes `length` bytes stamped `timestamp`. Streams with B-frames give pictures later than
 * their data and in display order: a picture comes with the stamp its data had. Returns 1 and
 * fills the picture when one is ready, 0 when none is, -1 when the data is refused. */
static inline int cyl_h264_decode(ISVCDecoder *decoder, const unsigned char *bytes, int length, unsigned long long timestamp,
                                  unsigned char *planes[3], int strides[2], int *width, int *height,
                                  unsigned long long *outTimestamp) {
    SBufferInfo info;
    memset(&info, 0, sizeof(info));
    info.uiInBsTimeStamp = timestamp;
    planes[0] = planes[1] = planes[2] = NULL;
    DECODING_STATE state = (*decoder)->DecodeFrameNoDelay(decoder, bytes, length, planes, &info);
    if (state != dsErrorFree && info.iBufferStatus != 1) return -1;
    if (info.iBufferStatus != 1) return 0;
    return cyl_h264_picture(&info, planes, strides, width, height, outTimestamp);
}

/* The next picture still held for reordering once the data has ended: 1 and the picture, or 0. */
static inline int cyl_h264_flush(ISVCDecoder *decoder, unsigned char *planes[3], int strides[2], int *width, int *height,
                                 unsigned long long *outTimestamp) {
    SBufferInfo info;
    memset(&info, 0, sizeof(info));
    planes[0] = planes[1] = planes[2] = NULL;
    (*decoder)->FlushFrame(decoder, planes, &info);
    if (info.iBufferStatus != 1) return 0;
    return cyl_h264_picture(&info, planes, strides, width, height, outTimestamp);
}
