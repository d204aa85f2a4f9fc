#!/usr/bin/env python3
"""Two cylanim builds against each other on the same files, interleaved (dev tool).

    python3 tools/dev/ab-bench.py OLD_CYLANIM NEW_CYLANIM [--rounds 3] [--passes 5] [--category icon|all] [FILE...]

For each file, --rounds rounds of `cylanim bench --json` with the old build then the new one; each
build keeps its fastest round (a shared machine has slow spells that would otherwise land on one
side). Prints open and render medians per file, new/old ratios, and their geometric means: the
before/after numbers a commit message gives. Not part of the build or the tests.
"""
import argparse
import importlib.util
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("peer_bench", os.path.join(HERE, "peer-bench.py"))
peer = importlib.util.module_from_spec(spec)
spec.loader.exec_module(peer)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("files", nargs="*")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--passes", type=int, default=5)
    ap.add_argument("--size", type=int, default=256)
    ap.add_argument("--category", default="icon")
    args = ap.parse_intermixed_args()
    files = args.files or peer.corpus_files(args.category)
    opens, renders = [], []
    print(f"{'file':44} {'open old':>9} {'new':>8} {'new/old':>8}   {'render old':>10} {'new':>8} {'new/old':>8}")
    for path in files:
        name = os.path.relpath(path, peer.CORPUS)
        best = {args.old: [math.inf, math.inf], args.new: [math.inf, math.inf]}
        try:
            for _ in range(args.rounds):
                for exe in (args.old, args.new):
                    o, r, _ = peer.ours(exe, path, args.size, args.passes)
                    best[exe] = [min(best[exe][0], o), min(best[exe][1], r)]
        except Exception as e:
            print(f"{name[-44:]:44} skipped: {e}")
            continue
        (oo, orr), (no, nr) = best[args.old], best[args.new]
        opens.append(no / oo)
        renders.append(nr / orr)
        print(f"{name[-44:]:44} {oo:9.3f} {no:8.3f} {no / oo:8.2f}   {orr:10.3f} {nr:8.3f} {nr / orr:8.2f}")
    if not opens:
        sys.exit("ab-bench: nothing measured")
    print(f"\n{len(opens)} files, best of {args.rounds} rounds: open new/old geomean {peer.geomean(opens):.2f}x, "
          f"render new/old geomean {peer.geomean(renders):.2f}x")


if __name__ == "__main__":
    main()
