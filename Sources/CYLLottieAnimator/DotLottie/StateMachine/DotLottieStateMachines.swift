import CYLDocuments
import CYLTimeline

/// The state machines of one dotLottie file: read and checked for `info` and `lint`, and the one
/// that plays (`--state-machine`, or a tab's first) made into a timeline.
struct DotLottieStateMachines {
    /// Each machine the manifest lists, read, or why it cannot be.
    var machines: [(id: String, definition: Result<StateMachineDefinition, OpenError>)] = []
    var notes: [Diagnostic] = []

    init(_ file: DotLottieFile, path: String, limits: Limits) {
        for id in file.stateMachineIDs {
            let entry = DotLottieFile.stateMachineEntry(id)
            let name = "\(path):\(entry)"
            do {
                let bytes: [UInt8]
                do { bytes = try file.stateMachineJSON(id: id) } catch { throw OpenError(file: path, .invalid, "dotLottie: \(error.message)") }
                do {
                    let m = try StateMachineParser.parse(bytes, id: id, name: name, limits: limits)
                    machines.append((id, .success(m)))
                    notes += m.notes.map { Diagnostic(.note, at: entry, $0, feature: .stateMachines) }
                    notes += Self.references(m, in: file, entry: entry)
                } catch {
                    throw OpenError(file: name, .invalid, error.message, location: error.location)
                }
            } catch let e as OpenError {
                machines.append((id, .failure(e)))
                // A tab that would play it plays the animation alone; say so where frames are made.
                notes.append(Diagnostic(.warning, at: e.location.isEmpty ? entry : "\(entry):\(e.location)",
                                        "state machine \"\(id)\" cannot be played: \(e.message)", feature: .stateMachines))
            } catch {}
        }
    }

    /// What a machine names that the file does not have: an animation a state shows, a marker a
    /// state plays (in the animation it shows, or the file's first for a state that keeps the
    /// one shown). The machine still runs (the runtime skips such a state's setting), so these
    /// are warnings, one per place.
    static func references(_ m: StateMachineDefinition, in file: DotLottieFile, entry: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var markers: [String: Set<String>?] = [:]
        func markerNames(_ id: String) -> Set<String>? {
            if let known = markers[id] { return known }
            let names = (try? file.animationJSON(id: id)).flatMap { try? JSONDocument.parse($0, name: id) }
                .map { root in Set((root["markers"]?.asArray ?? []).compactMap { $0["cm"]?.asString }) }
            markers[id] = names
            return names
        }
        for s in m.states {
            guard let p = s.playback else { continue }
            if !p.animation.isEmpty, !file.animationIDs.contains(p.animation) {
                out.append(Diagnostic(.warning, at: "\(entry): \(s.path.appending(key: "animation"))",
                                      "state machine \"\(m.id)\": state \"\(s.name)\" shows animation \"\(p.animation)\", which the file does not have "
                                      + "(its animations: \(file.animationIDs.joined(separator: ", ")))", feature: .stateMachines))
                continue
            }
            let shown = p.animation.isEmpty ? file.animationIDs[0] : p.animation
            if let segment = p.segment, let names = markerNames(shown), !names.contains(segment) {
                out.append(Diagnostic(.warning, at: "\(entry): \(s.path.appending(key: "segment"))",
                                      "state machine \"\(m.id)\": state \"\(s.name)\" plays marker \"\(segment)\", which animation \"\(shown)\" does not have"
                                      + (names.isEmpty ? " (it has no markers)" : " (its markers: \(names.sorted().joined(separator: ", ")))")
                                      + "; the state plays the whole animation", feature: .stateMachines))
            }
        }
        if m.states.contains(where: { $0.entryActions.contains(where: \.isSetTheme) || $0.exitActions.contains(where: \.isSetTheme) })
            || m.interactions.contains(where: { $0.actions.contains(where: \.isSetTheme) }) {
            out.append(Diagnostic(.warning, at: entry, "state machine \"\(m.id)\": SetTheme actions are run but frames keep the theme they opened with",
                                  feature: .stateMachines))
        }
        return out
    }

    /// The machine `id`, or an error naming the ones there are.
    func definition(_ id: String, path: String) throws -> StateMachineDefinition {
        guard let found = machines.first(where: { $0.id == id }) else {
            throw OpenError(file: path, .unknownName, "no state machine '\(id)'; the file has "
                            + (machines.isEmpty ? "none" : machines.map { "'\($0.id)'" }.joined(separator: ", ")))
        }
        return try found.definition.get()
    }

    /// `info`'s description of each machine.
    func report(playing: String?, summary: String?, into t: inout FrameTimeline) {
        guard !machines.isEmpty else { return }
        var list: [InfoValue] = []
        for (id, result) in machines {
            var fields = [InfoField("id", .string(id))]
            switch result {
            case .failure(let e):
                fields.append(InfoField("error", .string(e.description)))
            case .success(let m):
                if id == playing, let summary { fields.append(InfoField("plays", .string(summary))) }
                fields.append(InfoField("initial", .string(m.initial)))
                fields.append(InfoField("states", .list(m.states.map { s in
                    guard let p = s.playback else { return .string("\(s.name): global, \(s.transitions.count) transition\(s.transitions.count == 1 ? "" : "s")") }
                    var text = "\(s.name): " + (p.animation.isEmpty ? "the animation shown" : "animation \(p.animation)")
                    if let seg = p.segment { text += ", marker \(seg)" }
                    if p.mode != .forward { text += ", \(p.mode.rawValue)" }
                    if p.loop { text += p.loopCount > 0 ? ", loops \(p.loopCount)x" : ", loops" }
                    if p.autoplay { text += ", autoplay" }
                    if p.speed != 1 { text += ", speed \(p.speed.compactText)" }
                    if p.isFinal { text += ", final" }
                    let tweened = s.transitions.filter { $0.tween != nil }.count
                    text += "; \(s.transitions.count) transition\(s.transitions.count == 1 ? "" : "s")" + (tweened > 0 ? " (\(tweened) tweened)" : "")
                    return .string(text)
                })))
                fields.append(InfoField("inputs", .list(m.inputs.map { i in
                    switch i.kind {
                    case .numeric(let v): return .string("\(i.name): Numeric = \(v.compactText)")
                    case .string(let v): return .string("\(i.name): String = \"\(v)\"")
                    case .boolean(let v): return .string("\(i.name): Boolean = \(v)")
                    case .event: return .string("\(i.name): Event")
                    }
                })))
                fields.append(InfoField("interactions", .list(m.interactions.map { i in
                    var text = i.kind.typeName
                    switch i.kind {
                    case .onComplete(let s), .onLoopComplete(let s): text += " of \(s)"
                    default: if let l = i.kind.layer { text += " on layer \(l)" }
                    }
                    return .string(text + ": " + i.actions.map(\.typeName).joined(separator: ", "))
                })))
            }
            list.append(.object(fields))
        }
        t.contents.append(InfoField("state machines", .list(list)))
    }
}

extension StateMachineAction {
    var isSetTheme: Bool { if case .setTheme = self { return true }; return false }

    /// The format's name for the action.
    var typeName: String {
        switch self {
        case .increment: return "Increment"
        case .decrement: return "Decrement"
        case .toggle: return "Toggle"
        case .setBoolean: return "SetBoolean"
        case .setString: return "SetString"
        case .setNumeric: return "SetNumeric"
        case .setRandom: return "SetRandom"
        case .multiply: return "Multiply"
        case .floor: return "Floor"
        case .clamp: return "Clamp"
        case .fire: return "Fire"
        case .reset: return "Reset"
        case .setTheme: return "SetTheme"
        case .setFrame: return "SetFrame"
        case .setProgress: return "SetProgress"
        case .fireCustomEvent: return "FireCustomEvent"
        case .openURL: return "OpenUrl"
        }
    }
}
