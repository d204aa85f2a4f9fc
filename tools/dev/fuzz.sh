#!/usr/bin/env bash
# Builds one libFuzzer target (Fuzz/<Product>) with the fuzzer and AddressSanitizer and runs it.
#
#   tools/dev/fuzz.sh TARGET [SECONDS] [-- extra libFuzzer flags]     (what `make fuzz` calls)
#
# TARGET: lottie | dotlottie | gif | png | manifest | tabbar | pipeline | rive | pag | expression. The build goes to .build/fuzz (its own
# scratch path: sanitizer flags would otherwise invalidate the ordinary release build). Seeds are
# copied into .build/fuzz-work/TARGET/seeds each run (sample-animations/, ../shared/corpus/, seeds
# made here, Fuzz/<Product>/seeds/); what the fuzzer finds accumulates in .build/fuzz-work/TARGET/corpus
# and crashes land in .build/fuzz-work/TARGET/artifacts/. The log ends with libFuzzer's final stats.
# Environment: CORPUS (default ../shared/corpus), JOBS (parallel fuzzing processes, default 1),
# RSS_MB (per-process memory limit, default 2048), TIMEOUT (seconds for one input, default 10).
set -euo pipefail
cd "$(dirname "$0")/../.."
target=${1:?usage: tools/dev/fuzz.sh lottie|dotlottie|gif|png|manifest|tabbar|pipeline|rive|pag|expression [SECONDS]}
seconds=${2:-600}
shift $(( $# >= 2 ? 2 : 1 ))
[[ "${1:-}" == "--" ]] && shift
corpus_dir=${CORPUS:-../shared/corpus}
case "$target" in
    lottie)    product=FuzzLottie;        dict=Fuzz/FuzzLottie/lottie.dict;           max_len=131072 ;;
    dotlottie) product=FuzzDotLottie;     dict=Fuzz/FuzzDotLottie/dotlottie.dict;     max_len=65536 ;;
    gif)       product=FuzzGIF;           dict=Fuzz/FuzzGIF/gif.dict;                 max_len=65536 ;;
    png)       product=FuzzPNG;           dict=Fuzz/FuzzPNG/png.dict;                 max_len=65536 ;;
    manifest)  product=FuzzFrameManifest; dict=Fuzz/FuzzFrameManifest/manifest.dict; max_len=4096 ;;
    tabbar)    product=FuzzTabBarConfig;  dict=Fuzz/FuzzTabBarConfig/tabbar.dict;    max_len=16384 ;;
    pipeline)  product=FuzzPipeline;      dict=Fuzz/FuzzPipeline/pipeline.dict;      max_len=8192 ;;
    rive)      product=FuzzRive;          dict=Fuzz/FuzzRive/rive.dict;               max_len=65536 ;;
    pag)       product=FuzzPAG;           dict=Fuzz/FuzzPAG/pag.dict;                 max_len=16384 ;;
    # Inputs are choices for a JavaScript grammar, not text: no dictionary.
    expression) product=FuzzExpression;   dict=;                                      max_len=512 ;;
    *) echo "fuzz: unknown target '$target' (lottie, dotlottie, gif, png, manifest, tabbar, pipeline, rive, pag, expression)" >&2; exit 64 ;;
esac

# --sanitize=fuzzer makes SwiftPM link libFuzzer's main and compile executables' main.swift as a
# library; -sanitize=fuzzer,address instruments our modules for coverage and ASan; -DFUZZING turns
# the targets' code on.
nice -n 19 swift build -c release --scratch-path .build/fuzz --product "$product" \
    --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
binary=.build/fuzz/release/$product

work=.build/fuzz-work/$target
rm -rf "$work/seeds"
mkdir -p "$work/seeds" "$work/corpus" "$work/artifacts"
seeds=$work/seeds
copy() { # copy FILES... into the seed folder, skipping ones larger than max_len
    local f
    for f in "$@"; do
        [[ -f "$f" ]] || continue
        # ../shared/corpus/x -> shared_corpus_x: no leading dot, so the seed is not a hidden file.
        (( $(stat -c %s "$f") <= max_len )) && cp "$f" "$seeds/$(echo "$f" | sed 's#^\(\.\./\)*##; s#^\./##' | tr '/' '_')"
    done
    return 0
}
if [[ ! -d "$corpus_dir" ]]; then echo "fuzz: note: no corpus at $corpus_dir; seeding from sample-animations/ only" >&2; fi
case "$target" in
    lottie)
        copy sample-animations/*.json
        [[ -d "$corpus_dir/lottie" ]] && while IFS= read -r f; do copy "$f"; done < <(find "$corpus_dir/lottie" -name '*.json' -o -name '*.tgs')
        for f in sample-animations/*.json; do gzip -9nc "$f" > "$seeds/$(basename "$f" .json).tgs"; done ;;
    dotlottie)
        python3 - "$seeds" sample-animations/*.json <<'PY'
import sys, zipfile, os, json, re
out = sys.argv[1]
for i, path in enumerate(sys.argv[2:]):
    stem = os.path.splitext(os.path.basename(path))[0]
    for method, tag in ((zipfile.ZIP_DEFLATED, "deflate"), (zipfile.ZIP_STORED, "stored")):
        with zipfile.ZipFile(os.path.join(out, f"{stem}-{tag}.lottie"), "w", method) as z:
            z.writestr("manifest.json", json.dumps({"version": "1", "animations": [{"id": stem}]}))
            z.write(path, f"animations/{stem}.json")
    with zipfile.ZipFile(os.path.join(out, f"{stem}-nomanifest.lottie"), "w", zipfile.ZIP_DEFLATED) as z:
        z.write(path, f"animations/{stem}.json")
    # Version 2 with two themes: one rule of every type the format has, fixed and keyframed, on the
    # sample's own slot ids where it has some (else made-up ones), one limited to another animation.
    sids = sorted(set(re.findall(r'"sid"\s*:\s*"([^"]*)"', open(path).read()))) or ["slot"]
    kf = lambda v: [{"frame": 0, "value": v, "outTangent": {"x": 0, "y": 0}}, {"frame": 10, "value": v, "inTangent": {"x": 1, "y": 1}, "hold": True}]
    values = {"Color": [1, 0, 0, 1], "Scalar": 50, "Position": [10, 10], "Vector": [20, 20],
              "Gradient": [{"offset": 0, "color": [1, 0, 0]}, {"offset": 1, "color": [0, 0, 1, 0.5]}]}
    fixed = [{"id": sids[i % len(sids)], "type": t, "value": v} for i, (t, v) in enumerate(values.items())]
    fixed += [{"id": sids[0], "type": "Image", "value": {"path": "i/x.png", "width": 4, "height": 4}},
              {"id": sids[-1], "type": "Text", "value": {"text": "Hi", "fontSize": 12, "fillColor": [0, 0, 0], "justify": "Center"}},
              {"id": sids[0], "type": "Color", "value": [0, 1, 0], "animations": ["other"]}]
    keyed = [{"id": sids[i % len(sids)], "type": t, "keyframes": kf(v)} for i, (t, v) in enumerate(values.items())]
    with zipfile.ZipFile(os.path.join(out, f"{stem}-v2-themes.lottie"), "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("manifest.json", json.dumps({"version": "2", "animations": [{"id": stem, "themes": ["fixed", "keyed"]}],
                                                "themes": [{"id": "fixed"}, {"id": "keyed"}]}))
        z.write(path, f"a/{stem}.json")
        z.writestr("t/fixed.json", json.dumps({"rules": fixed}))
        z.writestr("t/keyed.json", json.dumps({"rules": keyed}))
PY
        # The shared corpus's dotLottie v2 files (themes, state machines, images in i/).
        [[ -d "$corpus_dir/dotlottie" ]] && copy "$corpus_dir"/dotlottie/*.lottie
        # The bundled .lottie samples (toggle-star.lottie: a tab's toggle machine), and a few of the
        # corpus's state machines packed with toggle-star's animation, themed with one rule of every
        # type: each machine's animation ids name copies of the star and its segments become
        # markers, so the parser, the engine and a tab's selection plan run on real content.
        copy sample-animations/*.lottie sample-animations/lint-examples/*.lottie
        python3 - "$seeds" sample-animations/toggle-star.lottie "$corpus_dir/dotlottie/statemachines" <<'PY'
import sys, zipfile, os, json
out, star_file, machines = sys.argv[1:4]
with zipfile.ZipFile(star_file) as z:
    star = json.loads(z.read("a/star.json"))
picked = ["toggle.json", "rating.json", "smileys.json", "traffic_lights.json", "tween_redirection.json",
          "normal_usecases/exploding_pigeon.json", "interaction_tests/all_interaction_events.json",
          "security_tests/infinite_loop.json", "security_tests/guardless_transitions.json",
          "action_tests/set_random.json", "elapsed_time_tests/timeout_transition.json"]
kf = lambda v: [{"frame": 0, "value": v, "outTangent": {"x": 0, "y": 0}}, {"frame": 12, "value": v, "inTangent": {"x": 1, "y": 1}}]
values = {"Color": [1, 0, 0, 1], "Scalar": 50, "Position": [10, 10], "Vector": [20, 20],
          "Gradient": [{"offset": 0, "color": [1, 0, 0]}, {"offset": 1, "color": [0, 0, 1, 0.5]}]}
rules = [{"id": ["ink", "spark"][i % 2], "type": t, "value": v} for i, (t, v) in enumerate(values.items())]
rules += [{"id": ["spark", "ink"][i % 2], "type": t, "keyframes": kf(v)} for i, (t, v) in enumerate(values.items())]
rules += [{"id": "ink", "type": "Image", "value": {"path": "i/x.png", "width": 4, "height": 4}},
          {"id": "spark", "type": "Text", "value": {"text": "Hi", "fontSize": 12, "fillColor": [0, 0, 0]}}]
for rel in picked:
    path = os.path.join(machines, rel)
    if not os.path.isfile(path):
        continue
    machine = json.load(open(path))
    states = machine.get("states") or []
    ids = ["star"] + sorted({s.get("animation") for s in states if s.get("animation")} - {"star"})
    segments = sorted({s.get("segment") for s in states if s.get("segment")})
    anim = dict(star, markers=[{"cm": name, "tm": i * 24 / max(1, len(segments)), "dr": 24 / max(1, len(segments))}
                               for i, name in enumerate(segments)])
    stem = "sm-" + os.path.splitext(rel.replace("/", "-"))[0]
    with zipfile.ZipFile(os.path.join(out, stem + ".lottie"), "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("manifest.json", json.dumps({"version": "2", "animations": [{"id": i} for i in ids],
                                                "themes": [{"id": "every"}], "stateMachines": [{"id": "m"}]}))
        for i in ids:
            z.writestr(f"a/{i}.json", json.dumps(anim))
        z.writestr("t/every.json", json.dumps({"rules": rules}))
        z.writestr("s/m.json", json.dumps(machine))
PY
        ;;
    gif)
        copy sample-animations/*.gif sample-animations/lint-examples/*.gif
        [[ -d "$corpus_dir/gif" ]] && copy "$corpus_dir"/gif/*.gif
        # Large corpus GIFs: their first max_len bytes (a truncated file is a seed too).
        for f in "$corpus_dir"/gif/*.gif; do [[ -f "$f" ]] && head -c "$max_len" "$f" > "$seeds/head_$(basename "$f")"; done ;;
    png)
        copy sample-animations/bounce-frames/*.png sample-animations/tabbar/*.png
        [[ -d "$corpus_dir/reference" ]] && while IFS= read -r f; do copy "$f"; done < <(find "$corpus_dir/reference" -name '*.png' | sort | awk 'NR % 40 == 1') ;;
    manifest)
        copy Fuzz/FuzzFrameManifest/seeds/*.json ;;
    tabbar)
        copy sample-animations/tabbar/tabbar.json sample-animations/tabbar/skins.* Fuzz/FuzzTabBarConfig/seeds/*.json ;;
    pipeline)
        copy sample-animations/pipeline.json Fuzz/FuzzPipeline/seeds/*.json ;;
    rive)
        copy sample-animations/*.riv Fuzz/FuzzRive/seeds/*.riv
        [[ -d "$corpus_dir/rive" ]] && copy "$corpus_dir"/rive/*.riv
        # Text set in a tiny font made at fuzz time (real fonts exceed max_len), and the font alone.
        python3 tools/dev/make-rive-text-seeds.py "$seeds" ;;
    pag)
        # Small files of the shared corpus (vector, text, image and sequence tiers alike).
        [[ -d "$corpus_dir/pag" ]] && copy "$corpus_dir"/pag/*.pag
        # Synthetic seeds written here in hex, laid out as Tests/CYLPAGAnimatorTests/PAGWriter.swift
        # lays them out: a shape layer (opacity ramp, rectangle, fill), and a precomposition of it.
        pag_tag() { # CODE HEXBODY: the tag's hex (a short header, or 63 and a 32-bit length)
            local n=$(( ${#2} / 2 )) h
            if (( n < 63 )); then
                h=$(( $1 << 6 | n )); printf '%02x%02x%s' $(( h & 255 )) $(( h >> 8 )) "$2"
            else
                h=$(( $1 << 6 | 63 )); printf '%02x%02x%02x%02x%02x%02x%s' $(( h & 255 )) $(( h >> 8 )) \
                    $(( n & 255 )) $(( n >> 8 & 255 )) $(( n >> 16 & 255 )) $(( n >> 24 )) "$2"
            fi
        }
        pag_file() { # HEXTAGS: a version 1 uncompressed file of those tags and an End tag
            local body="${1}0000" n
            n=$(( ${#body} / 2 ))
            printf '50414701%02x%02x%02x%02x55%s' $(( n & 255 )) $(( n >> 8 & 255 )) $(( n >> 16 & 255 )) $(( n >> 24 )) "$body"
        }
        attrs=c801c8010a0000f041000000                                   # 100x100, 10 frames at 30 fps
        rect=$(pag_tag 16 0a000020420000a0410000484200002042)            # 40x20 centred on (50, 40)
        fill=$(pag_tag 20 080000ff)                                      # blue
        ramp=$(pag_tag 13 c00101000a07e01f00)                            # opacity 0 to 255 over frames 0-10, linear
        layer=$(pag_tag 5 "0407$(pag_tag 6 010a)${ramp}${rect}${fill}0000")
        comp1=$(pag_tag 2 "01$(pag_tag 3 "$attrs")${layer}0000")
        pag_file "$comp1" | xxd -r -p > "$seeds/synthetic-rectangle.pag"
        precomp=$(pag_tag 5 "0609$(pag_tag 6 010a)$(pag_tag 12 0102)0000")
        comp3=$(pag_tag 2 "03$(pag_tag 3 "$attrs")${precomp}0000")
        pag_file "$comp1$comp3" | xxd -r -p > "$seeds/synthetic-precomposition.pag"
        # A grey solid displaced by a switched-off white one: the map layer by id 4, red moving
        # x by up to 10, green y by up to 5, centred, edges not wrapped, output expanded.
        map=$(pag_tag 5 "0204$(pag_tag 6 000a)$(pag_tag 7 ffffffc801c801)0000")
        displace=$(pag_tag 66 ab2a00040000002041010000a040000001)
        displaced=$(pag_tag 5 "0202$(pag_tag 6 010a)$(pag_tag 7 808080c801c801)${displace}0000")
        comp5=$(pag_tag 2 "05$(pag_tag 3 "$attrs")${map}${displaced}0000")
        pag_file "$comp5" | xxd -r -p > "$seeds/synthetic-displacement-map.pag" ;;
    expression)
        # A few choice streams that start with each kind of statement; libFuzzer grows the rest.
        for i in $(seq 0 15); do printf "\\x$(printf %02x "$i")\\x01\\x05\\x09\\x0a\\x02\\x00\\x03" > "$seeds/choices-$i"; done ;;
esac
echo "fuzz: $(ls "$seeds" | wc -l) seeds, $(ls "$work/corpus" | wc -l) corpus entries; running $product for ${seconds}s" >&2

jobs=${JOBS:-1}
parallel=()
(( jobs > 1 )) && parallel=(-jobs="$jobs" -workers="$jobs")
dict_flag=()
[[ -n "$dict" ]] && dict_flag=(-dict="$dict")
exec nice -n 19 "$binary" "$work/corpus" "$seeds" "${dict_flag[@]}" -max_len="$max_len" \
    -max_total_time="$seconds" -timeout="${TIMEOUT:-10}" -rss_limit_mb="${RSS_MB:-2048}" \
    -artifact_prefix="$work/artifacts/" -print_final_stats=1 "${parallel[@]}" "$@"
