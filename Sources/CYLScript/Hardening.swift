/// Script run in every new engine before anything else. The step budget counts bytecode only, so a
/// native method that loops over an array's `length` without running bytecode could spin for
/// minutes on a sparse array of length 2^32 − 1 (`a.length = 4e9; a.indexOf(1)`). The array
/// methods that loop are replaced by wrappers that refuse lengths over `maxArrayLength` and copy
/// array-likes in bytecode first; engine extensions scripts never need are removed. String
/// searches are naive in Duktape (each position compared with the whole pattern), so one
/// `indexOf` of a megabyte pattern in a megabyte string runs for minutes inside a single native
/// call, where no deadline can reach it: searches whose text length times pattern length passes
/// `maxSearchWork` are refused.
enum Hardening {
    static let maxArrayLength = 100_000
    /// Characters compared by one string search at most (about a millisecond): real expressions
    /// search strings of a few dozen characters.
    static let maxSearchWork = 1 << 22

    static let source = """
    (function (limit, searchLimit) {
        var AP = Array.prototype, isArray = Array.isArray, define = Object.defineProperty;
        function copy(o) {
            var n = Math.floor(Number(o.length));
            if (!(n > 0)) n = 0;
            if (n > limit) throw new RangeError('array-likes in expressions hold at most ' + limit + ' elements');
            var a = [];
            for (var i = 0; i < n; i++) if (i in o) a[i] = o[i];
            return a;
        }
        function wrap(name, mutates) {
            var f = AP[name];
            define(AP, name, { writable: true, configurable: true, enumerable: false, value: function () {
                var self = this;
                if (!isArray(self)) {
                    if (mutates) throw new TypeError('Array.prototype.' + name + ' works only on arrays in expressions');
                    self = copy(Object(self));
                }
                if (self.length > limit) throw new RangeError('arrays in expressions hold at most ' + limit + ' elements');
                return f.apply(self, arguments);
            } });
        }
        ['concat', 'join', 'toString', 'toLocaleString', 'slice', 'indexOf', 'lastIndexOf', 'every', 'some',
         'forEach', 'map', 'filter', 'reduce', 'reduceRight'].forEach(function (n) { wrap(n, false); });
        ['pop', 'push', 'reverse', 'shift', 'sort', 'splice', 'unshift'].forEach(function (n) { wrap(n, true); });
        var SP = String.prototype;
        ['indexOf', 'lastIndexOf', 'includes', 'split', 'replace'].forEach(function (name) {
            var f = SP[name];
            if (typeof f !== 'function') return;
            define(SP, name, { writable: true, configurable: true, enumerable: false, value: function (pattern) {
                var n = String(this).length, m = String(pattern).length;
                if (n * m > searchLimit) {
                    throw new RangeError('string searches in expressions compare at most ' + searchLimit +
                                         ' characters (' + n + ' x ' + m + ')');
                }
                return f.apply(this, arguments);
            } });
        });
        var g = new Function('return this')();
        ['Duktape', 'CBOR', 'Buffer', 'TextEncoder', 'TextDecoder', 'performance', 'Proxy', 'Reflect'].forEach(function (n) {
            try { delete g[n]; } catch (e) {}
        });
    })(\(maxArrayLength), \(maxSearchWork));
    """
}
