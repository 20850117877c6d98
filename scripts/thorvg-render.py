#!/usr/bin/env python3
"""Renders every frame of a Lottie document with ThorVG (PyPI's thorvg-python, the renderer dotLottie
uses) at WIDTH x HEIGHT pixels, and writes them one after another to OUT as raw premultiplied ARGB32
(cairo's layout: B, G, R, A bytes), composited over nothing. The Lottie comparison tests read them.

usage: thorvg-render.py DOCUMENT WIDTH HEIGHT OUT"""
import sys

import thorvg_python as tvg


def main() -> int:
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    document, width, height, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    engine = tvg.Engine()
    engine.init(1)
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    with open(document, "rb") as f:
        data = f.read()
    if picture.load_data(data, "lottie", None, True) != tvg.Result.SUCCESS:
        print(f"thorvg could not load {document}", file=sys.stderr)
        return 1
    picture.set_size(width, height)
    canvas = tvg.SwCanvas(engine)
    if canvas.set_target(width, height, width, tvg.Colorspace.ARGB8888) != tvg.Result.SUCCESS:
        print(f"thorvg could not draw {width} x {height} pixels", file=sys.stderr)
        return 1
    canvas.add(picture)
    _, total = animation.get_total_frame()
    with open(out, "wb") as f:
        for frame in range(int(round(total))):
            animation.set_frame(float(frame))
            canvas.update()
            canvas.draw(True)
            canvas.sync()
            f.write(bytes(canvas.buffer_arr))
    engine.term()
    return 0


if __name__ == "__main__":
    sys.exit(main())
