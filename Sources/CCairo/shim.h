#include <cairo.h>
#include <pango/pangocairo.h>
#include <pixman.h>

/// Draws the premultiplied ARGB32 image `src` (sw × sh, stride sstride bytes) into the region
/// (x, y, w, h) of `dst` (dw × dh) through the projective transform `m` (3 × 3, row major, column
/// vectors) that maps destination pixel coordinates to source ones, with bilinear filtering;
/// outside the source is transparent. The region's pixels are replaced (operator SOURCE).
/// Returns 0 when the transform cannot be held in pixman's fixed-point numbers.
static inline int ah_project_image(
    void *src, int sw, int sh, int sstride, void *dst, int dw, int dh, int dstride,
    const double *m, int x, int y, int w, int h)
{
    struct pixman_f_transform ft;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) ft.m[i][j] = m[i * 3 + j];
    struct pixman_transform t;
    if (!pixman_transform_from_pixman_f_transform(&t, &ft)) return 0;
    pixman_image_t *s = pixman_image_create_bits(PIXMAN_a8r8g8b8, sw, sh, (uint32_t *)src, sstride);
    pixman_image_t *d = pixman_image_create_bits(PIXMAN_a8r8g8b8, dw, dh, (uint32_t *)dst, dstride);
    int ok = s != NULL && d != NULL;
    if (ok) {
        pixman_image_set_transform(s, &t);
        pixman_image_set_filter(s, PIXMAN_FILTER_BILINEAR, NULL, 0);
        pixman_image_set_repeat(s, PIXMAN_REPEAT_NONE);
        pixman_image_composite32(PIXMAN_OP_SRC, s, NULL, d, x, y, 0, 0, x, y, w, h);
    }
    if (s) pixman_image_unref(s);
    if (d) pixman_image_unref(d);
    return ok;
}
