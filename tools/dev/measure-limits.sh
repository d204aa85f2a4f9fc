#!/usr/bin/env bash
# Measures cylanim's peak memory on the largest inputs the default limits let through (dev tool).
#
#   tools/dev/measure-limits.sh [FILTER]      (FILTER: substring of a case name, e.g. json or gif)
#
# Generates, in a temporary directory, the worst case each default limit allows -- a Lottie file
# just under --max-json-bytes and --max-json-values, as many layers as those allow, a precomp
# fan-out just under --max-draws, a precomp bomb stopped by --max-draws, a polygon just under
# --max-path-points, the same Lottie as .tgs and .lottie, GIFs at --max-pixels filling
# --max-file-bytes or --max-frames, a folder of PNG frames, a Rive file just under --max-objects,
# and converts that run into --max-output-bytes and --max-work -- then runs each command under
# /usr/bin/time -v and prints: limit, input, command, peak RSS (MiB), exit status, seconds.
# Inputs are made with awk, printf, gzip and zip, and some with cylanim itself.
#
# Environment: CYLANIM (a built cylanim; default .build/release/cylanim, built if missing),
# TIMEOUT (seconds per command, default 300), KEEP=1 keeps the temporary directory.
set -euo pipefail
cd "$(dirname "$0")/../.."
FILTER=${1:-}
TIMEOUT=${TIMEOUT:-300}
if [ -z "${CYLANIM:-}" ]; then
    [ -x .build/release/cylanim ] || nice -n 10 swift build -c release --product cylanim >&2
    CYLANIM=.build/release/cylanim
fi
CYLANIM=$(realpath "$CYLANIM")
[ -x /usr/bin/time ] || { echo "measure-limits: needs GNU time (apt-get install time)" >&2; exit 69; }
for tool in awk gzip zip timeout; do
    command -v "$tool" >/dev/null || { echo "measure-limits: needs $tool" >&2; exit 69; }
done

T=$(mktemp -d "${TMPDIR:-/tmp}/measure-limits.XXXXXX")
if [ "${KEEP:-}" = 1 ]; then echo "measure-limits: inputs kept in $T" >&2; else trap 'rm -rf "$T"' EXIT; fi
cd "$T"

MAX_JSON_BYTES=$((32 << 20)); MAX_JSON_VALUES=2000000; MAX_FILE_BYTES=$((64 << 20))
MAX_PATH_POINTS=1000000; MAX_FRAMES=100000; MAX_OBJECTS=1000000; SIDE=2048

# ---------------------------------------------------------------------------------------------
# Generators

# Prints the bytes of file $1 repeated $2 times (by doubling, so large counts stay fast).
repeat() {
    local unit n=$2
    unit=$(stat -c %s "$1")
    cp "$1" rep.tmp
    while [ $(( $(stat -c %s rep.tmp) / unit )) -lt "$n" ]; do cat rep.tmp rep.tmp > rep.tmp2; mv rep.tmp2 rep.tmp; done
    head -c $(( n * unit )) rep.tmp
    rm -f rep.tmp
}

# Lottie header and footer around a body of layers read from stdin.
# lottie OP [ASSETS-JSON] < layers > file
lottie() {
    printf '{"v":"5.7.0","fr":30,"ip":0,"op":%d,"w":%d,"h":%d,"ddd":0,"assets":[%s],"layers":[' "$1" "$SIDE" "$SIDE" "${2:-}"
    cat
    printf ']}'
}

# N static shape layers (a 4x4 rectangle and a fill each: 45 JSON values) whose names are padded
# to NAME characters, so the file can fill --max-json-bytes while the values fill --max-json-values.
# shape_layers N NAME
shape_layers() {
    awk -v n="$1" -v pad="$2" -v side="$SIDE" 'BEGIN {
        name = sprintf("%" pad "s", ""); gsub(/ /, "n", name)
        for (i = 1; i <= n; i++) {
            printf "%s{\"ty\":4,\"nm\":\"%s\",\"ind\":%d,\"ip\":0,\"op\":1000,\"st\":0,", (i > 1 ? "," : ""), name, i
            printf "\"ks\":{\"o\":{\"a\":0,\"k\":100},\"p\":{\"a\":0,\"k\":[%d,%d]}},", (i * 7) % side, (i * 13) % side
            printf "\"shapes\":[{\"ty\":\"rc\",\"p\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[4,4]},\"r\":{\"a\":0,\"k\":0}},"
            printf "{\"ty\":\"fl\",\"c\":{\"a\":0,\"k\":[%.3f,0.2,0.6,1]},\"o\":{\"a\":0,\"k\":100}}]}", (i % 1000) / 1000
        }
    }'
}

# N shape layers whose position has K linear keyframes each (the animated form of the same layer).
keyframed_layers() {
    awk -v n="$1" -v k="$2" -v side="$SIDE" 'BEGIN {
        for (i = 1; i <= n; i++) {
            printf "%s{\"ty\":4,\"ind\":%d,\"ip\":0,\"op\":1000,\"st\":0,\"ks\":{\"p\":{\"a\":1,\"k\":[", (i > 1 ? "," : ""), i
            for (j = 0; j < k; j++)
                printf "%s{\"t\":%d,\"s\":[%d,%d],\"o\":{\"x\":[0],\"y\":[0]},\"i\":{\"x\":[1],\"y\":[1]}}", (j ? "," : ""), j * 10, (i + j) % side, (i * 3 + j) % side
            printf "]}},\"shapes\":[{\"ty\":\"rc\",\"p\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[4,4]},\"r\":{\"a\":0,\"k\":0}},"
            printf "{\"ty\":\"fl\",\"c\":{\"a\":0,\"k\":[1,0,0,1]},\"o\":{\"a\":0,\"k\":100}}]}"
        }
    }'
}

# One precomp layer referencing asset $1 (index $2).
precomp_layer() {
    printf '{"ty":0,"refId":"%s","ind":%d,"ip":0,"op":1000,"st":0,"w":%d,"h":%d,"ks":{}}' "$1" "$2" "$SIDE" "$SIDE"
}

# Values per static shape layer (see shape_layers) and the largest layer count both JSON limits allow.
LAYER_VALUES=45
LAYERS=$(( (MAX_JSON_VALUES - 1000) / LAYER_VALUES ))

gen_json_string() {    # --max-json-bytes: one string fills the file
    local fill=$(( MAX_JSON_BYTES - 4096 ))
    { printf '{"v":"5.7.0","fr":30,"ip":0,"op":60,"w":%d,"h":%d,"nm":"' "$SIDE" "$SIDE"
      head -c "$fill" /dev/zero | tr '\0' 's'
      printf '","layers":['; shape_layers 1 1; printf ']}'; } > json-string.json
}
gen_json_numbers() {   # --max-json-values: 2 000 000 numbers of 15 characters, about 30 MiB
    local n=$(( MAX_JSON_VALUES - 100 ))
    { printf '{"v":"5.7.0","fr":30,"ip":0,"op":60,"w":%d,"h":%d,"meta":{"data":[' "$SIDE" "$SIDE"
      awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "%s%.8f", (i ? "," : ""), 100000 + i / 7 }'
      printf ']},"layers":['; shape_layers 1 1; printf ']}'; } > json-numbers.json
}
gen_json_layers() {    # both JSON limits: as many shape layers as the values allow, names padding the bytes
    local pad
    pad=$(( (MAX_JSON_BYTES - 4096 - $(shape_layers "$LAYERS" 0 | wc -c)) / LAYERS ))
    shape_layers "$LAYERS" "$pad" | lottie 60 > json-layers.json
}
gen_json_keyframes() { # keyframed layers: 20 keyframes of 17 values each per layer
    keyframed_layers $(( (MAX_JSON_VALUES - 1000) / (20 * 17 + 40) )) 20 | lottie 200 > json-keyframes.json
}
gen_draws() {          # --max-draws: a precomp of 1 000 layers placed 49 times (98 000 draws)
    local asset refs
    asset=$(printf '{"id":"a","layers":['; shape_layers 1000 1; printf ']}')
    refs=$(for i in $(seq 1 49); do [ "$i" -gt 1 ] && printf ','; precomp_layer a "$i"; done)
    printf '%s' "$refs" | lottie 60 "$asset" > draws-fanout.json
}
gen_precomp_bomb() {   # --max-precomp-depth x --max-draws: 31 levels of two copies each (2^31 draws)
    local assets="" i
    for i in $(seq 0 30); do
        assets+="{\"id\":\"p$i\",\"layers\":[$(precomp_layer "p$((i + 1))" 1),$(precomp_layer "p$((i + 1))" 2)]},"
    done
    assets+="{\"id\":\"p31\",\"layers\":[$(shape_layers 1 1)]}"
    precomp_layer p0 1 | lottie 60 "$assets" > precomp-bomb.json
}
# polygon FILE CORNERS [fill] [stroke]: one polygon of CORNERS straight sides, filled and/or stroked.
polygon() {
    local out=$1 corners=$2 paint=""; shift 2
    for p in "$@"; do case $p in
        fill) paint+=',{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}' ;;
        stroke) paint+=',{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":3}}' ;;
    esac; done
    printf '{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"sr","sy":2,"p":{"a":0,"k":[1024,1024]},"or":{"a":0,"k":1000},"os":{"a":0,"k":0},"pt":{"a":0,"k":%d},"r":{"a":0,"k":0}}%s]}' \
        "$corners" "$paint" | lottie 60 > "$out"
}
gen_path_points() {    # --max-path-points: 999 000 corners filled; stroked, as many as stay under the limit
    polygon path-fill.json $(( MAX_PATH_POINTS - 1000 )) fill
    polygon path-stroke.json 160000 stroke          # a 3 px stroke makes about 6 points a corner
    polygon path-both.json $(( MAX_PATH_POINTS - 1000 )) fill stroke
}
gen_tgs() { [ -f json-layers.json ] || gen_json_layers; gzip -9 -c json-layers.json > json-layers.tgs; }
gen_dotlottie() {
    [ -f json-layers.json ] || gen_json_layers
    rm -rf dl && mkdir -p dl/animations && cp json-layers.json dl/animations/a.json
    printf '{"version":"1","generator":"measure-limits","animations":[{"id":"a"}]}' > dl/manifest.json
    (cd dl && zip -q -1 ../json-layers.lottie manifest.json animations/a.json); rm -rf dl
}

# A 2048x2048 animation whose every frame differs: a bar growing over 1 000 frames on a backdrop.
gen_grow() {
    printf '{"ty":4,"ind":1,"ip":0,"op":1000,"st":0,"ks":{},"shapes":[{"ty":"rc","p":{"a":1,"k":[{"t":0,"s":[0,1024],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":999,"s":[1024,1024]}]},"s":{"a":1,"k":[{"t":0,"s":[2,1800],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":999,"s":[2048,1800]}]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0.1,0.5,0.9,1]},"o":{"a":0,"k":100}}]},{"ty":4,"ind":2,"ip":0,"op":1000,"st":0,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[1024,1024]},"s":{"a":0,"k":[2048,2048]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0.95,0.9,0.8,1]},"o":{"a":0,"k":100}}]}' \
        | lottie 1000 > grow.json
}
# A 2048x2048 animation that compresses badly: 16 384 squares of scattered colours, turning.
gen_noise() {
    { printf '{"ty":4,"ind":1,"ip":0,"op":1024,"st":0,"ks":{"a":{"a":0,"k":[1024,1024]},"p":{"a":0,"k":[1024,1024]},"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":1024,"s":[360]}]}},"shapes":['
      awk 'BEGIN { srand(7); for (y = 0; y < 128; y++) for (x = 0; x < 128; x++)
          printf "%s{\"ty\":\"gr\",\"it\":[{\"ty\":\"rc\",\"p\":{\"a\":0,\"k\":[%d,%d]},\"s\":{\"a\":0,\"k\":[16,16]},\"r\":{\"a\":0,\"k\":0}},{\"ty\":\"fl\",\"c\":{\"a\":0,\"k\":[%.3f,%.3f,%.3f,1]},\"o\":{\"a\":0,\"k\":100}},{\"ty\":\"tr\"}]}",
              (x || y ? "," : ""), x * 16 + 8, y * 16 + 8, rand(), rand(), rand() }'
      printf ']}'; } | lottie 1024 > noise.json
}

# GIF pieces. Image data with LZW minimum code size 7 stays in 8-bit codes if a clear code comes
# every 84 literals, so each 255-byte sub-block is three runs of (clear, 84 pixels): no compression.
gif_header() {   # gif_header WIDTH HEIGHT COLOURS-EXPONENT(1..8)
    local n=$((1 << $3)) i
    printf 'GIF89a'; le16 "$1"; le16 "$2"; byte $(( 0x80 | ($3 - 1) )); printf '\0\0'
    for ((i = 0; i < n; i++)); do byte $(( i * 255 / (n > 1 ? n - 1 : 1) )); byte $(( 255 - i * 255 / (n > 1 ? n - 1 : 1) )); byte $(( (i * 97) & 255 )); done
    printf '!\xff\x0bNETSCAPE2.0\x03\x01\0\0\0'
}
byte() { printf "\\x$(printf %02x "$1")"; }
le16() { byte $(( $1 & 255 )); byte $(( $1 >> 8 )); }
gen_gif_big() {  # --max-file-bytes x --max-pixels x --max-decoded-bytes: full 2048x2048 frames, raw LZW
    local px=$((SIDE * SIDE)) blocks rest frames f
    blocks=$(( px / 252 )); rest=$(( px - blocks * 252 ))
    frames=$(( (MAX_FILE_BYTES - 2048) / (blocks * 256 + rest + 40) ))
    { gif_header "$SIDE" "$SIDE" 7
      for ((f = 0; f < frames; f++)); do
          printf '!\xf9\x04\x04\x0a\0\0\0,\0\0\0\0'; le16 "$SIDE"; le16 "$SIDE"; printf '\0\x07'
          { byte 255; for i in 1 2 3; do byte 128; head -c 84 /dev/zero | tr '\0' "\\$(printf %03o $(( f * 9 % 128 )))"; done; } > blk
          repeat blk "$blocks"
          byte $(( rest + 2 )); byte 128; head -c "$rest" /dev/zero | tr '\0' "\\$(printf %03o $(( f * 9 % 128 )))"; byte 129; printf '\0'
      done
      printf ';'; } > gif-big.gif
    rm -f blk
}
gen_gif_many() { # --max-frames x --max-pixels: 99 990 one-pixel frames on a 2048x2048 canvas
    local n=$(( MAX_FRAMES - 10 )) i chunk="" hex=()
    for ((i = 0; i < 256; i++)); do hex[i]=$(printf '\\x%02x' "$i"); done
    { gif_header "$SIDE" "$SIDE" 1
      for ((i = 0; i < n; i++)); do
          chunk+="!\\xf9\\x04\\x04\\x01\\0\\0\\0,${hex[i & 255]}\\0${hex[(i >> 8) & 255]}\\0\\x01\\0\\x01\\0\\0\\x02\\x02\\x44\\x01\\0"
          if (( i % 2000 == 1999 )); then printf "$chunk"; chunk=""; fi
      done
      printf "$chunk;"; } > gif-many.gif
}
gen_folder() {   # a folder of 120 PNG frames at 2048x2048 (1.9 GiB decoded, 64 MiB kept)
    [ -f grow.json ] || gen_grow
    "$CYLANIM" render grow.json -o folder/f-%04d.png --frames 0-119 -q
}
gen_rive() {     # --max-objects: an artboard with one drawn ellipse and 999 990 nodes
    varuint() { local v=$1 b; while :; do b=$(( v & 127 )); v=$(( v >> 7 )); if ((v)); then byte $(( b | 128 )); else byte "$b"; break; fi; done; }
    f32() { case $1 in 2048) printf '\0\0\0E' ;; 1024) printf '\0\0\x80D' ;; 1800) printf '\0\0\xe1D' ;; esac; }
    { printf 'RIVE'; varuint 7; varuint 0; varuint 0; varuint 0
      varuint 23; varuint 0                                                            # backboard
      varuint 1; varuint 7; f32 2048; varuint 8; f32 2048; varuint 0                   # artboard 0
      varuint 3; varuint 5; varuint 0; varuint 13; f32 1024; varuint 14; f32 1024; varuint 0   # shape 1
      varuint 4; varuint 5; varuint 1; varuint 20; f32 1800; varuint 21; f32 1800; varuint 0   # ellipse
      varuint 20; varuint 5; varuint 1; varuint 0                                       # fill 3
      varuint 18; varuint 5; varuint 3; varuint 37; printf '\xff\x7a\x00\xff'; varuint 0     # solid
      printf '\x02\x05\x00\x0d\0\0\x80D\0' > node                                      # node under the artboard
      repeat node "${RIVE_NODES:-$(( MAX_OBJECTS - 10 ))}"
    } > objects.riv
    rm -f node
}

# ---------------------------------------------------------------------------------------------
# Measuring

rows=() worst=0 worst_row=""
mib() { awk -v b="$(stat -c %s "$1" 2>/dev/null || du -sb "$1" | cut -f1)" 'BEGIN { printf "%.1f MiB", b / 1048576 }'; }
# measure LIMIT INPUT cylanim-arguments...
measure() {
    local limit=$1 input=$2; shift 2
    local label="$input ($(if [ -d "$input" ]; then echo "$(ls "$input" | wc -l) files"; else mib "$input"; fi))"
    local start end rss status
    start=$(date +%s.%N)
    /usr/bin/time -v -o time.txt timeout "$TIMEOUT" "$CYLANIM" "$@" > cmd.log 2>&1 || true
    end=$(date +%s.%N)
    rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' time.txt)
    status=$(awk -F': ' '/Exit status/ { print $2 }' time.txt)
    grep -q 'terminated by signal' time.txt && status="signal $(grep -o 'signal [0-9]*' time.txt | head -1 | cut -d' ' -f2)"
    [ "$status" = 124 ] && status="timeout"
    local row
    row=$(printf '%-26s %-34s %-58s %7s %-8s %6.1f' "$limit" "$label" "cylanim $*" "$rss" "$status" "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')")
    echo "$row"
    case "$status" in 0) ;; *) sed -n '1,2s/^/      | /p' cmd.log ;; esac
    if [ "${rss:-0}" -gt "$worst" ]; then worst=$rss; worst_row=$row; fi
    rm -f -r out
}
want() { [ -z "$FILTER" ] || [[ "$1" == *"$FILTER"* ]]; }

printf '%-26s %-34s %-58s %7s %-8s %6s\n' LIMIT INPUT COMMAND "RSS MiB" EXIT SECONDS
if want json; then
    gen_json_string; gen_json_numbers; gen_json_layers; gen_json_keyframes
    measure --max-json-bytes json-string.json info json-string.json
    measure --max-json-bytes json-string.json render json-string.json -o out/f.png --frames 0 -q
    measure --max-json-values json-numbers.json info json-numbers.json
    measure --max-json-values json-numbers.json render json-numbers.json -o out/f.png --frames 0 -q
    measure "--max-json-bytes+values" json-layers.json info json-layers.json
    measure "--max-json-bytes+values" json-layers.json render json-layers.json -o out/f.png --frames 0 -q
    measure "--max-json-bytes+values" json-layers.json convert json-layers.json -o out/a.gif --size 256 --frames 0-9
    measure --max-json-values json-keyframes.json info json-keyframes.json
    measure --max-json-values json-keyframes.json render json-keyframes.json -o out/f.png --frames 50 -q
    rm -f json-string.json json-numbers.json json-keyframes.json
fi
if want tgs || want lottie || want json; then
    gen_tgs; gen_dotlottie
    measure "--max-json-bytes (.tgs)" json-layers.tgs info json-layers.tgs
    measure "--max-json-bytes (.tgs)" json-layers.tgs render json-layers.tgs -o out/f.png --frames 0 -q
    measure "--max-json-bytes (.lottie)" json-layers.lottie info json-layers.lottie
    measure "--max-json-bytes (.lottie)" json-layers.lottie render json-layers.lottie -o out/f.png --frames 0 -q
    rm -f json-layers.json json-layers.tgs json-layers.lottie
fi
if want draws; then
    gen_draws; gen_precomp_bomb
    measure --max-draws draws-fanout.json render draws-fanout.json -o out/f.png --frames 0 -q
    measure --max-draws draws-fanout.json convert draws-fanout.json -o out/a.webp --size 512 --frames 0-4
    measure "--max-precomp-depth" precomp-bomb.json render precomp-bomb.json -o out/f.png --frames 0 -q
fi
if want path; then
    gen_path_points
    for f in path-fill path-stroke path-both; do
        measure --max-path-points $f.json render $f.json -o out/f.png --frames 0 -q
    done
fi
if want gif; then
    gen_gif_big; gen_gif_many
    measure "--max-file-bytes (GIF)" gif-big.gif info gif-big.gif
    measure "--max-decoded-bytes" gif-big.gif render gif-big.gif -o out/f-%02d.png -q
    measure "--max-decoded-bytes" gif-big.gif convert gif-big.gif -o out/a.png
    measure --max-frames gif-many.gif info gif-many.gif
    measure --max-frames gif-many.gif render gif-many.gif -o out/f.png --frames 99989 --size 64 -q
    rm -f gif-big.gif gif-many.gif
fi
if want folder; then
    gen_folder
    measure "--max-decoded-bytes" folder info folder
    measure "--max-decoded-bytes" folder convert folder -o out/a.gif --size 512
    rm -rf folder
fi
if want rive; then
    gen_rive
    measure --max-objects objects.riv info objects.riv
    measure --max-objects objects.riv render objects.riv -o out/f.png --frames 0 -q
    rm -f objects.riv
fi
if want output; then
    gen_noise
    for ext in gif png webp; do
        measure "--max-output-bytes" noise.json convert noise.json -o out/a.$ext
    done
    measure "--max-work" noise.json convert noise.json -o out/a.gif --size 512
fi
echo
echo "worst case: ${worst} MiB"
echo "  $worst_row"
