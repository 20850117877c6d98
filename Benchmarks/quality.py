#!/usr/bin/env python3
"""quality.py OUT: SSIM (ffmpeg's ssim filter, All) and PSNR of OUT/animation.gif and .webp against
OUT/frames/*.png. Each animation frame is compared with the PNG frame shown at its start time."""
import sys, os, subprocess, tempfile
from PIL import Image
out = sys.argv[1]
names = sorted(os.listdir(f"{out}/frames"))
fps = 60
for ext in ("gif", "webp"):
    path = f"{out}/animation.{ext}"
    if not os.path.exists(path): continue
    im = Image.open(path)
    t, pairs = 0, []
    for i in range(im.n_frames):
        im.seek(i)
        frame = im.convert("RGB")
        index = min(round(t * fps / 1000), len(names) - 1)
        pairs.append((frame.tobytes(), Image.open(f"{out}/frames/{names[index]}").convert("RGB").tobytes()))
        t += im.info["duration"]
    w, h = im.size
    with tempfile.TemporaryDirectory() as d:
        open(f"{d}/a", "wb").write(b"".join(p[0] for p in pairs))
        open(f"{d}/b", "wb").write(b"".join(p[1] for p in pairs))
        raw = ["-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{w}x{h}"]
        r = subprocess.run(["ffmpeg", "-hide_banner", *raw, "-i", f"{d}/a", *raw, "-i", f"{d}/b",
                            "-lavfi", "[0][1]ssim;[0][1]psnr", "-f", "null", "-"], capture_output=True, text=True).stderr
    ssim = r.split("SSIM")[1].split("All:")[1].split()[0]
    psnr = r.split("PSNR")[1].split("average:")[1].split()[0]
    print(f"{ext}: {os.path.getsize(path)} bytes, {len(pairs)} frames, SSIM {ssim}, PSNR {psnr} dB")
