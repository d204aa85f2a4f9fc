#!/bin/bash
# Wall time of `cylanim convert` to GIF, APNG, WebP lossless and WebP lossy on 1 thread and on
# THREADS threads, run interleaved RUNS times; prints medians and the ratio (issue 11 asks 1.8x
# on 2 cores at 512x512), and the load average before and after: on a shared machine a ratio
# only means something when other work leaves the cores free (Linux shares CPU between sessions,
# not threads, so a busy neighbour hides any speedup).
#
#   tools/dev/convert-speedup.sh [INPUT] [SIZE] [RUNS] [THREADS]
#   (defaults: ../shared/corpus/lottie/rlottie/_alarm.json, 512, 7, 2; CYLANIM: a built cylanim,
#   default .build/release/cylanim; EXTRA: more convert options, e.g. "--fps 120" for 4x the frames)
#
# The last column is the machine's own ceiling for the same job: the throughput of THREADS
# one-thread conversions run at once, as separate processes, against one alone (nothing shared,
# so what it lacks from THREADS x is the cores' shared cache, memory and page-fault costs). A
# threaded run cannot beat it; the process's fixed costs (start, parse, writing the file, and
# freeing its memory at exit) bound it further.
#
# The bound column is what the process's fixed costs allow: F, the median time of the same
# conversion of the first frame only (start, parse, encoder set-up, writing, exit; one frame's
# drawing and encoding on top, so F slightly overstates them), stays serial and the rest splits
# perfectly: 1 thread / (F + (1 thread - F) / THREADS). A ratio near it means only the fixed
# costs are left.
#
# `perf stat` on one run tells how many CPUs it got ("CPUs utilized"): a run of under 100 ms on
# a loaded machine may get little more than one even with two threads ready.
set -eu
cd "$(dirname "$0")/../.."
INPUT=${1:-../shared/corpus/lottie/rlottie/_alarm.json}
SIZE=${2:-512}; RUNS=${3:-7}; THREADS=${4:-2}
CYLANIM=${CYLANIM:-.build/release/cylanim}
[ -x "$CYLANIM" ] || { echo "convert-speedup: build it first: swift build -c release --product cylanim" >&2; exit 66; }
OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
ms() { echo $(( $(date +%s%N) / 1000000 )); }
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for name in gif apng webp webp-q75; do
    case $name in
        gif) ext=gif args="" ;; apng) ext=png args="" ;;
        webp) ext=webp args="" ;; webp-q75) ext=webp args="--quality 75" ;;
    esac
    : > "$OUT/t1"; : > "$OUT/tn"; : > "$OUT/pn"; : > "$OUT/f1"
    for _ in $(seq "$RUNS"); do
        start=$(ms)
        "$CYLANIM" convert "$INPUT" -o "$OUT/f.$ext" $args ${EXTRA:-} --size "$SIZE" --threads 1 --frames 0 > /dev/null 2>&1
        echo $(( $(ms) - start )) >> "$OUT/f1"
        for t in 1 "$THREADS"; do
            start=$(ms)
            "$CYLANIM" convert "$INPUT" -o "$OUT/a.$ext" $args ${EXTRA:-} --size "$SIZE" --threads "$t" > /dev/null
            echo $(( $(ms) - start )) >> "$OUT/$([ "$t" = 1 ] && echo t1 || echo tn)"
        done
        start=$(ms)
        for p in $(seq "$THREADS"); do
            "$CYLANIM" convert "$INPUT" -o "$OUT/p$p.$ext" $args ${EXTRA:-} --size "$SIZE" --threads 1 > /dev/null &
        done
        wait
        echo $(( $(ms) - start )) >> "$OUT/pn"
    done
    one=$(median < "$OUT/t1"); many=$(median < "$OUT/tn"); apart=$(median < "$OUT/pn"); fixed=$(median < "$OUT/f1")
    printf '%-9s 1 thread %6s ms   %s threads %6s ms   x%s   (ceiling: %s processes at once x%s; bound: fixed %s ms, x%s)\n' \
        "$name" "$one" "$THREADS" "$many" "$(awk -v a="$one" -v b="$many" 'BEGIN { printf "%.2f", a / b }')" \
        "$THREADS" "$(awk -v a="$one" -v b="$apart" -v n="$THREADS" 'BEGIN { printf "%.2f", n * a / b }')" \
        "$fixed" "$(awk -v a="$one" -v f="$fixed" -v n="$THREADS" 'BEGIN { printf "%.2f", a / (f + (a - f) / n) }')"
done
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
