import CYLDocuments
import CYLTimeline

/// The dotLottie back-end (`.lottie`): a zip (magic `PK\x03\x04`) holding `manifest.json` and the
/// animations (`a/<id>.json`, or `animations/<id>.json` in version 1). Plays the manifest's first
/// animation, or `OpenOptions.animationID`, through the Lottie back-end, with the theme
/// `OpenOptions.theme` applied as slot values (`DotLottieTheme`). Image assets that are files are
/// read from the archive's `i/` (`images/` in version 1) entries (`u` + `p`, or the file name).
public struct DotLottieAnimator: CYLTabBarItemAnimator {
    public var formatName: String { "dotLottie" }

    public init() {}

    public func canOpen(_ probe: ContentProbe) -> Bool {
        !probe.isDirectory && probe.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }

    public func timeline(for probe: ContentProbe, options: OpenOptions) throws -> FrameTimeline {
        try timeline(bytes: try InputFile.read(probe.path, limits: options.limits), name: probe.path, options: options)
    }

    /// The themes that apply to the animation `options.animationID` picks (the manifest's first
    /// without one), read from the manifest alone; empty for an archive that cannot be read.
    public func themes(for probe: ContentProbe, options: OpenOptions) -> [String] {
        let limit = LottieAnimator.inflatedJSONLimit(options.limits)
        guard let bytes = try? InputFile.read(probe.path, limits: options.limits),
              let file = try? DotLottieFile(bytes: bytes, name: probe.path, maxEntryBytes: limit.bytes) else { return [] }
        return file.themeIDs(forAnimation: options.animationID ?? file.animationIDs[0])
    }

    /// Opens a dotLottie file already in memory; errors are `OpenError`s naming `name`.
    public func timeline(bytes: [UInt8], name path: String, options: OpenOptions) throws -> FrameTimeline {
        let json: [UInt8]
        let id: String
        let archive: DotLottieFile
        // Entries are JSON (the manifest, the animations): they must fit the JSON limit when inflated.
        let limit = LottieAnimator.inflatedJSONLimit(options.limits)
        do {
            let file = try DotLottieFile(bytes: bytes, name: path, maxEntryBytes: limit.bytes)
            archive = file
            id = options.animationID ?? file.animationIDs[0]
            json = try file.animationJSON(id: id)
        } catch {
            let hint = error.kind == .tooLarge ? " (\(limit.name))" : ""
            throw OpenError(file: path, .invalid, "dotLottie: \(error.message)\(hint)")
        }
        let themes = try DotLottieThemes(archive, path: path, animation: id, chosen: options.theme, limits: options.limits)
        let name = "\(path):\(archive.animationEntry(id))"
        let machines = DotLottieStateMachines(archive, path: path, limits: options.limits)
        // A tab plays the file's first state machine, as a Rive tab plays its artboard's.
        // One that cannot be read is an error when named, and leaves a tab the animation alone
        // (with the warning `machines` holds) when it is only the file's first.
        var playing = options.stateMachine ?? (options.playsSelection ? archive.stateMachineIDs.first : nil)
        var machine: StateMachineDefinition?
        do { machine = try playing.map { try machines.definition($0, path: path) } } catch where options.stateMachine == nil { playing = nil }
        var t = try LottieAnimator.reportingPlace(in: name) {
            // Images are entries, not JSON: bounded by the file limit, as a file beside the JSON would be.
            let document = try LottieDocument(bytes: json, name: name, options: options,
                                              images: .archive(archive, maxEntryBytes: options.limits.maxFileBytes),
                                              themeSlots: themes.chosenSlots, themed: themes.ruleIDs)
            var t = document.timeline()
            t.capabilities.lottieJSON = { json }
            // Written again under its own id, its images from this archive, with the themes that
            // apply to it (read above, so each exists and is within the limits). The themes are
            // read again only when a .lottie is written, not on every open.
            let exporter = DotLottieExporter(json: json, name: name, id: id,
                                             images: .archive(archive, maxEntryBytes: options.limits.maxFileBytes), limits: options.limits)
            t.capabilities.dotLottie = { colors, variant in
                var withThemes = exporter
                for theme in archive.themeIDs(forAnimation: id) {
                    if let bytes = try? archive.themeJSON(id: theme) { withThemes.themes.append(DotLottieWriter.Entry(id: theme, bytes: bytes)) }
                }
                // The machines that play only this animation still work in a file that holds it alone.
                for (machineID, read) in machines.machines {
                    guard case .success(let m) = read, m.states.allSatisfy({ ($0.playback?.animation ?? "").isEmpty || $0.playback?.animation == id }),
                          let bytes = try? archive.stateMachineJSON(id: machineID) else { continue }
                    withThemes.stateMachines.append(DotLottieWriter.Entry(id: machineID, bytes: bytes))
                }
                return try withThemes.export(darkColors: colors, darkVariant: variant)
            }
            themes.report(slots: document.slotIDs, into: &t)
            // Rules and themes that change nothing, judged over every animation of the file.
            var check = DotLottieThemeCheck(archive, path: path, opened: id, openedSlots: document.slotIDs, limits: options.limits)
            t.addDiagnostics(check.diagnostics(read: themes.themes, opened: id))
            return t
        }
        t.addDiagnostics(machines.notes)
        var summary: String?
        if let machine {
            let played = try play(machine, archive: archive, path: path, animation: id, base: t, themes: themes, options: options)
            t = played.timeline
            summary = played.summary
        }
        machines.report(playing: playing, summary: summary, into: &t)
        t.format = "dotLottie"
        t.file = path
        t.inputs = [path]
        return t
    }
}

/// The themes of one animation of a dotLottie file: which apply, the chosen one's slot values,
/// and what `info` and `lint` say about their rules.
struct DotLottieThemes {
    /// The themes that apply to the animation, read (a broken one that is not chosen is a warning).
    var themes: [DotLottieTheme] = []
    var notes: [Diagnostic] = []
    /// The chosen theme's slot values for the animation (empty without `--theme`).
    var chosenSlots: [String: JSONElement] = [:]
    let animation: String
    let chosen: String?

    init(_ file: DotLottieFile, path: String, animation: String, chosen: String?, limits: Limits) throws(OpenError) {
        self.animation = animation
        self.chosen = chosen
        let applicable = file.themeIDs(forAnimation: animation)
        if let chosen, !applicable.contains(chosen) {
            let has = applicable.isEmpty ? "it has no themes" : "its themes: \(applicable.joined(separator: ", "))"
            let elsewhere = file.themeIDs.contains(chosen) ? " (the manifest limits animation '\(animation)' to other themes)" : ""
            throw OpenError(file: path, .unknownName, "--theme \(chosen): animation '\(animation)' has no theme '\(chosen)'\(elsewhere); \(has)")
        }
        for themeID in applicable {
            do {
                let theme = try DotLottieTheme(id: themeID, in: file, archiveName: path, limits: limits)
                notes += theme.notes
                if themeID == chosen { chosenSlots = try theme.slots(for: animation, limits: limits) }
                themes.append(theme)
            } catch where themeID != chosen {
                notes.append(Diagnostic(.warning, at: DotLottieFile.themeEntry(themeID),
                                        "theme \"\(themeID)\" cannot be used: \(error.location.isEmpty ? "" : "\(error.location): ")\(error.message)",
                                        feature: .themes))
            }
        }
    }

    /// The slot ids the themes' rules for the animation give values.
    var ruleIDs: Set<String> { Set(themes.flatMap { $0.rules.filter { $0.applies(to: animation) }.map(\.id) }) }

    /// Adds the themes to `info`'s contents, each rule marked when no property of this animation
    /// names its slot. Whether that is worth a warning depends on the file's other animations:
    /// `DotLottieThemeCheck` decides.
    func report(slots: (defined: Set<String>, named: Set<String>), into t: inout FrameTimeline) {
        t.addDiagnostics(notes)
        guard !themes.isEmpty else { return }
        let all = slots.defined.union(slots.named)
        var list: [InfoValue] = []
        for theme in themes {
            var rules: [InfoValue] = []
            var themed = Set<String>()
            for r in theme.rules {
                var text = "\(r.id): \(r.type.rawValue), " + (r.keyframes.map { "\($0) keyframe\($0 == 1 ? "" : "s")" } ?? "fixed")
                if let a = r.animations { text += ", only for \(a.joined(separator: ", "))" }
                if !r.applies(to: animation) {
                    text += " (not this animation)"
                } else if !slots.named.contains(r.id) {
                    text += " (matches no slot)"
                } else {
                    themed.insert(r.id)
                }
                rules.append(.string(text))
            }
            var fields = [InfoField("name", .string(theme.id))]
            if theme.id == chosen { fields.append(InfoField("drawn", .bool(true))) }
            fields.append(InfoField("rules", .list(rules)))
            fields.append(InfoField("slots it leaves", .list(slots.named.subtracting(themed).sorted().map { .string($0) })))
            list.append(.object(fields))
        }
        t.contents.append(InfoField("slots", .list(all.sorted().map { id in
            .string(slots.named.contains(id) ? id : "\(id) (no property names it)")
        })))
        t.contents.append(InfoField("themes", .list(list)))
    }
}
