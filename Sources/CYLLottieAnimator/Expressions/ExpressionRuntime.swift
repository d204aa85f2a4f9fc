import CYLGeometry
import CYLScript
import CYLTimeline

/// Evaluates a document's expressions for one renderer: one JavaScript engine (created on first
/// use, with the prelude), each expression compiled once, each evaluation bounded by the limits.
/// Not thread-safe: one per renderer, like the scene builder that owns it.
///
/// An expression that fails keeps its property's keyframed value. One that runs out of steps,
/// memory or CPU time, or does not compile, is disabled for good (`disabled`); `failures` keeps the
/// first message of each, for diagnostics, and `limitHits` those stopped by a limit.
///
/// Time: the expressions of one frame share `Limits.maxExpressionTime` of the thread's CPU time
/// (the engine's deadline), and every runtime of a file charges `timeBudget`, the file's
/// `Limits.maxExpressionTotalTime` for the whole command.
final class ExpressionRuntime {
    let model: AnimationModel
    let limits: Limits
    /// The file's CPU time over the whole command, shared with its other runtimes.
    let timeBudget: ExpressionTimeBudget
    /// Expressions stopped by a limit (steps, memory, CPU time), by index.
    private(set) var limitHits: Set<Int> = []
    /// The thread's CPU time when the current frame's first expression started; nil before it.
    private var frameCPUStart: UInt64?
    /// An expression of this frame ran past the frame's CPU time: the rest keep their keyframes.
    private var frameOutOfTime = false
    /// The frame's deadline is the end of the file's total budget, not the frame's own.
    private var deadlineIsTotal = false
    /// Expressions not to run (they failed to compile or ran out of budget).
    private(set) var disabled: Set<Int>
    /// The first failure of each expression that failed, by index.
    private(set) var failures: [Int: String] = [:]

    private var engine: ScriptEngine?
    private var engineFailed = false
    private var slots: [Int: ScriptFunction] = [:]
    /// Expressions compiled so far (each once), and how many of them as one JavaScript expression
    /// (`ExpressionPrelude.expressionFunction`), not through `eval`.
    private(set) var compilations = 0
    private(set) var compiledAsExpressions = 0
    /// Values computed in the current frame, by expression and time.
    private var cache: [CacheKey: ScriptValue] = [:]
    /// The last resolved copy of each composition that has expressions, beside the model's own
    /// (found by sharing its layers' storage, not by a stored address): reused so a frame replaces
    /// only the layers with expressions instead of copying every layer (ExpressionResolver). A
    /// file has a handful of compositions, so the search is a short list.
    var resolvedCompositions: [(original: CompositionModel, resolved: CompositionModel)] = []
    private var running: Set<CacheKey> = []
    private struct CacheKey: Hashable { var expression: Int; var frame: Double }

    /// Handles the prelude refers to (layers, properties, effects, content), built as asked for.
    var tables = HostTables()

    init(model: AnimationModel, limits: Limits, disabled: Set<Int> = [], timeBudget: ExpressionTimeBudget? = nil) {
        self.model = model
        self.limits = limits
        self.disabled = disabled
        self.timeBudget = timeBudget ?? ExpressionTimeBudget(limits: limits)
        tables.setUp(model)
    }

    /// How many evaluations' worth of steps (`Limits.maxExpressionSteps`) the expressions of one
    /// frame may run together. Each evaluation is bounded on its own, but a file can hold thousands
    /// of expressions that each stay just under that bound: past this, the frame's remaining
    /// expressions keep their keyframes (and run again on the next frame).
    static let frameBudgetFactor = 4

    /// Steps the current frame's expressions may still start within.
    var frameStepBudget: Int { limits.maxExpressionSteps.multipliedReportingOverflow(by: Self.frameBudgetFactor).partialValue }
    private var frameStart = 0

    /// Forgets the previous frame's values and starts the frame's step and time budgets.
    func beginFrame() {
        endFrame()
        frameOutOfTime = false
        cache.removeAll(keepingCapacity: true)
        frameStart = engine?.stepsRun ?? 0
    }

    /// Charges the CPU time since the frame's first expression to the file's budget (a frame
    /// that ran none reads no clock). Past the budget, every expression of the file is off.
    func endFrame() {
        guard let start = frameCPUStart else { return }
        frameCPUStart = nil
        let now = ScriptEngine.threadCPUTime
        timeBudget.charge(now > start ? now - start : 0)
        if timeBudget.isExhausted { turnOffForTheCommand() }
    }

    /// Disables every expression that is still on, each with the reason.
    private func turnOffForTheCommand() {
        let message = "turned off: the file's expressions used more than \(Self.describe(limits.maxExpressionTotalTime)) of CPU time in this command (\(Limit.maxExpressionTotalTime))"
        let on = model.expressions.indices.filter { !disabled.contains($0) }
        if let first = on.first { noteFileBudgetGone(at: first) }
        for i in on { fail(ExpressionRef(index: i), message, disable: true, limit: true) }
    }

    /// The warning for the whole command, naming expression `i` (the one the budget ran out in,
    /// or the first still on when a frame found it gone); the budget keeps the first one noted.
    private func noteFileBudgetGone(at i: Int) {
        timeBudget.noteExhausted(at: model.expressions[i].path,
                                 "expressions turned off for the rest of the command: the file's expressions used more than \(Self.describe(limits.maxExpressionTotalTime)) of CPU time (\(Limit.maxExpressionTotalTime)); the keyframed values are used")
    }

    /// `100 ms`, `2 s`: a time limit as messages print it.
    static func describe(_ d: Duration) -> String {
        let ms = d.seconds * 1000
        return ms < 1000 ? "\(Int(ms.rounded())) ms" : "\(ms / 1000) s"
    }

    /// Starts the frame's CPU clock at its first expression and gives the engine the deadline:
    /// the frame's time budget, or what is left of the file's if less. False when the file's
    /// budget is gone.
    private func startFrameClock(_ engine: ScriptEngine) -> Bool {
        if frameCPUStart != nil { return true }
        guard !timeBudget.isExhausted else { turnOffForTheCommand(); return false }
        let now = ScriptEngine.threadCPUTime
        frameCPUStart = now
        let frameBudget = ScriptEngine.cpuBudget(nanoseconds: limits.maxExpressionTime.nanoseconds), remaining = timeBudget.remaining
        deadlineIsTotal = remaining < frameBudget
        let allowed = min(frameBudget, remaining)
        engine.deadline = now.addingReportingOverflow(allowed).overflow ? .max : now + allowed
        return true
    }

    // MARK: Evaluating

    /// The value of expression `ref` on a number or vector property whose keyframed value is
    /// `base`, at frame `frame` of its composition; the keyframed value when it fails.
    func value(_ ref: ExpressionRef, base: VectorProperty, at frame: Double) -> [Double] {
        let fallback = base.value(at: frame)
        guard let result = run(ref, .vector(base), frame: frame) else { return fallback }
        switch result {
        case .number(let d) where d.isFinite: return [d]
        case .bool(let b): return [b ? 1 : 0]
        case .array(let items):
            var out: [Double] = []
            out.reserveCapacity(items.count)
            for item in items {
                guard case .number(let d) = item, d.isFinite else {
                    fail(ref, "gave \(describe(result)), not a number or a list of numbers")
                    return fallback
                }
                out.append(d)
            }
            return out.isEmpty ? fallback : out
        case .undefined, .null: return fallback
        default:
            fail(ref, "gave \(describe(result)), not a number or a list of numbers")
            return fallback
        }
    }

    /// The value of expression `ref` on a path property; the keyframed path when it fails.
    func path(_ ref: ExpressionRef, base: ShapeProperty, at frame: Double) -> BezierShape {
        let fallback = base.value(at: frame)
        guard let result = run(ref, .path(base), frame: frame) else { return fallback }
        if case .undefined = result { return fallback }
        guard let shape = Self.shape(result, maxPoints: limits.maxPathPoints) else {
            fail(ref, "gave \(describe(result)), not a path")
            return fallback
        }
        return shape
    }

    /// Runs expression `ref` for a property with keyframed value `base`; nil when it failed.
    private func run(_ ref: ExpressionRef, _ base: PropertyValue, frame: Double) -> ScriptValue? {
        let i = ref.index
        guard i < model.expressions.count, !disabled.contains(i), frame.isFinite else { return nil }
        let key = CacheKey(expression: i, frame: frame)
        if let known = cache[key] { return known }
        // An expression that needs its own value at the same time (directly or through others).
        guard !running.contains(key) else { return nil }
        guard let engine = prepareEngine(), let slot = compiled(i, engine), startFrameClock(engine), !disabled.contains(i) else { return nil }
        guard engine.stepsRun - frameStart <= max(0, frameStepBudget) else {
            fail(ref, "not run: the frame's expressions together ran past \(frameStepBudget) steps (\(Self.frameBudgetFactor) times the one-evaluation limit; \(Limit.maxExpressionSteps))", limit: true)
            return nil
        }
        guard !frameOutOfTime else {
            fail(ref, "not run: the frame's expressions together used their \(Self.describe(limits.maxExpressionTime)) of CPU time (\(Limit.maxExpressionTime))", limit: true)
            return nil
        }
        let expression = model.expressions[i]
        let layerRef = tables.layerRef(comp: expression.comp, position: expression.layer)
        let propRef = tables.expressionProperty(i, base, layer: layerRef)
        let value = HostTables.scriptValue(base, at: frame)
        running.insert(key)
        defer { running.remove(key) }
        do {
            let result = try engine.call(slot, [
                .number(Double(i)), .number(Double(propRef)), .number(Double(layerRef)),
                .number(Double(tables.compRef(expression.comp))), .bool(expression.isPath),
                .number(Double(Self.seed(expression.path))), .number(model.frameRate),
                .number(frame / model.frameRate), value,
            ])
            cache[key] = result
            return result
        } catch {
            switch error.kind {
            case .cpuTime:
                frameOutOfTime = true
                if deadlineIsTotal { noteFileBudgetGone(at: i) }
                fail(ref, deadlineIsTotal
                     ? "ran past \(Self.describe(limits.maxExpressionTotalTime)) of CPU time for the file's expressions in this command (\(Limit.maxExpressionTotalTime))"
                     : "ran past \(Self.describe(limits.maxExpressionTime)) of CPU time for one frame's expressions (\(Limit.maxExpressionTime))",
                     disable: true, limit: true)
            case .timeout, .memory:
                fail(ref, error.description, disable: true, limit: true)
            default:
                fail(ref, error.description, disable: error.kind != .thrown)
            }
            return nil
        }
    }

    /// The prelude as compiled by the first engine of the process: later engines (one per open and
    /// per renderer) run its bytecode, which skips compiling ~40 KB of JavaScript (about half of
    /// opening a file with expressions).
    private static let preludeBytecode = Locked<ScriptBytecode?>(nil)

    private func prepareEngine() -> ScriptEngine? {
        if let engine { return engine }
        if engineFailed { return nil }
        do {
            let e = try ScriptEngine(maxMemory: limits.maxExpressionMemory, maxSteps: limits.maxExpressionSteps)
            e.host = { [unowned self] args in try self.answer(args) }
            if let prelude = Self.preludeBytecode.withLock({ $0 }) {
                try e.evaluate(prelude)
            } else {
                let (_, prelude) = try e.evaluateKeepingBytecode(ExpressionPrelude.source, name: "expression API")
                Self.preludeBytecode.withLock { $0 = prelude }
            }
            engine = e
            frameStart = e.stepsRun   // setting up the API is not the frame's work
            return e
        } catch {
            engineFailed = true
            for i in model.expressions.indices where failures[i] == nil {
                failures[i] = "the expression engine could not start: \(error)"
            }
            disabled.formUnion(model.expressions.indices)
            return nil
        }
    }

    private func compiled(_ i: Int, _ engine: ScriptEngine) -> ScriptFunction? {
        if let slot = slots[i] { return slot }
        let source = model.expressions[i].source, name = model.expressions[i].path
        // A source that is one expression is compiled as one; others (statements) fail to, and
        // are run through `eval`.
        if let function = ExpressionPrelude.expressionFunction(for: source),
           let slot = try? engine.compile(function: function, name: name) {
            slots[i] = slot
            compilations += 1
            compiledAsExpressions += 1
            return slot
        }
        do {
            let slot = try engine.compile(function: ExpressionPrelude.function(for: source), name: name)
            slots[i] = slot
            compilations += 1
            return slot
        } catch {
            fail(ExpressionRef(index: i), "does not compile: \(error)", disable: true)
            return nil
        }
    }

    private func fail(_ ref: ExpressionRef, _ message: String, disable: Bool = false, limit: Bool = false) {
        if failures[ref.index] == nil {
            failures[ref.index] = message
            if limit { limitHits.insert(ref.index) }
        }
        if disable { disabled.insert(ref.index) }
    }

    private func describe(_ v: ScriptValue) -> String {
        switch v {
        case .undefined: return "undefined"
        case .null: return "null"
        case .bool: return "a boolean"
        case .number(let d): return d.isFinite ? "a number" : "\(d)"
        case .string: return "a string"
        case .array: return "a list that is not all numbers"
        case .object: return "an object"
        }
    }

    // MARK: Conversions

    /// A 32-bit seed from an expression's JSON path (FNV-1a): stable for a file, different per property.
    static func seed(_ path: String) -> Int32 {
        var h: UInt32 = 2_166_136_261
        for b in path.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        return Int32(bitPattern: h & 0x7fff_ffff)
    }

    /// A path from `{v, i, o, c}` (lists of points); nil when it is not one.
    static func shape(_ value: ScriptValue, maxPoints: Int) -> BezierShape? {
        guard let v = value["v"]?.array, v.count <= maxPoints else { return nil }
        func points(_ list: [ScriptValue]?) -> [Point]? {
            guard let list else { return nil }
            var out: [Point] = []
            out.reserveCapacity(list.count)
            for p in list {
                guard let xy = p.array, xy.count >= 2, let x = xy[0].number, let y = xy[1].number, x.isFinite, y.isFinite
                else { return nil }
                out.append(Point(x, y))
            }
            return out
        }
        guard let vertices = points(v) else { return nil }
        var ins = points(value["i"]?.array) ?? []
        var outs = points(value["o"]?.array) ?? []
        if ins.count != vertices.count { ins = Array(ins.prefix(vertices.count)) + Array(repeating: .zero, count: max(0, vertices.count - ins.count)) }
        if outs.count != vertices.count { outs = Array(outs.prefix(vertices.count)) + Array(repeating: .zero, count: max(0, vertices.count - outs.count)) }
        var closed = true
        if case .bool(let c)? = value["c"] { closed = c }
        return BezierShape(closed: closed, vertices: vertices, inTangents: ins, outTangents: outs)
    }
}

/// A property as the host sees it: a number or vector, a path, or a position split into x and y.
enum PropertyValue {
    case vector(VectorProperty)
    case path(ShapeProperty)
    case split(x: VectorProperty, y: VectorProperty)
}
