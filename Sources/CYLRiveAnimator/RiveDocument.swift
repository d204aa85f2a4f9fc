import CYLDocuments
import CYLRaster
import CYLTimeline

/// A parsed `.riv` file and the scene a timeline of it plays (chosen by `OpenOptions`).
public final class RiveDocument: @unchecked Sendable {
    public let model: RiveFileModel
    public let name: String
    public let options: OpenOptions
    let plan: ScenePlan
    public private(set) var diagnostics: [Diagnostic]
    /// Where each file asset's bytes came from (`model.assets` order): embedded, a file beside
    /// the `.riv` (or under `OpenOptions.assetsDirectory`), or missing.
    let assetSources: [RiveAssetFiles.Source]

    /// Parses `bytes` and chooses what plays: `options.artboard` (default: the first artboard),
    /// `options.animationID` (a linear animation's name) or `options.stateMachine`, else the
    /// artboard's default state machine, its first state machine, its first linear animation, or
    /// the still artboard. With `options.playsSelection`, frame 0 is the settled resting pose and
    /// the rest is what selecting a tab plays.
    public init(bytes: [UInt8], name: String, options: OpenOptions = OpenOptions()) throws {
        var model: RiveFileModel
        do { model = try RiveReader.read(bytes, name: name, limits: options.limits) } catch { throw error.openError }
        var notes = model.diagnostics
        assetSources = RiveAssetFiles.resolve(&model, folder: options.assetsDirectory ?? FilePath.parentDirectory(of: name),
                                              limits: options.limits, notes: &notes)
        self.model = model
        self.name = name
        self.options = options
        plan = try Self.plan(model, name: name, options: options, notes: &notes)
        diagnostics = notes
        // Content the renderer leaves out is reported once, from a first look at the scene.
        let scene = RiveScene(file: model, artboard: plan.artboard, choice: plan.choice, limits: options.limits)
        if scene.artboard.budget.exhausted { throw OpenError(file: name, .invalid, scene.artboard.budget.exhaustedMessage) }
        diagnostics += scene.artboard.notes.map { Diagnostic(.warning, at: "artboard \"\(model.artboards[plan.artboard].name)\"", $0.message, feature: $0.feature) }
    }

    public var artboard: ArtboardModel { model.artboards[plan.artboard] }
    public var frameCount: Int { plan.frameCount }
    public var frameRate: Double { 1 / plan.step }

    // MARK: Choosing the scene

    static func usage(_ name: String, _ message: String) -> OpenError { OpenError(file: name, .invalid, message) }

    static func plan(_ model: RiveFileModel, name: String, options: OpenOptions, notes: inout [Diagnostic]) throws -> ScenePlan {
        let fps = options.fps ?? 60
        guard fps.isFinite, fps > 0 else { throw usage(name, "frame rate \(fps) is not positive") }
        let step = 1 / fps
        var boardIndex = 0
        if let wanted = options.artboard {
            guard let i = model.artboards.firstIndex(where: { $0.name == wanted }) else {
                throw usage(name, "no artboard named \"\(wanted)\"; the file has \(list(model.artboards.map(\.name)))")
            }
            boardIndex = i
        }
        let board = model.artboards[boardIndex]
        // The timeline's canvas is the artboard's size; the same bound as a Lottie composition's.
        guard board.width.isFinite, board.height.isFinite, board.width >= 0, board.height >= 0,
              board.width <= 100_000, board.height <= 100_000 else {
            throw usage(name, "artboard \"\(board.name)\" has an invalid size \(board.width)x\(board.height)")
        }
        var choice: RiveSceneChoice
        if let wanted = options.animationID {
            guard let i = board.animations.firstIndex(where: { $0.name == wanted }) else {
                throw usage(name, "artboard \"\(board.name)\" has no animation named \"\(wanted)\"; it has \(list(board.animations.map(\.name)))")
            }
            choice = .animation(i)
        } else if let wanted = options.stateMachine {
            guard let i = board.stateMachines.firstIndex(where: { $0.name == wanted }) else {
                throw usage(name, "artboard \"\(board.name)\" has no state machine named \"\(wanted)\"; it has \(list(board.stateMachines.map(\.name)))")
            }
            choice = .stateMachine(i)
        } else if let i = board.defaultStateMachineIndex ?? (board.stateMachines.isEmpty ? nil : 0) {
            choice = .stateMachine(i)
        } else if !board.animations.isEmpty {
            choice = .animation(0)
        } else {
            choice = .none
        }

        func frames(_ seconds: Double) throws -> Int {
            let n = Int(min((seconds * fps).rounded(), Double(Int32.max))) + 1
            guard n <= options.limits.maxFrames else {
                throw usage(name, "the scene is \(n) frames long at \(fps) fps, more than the limit of \(options.limits.maxFrames) (\(Limit.maxFrames))")
            }
            return max(1, n)
        }
        switch choice {
        case .animation(let i):
            let a = board.animations[i]
            return ScenePlan(artboard: boardIndex, choice: choice, step: step, frameCount: try frames(a.durationSeconds),
                             summary: "linear animation \"\(a.name)\" from its start, stepped at \(fps.compactText) fps")
        case .none:
            // The runtime plays an empty state machine here; the corpus shows it for 2 s.
            return ScenePlan(artboard: boardIndex, choice: choice, step: step, frameCount: try frames(ScenePlan.defaultSceneSeconds),
                             summary: "the artboard as set up (it has no animation or state machine), for \(ScenePlan.defaultSceneSeconds.compactText) s")
        case .stateMachine(let m):
            let machine = board.stateMachines[m]
            let selection = try selectionInput(machine, name: name, options: options)
            if options.playsSelection, let selection {
                return try selectionPlan(model, board: boardIndex, machine: m, selection: selection, step: step, options: options, name: name)
            }
            if options.playsSelection {
                notes.append(Diagnostic(.note, at: "state machine \"\(machine.name)\"",
                                        "no input is named for selection (\(SelectionInputName.listed)); the tab plays the machine from its start"))
            }
            let seconds = max(board.animations.first?.durationSeconds ?? 0, ScenePlan.defaultSceneSeconds)
            return ScenePlan(artboard: boardIndex, choice: choice, step: step, frameCount: try frames(seconds),
                             summary: "state machine \"\(machine.name)\" from its start without input, stepped at \(fps.compactText) fps for "
                                + "\(seconds.compactText) s (the first animation's length, at least \(ScenePlan.defaultSceneSeconds.compactText) s)")
        }
    }

    static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    /// The input a tab's selection changes: the one `options.selectionInput` names, else the
    /// first boolean or trigger named for selection.
    static func selectionInput(_ machine: StateMachineModel, name: String, options: OpenOptions) throws -> ScenePlan.SelectionInput? {
        func usable(_ i: Int) -> ScenePlan.SelectionInput? {
            switch machine.inputs[i] {
            case .bool(let n, _)?: return ScenePlan.SelectionInput(index: i, name: n, isTrigger: false)
            case .trigger(let n)?: return ScenePlan.SelectionInput(index: i, name: n, isTrigger: true)
            default: return nil
            }
        }
        if let wanted = options.selectionInput {
            guard let i = machine.inputs.firstIndex(where: { $0?.name == wanted }) else {
                throw usage(name, "state machine \"\(machine.name)\" has no input named \"\(wanted)\"; it has \(list(machine.inputs.compactMap { $0?.name }))")
            }
            guard let s = usable(i) else {
                throw usage(name, "input \"\(wanted)\" of state machine \"\(machine.name)\" is a number; selection sets a boolean or fires a trigger")
            }
            return s
        }
        for i in machine.inputs.indices {
            if let n = machine.inputs[i]?.name, SelectionInputName.matches(n), let s = usable(i) { return s }
        }
        return nil
    }

    /// Plays the machine until it rests, then selects and plays until it rests again.
    static func selectionPlan(_ model: RiveFileModel, board: Int, machine: Int, selection: ScenePlan.SelectionInput,
                              step: Double, options: OpenOptions, name: String) throws -> ScenePlan {
        let maxRest = Int((ScenePlan.maxRestSeconds / step).rounded())
        let maxSelection = Int((ScenePlan.maxSelectionSeconds / step).rounded())
        var scene = RiveScene(file: model, artboard: board, choice: .stateMachine(machine), limits: options.limits)
        scene.advance(0)
        var rest = 0
        while rest < maxRest && scene.advance(step) { rest += 1 }
        var restNote = "after it settles (\(rest) steps)"
        if rest >= maxRest {
            // Still moving: select at the start instead of at an arbitrary point of a loop.
            rest = 0
            restNote = "at its start (it does not settle within \(ScenePlan.maxRestSeconds) s)"
            scene = RiveScene(file: model, artboard: board, choice: .stateMachine(machine), limits: options.limits)
            scene.advance(0)
        }
        scene.select(selection)
        var played = 0
        while played < maxSelection && scene.advance(step) { played += 1 }
        let count = played + 2
        guard count <= options.limits.maxFrames else {
            throw usage(name, "the selection plays \(count) frames, more than the limit of \(options.limits.maxFrames) (\(Limit.maxFrames))")
        }
        let machineName = model.artboards[board].stateMachines[machine].name
        return ScenePlan(artboard: board, choice: .stateMachine(machine), step: step, frameCount: count, restSteps: rest,
                         selection: selection,
                         summary: "state machine \"\(machineName)\": frame 0 rests \(restNote); then \(selection.isTrigger ? "trigger" : "boolean") \"\(selection.name)\" is "
                            + (selection.isTrigger ? "fired" : "set") + (played >= maxSelection ? " and \(ScenePlan.maxSelectionSeconds) s play" : " and it plays until it settles"))
    }
}

extension Error {
    /// Reader errors as the registry's error type, keeping the byte offset.
    var openError: Error { (self as? RiveError)?.openError ?? self }
}

extension RiveScene {
    /// Selects the tab: sets the boolean input or fires the trigger.
    func select(_ input: ScenePlan.SelectionInput) {
        guard let machine else { return }
        if input.isTrigger { machine.fire(input.index) } else { machine.setBool(input.index, true) }
    }
}
