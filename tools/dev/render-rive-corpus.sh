#!/bin/sh
# Renders every Rive corpus file at its reference frames into OUT/<stem>/<N>.png, the layout
# ../shared/tools/rive_fidelity.py scores:
#
#   tools/dev/render-rive-corpus.sh [OUT]       (default OUT: .build/rive-renders)
#   python3 ../shared/tools/rive_fidelity.py OUT [--tier core|extended]
#
# Environment: CYLANIM (a built cylanim; default: release build in SCRATCH), SCRATCH (SwiftPM
# scratch path, default .build), CORPUS (default ../shared/corpus), ONLY (substring filter on stems).
set -eu
cd "$(dirname "$0")/../.."
OUT=${1:-.build/rive-renders}
CORPUS=${CORPUS:-../shared/corpus}
SCRATCH=${SCRATCH:-.build}
if [ -z "${CYLANIM:-}" ]; then
    swift build -c release --scratch-path "$SCRATCH" --product cylanim >&2
    CYLANIM="$SCRATCH/release/cylanim"
fi
[ -f "$CORPUS/rive/MANIFEST.tsv" ] || { echo "render-rive-corpus: no corpus at $CORPUS" >&2; exit 66; }
failed=0; count=0
tail -n +2 "$CORPUS/rive/MANIFEST.tsv" | while IFS="$(printf '\t')" read -r file tier repo path commit licence size motion frames features; do
    stem=$(basename "$file" .riv)
    case "$stem" in *"${ONLY:-}"*) ;; *) continue ;; esac
    mkdir -p "$OUT/$stem"
    if ! "$CYLANIM" render "$CORPUS/$file" -o "$OUT/$stem/%d.png" --frames "$frames" --fps 60 --size 256x256 -q; then
        echo "render-rive-corpus: FAILED $stem" >&2
    fi
done
echo "render-rive-corpus: rendered into $OUT" >&2
