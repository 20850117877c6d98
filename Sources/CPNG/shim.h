#include <fcntl.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/// Writes an opaque image stored as B,G,R,X bytes (Cairo's memory order) as an 8-bit RGB PNG with
/// the UP filter at zlib `level` into a new file at `path`. libpng reports errors by longjmp, so this
/// stays in C. 0 on success.
static inline int ah_png_write_bgrx(const char *path, const unsigned char *pixels,
                                    int width, int height, int stride, int level) {
    // A new file only: never through a link, never over a file already there.
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) return -1;
    FILE *file = fdopen(fd, "wb");
    if (!file) { close(fd); return -1; }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(file);
        return -1;
    }
    png_init_io(png, file);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
    png_set_compression_level(png, level);
    png_write_info(png, info);
    png_set_bgr(png);
    png_set_filler(png, 0, PNG_FILLER_AFTER);
    for (int y = 0; y < height; y++) png_write_row(png, pixels + (size_t)y * (size_t)stride);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return fclose(file) == 0 ? 0 : -1;
}

/// A PNG held in memory: `data` (malloc'ed, the caller frees it) of `size` bytes.
typedef struct { unsigned char *data; size_t size, capacity; int failed; } ah_png_buffer;

static void ah_png_append(png_structp png, png_bytep bytes, png_size_t length) {
    ah_png_buffer *out = (ah_png_buffer *)png_get_io_ptr(png);
    if (out->failed) return;
    if (out->size + length > out->capacity) {
        size_t capacity = out->capacity ? out->capacity : 4096;
        while (capacity < out->size + length) capacity *= 2;
        unsigned char *grown = (unsigned char *)realloc(out->data, capacity);
        if (!grown) { out->failed = 1; return; }
        out->data = grown;
        out->capacity = capacity;
    }
    memcpy(out->data + out->size, bytes, length);
    out->size += length;
}

static void ah_png_flush(png_structp png) { (void)png; }

/// Encodes straight (not premultiplied) B,G,R,A pixels as an 8-bit RGBA PNG at zlib level 9 into
/// `out`. 0 on success; on failure `out` holds nothing to free.
static inline int ah_png_encode_bgra(ah_png_buffer *out, const unsigned char *pixels, int width, int height, int stride) {
    out->data = NULL; out->size = 0; out->capacity = 0; out->failed = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(out->data); out->data = NULL; out->size = 0;
        return -1;
    }
    png_set_write_fn(png, out, ah_png_append, ah_png_flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGBA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, 9);
    png_write_info(png, info);
    png_set_bgr(png);
    for (int y = 0; y < height; y++) png_write_row(png, pixels + (size_t)y * (size_t)stride);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    if (out->failed) { free(out->data); out->data = NULL; out->size = 0; return -1; }
    return 0;
}
