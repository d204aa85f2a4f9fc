#!/usr/bin/env bash
# Dev-only robustness sweep for the cylanim CLI (not part of the test suite).
#
#   tools/dev/fuzz-cli.sh [CYLANIM] [WORKDIR]    (defaults: /tmp/build-h8/debug/cylanim, /tmp/fuzz)
#
# Generates malformed inputs under WORKDIR/in (truncations and byte flips of the samples and the
# corpus, odd PNG folders, hostile Lottie JSON, gzip/zip bombs, bad tab-bar configs), runs each
# case under `prlimit --as` and `timeout`, and reports every run that crashed (signal / exit > 128 /
# "Fatal error"), timed out or took > 20 s, printed a multi-line error, exited 0 on input marked
# as garbage, used an unexpected exit code, or left files behind after failing.
# Environment: AS_LIMIT (bytes, default 1500000000), TIMEOUT (s, default 60), ONLY (substring
# filter on case names), SEED (random seed, default 1), CORPUS (default ../shared/corpus).
set -u
cd "$(dirname "$0")/../.."
BIN=$(realpath "${1:-/tmp/build-h8/debug/cylanim}")
W=${2:-/tmp/fuzz}
AS_LIMIT=${AS_LIMIT:-1500000000}; TIMEOUT=${TIMEOUT:-60}
CORPUS=${CORPUS:-../shared/corpus}
rm -rf "$W"; mkdir -p "$W/in" "$W/out" "$W/log"
python3 tools/dev/fuzz-gen.py "$PWD" "$CORPUS" "$W/in" "${SEED:-1}" > "$W/cases.tsv" || exit 1

# cases.tsv: NAME <TAB> EXPECT <TAB> ARGS... ; EXPECT is 'fail' (must exit non-zero), 'ok'
# (must exit 0), 'any', or an exact exit code. In ARGS, @OUT@ is the case's output directory.
total=0; bad=0
: > "$W/report.txt"
while IFS=$'\t' read -r name expect rest; do
    [[ -n "${ONLY:-}" && "$name" != *"$ONLY"* ]] && continue
    total=$((total + 1))
    out="$W/out/$name"; mkdir -p "$out"
    rest=${rest//@OUT@/$out}
    eval "set -- $rest"
    start=$(date +%s.%N)
    prlimit --as="$AS_LIMIT" -- timeout -s KILL "$TIMEOUT" /usr/bin/time -f '%M' -o "$W/log/$name.rss" \
        "$BIN" "$@" > "$W/log/$name.out" 2> "$W/log/$name.err" < /dev/null
    rc=$?
    secs=$(echo "$(date +%s.%N) - $start" | bc)
    rss=$(tail -1 "$W/log/$name.rss" 2>/dev/null); rss=${rss:-?}
    problems=()
    grep -q 'Command terminated by signal\|Command exited with non-zero' "$W/log/$name.rss" 2>/dev/null && true
    if (( rc > 128 )) || grep -qi 'fatal error\|Stack dump\|Segmentation' "$W/log/$name.err"; then problems+=("CRASH rc=$rc"); fi
    (( rc == 137 || rc == 124 )) && problems+=("TIMEOUT/KILLED")
    [[ $(echo "$secs > 20" | bc) == 1 ]] && problems+=("SLOW ${secs}s")
    case "$expect" in
        fail) (( rc == 0 )) && problems+=("EXIT0-ON-GARBAGE") ;;
        ok) (( rc != 0 )) && problems+=("FAILED-ON-VALID rc=$rc") ;;
        any) ;;
        *) (( rc != expect )) && problems+=("WRONG-CODE rc=$rc want=$expect") ;;
    esac
    if (( rc != 0 && rc != 64 && rc <= 128 )); then
        errlines=$(grep -vc '^$' "$W/log/$name.err")
        (( errlines != 1 )) && problems+=("ERROR-LINES=$errlines")
        grep -q '^cylanim: error: ' "$W/log/$name.err" || problems+=("NO-ERROR-PREFIX")
        left=$(find "$out" -mindepth 1 | head -3 | tr '\n' ' ')
        [[ -n "$left" ]] && problems+=("LEFTOVER: $left")
    fi
    find "$out" -name '.*tmp*' -o -name '*.partial' 2>/dev/null | grep -q . && problems+=("TEMP-LEFT")
    [[ "$rss" =~ ^[0-9]+$ ]] && (( rss > 600000 )) && problems+=("RSS ${rss}KB")
    line="$name rc=$rc t=${secs}s rss=${rss}KB :: $(head -c 300 "$W/log/$name.err" | head -3 | tr '\n' '|')"
    if (( ${#problems[@]} )); then
        bad=$((bad + 1)); echo "BAD [${problems[*]}] $line" | tee -a "$W/report.txt"
    else
        echo "ok  $line" >> "$W/report.txt"
    fi
done < "$W/cases.tsv"
echo "fuzz-cli: $total cases, $bad flagged (full log: $W/report.txt)"
