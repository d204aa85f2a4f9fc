extension ExpressionPrelude {
    /// Host lookups, properties (value, keys, loops, wiggle), layers, effects, content and
    /// compositions, and the evaluation entry points: everything that asks the renderer through
    /// `__host`.
    static let sceneAPI = #"""
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
        var v = __ask(__op.value, this.__ref, __val(t));
        return this.__isPath ? __path(v) : v;
    };
    Property.prototype.getValue = function () { return this.value; };
    for (var __k = 0; __k < 4; __k++) (function (k) {
        Object.defineProperty(Property.prototype, String(k), { get: function () { var v = this.value; return __isArr(v) ? v[k] : undefined; } });
    })(__k);
    Object.defineProperty(Property.prototype, 'length', { get: function () { var v = this.value; return __isArr(v) ? v.length : 1; } });
    Property.prototype.__keys = function () {
        if (!this.__keyList) this.__keyList = __host(__op.keys, this.__ref) || [];
        return this.__keyList;
    };
    Object.defineProperty(Property.prototype, 'numKeys', { get: function () { return this.__keys().length; } });
    Property.prototype.key = function (n) {
        var keys = this.__keys();
        n = Math.floor(__val(n));
        if (!(n >= 1 && n <= keys.length)) throw new RangeError('key index ' + n + ' out of range (1...' + keys.length + ')');
        // Built once per property and key, then shared (expressions ask for the same keys every
        // frame); frozen, so an expression writing to one cannot change what the next one reads.
        var made = this.__keyObjects || (this.__keyObjects = []);
        if (made[n]) return made[n];
        var k = keys[n - 1], v = this.__isPath ? __path(k[1]) : k[1];
        var key = { time: k[0], value: v, index: n };
        if (__isArr(v)) for (var i = 0; i < v.length; i++) key[i] = v[i];
        made[n] = Object.freeze(key);
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
        var v = __ask(__op.base, this.__ref, t);
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
        var info = __host(__op.compInfo, ref);
        this.__ref = ref;
        this.name = info.name; this.width = info.width; this.height = info.height;
        this.numLayers = info.numLayers; this.frameDuration = info.frameDuration; this.duration = info.duration;
        this.displayStartTime = 0; this.pixelAspect = 1;
    }
    Comp.prototype.layer = function (key) {
        var r = __host(__op.layer, this.__ref, __val(key));
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
        var info = __host(__op.layerInfo, ref);
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
            var r = __host(__op.prop, this.__ref, path);
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
        var r = __host(__op.effect, this.__ref, __val(key));
        if (r.ref < 0) throw new Error('layer ' + JSON.stringify(this.name) + ' has no effect ' + JSON.stringify(key));
        var layer = this, ref = r.ref;
        var e = function (param) {
            var p = __host(__op.param, ref, __val(param));
            if (p.ref < 0) throw new Error('effect ' + JSON.stringify(r.name) + ' has no parameter ' + JSON.stringify(param));
            // A layer control chooses a layer: it stands for that layer.
            if (p.type === 10) {
                var chosen = __host(__op.layer, layer.__compRef, __val(new Property(p.ref, false, layer)));
                if (chosen < 0) throw new Error('no layer chosen');
                return __layer(chosen);
            }
            return new Property(p.ref, false, layer);
        };
        e.param = e; e.name = r.name; e.matchName = r.matchName; e.active = r.enabled; e.numProperties = r.count;
        return e;
    };
    Layer.prototype.mask = function (key) {
        var layer = this, r = __host(__op.mask, this.__ref, __val(key));
        if (r < 0) throw new Error('layer ' + JSON.stringify(this.name) + ' has no mask ' + JSON.stringify(key));
        return {
            get maskPath() { return layer.__prop('mask.' + r + '.path'); },
            get maskOpacity() { return layer.__prop('mask.' + r + '.opacity'); },
            get maskExpansion() { return layer.__prop('mask.' + r + '.expansion'); },
            get maskFeather() { return layer.__prop('mask.' + r + '.feather'); }
        };
    };
    Layer.prototype.content = function (key) { return __content(this, -1, key); };
    Layer.prototype.layer = function (key) { return __comp(this.__compRef).layer(key); };
    Layer.prototype.__map = function (op, p, t) {
        return __ask(op, this.__ref, __arr(p), t === undefined ? __now : __val(t));
    };
    Layer.prototype.toComp = function (p, t) { return this.__map(__op.toComp, p, t); };
    Layer.prototype.fromComp = function (p, t) { return this.__map(__op.fromComp, p, t); };
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
            var r = __host(__op.contentProp, this.__ref, name);
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
        var r = __host(__op.content, layer.__ref, parent, __val(key));
        if (r.ref < 0) throw new Error('no content ' + JSON.stringify(key));
        return new Content(layer, r.ref, r);
    }

    function comp(name) {
        var r = __host(__op.compNamed, String(name));
        if (r < 0) throw new Error('no composition named ' + JSON.stringify(name));
        return __comp(r);
    }
    function footage(name) { throw new Error('footage is not available'); }

    // ---- Evaluation ----------------------------------------------------------------------------

    // By expression index: an array, whose numeric keys Duktape does not turn into strings.
    var __contexts = [];
    // The names an expression sees, for one expression (built once, kept).
    function __context(id, prop, layer, compRef, isPath) {
        var c = __contexts[id];
        if (c) return c;
        var P = new Property(prop, isPath, null);
        var L = __layer(layer), C = __comp(compRef);
        P.__owner = L;
        // Native bound functions: a wrapper calling `f.apply(o, arguments)` built an arguments
        // object and an environment on every call (key() and friends run several times a frame).
        function bind(f, o) { return f.bind(o); }
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
}
