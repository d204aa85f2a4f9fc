#!/usr/bin/env python3
"""Generates the malformed inputs and the case list for tools/dev/fuzz-cli.sh (dev-only).

fuzz-gen.py REPO CORPUS OUTDIR SEED  ->  writes inputs under OUTDIR, prints cases.tsv to stdout.
"""
import copy, gzip, io, json, os, random, shlex, struct, sys, zipfile, zlib

repo, corpus, D, seed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
rng = random.Random(seed)
S = os.path.join(repo, "sample-animations")
cases = []

def case(name, expect, *args):
    cases.append((name, str(expect), " ".join(shlex.quote(a) for a in args)))

def write(rel, data):
    p = os.path.join(D, rel)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)
    return p

def cmds(name, path, expect="fail", render=True):
    case(name + ".info", expect, "info", path)
    if render:
        case(name + ".render", expect, "render", path, "-o", "@OUT@/f-%03d.png", "--frames", "0", "--size", "64x64")
        case(name + ".gif", expect, "convert", path, "-o", "@OUT@/a.gif", "--size", "48x48")

# ---------- byte-level mutations of samples and corpus ----------
def mutations(src, tag, n_trunc=4, n_flip=6):
    data = open(src, "rb").read()
    base = os.path.basename(src)
    ext = os.path.splitext(base)[1]
    for i in range(n_trunc):
        cut = rng.randrange(1, max(2, len(data)))
        yield f"{tag}-trunc{i}", write(f"mut/{tag}-trunc{i}{ext}", data[:cut])
    for i in range(n_flip):
        b = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            k = rng.randrange(len(b)); b[k] = rng.randrange(256)
        yield f"{tag}-flip{i}", write(f"mut/{tag}-flip{i}{ext}", bytes(b))

for f in ["badge.json", "checkmark.json", "heart-mask.json", "lint-examples/heart-pop-fps-too-low-and-content-in-margin.gif", "spinner.gif"]:
    for name, p in mutations(os.path.join(S, f), os.path.basename(f).replace(".", "_")):
        cmds(name, p, "any")
gifs = sorted(os.listdir(os.path.join(corpus, "gif")))
for f in rng.sample(gifs, min(8, len(gifs))):
    for name, p in mutations(os.path.join(corpus, "gif", f), "cg_" + f[:-4], 2, 3):
        cmds(name, p, "any")
lot = []
for root, _, files in os.walk(os.path.join(corpus, "lottie")):
    lot += [os.path.join(root, x) for x in files if x.endswith((".json", ".tgs", ".lottie"))]
lot.sort()
for f in rng.sample(lot, min(12, len(lot))):
    for name, p in mutations(f, "cl_" + os.path.basename(f).replace(".", "_")[:30], 2, 3):
        cmds(name, p, "any")

# ---------- hostile Lottie JSON ----------
base = json.load(open(os.path.join(S, "checkmark.json")))
def lottie(name, mutate, expect="fail", render=True):
    d = copy.deepcopy(base); r = mutate(d)
    if r is not None: d = r
    txt = d if isinstance(d, str) else json.dumps(d, allow_nan=True)
    cmds("lot-" + name, write(f"lottie/{name}.json", txt), expect, render)

for key, vals in {"w": ["100", None, -5, 0, 1e9, 1e300, 100000], "h": [-1, 0, 2**40],
                  "fr": [0, -30, "x", None, 1e-9, 1e9], "op": [1e12, -5, "30", None, 0],
                  "ip": [1e12, None, "0"], "layers": [None, "x", {}, [1, 2], [None]]}.items():
    for i, v in enumerate(vals):
        def m(d, key=key, v=v): d[key] = v
        lottie(f"top-{key}-{i}", m, "any")
lottie("nan", lambda d: json.dumps(d).replace('"fr": 30', '"fr": NaN'), "any")
lottie("infinity", lambda d: json.dumps(d).replace('"w": 100', '"w": Infinity'), "any")
lottie("empty-obj", lambda d: {}, "fail")
lottie("array", lambda d: [], "fail")
lottie("deep-array", lambda d: "[" * 100000 + "]" * 100000, "fail")
lottie("deep-obj", lambda d: '{"a":' * 50000 + "1" + "}" * 50000, "fail")
lottie("huge-number", lambda d: json.dumps(d).replace('"w": 100', '"w": 1' + "0" * 400), "any")
lottie("long-string", lambda d: json.dumps(d).replace('"checkmark"', '"' + "x" * 5_000_000 + '"'), "any")
lottie("bad-utf8", lambda d: json.dumps(d).replace('"checkmark"', '"\xff\xfe"'), "any")
lottie("trailing", lambda d: json.dumps(d) + " garbage", "fail")

def L(d): return d["layers"][0]
def sh(d): return L(d)["shapes"]
def tick(d): return sh(d)[0]["it"][0]
for i, v in enumerate(["x", None, 5, [], {"a": 0}, {"a": 1, "k": []}, {"a": 1, "k": [{"t": 0}]}]):
    def m(d, v=v): L(d)["ks"]["p"] = v
    lottie(f"pos-{i}", m, "any")
for i, v in enumerate([{"a": 0, "k": {"c": False, "v": [[0, 0]], "i": [], "o": []}},
                       {"a": 0, "k": {"c": True, "v": [[0, 0], [1]], "i": [[0, 0]], "o": None}},
                       {"a": 0, "k": {"v": "x"}}, {"a": 0, "k": None},
                       {"a": 1, "k": [{"t": 0, "s": [{"v": [[0, 0]], "i": [[0, 0]], "o": [[0, 0]]}]},
                                      {"t": 10, "s": [{"v": [[0, 0], [1, 1], [2, 2]], "i": [], "o": []}]}]}]):
    def m(d, v=v): tick(d)["ks"] = v
    lottie(f"path-{i}", m, "any")
def giant_path(d):
    n = 300000
    tick(d)["ks"] = {"a": 0, "k": {"c": True, "v": [[rng.uniform(-50, 50), rng.uniform(-50, 50)] for _ in range(n)],
                                   "i": [[0, 0]] * n, "o": [[0, 0]] * n}}
lottie("giant-path", giant_path, "any")
def many_kf(d):
    L(d)["ks"]["r"] = {"a": 1, "k": [{"t": t * 0.001, "s": [t % 360], "o": {"x": [0.5], "y": [0]}, "i": {"x": [0.5], "y": [1]}} for t in range(100000)]}
lottie("many-keyframes", many_kf, "any")
def kf_mismatch(d):
    L(d)["ks"]["s"] = {"a": 1, "k": [{"t": 0, "s": [1]}, {"t": 5, "s": [1, 2, 3, 4, 5]}, {"t": 10, "s": []}, {"t": 3}]}
lottie("kf-mismatch", kf_mismatch, "any")
lottie("kf-unsorted", lambda d: L(d)["ks"].__setitem__("o", {"a": 1, "k": [{"t": 20, "s": [0]}, {"t": -1e308, "s": [100]}, {"t": 1e308, "s": [5]}]}), "any")
lottie("kf-bezier-nan", lambda d: L(d)["ks"].__setitem__("o", {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [1e308], "y": [-1e308]}, "i": {"x": ["a"], "y": [None]}}, {"t": 10, "s": [100]}]}), "any")
for i, v in enumerate([1e9, 1e300, -100, 0]):
    def m(d, v=v): sh(d)[0]["it"][2]["w"] = {"a": 0, "k": v}
    lottie(f"stroke-w-{i}", m, "any")
def dash0(d): sh(d)[0]["it"][2]["d"] = [{"n": "d", "v": {"a": 0, "k": 0}}, {"n": "g", "v": {"a": 0, "k": 0}}]
lottie("dash-zeros", dash0, "any")
def dash_tiny(d): sh(d)[0]["it"][2]["d"] = [{"n": "d", "v": {"a": 0, "k": 1e-9}}, {"n": "g", "v": {"a": 0, "k": 1e-9}}, {"n": "o", "v": {"a": 0, "k": 1e12}}]
lottie("dash-tiny", dash_tiny, "any")
def dash_neg(d): sh(d)[0]["it"][2]["d"] = [{"n": "d", "v": {"a": 0, "k": -5}}, {"n": "g", "v": {"a": 0, "k": -1}}]
lottie("dash-negative", dash_neg, "any")
for i, (copies, extra) in enumerate([(1e9, {}), (1e6, {}), (-5, {}), (30, {"so": 1})]):
    def m(d, c=copies):
        sh(d)[0]["it"].insert(1, {"ty": "rp", "c": {"a": 0, "k": c}, "o": {"a": 0, "k": 0},
            "tr": {"p": {"a": 0, "k": [1, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
                   "r": {"a": 0, "k": 1}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 100}}})
    lottie(f"repeater-{i}", m, "any")
def nested_rep(d):
    for _ in range(6):
        sh(d)[0]["it"].insert(1, {"ty": "rp", "c": {"a": 0, "k": 100}, "o": {"a": 0, "k": 0},
            "tr": {"p": {"a": 0, "k": [0.1, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
                   "r": {"a": 0, "k": 1}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 100}}})
lottie("repeater-nested", nested_rep, "any")
for i, g in enumerate([{"p": 0, "k": {"a": 0, "k": []}}, {"p": -3, "k": {"a": 0, "k": [0, 1]}},
                       {"p": 1000000, "k": {"a": 0, "k": [0, 1, 0, 0]}}, {"p": 2, "k": {"a": 0, "k": "x"}}]):
    def m(d, g=g):
        sh(d)[1]["it"][1] = {"ty": "gf", "o": {"a": 0, "k": 100}, "r": 1, "t": 1,
                             "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [10, 0]}, "g": g}
    lottie(f"gradient-{i}", m, "any")
lottie("empty-shapes", lambda d: L(d).__setitem__("shapes", []), "any")
lottie("empty-group", lambda d: sh(d)[0].__setitem__("it", []), "any")
lottie("shape-null", lambda d: L(d).__setitem__("shapes", [None, 5, "x", {"ty": 7}]), "any")
lottie("parent-self", lambda d: L(d).__setitem__("parent", 1), "any")
def parent_cycle(d):
    l2 = copy.deepcopy(L(d)); l2["ind"] = 2; l2["parent"] = 1; L(d)["parent"] = 2; d["layers"].append(l2)
lottie("parent-cycle", parent_cycle, "any")
lottie("parent-missing", lambda d: L(d).__setitem__("parent", 99), "any")
def precomp_cycle(d):
    d["assets"] = [{"id": "a", "layers": [{"ty": 0, "refId": "b", "ind": 1, "ip": 0, "op": 30, "st": 0, "w": 100, "h": 100, "ks": {}}]},
                   {"id": "b", "layers": [{"ty": 0, "refId": "a", "ind": 1, "ip": 0, "op": 30, "st": 0, "w": 100, "h": 100, "ks": {}}]}]
    d["layers"].insert(0, {"ty": 0, "refId": "a", "ind": 5, "ip": 0, "op": 30, "st": 0, "w": 100, "h": 100, "ks": {}})
lottie("precomp-cycle", precomp_cycle, "fail")
def precomp_self(d):
    d["assets"] = [{"id": "a", "layers": [{"ty": 0, "refId": "a", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {}}]}]
    d["layers"].insert(0, {"ty": 0, "refId": "a", "ind": 5, "ip": 0, "op": 30, "st": 0, "ks": {}})
lottie("precomp-self", precomp_self, "fail")
def precomp_deep(d, n=200):
    d["assets"] = [{"id": f"p{i}", "layers": [{"ty": 0, "refId": f"p{i+1}", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {}}] if i < n - 1 else copy.deepcopy(base["layers"])} for i in range(n)]
    d["layers"] = [{"ty": 0, "refId": "p0", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {}}]
lottie("precomp-deep", precomp_deep, "fail")
def precomp_fan(d, n=12):
    # each level references the next twice: 2^n renders if nothing bounds it
    d["assets"] = [{"id": f"p{i}", "layers": [{"ty": 0, "refId": f"p{i+1}", "ind": j, "ip": 0, "op": 30, "st": 0, "ks": {}} for j in (1, 2, 3)] if i < n - 1 else copy.deepcopy(base["layers"])} for i in range(n)]
    d["layers"] = [{"ty": 0, "refId": "p0", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {}}]
lottie("precomp-fanout", precomp_fan, "any")
lottie("precomp-missing", lambda d: d["layers"].insert(0, {"ty": 0, "refId": "zz", "ind": 5, "ip": 0, "op": 30, "st": 0, "ks": {}}), "any")
lottie("layers-10k", lambda d: d.__setitem__("layers", [dict(copy.deepcopy(base["layers"][0]), ind=i) for i in range(10000)]), "any")
lottie("masks-bad", lambda d: L(d).__setitem__("masksProperties", [{"mode": "zz", "pt": None}, {"mode": "a", "pt": {"a": 0, "k": {"v": [], "i": [], "o": []}}}, 5]), "any")
lottie("matte-no-source", lambda d: L(d).__setitem__("tt", 1), "any")
lottie("time-remap-wild", lambda d: L(d).__setitem__("tm", {"a": 1, "k": [{"t": 0, "s": [1e300]}, {"t": 10, "s": [-1e300]}]}), "any")
lottie("stretch-zero", lambda d: L(d).__setitem__("sr", 0), "any")
lottie("image-asset-bad", lambda d: (d.__setitem__("assets", [{"id": "i", "w": 100000, "h": 100000, "p": "data:image/png;base64,!!!!", "e": 1}]),
                                     d["layers"].insert(0, {"ty": 2, "refId": "i", "ind": 9, "ip": 0, "op": 30, "st": 0, "ks": {}})), "any")
lottie("markers-bad", lambda d: d.__setitem__("markers", [None, {"tm": "x"}, {"tm": 1e300, "dr": -1}]), "any")
lottie("scale-huge", lambda d: L(d)["ks"].__setitem__("s", {"a": 0, "k": [1e30, 1e30]}), "any")
lottie("scale-zero", lambda d: L(d)["ks"].__setitem__("s", {"a": 0, "k": [0, 0]}), "any")
lottie("ellipse-huge", lambda d: sh(d)[1]["it"][0].__setitem__("s", {"a": 0, "k": [1e15, 1e15]}), "any")
lottie("rect-round-huge", lambda d: sh(d)[1]["it"].__setitem__(0, {"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [1e9, 1e9]}, "r": {"a": 0, "k": 1e12}}), "any")
lottie("star-many-points", lambda d: sh(d)[1]["it"].__setitem__(0, {"ty": "sr", "sy": 1, "p": {"a": 0, "k": [0, 0]}, "pt": {"a": 0, "k": 1e9}, "ir": {"a": 0, "k": 10}, "or": {"a": 0, "k": 40}, "r": {"a": 0, "k": 0}, "is": {"a": 0, "k": 0}, "os": {"a": 0, "k": 0}}), "any")
lottie("star-neg-points", lambda d: sh(d)[1]["it"].__setitem__(0, {"ty": "sr", "sy": 2, "p": {"a": 0, "k": [0, 0]}, "pt": {"a": 0, "k": -7}, "or": {"a": 0, "k": 40}, "r": {"a": 0, "k": 0}, "os": {"a": 0, "k": 0}}), "any")
lottie("trim-wild", lambda d: tick(d).__class__ and sh(d)[0]["it"][1].update({"s": {"a": 0, "k": -1e300}, "e": {"a": 0, "k": 1e300}, "o": {"a": 0, "k": 1e300}}), "any")
lottie("offset-huge", lambda d: sh(d)[1]["it"].insert(1, {"ty": "op", "a": {"a": 0, "k": 1e9}, "lj": 1, "ml": {"a": 0, "k": 4}}), "any")
lottie("zigzag-huge", lambda d: sh(d)[1]["it"].insert(1, {"ty": "zz", "r": {"a": 0, "k": 1e8}, "s": {"a": 0, "k": 10}, "pt": {"a": 0, "k": 1}}), "any")
lottie("twist-huge", lambda d: sh(d)[1]["it"].insert(1, {"ty": "tw", "a": {"a": 0, "k": 1e300}, "c": {"a": 0, "k": [1e308, -1e308]}}), "any")
lottie("mask-feather-huge", lambda d: L(d).__setitem__("masksProperties", [{"mode": "a", "f": {"a": 0, "k": [1e12, -1e12]}, "x": {"a": 0, "k": 1e9}, "pt": {"a": 0, "k": {"c": True, "v": [[0, 0], [50, 0], [50, 50]], "i": [[0, 0]] * 3, "o": [[0, 0]] * 3}}}]), "any")
lottie("roundcorners-huge", lambda d: sh(d)[1]["it"].insert(1, {"ty": "rd", "r": {"a": 0, "k": 1e300}}), "any")
lottie("blur-huge", lambda d: L(d).__setitem__("ef", [{"ty": 29, "ef": [{"v": {"a": 0, "k": 1e9}}]}]), "any")
# a small file that nonetheless asks for a huge amount of work: big canvas, many frames
lottie("big-canvas-frames", lambda d: d.update({"w": 4096, "h": 4096, "op": 100000}), "any", render=False)
case("lot-big-canvas-frames.gif-all", "any", "convert", os.path.join(D, "lottie/big-canvas-frames.json"), "-o", "@OUT@/a.gif")

# ---------- gzip (.tgs) ----------
ck = open(os.path.join(S, "checkmark.json"), "rb").read()
cmds("tgs-ok", write("tgs/ok.tgs", gzip.compress(ck)), "ok")
cmds("tgs-trunc", write("tgs/trunc.tgs", gzip.compress(ck)[:-10]))
cmds("tgs-badcrc", write("tgs/badcrc.tgs", gzip.compress(ck)[:-8] + b"\0\0\0\0" + gzip.compress(ck)[-4:]), "any")
cmds("tgs-garbage", write("tgs/garbage.tgs", b"\x1f\x8b\x08\x00" + bytes(rng.randrange(256) for _ in range(200))))
def bomb(n):
    c = zlib.compressobj(9, zlib.DEFLATED, 31)
    out = [c.compress(b"[" )]; chunk = b" " * (1 << 20)
    for _ in range(n): out.append(c.compress(chunk))
    out.append(c.flush()); return b"".join(out)
cmds("tgs-bomb-1g", write("tgs/bomb.tgs", bomb(1024)))
cmds("tgs-multimember", write("tgs/multi.tgs", gzip.compress(ck) + gzip.compress(b"junk")), "any")
cmds("tgs-empty", write("tgs/empty.tgs", gzip.compress(b"")))

# ---------- dotLottie (.lottie zips) ----------
def zipbytes(entries, method=zipfile.ZIP_DEFLATED):
    b = io.BytesIO()
    with zipfile.ZipFile(b, "w", method) as z:
        for n, data in entries: z.writestr(n, data)
    return b.getvalue()
man = json.dumps({"animations": [{"id": "checkmark"}], "version": "1"})
good = zipbytes([("manifest.json", man), ("animations/checkmark.json", ck)])
cmds("dl-ok", write("dl/ok.lottie", good), "ok")
cmds("dl-no-manifest", write("dl/nomani.lottie", zipbytes([("animations/checkmark.json", ck)])), "any")
cmds("dl-empty-manifest", write("dl/emptyman.lottie", zipbytes([("manifest.json", "{}")])))
cmds("dl-manifest-bad", write("dl/manbad.lottie", zipbytes([("manifest.json", '{"animations": [{"id": 5}, null]}')])))
cmds("dl-missing-anim", write("dl/missing.lottie", zipbytes([("manifest.json", man)])))
cmds("dl-traversal", write("dl/trav.lottie", zipbytes([("manifest.json", json.dumps({"animations": [{"id": "../../etc/passwd"}]}))])))
b = bytearray(good); i = b.find(b"animations/checkmark.json") ; b[i + 40] ^= 0xFF
cmds("dl-badcrc", write("dl/badcrc.lottie", bytes(b)), "any")
for i, (name, p) in enumerate(mutations(os.path.join(D, "dl/ok.lottie"), "dl_ok", 4, 8)):
    cmds(name, p, "any")
zb = bytearray(zipbytes([("manifest.json", man), ("animations/checkmark.json", b"[" + b" " * (600 << 20) + b"]")]))
cmds("dl-bomb", write("dl/bomb.lottie", bytes(zb)))
# declared sizes lie: patch the central directory's uncompressed size to 4 GB-1 / tiny
def patch_sizes(data, usize):
    b = bytearray(data); k = 0
    while True:
        k = b.find(b"PK\x01\x02", k)
        if k < 0: break
        struct.pack_into("<I", b, k + 24, usize); k += 4
    k = 0
    while True:
        k = b.find(b"PK\x03\x04", k)
        if k < 0: break
        struct.pack_into("<I", b, k + 22, usize); k += 4
    return bytes(b)
cmds("dl-declared-huge", write("dl/declhuge.lottie", patch_sizes(good, 0xFFFFFFFF)), "any")
cmds("dl-declared-small", write("dl/declsmall.lottie", patch_sizes(good, 3)), "any")
cmds("dl-stored", write("dl/stored.lottie", zipbytes([("manifest.json", man), ("animations/checkmark.json", ck)], zipfile.ZIP_STORED)), "ok")
cmds("dl-eocd-only", write("dl/eocd.lottie", b"PK\x05\x06" + b"\0" * 18))
cmds("dl-eocd-lies", write("dl/eocdlies.lottie", b"PK\x05\x06" + struct.pack("<HHHHIIH", 0, 0, 65535, 65535, 0x7FFFFFFF, 0x7FFFFFF0, 0)))
case("dl-bad-animation-id", "fail", "info", os.path.join(D, "dl/ok.lottie"), "--animation", "nope")

# ---------- PNG frame folders ----------
def chunk(t, data): return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xffffffff)
def png(w, h, depth=8, ctype=6, interlace=0, raw=None, plte=None, trns=None, crc_ok=True, ihdr_len=None):
    ch = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}.get(ctype, 4)
    if raw is None:
        rowbytes = (w * ch * depth + 7) // 8
        raw = b"".join(b"\0" + bytes((x * 37 + y * 11) % 256 for x in range(rowbytes)) for y in range(h)) if w * h < 4_000_000 else b""
        if interlace: raw = b"\0" * (len(raw) + h * 8)  # not exact; decoders must cope
    ihdr = struct.pack(">IIBBBBB", w, h, depth, ctype, 0, 0, interlace)
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
    if plte is not None: out += chunk(b"PLTE", plte)
    if trns is not None: out += chunk(b"tRNS", trns)
    idat = chunk(b"IDAT", zlib.compress(raw))
    if not crc_ok: idat = idat[:-4] + b"\xde\xad\xbe\xef"
    return out + idat + chunk(b"IEND", b"")
def folder(name, files, expect="fail", manifest=None):
    for fn, data in files.items(): write(f"png/{name}/{fn}", data)
    if manifest is not None: write(f"png/{name}/manifest.json", manifest)
    cmds("png-" + name, os.path.join(D, "png", name), expect)
    case("png-" + name + ".apng", expect, "convert", os.path.join(D, "png", name), "-o", "@OUT@/a.png")
pal = bytes(range(48))
folder("good-16bit", {"f0.png": png(8, 8, 16, 6), "f1.png": png(8, 8, 16, 6)}, "ok")
folder("good-palette", {"f0.png": png(8, 8, 8, 3, plte=pal * 16, raw=b"".join(b"\0" + bytes(x % 16 for x in range(8)) for _ in range(8))),
                        "f1.png": png(8, 8, 4, 3, plte=pal[:24], trns=b"\0\x80", raw=b"".join(b"\0" + bytes([0x12] * 4) for _ in range(8)))}, "ok")
folder("good-grey", {"f0.png": png(8, 8, 1, 0), "f1.png": png(8, 8, 8, 4), "f2.png": png(8, 8, 16, 0)}, "ok")
folder("interlaced", {"f0.png": png(8, 8, 8, 6, interlace=1)}, "any")
folder("zero-size", {"f0.png": png(0, 0)})
folder("zero-bytes", {"f0.png": b""})
folder("huge-ihdr", {"f0.png": png(0x7FFFFFFF, 0x7FFFFFFF, raw=b"")})
folder("huge-ihdr2", {"f0.png": png(60000, 60000, raw=b"")})
folder("bad-crc", {"f0.png": png(8, 8, crc_ok=False)}, "any")
folder("short-idat", {"f0.png": png(8, 8, raw=b"\0" * 10)})
folder("bad-depth", {"f0.png": png(8, 8, 7, 6)})
folder("bad-ctype", {"f0.png": png(8, 8, 8, 5)})
folder("palette-no-plte", {"f0.png": png(8, 8, 8, 3, raw=b"".join(b"\0" + bytes(8) for _ in range(8)))})
folder("palette-oob", {"f0.png": png(8, 8, 8, 3, plte=pal[:6], raw=b"".join(b"\0" + bytes([200] * 8) for _ in range(8)))}, "any")
folder("mixed-sizes", {"f0.png": png(8, 8), "f1.png": png(9, 8)})
folder("not-png", {"f0.png": b"hello world"})
folder("gif-named-png", {"f0.png": open(os.path.join(S, "spinner.gif"), "rb").read()})
folder("empty", {})
os.makedirs(os.path.join(D, "png/empty"), exist_ok=True)
folder("trunc", {"f0.png": png(8, 8)[:40]})
for i, m in enumerate(['{"fps": 0}', '{"fps": -1}', '{"fps": "x"}', '{"fps": 1e-300}', '{"fps": 1e300}', '{"durations": []}',
                       '{"durations": [1]}', '{"durations": [100, -5]}', '{"durations": [0, 0]}', '{"durations": ["a", null]}',
                       '{"durations": [1e300, 1e300]}', '{"loop": "yes"}', '{"loop": -3}', '{"loop": 1e100}', '[]', 'not json', '']):
    folder(f"manifest-{i}", {"f0.png": png(4, 4), "f1.png": png(4, 4)}, "any", manifest=m)
many = {f"f{i}.png": png(2, 2) for i in range(3000)}
folder("many-frames", many, "any")

# ---------- tab-bar configs ----------
cfg = json.load(open(os.path.join(S, "tabbar/tabbar.json")))
def tab(name, mutate, expect="fail"):
    d = copy.deepcopy(cfg); r = mutate(d)
    if r is not None: d = r
    p = write(f"tabbar/sub/{name}.json", d if isinstance(d, str) else json.dumps(d))
    # paths in the sample are relative to sample-animations/tabbar; re-root them
    case("tab-" + name + ".sheet", expect, "preview", p, "--sheet", "@OUT@/s.png")
    case("tab-" + name + ".gif", expect, "preview", p, "-o", "@OUT@/t.gif", "--script", "select 1; wait 0.2s; select 2; wait 0.2s")
def reroot(d):
    for it in d.get("tabBarItemsAttributes", []) if isinstance(d, dict) else []:
        if isinstance(it, dict):
            for k, v in list(it.items()):
                if isinstance(v, str) and (v.endswith((".json", ".gif", ".png")) or v.startswith("..")):
                    it[k] = os.path.join(S, "tabbar", v)
    return d
cfg = reroot(cfg)
tab("ok", lambda d: None, "ok")
for key, vals in {"CYLTabBarControllerTabBarItemAnimationSpeed": [0, -1, "x", None, 1e-12, 1e12],
                  "CYLTabBarItemIconSize": [0, -30, 1e6, "30", 1e300], "CYLTabBarScale": [0, -2, 1000, 1e9, "2"],
                  "CYLTabBarTintColor": ["red", "#12", 5, None, "#zzzzzz"], "tabBarItemsAttributes": [[], None, "x", [None], [5], [{}] * 10000]}.items():
    for i, v in enumerate(vals):
        def m(d, key=key, v=v): d[key] = v
        tab(f"{key[-12:]}-{i}", m, "any")
for i, (k, v) in enumerate([("CYLTabBarLottieFilePath", "/nonexistent.json"), ("CYLTabBarLottieFilePath", 5),
                            ("CYLTabBarLottieFilePath", os.path.join(S, "spinner.gif")), ("CYLTabBarGIFFilePath", os.path.join(S, "checkmark.json")),
                            ("CYLTabBarLottieDarkColors", {"**": "notacolor"}), ("CYLTabBarLottieDarkColors", "x"),
                            ("CYLTabBarItemImage", "/dev/zero"), ("CYLTabBarItemImage", "/tmp"), ("CYLTabBarItemImageRenderingMode", "weird"),
                            ("CYLTabBarAnimationURL", "http://example.com/x.json"), ("CYLTabBarAnimationURL", "file:///nonexistent"),
                            ("CYLTabBarItemIdentifier", None), ("CYLTabBarLottieLoopsWhenUnselected", "yes"),
                            ("CYLTabBarItemTitle", "x" * 100000), ("CYLTabBarItemSelectedTitleColor", "#GGGGGG"),
                            ("CYLTabBarLottieFilePath", os.path.join(D, "tgs/bomb.tgs"))]):
    def m(d, k=k, v=v): d["tabBarItemsAttributes"][0][k] = v
    tab(f"item-{i}", m, "any")
tab("self-ref", lambda d: d["tabBarItemsAttributes"][0].__setitem__("CYLTabBarLottieFilePath", os.path.join(D, "tabbar/sub/self-ref.json")), "any")
tab("dup-ids", lambda d: [it.__setitem__("CYLTabBarItemIdentifier", "x") for it in d["tabBarItemsAttributes"]], "any")
tab("not-json", lambda d: "{", "fail")
tab("array", lambda d: "[]", "fail")
cp = os.path.join(D, "tabbar/sub/ok.json")
for i, s in enumerate(["select 99", "select -1", "wait -1s", "wait 1e12s", "wait 99999999s", "wait NaNs", "select", "appearance purple",
                       ";;;;", "wait 0.000000001s; " * 5000, "select 1; " * 10000, "frobnicate"]):
    case(f"script-{i}", "any", "preview", cp, "-o", "@OUT@/t.gif", "--script", s)

# ---------- absurd options ----------
ck_p = os.path.join(S, "checkmark.json"); sp = os.path.join(S, "spinner.gif"); bf = os.path.join(S, "bounce-frames")
for i, opt in enumerate([["--size", "100000x100000"], ["--size", "0x0"], ["--size", "-5x5"], ["--size", "x"], ["--scale", "1e9"],
                         ["--scale", "0"], ["--scale", "nan"], ["--scale", "inf"], ["--scale", "1e-9"], ["--width", "99999999"],
                         ["--height", "0"], ["--fps", "1e-9"], ["--fps", "1e9"], ["--fps", "nan"], ["--speed", "1e-12"], ["--speed", "1e12"],
                         ["--speed", "0"], ["--speed", "-1"], ["--frames", "0-99999999"], ["--frames", "5-2"], ["--frames", "-1"],
                         ["--frames", ""], ["--frames", "a"], ["--frames", "99999999999999999999"], ["--colors", "1"], ["--colors", "0"],
                         ["--colors", "257"], ["--colors", "2"], ["--loop", "-1"], ["--loop", "99999999"], ["--quality", "101"], ["--quality", "-1"],
                         ["--background", "#zz"], ["--background", ""], ["--matte", "notacolor"], ["--alpha-threshold", "300"],
                         ["--dither", "bogus"], ["--format", "bmp"], ["--max-pixels", "0"], ["--max-pixels", "1"], ["--max-frames", "1"],
                         ["--max-json-depth", "1"], ["--max-file-bytes", "10"], ["--max-path-points", "1"], ["--max-decoded-bytes", "1"],
                         ["--max-precomp-depth", "99999999999999999999999"]]):
    for src in (ck_p, sp, bf):
        tag = os.path.basename(src).split(".")[0]
        case(f"opt-{i}-{tag}", "any", "convert", src, "-o", "@OUT@/a.gif", *opt)
    case(f"opt-{i}-render", "any", "render", ck_p, "-o", "@OUT@/f%04d.png", *opt)

# ---------- outputs ----------
os.makedirs(os.path.join(D, "ro"), exist_ok=True); os.chmod(os.path.join(D, "ro"), 0o555)
case("out-unwritable", 73 if os.geteuid() != 0 else "any", "convert", ck_p, "-o", os.path.join(D, "ro/a.gif"))  # root ignores 0555
case("out-parent-is-file", 73, "convert", ck_p, "-o", os.path.join(D, "tgs/ok.tgs/a.gif"))
case("out-readonly-fs", 73, "convert", ck_p, "-o", "/proc/a.gif")
case("render-parent-is-file", 73, "render", ck_p, "-o", os.path.join(D, "tgs/ok.tgs/f%03d.png"))
case("out-missing-dir", "any", "convert", ck_p, "-o", "@OUT@/no/such/dir/a.gif")
case("out-is-dir", "any", "convert", ck_p, "-o", "@OUT@")
# Devices are written through, never renamed over (as root an older build replaced /dev/full with
# a regular file); only exercised when not root, so a regression cannot damage the machine.
if os.geteuid() != 0:
    case("out-dev-full", 74, "convert", ck_p, "-o", "/dev/full", "--format", "gif")
case("out-stdout-noformat", 64, "convert", ck_p, "-o", "-")
cp_in = write("same/in.json", ck)
case("out-equals-input", "any", "convert", cp_in, "-o", cp_in, "--format", "tgs")
cp_in2 = write("same/in.gif", open(sp, "rb").read())
case("out-equals-input-gif", "any", "convert", cp_in2, "-o", cp_in2)
case("render-pattern-dir", "any", "render", ck_p, "-o", "@OUT@/%d/x.png")
case("render-bad-pattern", "any", "render", ck_p, "-o", "@OUT@/%s.png")
case("render-many-percent", "any", "render", ck_p, "-o", "@OUT@/%d%d%n.png")
case("in-missing", 66, "info", "/nonexistent/x.json")
case("in-devnull", "any", "info", "/dev/null")
case("in-dir-empty", "any", "info", os.path.join(D, "png/empty"))
case("in-unreadable", "any", "info", "/proc/self/mem")
case("in-fifo-zero", "any", "info", "/dev/zero")
case("tgs-out-from-gif", "fail", "convert", sp, "-o", "@OUT@/a.tgs")

for n, e, a in cases:
    print(f"{n}\t{e}\t{a}")
