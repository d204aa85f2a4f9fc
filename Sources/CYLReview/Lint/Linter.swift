import CYLDocuments
import CYLGeometry
import CYLRaster
import CYLTimeline
import Foundation

/// Runs a profile's rules over one subject. Each check is one function; thresholds come from
/// the profile, and measurements from `FrameAnalysis` (pixels) and `VectorFacts` (display lists).
struct Linter {
    let profile: LintProfile
    /// Rule ids that run: the profile's, minus what the user disabled.
    let enabled: Set<String>

    init(profile: LintProfile, disabled: Set<String>) {
        self.profile = profile
        enabled = Set(profile.rules.map(\.id)).subtracting(disabled)
    }

    /// Collects findings for one subject, keeping only enabled rules.
    struct Findings {
        let subject: LintSubject
        let enabled: Set<String>
        var list: [LintFinding] = []

        func wants(_ rule: LintRule) -> Bool { enabled.contains(rule.id) }

        mutating func add(_ rule: LintRule, at location: String = "", _ message: String) {
            guard wants(rule) else { return }
            list.append(LintFinding(rule: rule, file: subject.file, context: subject.context, location: location, message: message))
        }
    }

    func lint(_ s: LintSubject) -> [LintFinding] {
        var out = Findings(subject: s, enabled: enabled)
        checkFile(s, &out)
        checkTiming(s, &out)
        checkDiagnostics(s, &out)
        do {
            let analysis = FrameAnalysis(s.timeline)
            var measures: [Int: FrameMeasure] = [:]
            // The held frame is measured even where a long timeline is sampled: the rest-frame checks need it.
            for f in Set(FrameAnalysis.sampleFrames(count: s.timeline.frameCount)).union(Self.restFrames(s)) { measures[f] = try analysis.measure(f) }
            checkBounds(s, measures, &out)
            checkRestFrames(s, measures, &out)
            checkLoop(s, measures, &out)
            try checkVector(s, measures, &out)
            try checkDarkContrast(s, &out)
            if s.isGIF { try checkPalette(s, &out) }
        } catch {
            out.add(.openFailed, "cannot draw it: \(error)")
        }
        return out.list
    }

    // MARK: The file, its timing, its diagnostics

    func checkFile(_ s: LintSubject, _ out: inout Findings) {
        let c = s.timeline.canvasSize
        if c.width != c.height { out.add(.canvasNotSquare, "the canvas is \(c.width)×\(c.height)") }
        if let bytes = s.fileBytes, bytes > profile.maxFileBytes {
            out.add(.fileTooLarge, "\(ByteCountText.text(bytes)) (the \(profile.name) profile allows \(ByteCountText.text(profile.maxFileBytes)))")
        }
    }

    func checkTiming(_ s: LintSubject, _ out: inout Findings) {
        let t = s.timeline
        guard t.frameCount > 1 else { return }
        let fps = s.effectiveFPS
        let rate: String
        if case .fps = t.timing { rate = "\(((fps * 100).rounded() / 100).compactText) fps" } else {
            rate = "\(((fps * 100).rounded() / 100).compactText) fps (median frame \(((1000 / fps).rounded()).compactText) ms)"
        }
        if fps > profile.fpsRange.upperBound { out.add(.fpsTooHigh, "plays at \(rate)") }
        if fps < profile.fpsRange.lowerBound { out.add(.fpsTooLow, "plays at \(rate)") }
        // Only what selecting plays: a way back (frames from `deselectionStart` on) plays on deselect.
        let seconds = s.selectionDuration.seconds / s.speed
        if s.playsOnceOnSelect && seconds > profile.maxPlayOnceSeconds {
            out.add(.playOnceTooLong, "selecting the tab plays \(ReviewIcon.seconds(seconds)) (\(s.selectionFrameCount) frames)\(s.speed == 1 ? "" : " at speed \(s.speed.compactText)")")
        }
    }

    /// One finding per feature the file uses that this renderer or mobile players lack, at its
    /// first place; back-end warnings about odd data one each.
    func checkDiagnostics(_ s: LintSubject, _ out: inout Findings) {
        var seen = Set<Diagnostic.Feature>()
        // Drawn here, ignored by lottie-ios and lottie-android.
        for use in s.timeline.capabilities.portabilityRisks where seen.insert(use.feature).inserted {
            out.add(.unportableFeature, at: use.location, Self.portabilityText(use.feature, count: use.count, drawnHere: true))
        }
        for d in s.timeline.diagnostics {
            // A slot nobody defines is odd data (or a mistyped --slot), not a feature left undrawn.
            guard let feature = d.feature, feature != .slots else {
                if d.severity == .warning { out.add(.inputWarning, at: d.location, d.message) }
                continue
            }
            // Each theme rule that changes nothing is its own finding: the fix is per rule.
            if feature == .themes {
                out.add(.themeRuleUnmatched, at: d.location, d.message)
                continue
            }
            // Each state-machine place that names what the file lacks is its own finding, as
            // theme rules are: one state's fix does not fix another's.
            if feature == .stateMachines {
                out.add(.stateMachineReference, at: d.location, d.message)
                continue
            }
            // Each piece of content the frames lack (a Rive text run, a layout) is its own
            // finding: grouped, one kind would hide another.
            if feature == .notDrawn {
                out.add(.unsupportedFeature, at: d.location, d.message)
                continue
            }
            // Each slow expression is its own finding: the fix is per property.
            if feature == .expressionLimit {
                out.add(.expressionTooSlow, at: d.location, d.message)
                continue
            }
            guard seen.insert(feature).inserted else { continue }
            let places = s.timeline.diagnostics.filter { $0.feature == feature }.count
            switch feature {
            case .expressions, .effects, .layerStyles:
                out.add(.unportableFeature, at: d.location, Self.portabilityText(feature, count: places, drawnHere: false))
            default:
                out.add(.unsupportedFeature, at: d.location, d.message + Self.places(places))
            }
        }
    }

    static func places(_ n: Int) -> String { n > 1 ? " (\(n) places)" : "" }

    static func portabilityText(_ feature: Diagnostic.Feature, count: Int, drawnHere: Bool) -> String {
        let here = drawnHere ? "this renderer draws them" : "as this renderer does"
        switch feature {
        case .expressions: return "expressions\(places(count)): lottie-ios and lottie-android ignore them and play the keyframes (\(here))"
        case .effects: return "layer effects\(places(count)): most mobile players ignore them (\(here))"
        default: return "layer styles\(places(count)): mobile players ignore them (\(here))"
        }
    }

    /// Whether the file has content this renderer draws as nothing (unknown layers, images it
    /// cannot load): then an empty-looking frame may not be empty on a device. (Text is drawn;
    /// its unsupported parts, such as text on a path, still draw the characters.)
    static func mayMissContent(_ s: LintSubject) -> Bool {
        s.timeline.diagnostics.contains { d in
            switch d.feature {
            case .layerType?, .externalImage?, .imageFormat?, .notDrawn?: return true
            default: return false
            }
        }
    }

    // MARK: Where the content is

    /// Content cut by the canvas's edge in any frame; the resting frames' content inside the margin.
    func checkBounds(_ s: LintSubject, _ measures: [Int: FrameMeasure], _ out: inout Findings) {
        let w = Double(s.timeline.canvasSize.width), h = Double(s.timeline.canvasSize.height)
        var worst: (frame: Int, cut: FrameMeasure.Cut)?
        var cutFrames: [Int] = []
        for f in measures.keys.sorted() {
            // Content cut by less than a point is an edge that sits on the canvas's border.
            let cuts = (measures[f]?.cuts ?? []).filter { $0.overhang * s.pointScale >= 1 }
            guard let deepest = cuts.max(by: { $0.overhang < $1.overhang }) else { continue }
            cutFrames.append(f)
            if worst == nil || deepest.overhang > worst!.cut.overhang { worst = (f, deepest) }
        }
        if let worst {
            let reach = worst.cut.overhang * s.pointScale
            // The view is three canvases wide: content a whole canvas out or more is at its edge.
            let far = worst.cut.overhang >= (worst.cut.side == "left" || worst.cut.side == "right" ? w : h) * 0.99
            out.add(.contentOutsideCanvas, at: Self.frames(cutFrames, of: s.timeline.frameCount, checked: measures.count),
                    "content crosses the canvas's \(worst.cut.side) edge and reaches \(far ? "at least " : "")\(Self.points(reach)) beyond it (frame \(worst.frame), at \(s.pointSize.compactText) pt); the part outside is clipped")
        }
        for f in Self.restFrames(s) {
            guard let m = measures[f], !m.isEmpty, let box = m.box else { continue }
            let gaps = [("left", box.minX / w), ("top", box.minY / h), ("right", (w - box.maxX) / w), ("bottom", (h - box.maxY) / h)]
            let (side, gap) = gaps.min { $0.1 < $1.1 }!
            // One analysis pixel of slack (about 1% of the canvas): an edge exactly on the margin passes.
            guard gap < profile.margin - 1.0 / Double(FrameAnalysis.longSide) else { continue }
            let clear = gap * (side == "left" || side == "right" ? w : h) * s.pointScale
            out.add(.contentInMargin, at: "frame \(f)",
                    "the \(f == 0 ? "resting" : "selected") icon comes within \(Self.percent(max(0, gap))) of the canvas's \(side) edge (\(Self.points(max(0, clear))) at \(s.pointSize.compactText) pt); keep \(Self.percent(profile.margin)) clear")
            break
        }
    }

    /// The frames a tab shows for long: frame 0 (unselected) and the one held when selected (the
    /// last, or the last before a way back, which ends on frame 0 again).
    static func restFrames(_ s: LintSubject) -> [Int] {
        s.heldFrame == 0 ? [0] : [0, s.heldFrame]
    }

    // MARK: First and last frames

    func checkRestFrames(_ s: LintSubject, _ measures: [Int: FrameMeasure], _ out: inout Findings) {
        let last = s.heldFrame
        guard last > 0, let first = measures[0], let end = measures[last] else { return }
        guard !Self.mayMissContent(s) else { return }
        if s.playsOnceOnSelect && end.isEmpty {
            let which = last == s.timeline.frameCount - 1 ? "the last frame" : "frame \(last), the last selecting plays,"
            out.add(.lastFrameEmpty, at: "frame \(last)", "\(which) is \(Self.emptiness(end)); the selected tab would show nothing")
        }
        guard s.policy == .playOnceOnSelect, measures.values.contains(where: { !$0.isEmpty }) else { return }
        if first.isEmpty {
            out.add(.firstFrameEmpty, at: "frame 0", "frame 0 is \(Self.emptiness(first)); the unselected tab would show nothing")
            return
        }
        // An icon that draws itself in (a dot or a stroke's first stretch at frame 0) covers a small
        // part of the box its selected pose covers; an outline turning into a filled shape does not.
        if let box0 = first.box, let boxN = end.box, !end.isEmpty {
            let a0 = box0.width * box0.height, aN = boxN.width * boxN.height
            if aN > 0 && a0 < 0.25 * aN {
                out.add(.firstFrameNotAtRest, at: "frame 0",
                        "frame 0 covers \(Self.percent(a0 / aN)) of the area \(last == s.timeline.frameCount - 1 ? "the last frame" : "frame \(last), the last selecting plays,") covers: the unselected tab shows a partly drawn icon")
            }
        }
    }

    static func emptiness(_ m: FrameMeasure) -> String {
        m.visiblePixels == 0 ? "empty" : "almost empty (\(m.visiblePixels) of \(m.image.width * m.image.height) pixels show at all)"
    }

    // MARK: Loops

    /// A loop (unselected, or forever) jumps when the step from its last frame back to frame 0 is
    /// far bigger than any step between neighbouring frames.
    func checkLoop(_ s: LintSubject, _ measures: [Int: FrameMeasure], _ out: inout Findings) {
        let n = s.timeline.frameCount
        guard s.policy != .playOnceOnSelect, n >= 3, let first = measures[0], let last = measures[n - 1] else { return }
        let wrap = PixelDifference.compare(last.image, first.image, tolerance: 16)
        var steps: [Double] = []
        for f in measures.keys where f + 1 < n {
            guard let a = measures[f], let b = measures[f + 1] else { continue }
            steps.append(PixelDifference.compare(a.image, b.image, tolerance: 16).meanDifference)
        }
        let biggest = steps.max() ?? 0
        guard wrap.changedShare >= 0.01, wrap.meanDifference > 2 * biggest else { return }
        out.add(.loopJump, at: "frame \(n - 1) → 0",
                "the loop jumps: \(Self.percent(wrap.changedShare)) of the pixels change from the last frame to frame 0, "
                + "\(((wrap.meanDifference / max(biggest, 1e-9) * 10).rounded() / 10).compactText)× the biggest step between neighbouring frames")
    }

    // MARK: Vector content

    /// Thin strokes in the resting frames; embedded images larger than they are ever shown.
    /// A stroke counts where the frame shows something around it (a stroke a mask or matte hides
    /// entirely, in a frame that shows nothing there, does not).
    func checkVector(_ s: LintSubject, _ measures: [Int: FrameMeasure], _ out: inout Findings) throws {
        guard let displayList = s.timeline.capabilities.displayList,
              out.wants(.strokeTooThin) || out.wants(.imageTooLarge) else { return }
        let k = s.pointScale
        for f in Self.restFrames(s) {
            guard let m = measures[f], !m.isEmpty, let shown = m.box else { continue }
            let facts = VectorFacts(try displayList(Double(f)))
            let thin = facts.strokes.filter {
                $0.extent * k >= 1 && $0.width * k < profile.minStrokePixels && $0.bounds.intersects(shown)
            }
            guard let thinnest = thin.min(by: { $0.width < $1.width }) else { continue }
            out.add(.strokeTooThin, at: "frame \(f)",
                    "\(thin.count) stroke\(thin.count == 1 ? " is" : "s are") thinner than \(profile.minStrokePixels.compactText) px at @1x (\(s.pointSize.compactText) pt); the thinnest is \(Self.points(thinnest.width * k))")
            break
        }
        guard out.wants(.imageTooLarge) else { return }
        var shown: [PixelSize: (Double, Double)] = [:]
        for f in measures.keys.sorted() {
            for image in VectorFacts(try displayList(Double(f))).images {
                let old = shown[image.pixels] ?? (0, 0)
                shown[image.pixels] = (max(old.0, image.shownWidth * k * 3), max(old.1, image.shownHeight * k * 3))
            }
        }
        let oversize = shown.map { (pixels: $0.key, shown: $0.value,
                                    ratio: min(Double($0.key.width) / max($0.value.0, 1), Double($0.key.height) / max($0.value.1, 1))) }
            .filter { $0.ratio > profile.maxImageOversize }.sorted { $0.pixels.pixelCount > $1.pixels.pixelCount }
        if let big = oversize.first {
            let others = oversize.count > 1 ? " (and \(oversize.count - 1) more embedded image\(oversize.count == 2 ? "" : "s") like it)" : ""
            out.add(.imageTooLarge, "a \(big.pixels.width)×\(big.pixels.height) image is shown at most \(Int(big.shown.0.rounded()))×\(Int(big.shown.1.rounded())) px (@3x of \(s.pointSize.compactText) pt): \(((big.ratio * 10).rounded() / 10).compactText)× the pixels needed per side\(others)")
        }
    }

    // MARK: Helpers

    static func percent(_ v: Double) -> String {
        let p = v * 100
        return p >= 10 || p == p.rounded() ? "\(Int(p.rounded()))%" : String(format: "%.1f%%", p)
    }

    static func points(_ v: Double) -> String { String(format: v < 1 ? "%.2f pt" : "%.1f pt", v) }

    /// "frames 3-9, 12" (runs collapsed), "frame 4", "all frames"; when only `checked` of the
    /// `count` frames were measured, "12 of 60 frames checked (3-97)".
    static func frames(_ list: [Int], of count: Int, checked: Int? = nil) -> String {
        guard !list.isEmpty else { return "" }
        if list.count == count { return "all frames" }
        if let checked, checked < count {
            if list.count == checked { return "all \(checked) frames checked" }
            return "\(list.count) of \(checked) frames checked (" + (list.count == 1 ? "\(list[0])" : "\(list.first!)-\(list.last!)") + ")"
        }
        var runs: [String] = []
        var start = list[0], prev = list[0]
        for f in list.dropFirst() + [Int.min] {
            if f == prev + 1 { prev = f; continue }
            runs.append(start == prev ? "\(start)" : "\(start)-\(prev)")
            start = f; prev = f
        }
        return (list.count == 1 ? "frame " : "frames ") + runs.prefix(6).joined(separator: ", ") + (runs.count > 6 ? ", …" : "")
    }
}
