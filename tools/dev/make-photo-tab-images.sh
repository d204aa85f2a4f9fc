#!/bin/sh
# Draws the two 24x24 face PNGs of sample-animations/photo-tab/ (images/face.png, alt/face.png)
# with cylanim itself from the small Lottie below, so the sample holds nothing made elsewhere.
# Usage: tools/dev/make-photo-tab-images.sh [path/to/cylanim]   (default .build/debug/cylanim)
set -eu
CYLANIM=${1:-.build/debug/cylanim}
dir=sample-animations/photo-tab
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
face() {  # $1: the face's fill colour as Lottie RGBA 0-1
    cat <<JSON
{"v":"5.7.0","fr":30,"ip":0,"op":1,"w":24,"h":24,"layers":[
 {"ty":4,"ind":1,"ip":0,"op":1,"st":0,"ks":{},"shapes":[
  {"ty":"el","p":{"a":0,"k":[9,10]},"s":{"a":0,"k":[3,3]}},
  {"ty":"el","p":{"a":0,"k":[15,10]},"s":{"a":0,"k":[3,3]}},
  {"ty":"fl","c":{"a":0,"k":[0.15,0.15,0.2,1]},"o":{"a":0,"k":100}}]},
 {"ty":4,"ind":2,"ip":0,"op":1,"st":0,"ks":{},"shapes":[
  {"ty":"el","p":{"a":0,"k":[12,12]},"s":{"a":0,"k":[22,22]}},
  {"ty":"fl","c":{"a":0,"k":$1},"o":{"a":0,"k":100}}]}]}
JSON
}
face '[1,0.8,0.3,1]' > "$tmp/face.json"
face '[0.5,0.8,1,1]' > "$tmp/alt.json"
mkdir -p "$dir/images" "$dir/alt"
"$CYLANIM" render "$tmp/face.json" -o "$dir/images/face.png" --frames 0 --quiet
"$CYLANIM" render "$tmp/alt.json" -o "$dir/alt/face.png" --frames 0 --quiet
