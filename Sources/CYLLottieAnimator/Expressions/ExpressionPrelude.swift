import CYLDocuments

/// The After Effects expression API in JavaScript, run once in each expression engine. What it
/// cannot know itself (layers, properties, keyframes, transforms) it asks the renderer through
/// `__host(op, ...)`, answered by `ExpressionHost`. Property values are plain numbers, arrays of
/// numbers or path objects; `Property` objects stand for properties and turn into their value in
/// arithmetic (`valueOf`) and in every function here.
///
/// Randomness is deterministic: each expression's generator is seeded from its JSON path (and
/// `seedRandom`), and from the frame unless `timeless`, so a frame renders the same every time.
enum ExpressionPrelude {
    /// The whole prelude: the host operations' names (`__op`), the plain JavaScript library (values, arithmetic, interpolation,
    /// randomness, colours, paths), then the part that asks the renderer (properties, layers).
    static let source = HostOperation.preludeConstants + "\n" + library + "\n" + sceneAPI

    /// The names every expression function binds from its context, in order.
    static let boundNames = [
        "thisProperty", "thisLayer", "thisComp", "effect", "content", "mask", "toComp", "fromComp", "toWorld",
        "fromWorld", "fromCompToSurface", "transform", "valueAtTime", "velocityAtTime", "speedAtTime", "key",
        "nearestKey", "loopIn", "loopOut", "loopInDuration", "loopOutDuration", "wiggle", "temporalWiggle",
        "smooth", "points", "inTangents", "outTangents", "isClosed",
    ]

    /// Layer attributes an expression may name bare (`position` for `thisLayer.transform.position`).
    static let layerNames = ["anchorPoint", "position", "scale", "rotation", "opacity", "name", "index", "inPoint",
                             "outPoint", "startTime", "width", "height"]
    static let transformNames: Set = ["anchorPoint", "position", "scale", "rotation", "opacity"]

    /// The words `source` spells that could be identifiers: maximal runs of letters, digits, `_`
    /// and `$` (also inside strings and comments, which only makes a name look used). One pass
    /// over the scalars: Foundation's substring search, once per API name, was four tenths of
    /// opening a file with expressions.
    static func identifiers(in source: String) -> Set<String> {
        @inline(__always) func isPart(_ u: Unicode.Scalar) -> Bool {
            if u.isASCII {
                let v = u.value
                return (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || (v >= 0x30 && v <= 0x39) || v == 0x5F || v == 0x24
            }
            return u.properties.isAlphabetic || u.properties.numericType != nil
        }
        var names: Set<String> = []
        let scalars = source.unicodeScalars
        var start: String.Index? = nil
        var i = scalars.startIndex
        while i < scalars.endIndex {
            if isPart(scalars[i]) {
                if start == nil { start = i }
            } else if let s = start {
                names.insert(String(scalars[s..<i]))
                start = nil
            }
            i = scalars.index(after: i)
        }
        if let s = start { names.insert(String(scalars[s...])) }
        return names
    }

    /// `function(for:)` for a source without `$bm_rt`, but returning it as one expression: that
    /// compiles only when the source is one (statements, `var x = 1; x`, are a syntax error
    /// there; JavaScript inserts no semicolon inside parentheses, so a source that compiles this
    /// way means what it means as a statement), and then `eval` does not compile the source again
    /// on every evaluation, which was most of the time of a short one. Nil when the source has
    /// `$bm_rt` or cannot be tried this way (see `singleExpression`).
    static func expressionFunction(for source: String) -> String? {
        guard !source.contains("$bm_rt"), let expression = singleExpression(source) else { return nil }
        return function(for: source, body: "return __out((\n" + expression + "\n));")
    }

    /// `source` without trailing semicolons and white space, to put between parentheses; nil when
    /// it is empty, or starts with `{` or `function` (as a statement a block or a declaration,
    /// as an expression an object or a function: both compile, with another value).
    static func singleExpression(_ source: String) -> String? {
        var text = Substring(source)
        while let last = text.last, last == ";" || last.isWhitespace { text.removeLast() }
        let start = text.drop(while: \.isWhitespace)
        guard !start.isEmpty, !start.hasPrefix("{"), !start.hasPrefix("function") else { return nil }
        return String(text)
    }

    /// The function an expression is compiled into: it binds the expression's names, runs the
    /// source and returns `$bm_rt` (what bodymovin assigns the result to) as plain data. A source
    /// without `$bm_rt` (written by hand) gives the value of its last statement, through `eval`.
    static func function(for source: String) -> String {
        let body: String
        if source.contains("$bm_rt") {
            body = "var $bm_rt;\n" + source + "\n;return __out($bm_rt);"
        } else {
            body = "return __out(eval(" + TextEscaping.jsonString(source) + "));"
        }
        return function(for: source, body: body)
    }

    /// The function binding what `source` names, then running `body`.
    private static func function(for source: String, body: String) -> String {
        // Names are declared and bound, and the layer's attributes read (each a call to the host),
        // only where the source spells them: an expression cannot reach a name it does not spell
        // (bar building one inside a nested eval, which no exporter writes). Binding all of them
        // cost about a third of a short expression's time, and declaring them all (about fifty) a
        // quarter of a longer one's: a function with nested functions keeps its variables in an
        // environment object, built on every call.
        let spelled = identifiers(in: source)
        let used = { (name: String) in spelled.contains(name) }
        let readsLayer = layerNames.contains(where: used) || used("hasParent") || used("parent")
        let bound = boundNames.filter { used($0) || ($0 == "thisLayer" && readsLayer) || ($0 == "thisProperty" && used("numKeys")) }
        var binds = "var __c = __enter(__id, __prop, __layer, __comp, __isPath, __seed, __fps, time);\n"
        if !bound.isEmpty { binds += "var " + bound.map { "\($0) = __c.\($0)" }.joined(separator: ", ") + ";\n" }
        if used("numKeys") { binds += "var numKeys = thisProperty.numKeys;\n" }
        let attributesRead = layerNames.filter(used)
        let attributes = attributesRead + ["hasParent", "parent"].filter(used)
        if !attributes.isEmpty { binds += "var " + attributes.joined(separator: ", ") + ";\n" }
        var reads = attributesRead.map { name in
            transformNames.contains(name) ? "\(name) = thisLayer.transform.\(name);" : "\(name) = thisLayer.\(name);"
        }
        if used("hasParent") || used("parent") {
            reads.append("hasParent = thisLayer.hasParent;" + (used("parent") ? " if (hasParent) parent = thisLayer.parent;" : ""))
        }
        if !reads.isEmpty { binds += "if (thisLayer) {\n    " + reads.joined(separator: " ") + "\n}\n" }
        binds += "if (__isPath) value = __path(value);\n\n"
        return "function (__id, __prop, __layer, __comp, __isPath, __seed, __fps, time, value) {\n" + binds + body + "\n}"
    }
}
