/// The After Effects expression API in JavaScript, run once in each expression engine. What it
/// cannot know itself (layers, properties, keyframes, transforms) it asks the renderer through
/// `__host(op, ...)`, answered by `ExpressionHost`. Property values are plain numbers, arrays of
/// numbers or path objects; `Property` objects stand for properties and turn into their value in
/// arithmetic (`valueOf`) and in every function here.
///
/// Randomness is deterministic: each expression's generator is seeded from its JSON path (and
/// `seedRandom`), and from the frame unless `timeless`, so a frame renders the same every time.
enum ExpressionPrelude {
    static let source = #"""
    var __now = 0, __fps = 30, __rng = 1, __seed = 0, __timeless = false, __wiggleSeed = 0;

    // ---- Values --------------------------------------------------------------------------------

    function __val(x) {
        if (x instanceof Property) return x.value;
        return x;
    }
    function __isArr(x) { return x instanceof Array; }
    function __arr(x) {
        x = __val(x);
        if (__isArr(x)) { var a = []; for (var i = 0; i < x.length; i++) a.push(__val(x[i])); return a; }
        return x;
    }
    // The result of an expression as plain data: numbers, arrays of numbers, path objects.
    function __out(x) {
        x = __val(x);
        if (x instanceof ShapePath) return { v: x.v, i: x.i, o: x.o, c: x.c };
        if (__isArr(x)) {
            var a = [];
            for (var i = 0; i < x.length; i++) { var e = __out(x[i]); a.push(e); }
            return a;
        }
        if (x !== null && typeof x === 'object') {
            if (x.v !== undefined) return { v: __out(x.v), i: __out(x.i), o: __out(x.o), c: x.c === undefined ? true : !!x.c };
            if (typeof x.valueOf === 'function') { var p = x.valueOf(); if (p !== x) return __out(p); }
            return undefined;
        }
        if (typeof x === 'boolean') return x ? 1 : 0;
        return x;
    }

    // Arithmetic as bodymovin rewrites `a + b` and friends: numbers, arrays element by element,
    // a number with an array acting on the array's first element (add, sub) or on every element.
    function __zip(a, b, f) {
        var n = Math.max(a.length, b.length), r = [];
        for (var i = 0; i < n; i++) {
            var x = a[i], y = b[i];
            r.push(x === undefined ? y : (y === undefined ? x : f(x, y)));
        }
        return r;
    }
    function add(a, b) {
        a = __arr(a); b = __arr(b);
        var ta = __isArr(a), tb = __isArr(b);
        if (!ta && !tb) return a + b;
        if (ta && tb) return __zip(a, b, function (x, y) { return x + y; });
        if (ta) { var r = a.slice(); if (typeof b === 'number') r[0] += b; return r; }
        var s = b.slice(); if (typeof a === 'number') s[0] = a + s[0]; return s;
    }
    function sub(a, b) {
        a = __arr(a); b = __arr(b);
        var ta = __isArr(a), tb = __isArr(b);
        if (!ta && !tb) return a - b;
        if (ta && tb) return __zip(a, b, function (x, y) { return x - y; });
        if (ta) { var r = a.slice(); r[0] -= b; return r; }
        var s = b.slice(); s[0] = a - s[0]; return s;
    }
    function __each(a, f) { var r = []; for (var i = 0; i < a.length; i++) r.push(f(a[i])); return r; }
    function mul(a, b) {
        a = __arr(a); b = __arr(b);
        var ta = __isArr(a), tb = __isArr(b);
        if (!ta && !tb) return a * b;
        if (ta && tb) return __zip(a, b, function (x, y) { return x * y; });
        if (ta) return __each(a, function (x) { return x * b; });
        return __each(b, function (y) { return a * y; });
    }
    function div(a, b) {
        a = __arr(a); b = __arr(b);
        var ta = __isArr(a), tb = __isArr(b);
        if (!ta && !tb) return a / b;
        if (ta && tb) return __zip(a, b, function (x, y) { return x / y; });
        if (ta) return __each(a, function (x) { return x / b; });
        return __each(b, function (y) { return a / y; });
    }
    function mod(a, b) {
        a = __arr(a); b = __arr(b);
        if (!__isArr(a) && !__isArr(b)) return a % b;
        if (__isArr(a) && __isArr(b)) return __zip(a, b, function (x, y) { return x % y; });
        if (__isArr(a)) return __each(a, function (x) { return x % b; });
        return __each(b, function (y) { return a % y; });
    }
    var sum = add, $bm_sum = add, $bm_sub = sub, $bm_mul = mul, $bm_div = div, $bm_mod = mod;
    function $bm_neg(a) { a = __arr(a); return __isArr(a) ? __each(a, function (x) { return -x; }) : -a; }
    function $bm_isInstanceOfArray(a) { return __isArr(__val(a)); }
    function clamp(v, lo, hi) {
        v = __arr(v); lo = __arr(lo); hi = __arr(hi);
        if (__isArr(v)) {
            var r = [];
            for (var i = 0; i < v.length; i++) {
                var l = __isArr(lo) ? lo[i] : lo, h = __isArr(hi) ? hi[i] : hi;
                r.push(Math.min(Math.max(v[i], l), h));
            }
            return r;
        }
        return Math.min(Math.max(v, lo), hi);
    }
    function dot(a, b) { a = __arr(a); b = __arr(b); var s = 0; for (var i = 0; i < Math.min(a.length, b.length); i++) s += a[i] * b[i]; return s; }
    function cross(a, b) {
        a = __arr(a); b = __arr(b);
        var az = a[2] || 0, bz = b[2] || 0;
        return [a[1] * bz - az * b[1], az * b[0] - a[0] * bz, a[0] * b[1] - a[1] * b[0]];
    }
    function length(a, b) {
        if (b !== undefined) a = sub(a, b);
        a = __arr(a);
        if (!__isArr(a)) return Math.abs(a);
        var s = 0; for (var i = 0; i < a.length; i++) s += a[i] * a[i];
        return Math.sqrt(s);
    }
    function normalize(a) { var l = length(a); return l === 0 ? __arr(a) : div(a, l); }
    function lookAt(from, to) {
        var d = sub(to, from), l = length(d);
        if (l === 0) return [0, 0, 0];
        return [Math.atan2(d[1], Math.sqrt(d[0] * d[0] + (d[2] || 0) * (d[2] || 0))) * 180 / Math.PI,
                Math.atan2(d[0], d[2] || 0) * 180 / Math.PI, 0];
    }
    function degreesToRadians(d) { return __val(d) * Math.PI / 180; }
    function radiansToDegrees(r) { return __val(r) * 180 / Math.PI; }
    function framesToTime(f, fps) { return __val(f) / (fps === undefined ? __fps : fps); }
    function timeToFrames(t, fps, isDuration) {
        if (t === undefined) t = __now;
        var f = __val(t) * (fps === undefined ? __fps : fps);
        return isDuration ? f : Math.floor(f + 1e-6);
    }
    function posterizeTime(fps) { __now = Math.floor(__now * fps + 1e-6) / fps; return fps; }

    // ---- Interpolation -------------------------------------------------------------------------

    // Cubic timing curve from (0,0) to (1,1): y at x, by bisection (monotone in x).
    function __bezier(x1, y1, x2, y2, x) {
        if (x <= 0) return 0;
        if (x >= 1) return 1;
        var lo = 0, hi = 1, t = x;
        for (var i = 0; i < 40; i++) {
            var u = 1 - t, bx = 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t;
            if (Math.abs(bx - x) < 1e-9) break;
            if (bx < x) lo = t; else hi = t;
            t = (lo + hi) / 2;
        }
        var w = 1 - t;
        return 3 * w * w * t * y1 + 3 * w * t * t * y2 + t * t * t;
    }
    function __mix(a, b, k) {
        a = __arr(a); b = __arr(b);
        if (__isArr(a) || __isArr(b)) {
            if (!__isArr(a)) a = __each(b, function () { return a; });
            if (!__isArr(b)) b = __each(a, function () { return b; });
            return __zip(a, b, function (x, y) { return x + (y - x) * k; });
        }
        return a + (b - a) * k;
    }
    function __interp(curve, args) {
        var t = __val(args[0]), tMin = 0, tMax = 1, v1, v2;
        if (args.length >= 5) { tMin = __val(args[1]); tMax = __val(args[2]); v1 = args[3]; v2 = args[4]; }
        else if (args.length === 3) { v1 = args[1]; v2 = args[2]; }
        else return t;
        if (tMin > tMax) { var s = tMin; tMin = tMax; tMax = s; var w = v1; v1 = v2; v2 = w; }
        var k = tMax === tMin ? (t >= tMax ? 1 : 0) : Math.min(Math.max((t - tMin) / (tMax - tMin), 0), 1);
        return __mix(v1, v2, curve(k));
    }
    function linear() { return __interp(function (k) { return k; }, arguments); }
    function ease() { return __interp(function (k) { return __bezier(0.333, 0, 0.667, 1, k); }, arguments); }
    function easeIn() { return __interp(function (k) { return __bezier(0.333, 0, 1, 1, k); }, arguments); }
    function easeOut() { return __interp(function (k) { return __bezier(0, 0, 0.667, 1, k); }, arguments); }

    // ---- Randomness ----------------------------------------------------------------------------

    function __hash(x) {
        x = (x ^ 61) ^ (x >>> 16); x = (x + (x << 3)) | 0; x = x ^ (x >>> 4);
        x = Math.imul(x, 0x27d4eb2d); return (x ^ (x >>> 15)) >>> 0;
    }
    function __reseed() {
        var frame = __timeless ? 0 : Math.round(__now * __fps * 16);
        __rng = __hash((__wiggleSeed * 31 + __seed * 7919 + frame) | 0) || 1;
    }
    function __next() {
        // xorshift32
        var x = __rng; x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
        __rng = x || 1;
        return (__rng >>> 0) / 4294967296;
    }
    function seedRandom(seed, timeless) { __seed = Math.floor(__val(seed)) | 0; __timeless = !!timeless; __reseed(); }
    function random(a, b) {
        if (a === undefined) return __next();
        a = __arr(a);
        if (b === undefined) {
            if (__isArr(a)) return __each(a, function (x) { return x * __next(); });
            return a * __next();
        }
        b = __arr(b);
        if (__isArr(a) || __isArr(b)) {
            if (!__isArr(a)) a = __each(b, function () { return a; });
            if (!__isArr(b)) b = __each(a, function () { return b; });
            return __zip(a, b, function (x, y) { return x + (y - x) * __next(); });
        }
        return a + (b - a) * __next();
    }
    function gaussRandom(a, b) {
        var u = Math.max(__next(), 1e-12), v = __next();
        var g = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);  // standard normal
        var k = Math.min(Math.max(0.5 + g / 6, 0), 1);                    // 99.7% inside 0...1
        if (a === undefined) return k;
        if (b === undefined) { a = __arr(a); return __isArr(a) ? __each(a, function (x) { return x * k; }) : a * k; }
        return __mix(a, b, k);
    }
    Math.random = function () { return __next(); };
    // Smooth 1-D gradient noise in about −1...1 at `x`, different for each `seed`.
    function __noise1(x, seed) {
        var i = Math.floor(x), f = x - i;
        function grad(k) { return (__hash((k * 374761393 + seed * 668265263) | 0) / 4294967296) * 2 - 1; }
        var g0 = grad(i) * f, g1 = grad(i + 1) * (f - 1);
        var s = f * f * f * (f * (f * 6 - 15) + 10);
        return (g0 + (g1 - g0) * s) * 2;
    }
    function noise(p) {
        p = __arr(p);
        if (__isArr(p)) { var s = 0; for (var i = 0; i < p.length; i++) s += __noise1(p[i], 101 + i); return s / p.length; }
        return __noise1(p, 101);
    }

    // ---- Colours -------------------------------------------------------------------------------

    function rgbToHsl(c) {
        c = __arr(c);
        var r = c[0], g = c[1], b = c[2], mx = Math.max(r, g, b), mn = Math.min(r, g, b), l = (mx + mn) / 2, h = 0, s = 0;
        if (mx !== mn) {
            var d = mx - mn;
            s = l > 0.5 ? d / (2 - mx - mn) : d / (mx + mn);
            if (mx === r) h = (g - b) / d + (g < b ? 6 : 0); else if (mx === g) h = (b - r) / d + 2; else h = (r - g) / d + 4;
            h /= 6;
        }
        return [h, s, l, c[3] === undefined ? 1 : c[3]];
    }
    function hslToRgb(c) {
        c = __arr(c);
        var h = c[0], s = c[1], l = c[2];
        function f(p, q, t) {
            if (t < 0) t += 1; if (t > 1) t -= 1;
            if (t < 1 / 6) return p + (q - p) * 6 * t;
            if (t < 1 / 2) return q;
            if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
            return p;
        }
        if (s === 0) return [l, l, l, c[3] === undefined ? 1 : c[3]];
        var q = l < 0.5 ? l * (1 + s) : l + s - l * s, p = 2 * l - q;
        return [f(p, q, h + 1 / 3), f(p, q, h), f(p, q, h - 1 / 3), c[3] === undefined ? 1 : c[3]];
    }
    function hexToRgb(hex) {
        var s = String(hex).replace('#', '');
        if (s.length === 3) s = s[0] + s[0] + s[1] + s[1] + s[2] + s[2];
        var n = parseInt(s.substr(0, 6), 16);
        return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255, 1];
    }

    // ---- Paths ---------------------------------------------------------------------------------

    function ShapePath(v, i, o, c) { this.v = v || []; this.i = i || []; this.o = o || []; this.c = c === undefined ? true : !!c; }
    ShapePath.prototype.points = function () { return __arr(this.v).map(function (p) { return __arr(p); }); };
    ShapePath.prototype.inTangents = function () { return __arr(this.i).map(function (p) { return __arr(p); }); };
    ShapePath.prototype.outTangents = function () { return __arr(this.o).map(function (p) { return __arr(p); }); };
    ShapePath.prototype.isClosed = function () { return this.c; };
    function createPath(points, inTangents, outTangents, isClosed) {
        points = __arr(points) || [];
        var n = points.length, zero = function () { var z = []; for (var k = 0; k < n; k++) z.push([0, 0]); return z; };
        return new ShapePath(points, inTangents && inTangents.length ? __arr(inTangents) : zero(),
                             outTangents && outTangents.length ? __arr(outTangents) : zero(), isClosed);
    }
    function __path(x) { return x && x.v ? new ShapePath(x.v, x.i, x.o, x.c) : x; }

    // ---- Host lookups --------------------------------------------------------------------------

    // A host call that may evaluate other expressions: the caller's clock and generator survive it.
    function __ask(op, a, b, c) {
        var now = __now, rng = __rng, seed = __seed, timeless = __timeless, ws = __wiggleSeed;
        var r = __host(op, a, b, c);
        __now = now; __rng = rng; __seed = seed; __timeless = timeless; __wiggleSeed = ws;
        return r;
    }

    // ---- Properties ----------------------------------------------------------------------------

    function Property(ref, isPath, owner) { this.__ref = ref; this.__isPath = isPath; this.__owner = owner; }
    Object.defineProperty(Property.prototype, 'value', { get: function () { return this.valueAtTime(__now); } });
    Property.prototype.valueOf = function () { return this.value; };
    Property.prototype.toString = function () { return String(this.value); };
    Property.prototype.valueAtTime = function (t) {
        var v = __ask('value', this.__ref, __val(t));
        return this.__isPath ? __path(v) : v;
    };
    Property.prototype.getValue = function () { return this.value; };
    for (var __k = 0; __k < 4; __k++) (function (k) {
        Object.defineProperty(Property.prototype, String(k), { get: function () { var v = this.value; return __isArr(v) ? v[k] : undefined; } });
    })(__k);
    Object.defineProperty(Property.prototype, 'length', { get: function () { var v = this.value; return __isArr(v) ? v.length : 1; } });
    Property.prototype.__keys = function () {
        if (!this.__keyList) this.__keyList = __host('keys', this.__ref) || [];
        return this.__keyList;
    };
    Object.defineProperty(Property.prototype, 'numKeys', { get: function () { return this.__keys().length; } });
    Property.prototype.key = function (n) {
        var keys = this.__keys();
        n = Math.floor(__val(n));
        if (!(n >= 1 && n <= keys.length)) throw new RangeError('key index ' + n + ' out of range (1...' + keys.length + ')');
        var k = keys[n - 1], v = this.__isPath ? __path(k[1]) : k[1];
        var key = { time: k[0], value: v, index: n };
        if (__isArr(v)) for (var i = 0; i < v.length; i++) key[i] = v[i];
        return key;
    };
    Property.prototype.nearestKey = function (t) {
        var keys = this.__keys();
        if (!keys.length) throw new RangeError('the property has no keyframes');
        t = __val(t);
        var best = 0;
        for (var i = 1; i < keys.length; i++) if (Math.abs(keys[i][0] - t) < Math.abs(keys[best][0] - t)) best = i;
        return this.key(best + 1);
    };
    // The value before the expression (what `value` is), at any time.
    Property.prototype.__base = function (t) {
        var v = __ask('base', this.__ref, t);
        return this.__isPath ? __path(v) : v;
    };
    Property.prototype.velocityAtTime = function (t) {
        t = __val(t);
        var d = 0.1 / __fps, a = __arr(this.valueAtTime(t - d)), b = __arr(this.valueAtTime(t + d));
        return div(sub(b, a), 2 * d);
    };
    Object.defineProperty(Property.prototype, 'velocity', { get: function () { return this.velocityAtTime(__now); } });
    Property.prototype.speedAtTime = function (t) { return length(this.velocityAtTime(t)); };
    Object.defineProperty(Property.prototype, 'speed', { get: function () { return this.speedAtTime(__now); } });
    Property.prototype.smooth = function (width, samples, t) {
        if (width === undefined) width = 0.2;
        if (samples === undefined) samples = 5;
        if (t === undefined) t = __now;
        samples = Math.max(1, Math.min(Math.floor(samples), 100));
        var acc;
        for (var i = 0; i < samples; i++) {
            var ti = samples === 1 ? t : t - width / 2 + width * i / (samples - 1);
            var v = __arr(this.valueAtTime(ti));
            acc = acc === undefined ? v : add(acc, v);
        }
        return div(acc, samples);
    };

    // After Effects' loops: past the last keyframe (loopOut) or before the first (loopIn), repeat
    // the last (first) `count` segments (0: all) or `duration` seconds.
    Property.prototype.__loop = function (out, type, count, duration) {
        var keys = this.__keys(), t = __now, n = keys.length;
        type = type === undefined ? 'cycle' : String(type).toLowerCase();
        if (n < 2) return this.__base(t);
        var first = keys[0][0], last = keys[n - 1][0], start, end;
        if (out) {
            if (t <= last) return this.__base(t);
            end = last;
            if (duration > 0) start = Math.max(first, last - duration);
            else start = keys[count > 0 && count < n ? n - 1 - count : 0][0];
        } else {
            if (t >= first) return this.__base(t);
            start = first;
            if (duration > 0) end = Math.min(last, first + duration);
            else end = keys[count > 0 && count < n ? count : n - 1][0];
        }
        var span = end - start;
        if (!(span > 0)) return this.__base(t);
        if (type === 'continue') {
            var edge = out ? last : first, v = __arr(this.__base(edge));
            var d = 0.1 / __fps, vel = div(sub(__arr(this.__base(out ? edge : edge + d)), __arr(this.__base(out ? edge - d : edge))), d);
            return add(v, mul(vel, t - edge));
        }
        var since = out ? t - end : start - t, cycles = Math.floor(since / span), into = since - cycles * span;
        var local;
        if (type === 'pingpong') {
            var forward = (cycles % 2 === 1);
            local = out ? (forward ? start + into : end - into) : (forward ? end - into : start + into);
        } else {
            local = out ? start + into : end - into;
        }
        var value = this.__base(local);
        if (type === 'offset') {
            var delta = sub(__arr(this.__base(end)), __arr(this.__base(start))), times = cycles + 1;
            value = out ? add(__arr(value), mul(delta, times)) : sub(__arr(value), mul(delta, times));
        }
        return value;
    };
    Property.prototype.loopOut = function (type, count) { return this.__loop(true, type, Math.floor(__val(count) || 0), 0); };
    Property.prototype.loopIn = function (type, count) { return this.__loop(false, type, Math.floor(__val(count) || 0), 0); };
    Property.prototype.loopOutDuration = function (type, d) { return this.__loop(true, type, 0, __val(d) || 0); };
    Property.prototype.loopInDuration = function (type, d) { return this.__loop(false, type, 0, __val(d) || 0); };

    // Smooth noise around the value: `octaves` layers of noise, each `ampMult` as strong and
    // twice as fast as the one before.
    Property.prototype.wiggle = function (freq, amp, octaves, ampMult, t) {
        freq = __val(freq); amp = __val(amp);
        if (octaves === undefined) octaves = 1;
        if (ampMult === undefined) ampMult = 0.5;
        if (t === undefined) t = __now;
        octaves = Math.max(1, Math.min(Math.floor(octaves), 10));
        var base = __arr(t === __now ? this.value : this.__base(t));
        var seed = __wiggleSeed + __seed * 1013;
        function offset(dim) {
            var s = 0, a = 1, f = freq;
            for (var o = 0; o < octaves; o++) { s += a * __noise1(t * f, seed + dim * 7919 + o * 104729); a *= ampMult; f *= 2; }
            return s * amp;
        }
        if (__isArr(base)) return __each(base.map(function (x, i) { return [x, i]; }), function (p) { return p[0] + offset(p[1]); });
        return base + offset(0);
    };
    Property.prototype.temporalWiggle = function (freq, amp, octaves, ampMult, t) {
        if (t === undefined) t = __now;
        var shift = Property.prototype.wiggle.call({ value: t, __base: function () { return t; } }, freq, amp, octaves, ampMult, t);
        return this.valueAtTime(shift);
    };
    // Paths.
    Property.prototype.points = function (t) { var p = t === undefined ? this.value : this.valueAtTime(t); return p.points(); };
    Property.prototype.inTangents = function (t) { var p = t === undefined ? this.value : this.valueAtTime(t); return p.inTangents(); };
    Property.prototype.outTangents = function (t) { var p = t === undefined ? this.value : this.valueAtTime(t); return p.outTangents(); };
    Property.prototype.isClosed = function () { return this.value.isClosed(); };
    Property.prototype.createPath = createPath;

    // ---- Layers, effects, content, compositions ---------------------------------------------

    var __layers = {}, __comps = {};
    function __layer(ref) {
        if (ref < 0) return null;
        var l = __layers[ref];
        if (!l) { l = new Layer(ref); __layers[ref] = l; }
        return l;
    }
    function __comp(ref) {
        var c = __comps[ref];
        if (!c) { c = new Comp(ref); __comps[ref] = c; }
        return c;
    }

    function Comp(ref) {
        var info = __host('compInfo', ref);
        this.__ref = ref;
        this.name = info.name; this.width = info.width; this.height = info.height;
        this.numLayers = info.numLayers; this.frameDuration = info.frameDuration; this.duration = info.duration;
        this.displayStartTime = 0; this.pixelAspect = 1;
    }
    Comp.prototype.layer = function (key) {
        var r = __host('layer', this.__ref, __val(key));
        if (r < 0) throw new Error('layer ' + JSON.stringify(key) + ' is not in composition ' + JSON.stringify(this.name));
        return __layer(r);
    };
    Comp.prototype.layerByIndex = Comp.prototype.layer;

    function __transform(layer) {
        var t = {}, names = ['anchorPoint', 'position', 'scale', 'rotation', 'opacity', 'xPosition', 'yPosition',
                             'skew', 'skewAxis', 'zRotation'];
        names.forEach(function (n) {
            Object.defineProperty(t, n, { enumerable: true, get: function () { return layer.__prop('transform.' + n); } });
        });
        return t;
    }

    function Layer(ref) {
        var info = __host('layerInfo', ref);
        this.__ref = ref; this.__propCache = {};
        this.name = info.name; this.index = info.index;
        this.inPoint = info.inPoint; this.outPoint = info.outPoint; this.startTime = info.startTime;
        this.width = info.width; this.height = info.height;
        this.hasParent = info.parent >= 0; this.__parent = info.parent; this.__compRef = info.comp;
        this.transform = __transform(this);
        this.enabled = true; this.active = true;
    }
    Layer.prototype.__prop = function (path) {
        var p = this.__propCache[path];
        if (p === undefined) {
            var r = __host('prop', this.__ref, path);
            p = r.ref < 0 ? null : new Property(r.ref, r.isPath, this);
            this.__propCache[path] = p;
        }
        if (!p) throw new Error('layer ' + JSON.stringify(this.name) + ' has no ' + path);
        return p;
    };
    Object.defineProperty(Layer.prototype, 'parent', { get: function () {
        if (this.__parent < 0) throw new Error('layer ' + JSON.stringify(this.name) + ' has no parent');
        return __layer(this.__parent);
    } });
    ['anchorPoint', 'position', 'scale', 'rotation', 'opacity'].forEach(function (n) {
        Object.defineProperty(Layer.prototype, n, { get: function () { return this.__prop('transform.' + n); } });
    });
    Object.defineProperty(Layer.prototype, 'timeRemap', { get: function () { return this.__prop('timeRemap'); } });
    Layer.prototype.effect = function (key) {
        var r = __host('effect', this.__ref, __val(key));
        if (r.ref < 0) throw new Error('layer ' + JSON.stringify(this.name) + ' has no effect ' + JSON.stringify(key));
        var layer = this, ref = r.ref;
        var e = function (param) {
            var p = __host('param', ref, __val(param));
            if (p.ref < 0) throw new Error('effect ' + JSON.stringify(r.name) + ' has no parameter ' + JSON.stringify(param));
            // A layer control chooses a layer: it stands for that layer.
            if (p.type === 10) {
                var chosen = __host('layer', layer.__compRef, __val(new Property(p.ref, false, layer)));
                if (chosen < 0) throw new Error('no layer chosen');
                return __layer(chosen);
            }
            return new Property(p.ref, false, layer);
        };
        e.param = e; e.name = r.name; e.matchName = r.matchName; e.active = r.enabled; e.numProperties = r.count;
        return e;
    };
    Layer.prototype.mask = function (key) {
        var layer = this, r = __host('mask', this.__ref, __val(key));
        if (r < 0) throw new Error('layer ' + JSON.stringify(this.name) + ' has no mask ' + JSON.stringify(key));
        return {
            get maskPath() { return layer.__prop('mask.' + r + '.path'); },
            get maskOpacity() { return layer.__prop('mask.' + r + '.opacity'); },
            get maskExpansion() { return layer.__prop('mask.' + r + '.expansion'); },
            get maskFeather() { return [0, 0]; }
        };
    };
    Layer.prototype.content = function (key) { return __content(this, -1, key); };
    Layer.prototype.layer = function (key) { return __comp(this.__compRef).layer(key); };
    Layer.prototype.__map = function (op, p, t) {
        return __ask(op, this.__ref, __arr(p), t === undefined ? __now : __val(t));
    };
    Layer.prototype.toComp = function (p, t) { return this.__map('toComp', p, t); };
    Layer.prototype.fromComp = function (p, t) { return this.__map('fromComp', p, t); };
    Layer.prototype.toWorld = Layer.prototype.toComp;
    Layer.prototype.fromWorld = Layer.prototype.fromComp;
    Layer.prototype.fromCompToSurface = Layer.prototype.fromComp;
    Layer.prototype.sourceRectAtTime = function () { return { top: 0, left: 0, width: this.width, height: this.height }; };

    function Content(layer, ref, info) {
        this.__layer = layer; this.__ref = ref; this.name = info.name; this.matchName = info.matchName;
        this.numProperties = info.count; this.__propCache = {};
        var self = this;
        info.properties.forEach(function (n) {
            Object.defineProperty(self, n, { enumerable: true, get: function () { return self.__prop(n); } });
        });
        if (info.isGroup) this.transform = __contentTransform(this);
    }
    Content.prototype.__prop = function (name) {
        var p = this.__propCache[name];
        if (p === undefined) {
            var r = __host('contentProp', this.__ref, name);
            p = r.ref < 0 ? null : new Property(r.ref, r.isPath, this.__layer);
            this.__propCache[name] = p;
        }
        if (!p) throw new Error(JSON.stringify(this.name) + ' has no ' + name);
        return p;
    };
    Content.prototype.content = function (key) { return __content(this.__layer, this.__ref, key); };
    function __contentTransform(c) {
        var t = {};
        ['anchorPoint', 'position', 'scale', 'rotation', 'opacity', 'skew', 'skewAxis'].forEach(function (n) {
            Object.defineProperty(t, n, { enumerable: true, get: function () { return c.__prop('transform.' + n); } });
        });
        return t;
    }
    function __content(layer, parent, key) {
        var r = __host('content', layer.__ref, parent, __val(key));
        if (r.ref < 0) throw new Error('no content ' + JSON.stringify(key));
        return new Content(layer, r.ref, r);
    }

    function comp(name) {
        var r = __host('compNamed', String(name));
        if (r < 0) throw new Error('no composition named ' + JSON.stringify(name));
        return __comp(r);
    }
    function footage(name) { throw new Error('footage is not available'); }

    // ---- Evaluation ----------------------------------------------------------------------------

    var __contexts = {};
    // The names an expression sees, for one expression (built once, kept).
    function __context(id, prop, layer, compRef, isPath) {
        var c = __contexts[id];
        if (c) return c;
        var P = new Property(prop, isPath, null);
        var L = __layer(layer), C = __comp(compRef);
        P.__owner = L;
        function bind(f, o) { return function () { return f.apply(o, arguments); }; }
        c = {
            thisProperty: P, thisLayer: L, thisComp: C,
            effect: L ? bind(L.effect, L) : function () { throw new Error('not on a layer'); },
            content: L ? bind(L.content, L) : function () { throw new Error('not on a layer'); },
            mask: L ? bind(L.mask, L) : function () { throw new Error('not on a layer'); },
            toComp: L ? bind(L.toComp, L) : null, fromComp: L ? bind(L.fromComp, L) : null,
            toWorld: L ? bind(L.toWorld, L) : null, fromWorld: L ? bind(L.fromWorld, L) : null,
            fromCompToSurface: L ? bind(L.fromComp, L) : null,
            transform: L ? L.transform : null,
            valueAtTime: bind(P.valueAtTime, P), velocityAtTime: bind(P.velocityAtTime, P),
            speedAtTime: bind(P.speedAtTime, P), key: bind(P.key, P), nearestKey: bind(P.nearestKey, P),
            loopIn: bind(P.loopIn, P), loopOut: bind(P.loopOut, P),
            loopInDuration: bind(P.loopInDuration, P), loopOutDuration: bind(P.loopOutDuration, P),
            wiggle: bind(P.wiggle, P), temporalWiggle: bind(P.temporalWiggle, P), smooth: bind(P.smooth, P),
            points: bind(P.points, P), inTangents: bind(P.inTangents, P), outTangents: bind(P.outTangents, P),
            isClosed: bind(P.isClosed, P)
        };
        // valueAtTime on the expression's own property gives the value before the expression.
        P.valueAtTime = function (t) { return this.__base(__val(t)); };
        __contexts[id] = c;
        return c;
    }
    function __enter(id, prop, layer, compRef, isPath, seed, fps, time) {
        __now = time; __fps = fps; __seed = 0; __timeless = false; __wiggleSeed = seed;
        __reseed();
        return __context(id, prop, layer, compRef, isPath);
    }
    """#

    /// The names every expression function binds from its context, in order.
    static let boundNames = [
        "thisProperty", "thisLayer", "thisComp", "effect", "content", "mask", "toComp", "fromComp", "toWorld",
        "fromWorld", "fromCompToSurface", "transform", "valueAtTime", "velocityAtTime", "speedAtTime", "key",
        "nearestKey", "loopIn", "loopOut", "loopInDuration", "loopOutDuration", "wiggle", "temporalWiggle",
        "smooth", "points", "inTangents", "outTangents", "isClosed",
    ]

    /// The function an expression is compiled into: it binds the expression's names, runs the
    /// source and returns `$bm_rt` (what bodymovin assigns the result to) as plain data. A source
    /// without `$bm_rt` (written by hand) gives the value of its last statement, through `eval`.
    static func function(for source: String) -> String {
        var binds = "var __c = __enter(__id, __prop, __layer, __comp, __isPath, __seed, __fps, time);\n"
        binds += "var " + boundNames.map { "\($0) = __c.\($0)" }.joined(separator: ", ") + ";\n"
        binds += """
        var numKeys = thisProperty.numKeys;
        var anchorPoint, position, scale, rotation, opacity, name, index, inPoint, outPoint, startTime, hasParent, parent, width, height;
        if (thisLayer) {
            name = thisLayer.name; index = thisLayer.index; inPoint = thisLayer.inPoint; outPoint = thisLayer.outPoint;
            startTime = thisLayer.startTime; hasParent = thisLayer.hasParent; width = thisLayer.width; height = thisLayer.height;
            anchorPoint = thisLayer.transform.anchorPoint; position = thisLayer.transform.position;
            scale = thisLayer.transform.scale; rotation = thisLayer.transform.rotation; opacity = thisLayer.transform.opacity;
            if (hasParent) parent = thisLayer.parent;
        }
        if (__isPath) value = __path(value);

        """
        let body: String
        if source.contains("$bm_rt") {
            body = "var $bm_rt;\n" + source + "\n;return __out($bm_rt);"
        } else {
            body = "return __out(eval(" + javaScriptString(source) + "));"
        }
        return "function (__id, __prop, __layer, __comp, __isPath, __seed, __fps, time, value) {\n" + binds + body + "\n}"
    }

    /// `text` as a JavaScript string literal.
    static func javaScriptString(_ text: String) -> String {
        var out = "\""
        for u in text.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if u.value < 0x20 { out += "\\u" + String(repeating: "0", count: 4 - String(u.value, radix: 16).count) + String(u.value, radix: 16) }
                else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }
}
