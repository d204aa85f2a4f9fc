#!/usr/bin/env python3
"""Dev-only: Pillow's GIF writer on the frames EncodeBench dumps, for a same-machine comparison.

    swift run -c release EncodeBench --dump /tmp/encbench
    python3 Benchmarks/EncodeBench/pillow_reference.py /tmp/encbench

Prints size, PSNR over a white matte and encode time for Pillow, and the PSNR of our GIF
(ours.gif in the same folder) computed the same way by Pillow's decoder. Not used by tests.
"""
import glob, io, math, sys, time
from PIL import Image

d = sys.argv[1] if len(sys.argv) > 1 else "/tmp/encbench"
frames = [Image.open(p).convert("RGBA") for p in sorted(glob.glob(f"{d}/frame-*.png"))]
white = Image.new("RGBA", frames[0].size, (255, 255, 255, 255))

def over(im):
    return Image.alpha_composite(white, im.convert("RGBA")).convert("RGB")

def psnr(src, gif_bytes):
    g = Image.open(io.BytesIO(gif_bytes))
    se, n, k = 0.0, 0, 0
    for i in range(g.n_frames):
        g.seek(i)
        rep = max(1, round(g.info.get("duration", 40) / 40))
        dec = over(g.convert("RGBA")).tobytes()
        for _ in range(rep):
            if k >= len(src): break
            s = over(src[k]).tobytes()
            se += sum((a - b) ** 2 for a, b in zip(s, dec))
            n += len(s)
            k += 1
    return 10 * math.log10(255 * 255 / (se / n)) if se else float("inf")

times = []
for _ in range(3):
    buf = io.BytesIO()
    t0 = time.perf_counter()
    frames[0].save(buf, format="GIF", save_all=True, append_images=frames[1:], duration=40, loop=0, disposal=2)
    times.append((time.perf_counter() - t0) * 1000)
data = buf.getvalue()
print(f"Pillow GIF: {len(data) / 1000:.1f} KB, PSNR {psnr(frames, data):.2f} dB, {sorted(times)[1]:.1f} ms (median of 3)")
try:
    ours = open(f"{d}/ours.gif", "rb").read()
    print(f"ours.gif:   {len(ours) / 1000:.1f} KB, PSNR {psnr(frames, ours):.2f} dB (decoded by Pillow)")
except FileNotFoundError:
    pass
