#include <webp/encode.h>
#include <webp/mux.h>

/// `WebPAnimEncoderOptionsInit` and `WebPConfigInit` are macros over versioned functions.
static inline int ah_webp_anim_options_init(WebPAnimEncoderOptions *options) { return WebPAnimEncoderOptionsInit(options); }
static inline int ah_webp_config_init(WebPConfig *config) { return WebPConfigInit(config); }
static inline int ah_webp_picture_init(WebPPicture *picture) { return WebPPictureInit(picture); }
static inline WebPAnimEncoder *ah_webp_anim_encoder_new(int width, int height, const WebPAnimEncoderOptions *options) {
    return WebPAnimEncoderNew(width, height, options);
}
static inline WebPMux *ah_webp_mux_new(void) { return WebPMuxNew(); }
