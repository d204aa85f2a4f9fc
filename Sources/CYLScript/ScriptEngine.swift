import CScriptDuktape

/// Why running script code failed.
public struct ScriptError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The script threw (or did not compile); `message` is what it threw.
        case thrown
        /// The run used up its step budget.
        case timeout
        /// The calling thread's CPU time passed the engine's `deadline`.
        case cpuTime
        /// The engine reached its memory cap.
        case memory
        /// Host calls back into the engine nested too deep (an expression reading itself).
        case tooDeep
        /// The engine failed internally or could not be created and runs nothing any more.
        case unavailable
    }
    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }

    public var description: String {
        switch kind {
        case .thrown: return message
        case .timeout: return "ran longer than the step budget (\(message))"
        case .cpuTime: return "ran past its CPU-time budget (\(message))"
        case .memory: return "used more memory than the script memory cap (\(message))"
        case .tooDeep: return "expressions refer to each other too deeply"
        case .unavailable: return message
        }
    }
}

/// A program compiled by a `ScriptEngine` of this process, to run in other engines without
/// compiling it again. Only an engine makes one: Duktape does not check bytecode, so bytes from
/// anywhere else must never reach it.
public struct ScriptBytecode: Sendable {
    let bytes: [UInt8]
    /// The size of the bytecode.
    public var count: Int { bytes.count }
}

/// A compiled function kept by its engine.
public struct ScriptFunction: Hashable, Sendable {
    let slot: Int32
}

/// One embedded JavaScript engine (Duktape) with all of its memory: a heap that may hold at most
/// `maxMemory` bytes, where each outermost call may run at most `maxSteps` bytecode steps (exactly:
/// step `maxSteps + 1` stops it) and, when `deadline` is set, until the thread's CPU time reaches
/// it. A script that exceeds one fails with `.memory`, `.timeout` or `.cpuTime`; it cannot hang or
/// grow the process. The deadline is checked between bytecode steps, before every function call
/// (native ones too) and on allocation, so a loop of expensive native calls stops about one call
/// past it. Regular expressions are not available (their matcher never reaches a check), array
/// methods refuse arrays over 100 000 elements and string searches long ones (see `Hardening`).
///
/// Scripts reach the embedder through one global function, `__host(...)`, answered by `host`.
/// The engine is single-threaded: make one per thread. Its C memory is freed with it.
public final class ScriptEngine {
    /// Set once in `init` (it needs `self` as the callback context); never nil afterwards.
    private var engine: OpaquePointer!
    private let result: OpaquePointer
    private var argTapes: [OpaquePointer] = []
    private var depth = 0

    /// Answers `__host(...)` calls: the arguments in, one value out; a thrown error becomes a
    /// JavaScript Error with its description as the message.
    public var host: (([ScriptValue]) throws -> ScriptValue)?

    public init(maxMemory: Int, maxSteps: Int) throws(ScriptError) {
        guard let tape = cyl_tape_new() else { throw ScriptError(.unavailable, "out of memory for the script engine") }
        result = tape
        // The engine calls back through an unretained pointer to self: it lives no longer than self.
        let context = Unmanaged.passUnretained(self).toOpaque()
        let made = cyl_engine_new(max(0, maxMemory), UInt64(max(1, maxSteps)), { context, args, result in
            guard let context, let args, let result else { return 1 }
            let me = Unmanaged<ScriptEngine>.fromOpaque(context).takeUnretainedValue()
            return me.answer(args, result)
        }, context)
        guard let made else {
            throw ScriptError(.unavailable, "the script engine does not fit in \(maxMemory) bytes")
        }
        engine = made
        do {
            try evaluate(Hardening.source, name: "hardening")
        } catch {
            throw ScriptError(.unavailable, "the script engine could not be prepared: \(error)")
        }
    }

    deinit {
        if let engine { cyl_engine_free(engine) }
        cyl_tape_free(result)
        for t in argTapes { cyl_tape_free(t) }
    }

    /// Bytes the engine's heap holds now.
    public var bytesInUse: Int { cyl_engine_bytes_in_use(engine) }

    /// Bytecode steps run since the engine was made, over all calls: what a budget spanning many
    /// short calls can be measured with.
    public var stepsRun: Int { Int(clamping: cyl_engine_steps(engine)) }

    /// The calling thread's CPU time at which calls stop with `.cpuTime` (as read by
    /// `threadCPUTime`, in nanoseconds); nil for none. CPU time, not wall time: a script stops at
    /// the same point on a busy machine as on an idle one.
    public var deadline: UInt64? {
        didSet { cyl_engine_set_deadline(engine, deadline ?? 0) }
    }

    /// The calling thread's CPU time in nanoseconds (a system call of about a microsecond: read it
    /// per frame, not per value).
    public static var threadCPUTime: UInt64 { cyl_thread_cpu_ns() }

    /// How many times slower this build runs scripts than a normal build: 20 in sanitizer builds
    /// (the tests' `make test-asan` and `test-tsan`), 1 otherwise. Time limits are multiplied by
    /// it, so a limit means the same work in every build.
    public static let timeScale: UInt64 = cyl_script_time_scale()

    /// A time limit of `nanoseconds` in this build's CPU time (`timeScale` times as long).
    public static func cpuBudget(nanoseconds: UInt64) -> UInt64 {
        let (scaled, overflow) = nanoseconds.multipliedReportingOverflow(by: timeScale)
        return overflow ? .max : scaled
    }

    /// Runs global code (definitions later calls use) and returns its value.
    @discardableResult
    public func evaluate(_ source: String, name: String = "script") throws(ScriptError) -> ScriptValue {
        var source = source
        let status = source.withUTF8 { src in
            name.withCString { cyl_engine_eval(engine, src.baseAddress, src.count, $0, result) }
        }
        try check(status)
        return Tape.first(result)
    }

    /// `evaluate`, also returning the compiled program, which other engines run with
    /// `evaluate(_ bytecode:)` without compiling it again (a large prelude compiles in about as
    /// long as an icon's whole open).
    public func evaluateKeepingBytecode(_ source: String, name: String = "script") throws(ScriptError) -> (ScriptValue, ScriptBytecode) {
        var source = source
        guard let dump = cyl_tape_new() else { throw ScriptError(.memory, "out of memory for bytecode") }
        defer { cyl_tape_free(dump) }
        let status = source.withUTF8 { src in
            name.withCString { cyl_engine_eval_dumping(engine, src.baseAddress, src.count, $0, dump, result) }
        }
        try check(status)
        guard cyl_tape_count(dump) == 1, let first = cyl_tape_values(dump), let base = cyl_tape_bytes(dump) else {
            throw ScriptError(.unavailable, "the engine gave no bytecode")
        }
        let bytes = UnsafeRawBufferPointer(start: base + Int(first.pointee.offset), count: Int(first.pointee.length))
        return (Tape.first(result), ScriptBytecode(bytes: [UInt8](bytes)))
    }

    /// Runs a program another engine compiled (`evaluateKeepingBytecode`) and returns its value.
    @discardableResult
    public func evaluate(_ bytecode: ScriptBytecode) throws(ScriptError) -> ScriptValue {
        let status = bytecode.bytes.withUnsafeBufferPointer { b in
            b.withMemoryRebound(to: CChar.self) { cyl_engine_eval_bytecode(engine, $0.baseAddress, $0.count, result) }
        }
        try check(status)
        return Tape.first(result)
    }

    /// Compiles a function expression (`function (a, b) { ... }`) once, to be called many times.
    public func compile(function source: String, name: String = "function") throws(ScriptError) -> ScriptFunction {
        var source = source
        var slot: Int32 = -1
        let status = source.withUTF8 { src in
            name.withCString { cyl_engine_compile(engine, src.baseAddress, src.count, $0, &slot, result) }
        }
        try check(status)
        return ScriptFunction(slot: slot)
    }

    /// Calls a compiled function with `arguments`; returns what it returned.
    public func call(_ function: ScriptFunction, _ arguments: [ScriptValue]) throws(ScriptError) -> ScriptValue {
        // Calls nest (a host callback may call again), so each depth has its own argument tape.
        if depth == argTapes.count {
            guard let t = cyl_tape_new() else { throw ScriptError(.memory, "out of memory for arguments") }
            argTapes.append(t)
        }
        let args = argTapes[depth]
        cyl_tape_clear(args)
        for a in arguments where !Tape.write(a, to: args) {
            throw ScriptError(.memory, "arguments too large to pass to the script")
        }
        depth += 1
        let status = cyl_engine_call(engine, function.slot, args, result)
        depth -= 1
        try check(status)
        return Tape.first(result)
    }

    private func check(_ status: Int32) throws(ScriptError) {
        guard status != Int32(CYL_SCRIPT_OK) else { return }
        let message = Tape.first(result).string ?? "script failed"
        switch status {
        case Int32(CYL_SCRIPT_TIMEOUT): throw ScriptError(.timeout, message)
        case Int32(CYL_SCRIPT_TIME): throw ScriptError(.cpuTime, message)
        case Int32(CYL_SCRIPT_MEMORY): throw ScriptError(.memory, message)
        case Int32(CYL_SCRIPT_TOO_DEEP): throw ScriptError(.tooDeep, message)
        case Int32(CYL_SCRIPT_BROKEN): throw ScriptError(.unavailable, message)
        default: throw ScriptError(.thrown, message)
        }
    }

    /// A `__host(...)` call from a script: 0 with the answer on `out`, 1 with a message.
    private func answer(_ args: OpaquePointer, _ out: OpaquePointer) -> Int32 {
        let values = Tape.read(args)
        guard let host else { return fail(out, "no host functions are available") }
        do {
            let value = try host(values)
            cyl_tape_clear(out)
            return Tape.write(value, to: out) ? 0 : fail(out, "host value too large")
        } catch {
            return fail(out, "\(error)")
        }
    }

    private func fail(_ out: OpaquePointer, _ message: String) -> Int32 {
        cyl_tape_clear(out)
        _ = Tape.write(.string(message), to: out)
        return 1
    }
}
