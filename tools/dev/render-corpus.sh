#!/bin/sh
# Renders every corpus Lottie file at the reference frames into OUT/<stem>/<N>.png, the layout
# ../shared/tools/fidelity.py scores:
#
#   tools/dev/render-corpus.sh [OUT]            (default OUT: .build/corpus-renders)
#   python3 ../shared/tools/fidelity.py OUT --without text,effects,expressions,mergepaths
#
# Environment: CYLANIM (a built cylanim; default: release build in SCRATCH), SCRATCH (SwiftPM
# scratch path, default .build), CORPUS (default ../shared/corpus), ONLY (substring filter on stems).
set -eu
cd "$(dirname "$0")/../.."
OUT=${1:-.build/corpus-renders}
CORPUS=${CORPUS:-../shared/corpus}
SCRATCH=${SCRATCH:-.build}
if [ -z "${CYLANIM:-}" ]; then
    swift build -c release --scratch-path "$SCRATCH" --product cylanim >&2
    CYLANIM="$SCRATCH/release/cylanim"
fi
[ -d "$CORPUS/reference/lottie" ] || { echo "render-corpus: no corpus at $CORPUS" >&2; exit 66; }
failed=0; count=0
for refdir in "$CORPUS"/reference/lottie/*/*/; do
    stem=${refdir#"$CORPUS"/reference/}; stem=${stem%/}
    case "$stem" in *"${ONLY:-}"*) ;; *) continue ;; esac
    src=""
    for ext in json tgs; do [ -f "$CORPUS/$stem.$ext" ] && src="$CORPUS/$stem.$ext"; done
    [ -n "$src" ] || { echo "render-corpus: no source for $stem" >&2; continue; }
    frames=$(ls "$refdir" | sed -n 's/^thorvg-\([0-9]*\)\.png$/\1/p; s/^rlottie-\([0-9]*\)\.png$/\1/p; s/^lottieweb-svg-\([0-9]*\)\.png$/\1/p' | sort -n -u | paste -sd, -)
    [ -n "$frames" ] || continue
    mkdir -p "$OUT/$stem"
    count=$((count + 1))
    if ! "$CYLANIM" render "$src" -o "$OUT/$stem/%d.png" --frames "$frames" --size 256x256 -q; then
        echo "render-corpus: FAILED $stem" >&2
        failed=$((failed + 1))
    fi
done
echo "render-corpus: rendered $count files into $OUT ($failed failed)" >&2
[ "$failed" -eq 0 ]
