import CYLDocuments
import CYLTimeline

/// Reads `s/<id>.json` into a `StateMachineDefinition`, decoding every reference once and
/// checking the invariants the definition states. Errors are `JSONError`s located at the JSON
/// path of the offending value (`states[2].transitions[0].toState: no state named "x"`).
///
/// It accepts what dotlottie-rs accepts, except what that runtime only finds out while running:
/// a transition to a state that does not exist, an initial state that does not exist, a guard or
/// action naming an input that is not declared (or of another kind), and a cycle of transitions
/// without guards are load errors here, not silent no-ops or an endless loop cut short later.
enum StateMachineParser {
    /// The prefix of the runtime's own inputs; user inputs with it are dropped.
    static let builtInPrefix = "@"
    static let elapsedTime = "@elapsedTime"

    static func parse(_ bytes: [UInt8], id: String, name: String, limits: Limits) throws(JSONError) -> StateMachineDefinition {
        let root = try JSONDocument.parseElement(bytes, name: name, maxDepth: limits.maxJSONDepth,
                                                 maxBytes: limits.maxJSONBytes, maxValues: limits.maxJSONValues)
        guard root.node.asObject != nil else { throw root.error("a state machine is an object with \"initial\" and \"states\"") }
        if root["initial"] == nil, root["descriptor"] != nil {
            throw root.error("this is the pre-release state-machine layout (\"descriptor\"); dotLottie v2 puts \"initial\" at the top level",
                             kind: .missingKey("initial"))
        }
        let initialElement = try root.member("initial")
        let initial = try initialElement.string()
        var notes: [String] = []
        var inputs: [StateMachineInput] = []
        if let list = root["inputs"], !list.isNull {
            for e in try list.array() {
                let input = try self.input(e)
                if input.name.hasPrefix(builtInPrefix) {
                    notes.append("\(e.path): input \"\(input.name)\" is left out: names starting with @ are the runtime's own")
                    continue
                }
                if let i = inputs.firstIndex(where: { $0.name == input.name }) {
                    // The runtime keeps one value per name and kind, the last declared; two kinds
                    // under one name would make every reference to it ambiguous.
                    guard inputs[i].kind.typeName == input.kind.typeName else {
                        throw try e.member("name").error("a second input named \"\(input.name)\", of another type (\(inputs[i].kind.typeName), then \(input.kind.typeName))")
                    }
                    notes.append("\(e.path): input \"\(input.name)\" is declared twice; the later value is used")
                    inputs[i] = input
                    continue
                }
                inputs.append(input)
            }
        }
        let known = Dictionary(inputs.map { ($0.name, $0.kind) }, uniquingKeysWith: { a, _ in a })
        let context = Context(inputs: known)
        var states: [StateMachineState] = []
        for e in try root.member("states").array() {
            let s = try state(e, context)
            if states.contains(where: { $0.name == s.name }) { throw try e.member("name").error("a second state named \"\(s.name)\"") }
            if s.isGlobal, let first = states.first(where: \.isGlobal) {
                throw e.error("a second global state (\"\(first.name)\" is one); a machine has at most one")
            }
            states.append(s)
        }
        var interactions: [StateMachineInteraction] = []
        if let list = root["interactions"], !list.isNull {
            for e in try list.array() { interactions.append(try interaction(e, context)) }
        }
        let names = Set(states.map(\.name))
        guard names.contains(initial) else { throw initialElement.error("no state named \"\(initial)\"\(listing(states.map(\.name)))") }
        for s in states {
            for t in s.transitions where !names.contains(t.target) {
                throw root.error("no state named \"\(t.target)\"\(listing(states.map(\.name)))", at: t.path.appending(key: "toState"))
            }
        }
        for i in interactions {
            switch i.kind {
            case .onComplete(let state), .onLoopComplete(let state):
                guard names.contains(state) else {
                    throw root.error("no state named \"\(state)\"\(listing(states.map(\.name)))", at: i.path.appending(key: "stateName"))
                }
            default: break
            }
        }
        let machine = StateMachineDefinition(id: id, initial: initial, states: states, interactions: interactions, inputs: inputs, notes: notes + context.notes)
        if let cycle = guardlessCycle(machine) {
            throw root.error("the transitions without guards from \(cycle.map { "\"\($0.name)\"" }.joined(separator: " → ")) lead back to \"\(cycle[0].name)\": "
                             + "the machine would go round for ever without time passing", at: cycle[0].path.appending(key: "transitions"))
        }
        return machine
    }

    /// The first cycle of states that each leave at once: by their own transition without guards,
    /// or by the global state's (taken from every state but its target).
    static func guardlessCycle(_ m: StateMachineDefinition) -> [StateMachineState]? {
        let index = Dictionary(m.states.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        func unguarded(_ s: StateMachineState) -> String? { s.transitions.first { $0.guards.isEmpty }?.target }
        let global = m.globalState.flatMap(unguarded)
        func next(_ i: Int) -> [Int] {
            let s = m.states[i]
            guard !s.isGlobal else { return [] }
            var out: [Int] = []
            if let g = global, g != s.name, let j = index[g] { out.append(j) }
            if let t = unguarded(s), let j = index[t] { out.append(j) }
            return out
        }
        // Depth-first colouring; at most two edges per state, so this is linear.
        var colour = [UInt8](repeating: 0, count: m.states.count)
        var stack: [Int] = []
        func visit(_ i: Int) -> [Int]? {
            colour[i] = 1
            stack.append(i)
            for j in next(i) {
                if colour[j] == 1, let k = stack.firstIndex(of: j) { return Array(stack[k...]) }
                if colour[j] == 0, let c = visit(j) { return c }
            }
            stack.removeLast()
            colour[i] = 2
            return nil
        }
        for i in m.states.indices where colour[i] == 0 {
            if let c = visit(i) { return c.map { m.states[$0] } }
        }
        return nil
    }

    static func listing(_ names: [String]) -> String {
        names.isEmpty ? "" : "; the states are " + names.prefix(12).map { "\"\($0)\"" }.joined(separator: ", ") + (names.count > 12 ? ", …" : "")
    }

    // MARK: Pieces

    /// The declared inputs, to check each reference's kind where it is made.
    final class Context {
        let inputs: [String: StateMachineInput.Kind]
        /// References the runtime resolves to nothing, kept as `.unresolved` and said once each.
        var notes: [String] = []

        init(inputs: [String: StateMachineInput.Kind]) { self.inputs = inputs }

        func require(_ e: JSONElement, _ name: String, _ kind: String, _ accepts: (StateMachineInput.Kind) -> Bool) throws(JSONError) {
            guard let k = inputs[name] else {
                let declared = inputs.keys.sorted()
                throw e.error("no input named \"\(name)\"" + (declared.isEmpty ? "; the machine declares none" : "; the inputs are \(declared.map { "\"\($0)\"" }.joined(separator: ", "))"))
            }
            guard accepts(k) else { throw e.error("input \"\(name)\" is \(k.typeName); this needs \(kind)") }
        }
        func numeric(_ e: JSONElement, _ name: String) throws(JSONError) {
            try require(e, name, "a Numeric input") { if case .numeric = $0 { return true }; return false }
        }
        func boolean(_ e: JSONElement, _ name: String) throws(JSONError) {
            try require(e, name, "a Boolean input") { if case .boolean = $0 { return true }; return false }
        }
        func string(_ e: JSONElement, _ name: String) throws(JSONError) {
            try require(e, name, "a String input") { if case .string = $0 { return true }; return false }
        }
        func event(_ e: JSONElement, _ name: String) throws(JSONError) {
            try require(e, name, "an Event input") { $0 == .event }
        }
        func any(_ e: JSONElement, _ name: String) throws(JSONError) { try require(e, name, "an input") { _ in true } }
    }

    static func input(_ e: JSONElement) throws(JSONError) -> StateMachineInput {
        let name = try e.member("name").string()
        let type = try e.member("type").string()
        switch type {
        case "Numeric": return StateMachineInput(name: name, kind: .numeric(try e.member("value").double()))
        case "String": return StateMachineInput(name: name, kind: .string(try e.member("value").string()))
        case "Boolean": return StateMachineInput(name: name, kind: .boolean(try e.member("value").bool()))
        case "Event": return StateMachineInput(name: name, kind: .event)
        default: throw try e.member("type").error("unknown input type \"\(type)\"; the types are Numeric, String, Boolean, Event")
        }
    }

    static func state(_ e: JSONElement, _ c: Context) throws(JSONError) -> StateMachineState {
        let name = try e.member("name").string()
        let type = try e.member("type").string()
        var transitions: [StateMachineTransition] = []
        for t in try e.member("transitions").array() { transitions.append(try transition(t, c)) }
        if transitions.filter({ $0.guards.isEmpty }).count > 1 {
            throw try e.member("transitions").error("state \"\(name)\" has \(transitions.filter { $0.guards.isEmpty }.count) transitions without guards; "
                                                    + "at most one may have none (it is taken at once)")
        }
        let entry = try actions(e["entryActions"], c)
        let exit = try actions(e["exitActions"], c)
        var playback: StateMachineState.Playback?
        switch type {
        case "PlaybackState":
            var mode = StateMachineState.PlayMode.forward
            if let m = try e.optionalString("mode") {
                guard let pm = StateMachineState.PlayMode(rawValue: m) else {
                    throw e["mode"]!.error("unknown mode \"\(m)\"; the modes are \(StateMachineState.PlayMode.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                mode = pm
            }
            let loopCount = try e.optionalInt("loopCount") ?? 0
            guard loopCount >= 0 else { throw e["loopCount"]!.error("a loop count is 0 (unlimited) or more") }
            let speed = try e.optionalDouble("speed") ?? 1
            playback = .init(animation: try e.member("animation").string(), segment: try e.optionalString("segment"),
                             loop: try e.optionalBool("loop") ?? false, loopCount: loopCount, isFinal: try e.optionalBool("final") ?? false,
                             autoplay: try e.optionalBool("autoplay") ?? false, mode: mode, speed: speed > 0 ? speed : 1)
        case "GlobalState":
            break
        default:
            throw try e.member("type").error("unknown state type \"\(type)\"; the types are PlaybackState, GlobalState")
        }
        return StateMachineState(name: name, playback: playback, transitions: transitions, entryActions: entry, exitActions: exit, path: e.path)
    }

    static func transition(_ e: JSONElement, _ c: Context) throws(JSONError) -> StateMachineTransition {
        let target = try e.member("toState").string()
        var guards: [StateMachineGuard] = []
        if let list = e["guards"], !list.isNull {
            for g in try list.array() { guards.append(try self.guard(g, c)) }
        }
        let type = try e.member("type").string()
        switch type {
        case "Transition":
            return StateMachineTransition(target: target, guards: guards, tween: nil, path: e.path)
        case "Tweened":
            let seconds = try e.member("duration").double()
            let easingElement = try e.member("easing")
            let easing = try easingElement.doubles()
            guard easing.count == 4 else { throw easingElement.error("an easing is 4 numbers [x1, y1, x2, y2], found \(easing.count)") }
            guard (0...1).contains(easing[0]), (0...1).contains(easing[2]) else {
                throw easingElement.error("an easing's x1 and x2 are from 0 to 1 (a curve that goes back in time is not an easing)")
            }
            guard seconds > 0 else { throw try e.member("duration").error("a tween's duration is more than 0 seconds") }
            return StateMachineTransition(target: target, guards: guards, tween: .init(seconds: seconds, easing: (easing[0], easing[1], easing[2], easing[3])), path: e.path)
        default:
            throw try e.member("type").error("unknown transition type \"\(type)\"; the types are Transition, Tweened")
        }
    }

    static func comparison(_ e: JSONElement) throws(JSONError) -> StateMachineComparison {
        let element = try e.member("conditionType")
        let text = try element.string()
        guard let c = StateMachineComparison(rawValue: text) else {
            throw element.error("unknown condition \"\(text)\"; the conditions are \(StateMachineComparison.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return c
    }

    static func `guard`(_ e: JSONElement, _ c: Context) throws(JSONError) -> StateMachineGuard {
        let nameElement = try e.member("inputName")
        let name = try nameElement.string()
        let type = try e.member("type").string()
        switch type {
        case "Numeric":
            let lhs: StateMachineNumber
            if name == elapsedTime { lhs = .elapsedTime } else { try c.numeric(nameElement, name); lhs = .input(name) }
            let rhs = try number(e.member("compareTo"), c, allowBool: true)
            return .numeric(lhs, try comparison(e), rhs)
        case "String":
            try c.string(nameElement, name)
            let v = try e.member("compareTo")
            var operand: StateMachineGuard.StringOperand?
            if let s = v.node.asString {
                if s.hasPrefix("$") { try c.string(v, String(s.dropFirst())); operand = .input(String(s.dropFirst())) } else { operand = .value(s) }
            } else if v.node.asDouble == nil && v.node.asBool == nil {
                throw v.error("expected a string, found \(v.value.typeDescription)")
            }
            return .string(input: name, try comparison(e), compareTo: operand)
        case "Boolean":
            try c.boolean(nameElement, name)
            let v = try e.member("compareTo")
            let operand: StateMachineGuard.BoolOperand
            if let b = v.node.asBool { operand = .value(b) } else if let s = v.node.asString {
                let ref = s.hasPrefix("$") ? String(s.dropFirst()) : s
                try c.boolean(v, ref)
                operand = .input(ref)
            } else { throw v.error("expected a boolean or \"$input\", found \(v.value.typeDescription)") }
            return .boolean(input: name, try comparison(e), compareTo: operand)
        case "Event":
            try c.event(nameElement, name)
            return .event(name)
        default:
            throw try e.member("type").error("unknown guard type \"\(type)\"; the types are Numeric, String, Boolean, Event")
        }
    }

    /// A number operand: a literal, `"$input"` (a Numeric input) or `"@elapsedTime"`. Another string
    /// is kept as `.unresolved` (the runtime never resolves it). A boolean is accepted where the
    /// runtime's reader accepts one (a guard's `compareTo`) and never holds.
    static func number(_ v: JSONElement, _ c: Context, allowBool: Bool = false, lenient: Bool = false) throws(JSONError) -> StateMachineNumber {
        if let d = v.node.asDouble { return .value(d) }
        if let s = v.node.asString {
            if s == elapsedTime { return .elapsedTime }
            if s.hasPrefix("$") {
                let name = String(s.dropFirst())
                // An action's operand that names no number is the runtime's documented fallback
                // (an increment by 1, a clamp or multiply left undone): said, not refused. A
                // guard's is refused, as the runtime refuses it.
                if lenient, c.inputs[name].map({ if case .numeric = $0 { return false }; return true }) ?? true {
                    c.notes.append("\(v.path): \"\(s)\" names no Numeric input; the action does what it does without one")
                    return .unresolved(s)
                }
                try c.numeric(v, name)
                return .input(name)
            }
            if s.hasPrefix(builtInPrefix) { throw v.error("\"\(s)\" is not a built-in input; the only one is \(elapsedTime)") }
            return .unresolved(s)
        }
        if allowBool, let b = v.node.asBool { return .unresolved(String(b)) }
        throw v.error("expected a number, \"$input\" or \"\(elapsedTime)\", found \(v.value.typeDescription)")
    }

    static func optionalNumber(_ e: JSONElement, _ key: String, _ c: Context) throws(JSONError) -> StateMachineNumber? {
        guard let v = e[key], !v.isNull else { return nil }
        return try number(v, c, lenient: true)
    }

    static func actions(_ list: JSONElement?, _ c: Context) throws(JSONError) -> [StateMachineAction] {
        guard let list, !list.isNull else { return [] }
        var out: [StateMachineAction] = []
        for a in try list.array() { out.append(try action(a, c)) }
        return out
    }

    static func action(_ e: JSONElement, _ c: Context) throws(JSONError) -> StateMachineAction {
        let type = try e.member("type").string()
        func input(_ check: (JSONElement, String) throws(JSONError) -> Void) throws(JSONError) -> String {
            let element = try e.member("inputName")
            let name = try element.string()
            try check(element, name)
            return name
        }
        switch type {
        case "Increment": return .increment(try input(c.numeric), by: try optionalNumber(e, "value", c))
        case "Decrement": return .decrement(try input(c.numeric), by: try optionalNumber(e, "value", c))
        case "Toggle": return .toggle(try input(c.boolean))
        case "SetBoolean":
            let name = try input(c.boolean)
            let v = try e.member("value")
            if let b = v.node.asBool { return .setBoolean(name, .value(b)) }
            let s = try v.string()
            let ref = s.hasPrefix("$") ? String(s.dropFirst()) : s
            try c.boolean(v, ref)
            return .setBoolean(name, .input(ref))
        case "SetString": return .setString(try input(c.string), try e.member("value").string())
        case "SetNumeric": return .setNumeric(try input(c.numeric), try number(e.member("value"), c, lenient: true))
        case "SetRandom":
            return .setRandom(try input(c.numeric), min: try optionalNumber(e, "min", c), max: try optionalNumber(e, "max", c),
                              integer: try e.optionalBool("integer") ?? false)
        case "Multiply": return .multiply(try input(c.numeric), try number(e.member("value"), c, lenient: true))
        case "Floor": return .floor(try input(c.numeric))
        case "Clamp": return .clamp(try input(c.numeric), min: try optionalNumber(e, "min", c), max: try optionalNumber(e, "max", c))
        case "Fire": return .fire(try input(c.event))
        case "Reset":
            let name = try input(c.any)
            if c.inputs[name] == .event { throw try e.member("inputName").error("input \"\(name)\" is an Event; only values can be reset") }
            return .reset(name)
        case "SetTheme": return .setTheme(try e.member("value").string())
        case "SetFrame": return .setFrame(try number(e.member("value"), c, lenient: true))
        case "SetProgress": return .setProgress(try number(e.member("value"), c, lenient: true))
        case "FireCustomEvent": return .fireCustomEvent(try e.member("value").string())
        case "OpenUrl": return .openURL(try e.member("url").string(), target: try e.member("target").string())
        default:
            throw try e.member("type").error("unknown action type \"\(type)\"; the types are Increment, Decrement, Toggle, SetBoolean, SetString, "
                                             + "SetNumeric, SetRandom, Multiply, Floor, Clamp, Fire, Reset, SetTheme, SetFrame, SetProgress, FireCustomEvent, OpenUrl")
        }
    }

    static func interaction(_ e: JSONElement, _ c: Context) throws(JSONError) -> StateMachineInteraction {
        let type = try e.member("type").string()
        let layer = try e.optionalString("layerName")
        let kind: StateMachineInteraction.Kind
        switch type {
        case "PointerDown": kind = .pointerDown(layer: layer)
        case "PointerUp": kind = .pointerUp(layer: layer)
        case "PointerEnter": kind = .pointerEnter(layer: layer)
        case "PointerExit": kind = .pointerExit(layer: layer)
        case "Click": kind = .click(layer: layer)
        case "PointerMove": kind = .pointerMove
        case "OnComplete": kind = .onComplete(state: try e.member("stateName").string())
        case "OnLoopComplete": kind = .onLoopComplete(state: try e.member("stateName").string())
        default:
            throw try e.member("type").error("unknown interaction type \"\(type)\"; the types are PointerDown, PointerUp, PointerEnter, "
                                             + "PointerExit, PointerMove, Click, OnComplete, OnLoopComplete")
        }
        let list = try e.member("actions")
        return StateMachineInteraction(kind: kind, actions: try actions(list, c), path: e.path)
    }
}

extension JSONElement {
    /// An error at another path of this element's document (a check made after reading).
    func error(_ message: String, at path: JSONPath) -> JSONError {
        var e = error(message)
        e.path = path
        e.offset = nil; e.line = nil; e.column = nil
        return e
    }
}

extension StateMachineDefinition {
    /// Reads a state machine's JSON (`s/<id>.json`); `file` names it in errors, `id` defaults to
    /// the file's name without folder and extension.
    public static func parse(bytes: [UInt8], file: String, id: String? = nil, limits: Limits = .standard) throws(JSONError) -> StateMachineDefinition {
        let stem = file.split(separator: "/").last.map { $0.hasSuffix(".json") ? String($0.dropLast(5)) : String($0) } ?? file
        return try StateMachineParser.parse(bytes, id: id ?? stem, name: file, limits: limits)
    }
}
