extension ExpressionPrelude {
    /// Values, bodymovin's arithmetic, interpolation, seeded randomness, colours and paths: pure
    /// JavaScript that never calls the host.
    static let library = #"""
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
            // A list of plain numbers (most results) is plain data already.
            var n = x.length, j = 0;
            while (j < n && typeof x[j] === 'number') j++;
            if (j === n) return x;
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
        if (typeof a === 'number' && typeof b === 'number') return a + b;  // the common case, without six calls
        a = __arr(a); b = __arr(b);
        var ta = __isArr(a), tb = __isArr(b);
        if (!ta && !tb) return a + b;
        if (ta && tb) return __zip(a, b, function (x, y) { return x + y; });
        if (ta) { var r = a.slice(); if (typeof b === 'number') r[0] += b; return r; }
        var s = b.slice(); if (typeof a === 'number') s[0] = a + s[0]; return s;
    }
    function sub(a, b) {
        if (typeof a === 'number' && typeof b === 'number') return a - b;  // the common case, without six calls
        a = __arr(a); b = __arr(b);
        var ta = __isArr(a), tb = __isArr(b);
        if (!ta && !tb) return a - b;
        if (ta && tb) return __zip(a, b, function (x, y) { return x - y; });
        if (ta) { var r = a.slice(); r[0] -= b; return r; }
        var s = b.slice(); s[0] = a - s[0]; return s;
    }
    function __each(a, f) { var r = []; for (var i = 0; i < a.length; i++) r.push(f(a[i])); return r; }
    function mul(a, b) {
        if (typeof a === 'number' && typeof b === 'number') return a * b;  // the common case, without six calls
        a = __arr(a); b = __arr(b);
        var ta = __isArr(a), tb = __isArr(b);
        if (!ta && !tb) return a * b;
        if (ta && tb) return __zip(a, b, function (x, y) { return x * y; });
        if (ta) return __each(a, function (x) { return x * b; });
        return __each(b, function (y) { return a * y; });
    }
    function div(a, b) {
        if (typeof a === 'number' && typeof b === 'number') return a / b;  // the common case, without six calls
        a = __arr(a); b = __arr(b);
        var ta = __isArr(a), tb = __isArr(b);
        if (!ta && !tb) return a / b;
        if (ta && tb) return __zip(a, b, function (x, y) { return x / y; });
        if (ta) return __each(a, function (x) { return x / b; });
        return __each(b, function (y) { return a / y; });
    }
    function mod(a, b) {
        if (typeof a === 'number' && typeof b === 'number') return a % b;  // the common case, without six calls
        a = __arr(a); b = __arr(b);
        if (!__isArr(a) && !__isArr(b)) return a % b;
        if (__isArr(a) && __isArr(b)) return __zip(a, b, function (x, y) { return x % y; });
        if (__isArr(a)) return __each(a, function (x) { return x % b; });
        return __each(b, function (y) { return a % y; });
    }
    var sum = add, $bm_sum = add, $bm_sub = sub, $bm_mul = mul, $bm_div = div, $bm_mod = mod;
    function $bm_neg(a) { if (typeof a === 'number') return -a; a = __arr(a); return __isArr(a) ? __each(a, function (x) { return -x; }) : -a; }
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
    """#
}
