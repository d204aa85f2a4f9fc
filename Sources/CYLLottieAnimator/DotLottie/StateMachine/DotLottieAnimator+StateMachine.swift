import CYLDocuments
import CYLTimeline

extension DotLottieAnimator {
    /// `base` (the animation `animation` as it plays alone) replaced by what `machine` plays:
    /// each animation a state shows is opened (with the chosen theme where it applies), and the
    /// plan's frames are drawn from them.
    func play(_ machine: StateMachineDefinition, archive: DotLottieFile, path: String, animation: String,
              base: FrameTimeline, themes: DotLottieThemes, options: OpenOptions) throws -> (timeline: FrameTimeline, summary: String) {
        var ids = [animation]
        for s in machine.states {
            if let a = s.playback?.animation, !a.isEmpty, !ids.contains(a), archive.animationIDs.contains(a) { ids.append(a) }
        }
        var documents: [LottieDocument] = []
        var layers: [String: Set<String>] = [:]
        for id in ids {
            let name = "\(path):\(archive.animationEntry(id))"
            let json: [UInt8]
            do { json = try archive.animationJSON(id: id) } catch { throw OpenError(file: path, .invalid, "dotLottie: \(error.message)") }
            // The chosen theme where it applies to this animation (the first's was checked already).
            let own = id == animation ? themes
                : try DotLottieThemes(archive, path: path, animation: id,
                                      chosen: archive.themeIDs(forAnimation: id).contains(options.theme ?? "") ? options.theme : nil, limits: options.limits)
            let document = try LottieAnimator.reportingPlace(in: name) {
                try LottieDocument(bytes: json, name: name, options: options, images: .archive(archive, maxEntryBytes: options.limits.maxFileBytes),
                                   themeSlots: own.chosenSlots, themed: own.ruleIDs)
            }
            documents.append(document)
            layers[id] = Self.layerNames(json, name: name)
        }
        var animations: [String: StateMachineAnimation] = [:]
        for (id, d) in zip(ids, documents) {
            animations[id] = StateMachineAnimation(frameCount: d.outPoint - d.inPoint, frameRate: d.frameRate,
                                                   markers: d.markers.map { StateMachineMarker(name: $0.name, start: $0.startFrame, duration: $0.durationFrames) })
        }
        var engine = StateMachineEngine(machine, animations: animations, initialAnimation: animation)
        // Layer bounds are not computed: a tap on the icon counts as inside every layer the
        // animations have (a tab is tapped as a whole).
        let names = layers.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        engine.hitTest = { layer, _, _ in names.contains(layer) }
        let selection: StateMachinePlan.Selection?
        if options.playsSelection {
            do { selection = try StateMachinePlan.selection(machine, named: options.selectionInput) } catch {
                throw OpenError(file: path, .invalid, error.message)
            }
        } else {
            selection = nil
        }
        let first = documents[0]
        let plan = StateMachinePlan.make(engine, animations: ids, step: 1 / first.frameRate, selection: selection,
                                         centre: (first.size.width / 2, first.size.height / 2), maxFrames: options.limits.maxFrames)
        var t = FrameTimeline(format: "dotLottie", file: path, canvasSize: base.canvasSize, frameCount: plan.frames.count,
                              timing: .fps(first.frameRate), loop: .once, suggestedPolicy: .playOnceOnSelect, hasTransparency: true,
                              diagnostics: base.openDiagnostics, capabilities: TimelineCapabilities(isVector: true),
                              inputs: base.inputs, source: StateMachineFrameSource(documents: documents, frames: plan.frames))
        t.deferredDiagnostics = base.deferredDiagnostics
        t.deselectionStart = plan.deselectionStart
        t.contents = base.contents
        if options.playsSelection, selection == nil {
            t.addDiagnostics([Diagnostic(.note, at: DotLottieFile.stateMachineEntry(machine.id),
                                            "state machine \"\(machine.id)\" has no input named for selection (\(SelectionInputName.listed)) and no pointer-down or "
                                            + "click interaction; the tab plays the machine from its start")])
        }
        return (t, plan.summary)
    }

    /// The names of every layer of a Lottie document (its own and its precompositions').
    static func layerNames(_ json: [UInt8], name: String) -> Set<String> {
        guard let root = try? JSONDocument.parse(json, name: name) else { return [] }
        var out = Set<String>()
        for layer in root["layers"]?.asArray ?? [] { if let n = layer["nm"]?.asString { out.insert(n) } }
        for asset in root["assets"]?.asArray ?? [] {
            for layer in asset["layers"]?.asArray ?? [] { if let n = layer["nm"]?.asString { out.insert(n) } }
        }
        return out
    }
}
