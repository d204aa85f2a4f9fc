import CYLDocuments
import CYLTabBarItemAnimation

/// `cylanim info`: what an input is and how it will play.
enum InfoCommand {
    static let spec = CommandSpec(
        name: "info",
        abstract: "Describe an animation: format, canvas, frames, timing, loop, transparency and oddities.",
        discussion: """
        For a tab-bar configuration: its skins, the launch tab, and per tab what it shows, how it \
        plays, its width, its reselect gesture and the page it routes to (CYLTabBarItemPageIdentifier \
        and CYLTabBarItemPageParameters, which nothing draws).
        """,
        usage: "cylanim info <input> [--json] [--quick] [--fps <N>] [--gif-as <animation|image>]",
        arguments: [ArgumentSpec(name: "input", help: "A Lottie file (.json, .tgs), a PAG file (.pag), a Rive file (.riv), a GIF file, a directory of PNG frames or a tab-bar configuration.")],
        options: [.flag("json", help: "Print a JSON object instead of text."),
                  .flag("quick", help: "Read the header only: skip decoding and drawing every frame (then render may still find damage).")]
            + CommonOptions.specs)

    static func run(_ args: ParsedArguments) throws -> Int32 {
        let input = try CommonOptions.input(args, spec)
        if TabBarConfiguration.looksLikeConfiguration(path: input) { return try runConfiguration(input, args) }
        let t = try CommonOptions.open(args, spec)
        // The deferred checks (a Lottie file's expressions, each tried once) run before the frames
        // are drawn, so what they report does not depend on the time the drawing used.
        _ = t.diagnostics
        // Draw every frame unless asked not to: `info` must not call a file fine that `render` rejects.
        let check = args.has("quick") ? nil : t.checkEveryFrame()
        if args.has("json") { printJSON(t, check) } else { printText(t, check) }
        if let error = check?.error { throw error }
        return 0
    }

    static func policyText(_ policy: PlaybackPolicy, _ t: FrameTimeline?) -> String {
        switch policy {
        case .playOnceOnSelect: return "plays once on select, holds the last frame, " + (t?.deselectionText ?? "frame 0 when deselected")
        case .loopsWhenUnselected: return "loops while unselected, plays once on select"
        case .loop: return "loops forever whatever the selection"
        }
    }

    /// What was checked, in words: `all 12 frames decoded and drawn`, or what was not.
    static func checkText(_ t: FrameTimeline, _ check: FrameCheck?) -> String {
        guard let check else { return "header only (--quick): frame data not decoded or drawn" }
        if check.error != nil {
            return "frame \(check.framesChecked) cannot be drawn (error below)" + (check.framesChecked > 0 ? "; the frames before it can" : "")
        }
        return "all \(t.frameCount) frame\(t.frameCount == 1 ? "" : "s") \(t.capabilities.isVector ? "drawn" : "decoded and drawn")"
    }

    static func printJSON(_ t: FrameTimeline, _ check: FrameCheck?) {
        var members: [(String, JSONOutput)] = [
            ("file", .string(t.file)), ("format", .string(t.format)),
            ("width", .int(t.canvasSize.width)), ("height", .int(t.canvasSize.height)),
            ("frames", .int(t.frameCount)), ("duration_ms", .double(ms(t.duration))),
        ]
        if case .fps(let fps) = t.timing { members.append(("fps", .double(fps))) }
        members += [
            ("frame_durations_ms", .array(t.frameDurations.map { .double(ms($0)) })),
            ("loop", .string(t.loop.description)),
            ("loop_count", { switch t.loop { case .once: return .null; case .forever: return .int(0); case .repeats(let n): return .int(n) } }()),
            ("transparency", t.hasTransparency.map { .bool($0) } ?? .null),
            ("playback", .string(t.suggestedPolicy.rawValue)),
            ("markers", .array(t.markers.map { m in
                .object([("name", .string(m.name)), ("start_frame", .double(m.startFrame)), ("duration_frames", .double(m.durationFrames))])
            })),
            ("contents", JSONOutput(.object(t.contents))),
            ("diagnostics", diagnosticsJSON(t.diagnostics)),
            ("checked", check.map { c in
                .object([("frames_drawn", .int(c.framesChecked)), ("frames", .int(t.frameCount)),
                         ("error", c.error.map { .string("\($0)") } ?? .null)])
            } ?? .null),
        ]
        print(LimitFlag.explain(JSONOutput.object(members).text))
    }

    static func printText(_ t: FrameTimeline, _ check: FrameCheck?) {
        var lines: [(String, String)] = [
            ("file", t.file), ("format", t.format), ("canvas", "\(t.canvasSize)"),
            ("frames", "\(t.frameCount)"), ("duration", String(format3: t.duration.seconds) + " s"),
        ]
        switch t.timing {
        case .fps(let fps): lines.append(("frame rate", "\(fps.compactText) fps"))
        case .durations: lines.append(("delays", runs(t.frameDurations.map { ms($0) })))
        }
        lines.append(("loop", t.loop.description))
        lines.append(("transparency", t.hasTransparency.map { $0 ? "yes" : "no" } ?? "unknown until rendered"))
        lines.append(("playback", policyText(t.suggestedPolicy, t)))
        if !t.markers.isEmpty {
            lines.append(("markers", t.markers.map { "\($0.name) (frames \(($0.startFrame).compactText)+\(($0.durationFrames).compactText))" }.joined(separator: ", ")))
        }
        lines.append(("checked", checkText(t, check)))
        // Names and notes come from the file: one line each, whatever they contain.
        for (k, v) in lines { print(k.padding(14) + v.escapingControlCharacters) }
        if !t.contents.isEmpty {
            print("contents:")
            for line in InfoValue.object(t.contents).lines(indent: "  ") { print(line.escapingControlCharacters) }
        }
        if !t.diagnostics.isEmpty {
            print("notes:")
            for d in t.diagnostics { print("  \(LimitFlag.explain(d.description).escapingControlCharacters)") }
        }
    }

    static func diagnosticsJSON(_ diagnostics: [Diagnostic]) -> JSONOutput {
        .array(diagnostics.map { d in
            .object([("severity", .string(d.severity.rawValue)), ("location", .string(d.location)), ("message", .string(d.message))])
        })
    }

    static func ms(_ d: Duration) -> Double { (d.seconds * 1e6).rounded() / 1e3 }

    /// `100 ms x 11, 500 ms`: runs of equal delays, in order.
    static func runs(_ values: [Double]) -> String {
        var parts: [String] = []
        var i = 0
        while i < values.count {
            var j = i
            while j + 1 < values.count && values[j + 1] == values[i] { j += 1 }
            let n = j - i + 1
            parts.append("\((values[i]).compactText) ms" + (n > 1 ? " x \(n)" : ""))
            i = j + 1
        }
        if parts.count > 12 { return parts.prefix(12).joined(separator: ", ") + ", ... (\(parts.count - 12) more runs; --json lists all)" }
        return parts.joined(separator: ", ")
    }
}

extension String {
    init(format3 v: Double) {
        guard v.isFinite, abs(v) < 1e12 else { self = String(v); return }
        let scaled = Int((v * 1000).rounded())
        let frac = String(scaled % 1000)
        self = "\(scaled / 1000)." + String(repeating: "0", count: 3 - frac.count) + frac
    }

    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
