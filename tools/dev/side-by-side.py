#!/usr/bin/env python3
"""Side-by-side sheets of our corpus renders and the reference engines' (dev tool).

One row per frame: ours, lottie-web (SVG), ThorVG, rlottie, each over white, with the percentage
of pixels off ours by more than 16 (the corpus rule's measure) under each reference. Frames come
from the command line (stem:frame, e.g. lottie/lottie-web/dalek:72) or, with --mistakes, from every
line of the conformance test's reference-mistakes.txt.

    tools/dev/render-corpus.sh /tmp/renders
    tools/dev/side-by-side.py /tmp/renders /tmp/sheet.png --mistakes
    tools/dev/side-by-side.py /tmp/renders /tmp/dalek.png lottie/lottie-web/dalek:72 --zoom 2

Needs: python3 with pillow and numpy (pip install pillow numpy).
"""
import argparse, os, sys
import numpy as np
from PIL import Image, ImageDraw

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ENGINES = ["lottieweb-svg", "thorvg", "rlottie"]
MISTAKES = os.path.join(ROOT, "Tests", "CYLLottieAnimatorTests", "reference-mistakes.txt")


def premultiplied(im):
    a = np.asarray(im, dtype=np.float32).copy()
    a[..., :3] *= a[..., 3:4] / 255.0
    return np.rint(a).astype(np.int16)


def px16(a, b):
    return float((np.abs(premultiplied(a) - premultiplied(b)).max(axis=-1) > 16).mean() * 100.0)


def over_white(im, zoom):
    bg = Image.new("RGBA", im.size, (255, 255, 255, 255))
    bg.alpha_composite(im)
    return bg.resize((im.width * zoom, im.height * zoom), Image.NEAREST) if zoom > 1 else bg


def frames_from_mistakes():
    out = []
    for line in open(MISTAKES, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        stem, frames = line.split("\t")[:2]
        out += [(stem, int(n)) for n in frames.split(",")]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("renders", help="folder laid out as render-corpus.sh writes it")
    ap.add_argument("out", help="PNG sheet to write")
    ap.add_argument("frames", nargs="*", help="stem:frame")
    ap.add_argument("--mistakes", action="store_true", help="every frame of reference-mistakes.txt")
    ap.add_argument("--corpus", default=os.path.join(ROOT, "..", "shared", "corpus"))
    ap.add_argument("--zoom", type=int, default=1)
    args = ap.parse_args()
    wanted = [(s.rsplit(":", 1)[0], int(s.rsplit(":", 1)[1])) for s in args.frames]
    if args.mistakes:
        wanted += frames_from_mistakes()
    if not wanted:
        sys.exit("side-by-side: no frames (give stem:frame or --mistakes)")
    tile, label, gap = 256 * args.zoom, 16, 6
    sheet = Image.new("RGBA", (4 * (tile + gap), len(wanted) * (tile + 2 * label + gap)), (190, 190, 190, 255))
    draw = ImageDraw.Draw(sheet)
    for row, (stem, n) in enumerate(wanted):
        y = row * (tile + 2 * label + gap)
        ours_path = os.path.join(args.renders, stem, f"{n}.png")
        if not os.path.exists(ours_path):
            sys.exit(f"side-by-side: no render {ours_path} (run tools/dev/render-corpus.sh {args.renders})")
        ours = Image.open(ours_path).convert("RGBA")
        draw.text((4, y + 2), f"{stem} frame {n}", fill=(0, 0, 0, 255))
        sheet.paste(over_white(ours, args.zoom), (0, y + label))
        draw.text((4, y + label + tile + 2), "ours", fill=(0, 0, 0, 255))
        for i, engine in enumerate(ENGINES):
            path = os.path.join(args.corpus, "reference", stem, f"{engine}-{n}.png")
            x = (i + 1) * (tile + gap)
            if not os.path.exists(path):
                draw.text((x + 4, y + label + tile + 2), f"{engine}: none", fill=(0, 0, 0, 255))
                continue
            ref = Image.open(path).convert("RGBA")
            sheet.paste(over_white(ref, args.zoom), (x, y + label))
            draw.text((x + 4, y + label + tile + 2), f"{engine}: {px16(ours, ref):.2f}% off ours", fill=(0, 0, 0, 255))
    sheet.save(args.out)
    print(f"side-by-side: {len(wanted)} frames -> {args.out}")


if __name__ == "__main__":
    main()
