#!/usr/bin/env python3
"""The verdict of IRIS, Electronic Arts' photosensitive epilepsy analysis (PyPI's iris-pse-detection),
on a run's frames: FRAMES_DIR holds NNNN.png frames at FPS frames a second. They are encoded as a
lossless video (FFV1, with ffmpeg) and analysed with IRIS's defaults (luminance and red flashes, more
than six transitions in one second over 25 % of the frame fail). Prints one line:
`iris: PASS|FAIL general-fail-frames=N red-fail-frames=N`; exits 2 when IRIS is not installed.
Used by the tests as an oracle for `animhost check`'s no-flashes rule (docs/testing.md)."""
import contextlib
import subprocess
import sys
import tempfile
from pathlib import Path


def main() -> int:
    if len(sys.argv) != 3:
        print("usage: iris-flash.py FRAMES_DIR FPS", file=sys.stderr)
        return 64
    frames, fps = Path(sys.argv[1]), int(sys.argv[2])
    try:
        from iris_pse_detection import Configuration, VideoAnalyser
        from iris_pse_detection.result import AnalysisResult
    except ImportError as error:
        print(f"iris-flash: iris-pse-detection cannot be imported ({error}); scripts/setup.sh --python installs it", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="iris-flash-") as work:
        video = Path(work) / "frames.mkv"
        subprocess.run(
            ["ffmpeg", "-loglevel", "error", "-y", "-framerate", str(fps), "-i", str(frames / "%04d.png"),
             "-c:v", "ffv1", "-pix_fmt", "bgr0", str(video)],
            check=True)
        config = Configuration()
        config.results_path = str(Path(work) / "results") + "/"
        with contextlib.redirect_stdout(sys.stderr):
            result = VideoAnalyser(config).analyse_video(str(video))
    verdict = "FAIL" if result.overall_result == AnalysisResult.Fail else "PASS"
    print(f"iris: {verdict} general-fail-frames={result.total_luminance_incidents.flash_fail_frames} "
          f"red-fail-frames={result.total_red_incidents.flash_fail_frames}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
