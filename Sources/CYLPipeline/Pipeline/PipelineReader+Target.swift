import CYLImageCodecs
import CYLDocuments
import CYLConvert
import CYLRaster
import CYLTabBar
import CYLTimeline

extension PipelineReader {
    /// One entry of `outputs`. The encoder's options are checked by `EncoderSettings` (which
    /// formats take them, their ranges), as `cylanim convert` checks its flags.
    func target(_ e: JSONElement, index: Int) throws(PipelineError) -> OutputTarget {
        guard case .object = e.value else {
            throw fail(.wrongType, e, "an output is an object such as {\"format\": \"gif\", \"size\": 27, \"scales\": [2, 3]}; found \(e.value.typeDescription)")
        }
        let members = try self.members(e, known: PipelineKey.target, what: "an output")
        guard let formatElement = e["format"] else {
            throw fail(.missing, e, "an output needs \"format\": gif, png (animated PNG), webp, png-sequence, tgs or lottie")
        }
        let formatText = try string(formatElement)
        guard let format = OutputFormat.parse(formatText) else {
            var message = "unknown format \"\(formatText)\"; " + OutputFormat.expectedNames
            if let guess = Suggestion.closest(to: formatText, among: OutputFormat.suggestedNames) { message += "; did you mean \"\(guess)\"?" }
            throw fail(.invalidValue, formatElement, message)
        }
        var nameElement: JSONElement?
        var target = OutputTarget(index: index, format: format, name: try! NamePattern(PipelineKey.defaultName(for: format)))
        target.location = place(e)
        for (key, value) in members {
            // Refused before the value is read, as `convert` refuses the flag.
            if let option = PipelineKey.encoderOption(key) {
                do { try EncoderSettings.check(option, for: format) } catch { throw fail(value, error, key: key) }
            }
            switch key {
            case "size": target.size = try size(value)
            case "scales": target.scales = try scales(value)
            case "appearances": target.appearances = try appearances(value)
            case "name": nameElement = value
            case "matte": target.matte = try setting(value, key, try color(value), EncoderSettings.matte(checking:))
            case "background": target.background = try color(value)
            case "fps": target.fps = try setting(value, key, try double(value), EncoderSettings.fps(checking:))
            case "speed": target.speed = try setting(value, key, try double(value), EncoderSettings.speed(checking:))
            case "quality": target.quality = try setting(value, key, try double(value), EncoderSettings.quality(checking:))
            case "lossless":
                do { target.lossless = try value.bool() } catch { throw wrap(error) }
            case "colors": target.colors = try setting(value, key, try double(value), EncoderSettings.colors(checking:))
            case "dither": target.dither = try setting(value, key, try string(value), EncoderSettings.dither(named:))
            case "alphaThreshold":
                target.alphaThreshold = try setting(value, key, try double(value), EncoderSettings.alphaThreshold(checking:))
            case "loop": target.loop = try loop(value, key: key)
            case "compression": target.compression = try setting(value, key, try double(value), EncoderSettings.compression(checking:))
            default: continue   // "format", read above
            }
        }
        if let nameElement { target.name = try name(nameElement, format: format) }
        try checkDistinct(target, e: nameElement ?? e)
        return target
    }

    /// `value` (read from `e`) as `check` makes it an encoder setting, or its error at `e`.
    func setting<Value, Setting>(_ e: JSONElement, _ key: String, _ value: Value,
                                 _ check: (Value) throws(EncoderSettingsError) -> Setting) throws(PipelineError) -> Setting {
        do { return try check(value) } catch { throw fail(e, error, key: key) }
    }

    /// An encoder setting's error at `e`, framed as this file's other messages: the number after
    /// a range (`(got 300)`), the name before the names expected (`unknown dither "x"; ...`).
    func fail(_ e: JSONElement, _ error: EncoderSettingsError, key: String) -> PipelineError {
        var message = error.explanation(naming: "\"\(key)\"")
        switch error.problem {
        case .outOfRange, .notWhole: if let v = error.value { message += " (got \(v))" }
        case .unknownName: if let v = error.value { message = "unknown \(key) \(v); " + message }
        case .notTaken, .notOpaque: break
        }
        return fail(.invalidValue, e, message)
    }

    func size(_ e: JSONElement) throws(PipelineError) -> PointSize {
        if case .array(let items) = e.value {
            guard items.count == 2, let w = e[0], let h = e[1] else { throw fail(.invalidValue, e, "a size is a number of points (27) or [width, height]") }
            return PointSize(try number(w, in: 1...4096, what: "the width in points"), try number(h, in: 1...4096, what: "the height in points"))
        }
        let side = try number(e, in: 1...4096, what: "the size in points")
        return PointSize(side, side)
    }

    func scales(_ e: JSONElement) throws(PipelineError) -> [Double] {
        let items = try nonEmptyArray(e, what: "scales", example: "[1, 2, 3]")
        var out: [Double] = []
        for item in items {
            let s = try number(item, in: 0.1...16, what: "a scale")
            guard !out.contains(s) else { throw fail(.invalidValue, item, "scale \(s.compactText) is listed twice") }
            out.append(s)
        }
        return out
    }

    func appearances(_ e: JSONElement) throws(PipelineError) -> [Appearance] {
        let items = try nonEmptyArray(e, what: "appearances", example: "[\"light\", \"dark\"]")
        var out: [Appearance] = []
        for item in items {
            let s = try string(item)
            guard let a = Appearance(rawValue: s.lowercased()) else { throw fail(.invalidValue, item, "unknown appearance \"\(s)\"; expected light or dark") }
            guard !out.contains(a) else { throw fail(.invalidValue, item, "\"\(s)\" is listed twice") }
            out.append(a)
        }
        return out
    }

    func loop(_ e: JSONElement, key: String) throws(PipelineError) -> LoopHint {
        switch e.value {
        case .string(let s) where s == "forever": return .forever
        case .string(let s) where s == "once": return .once
        case .number: return try setting(e, key, try double(e), EncoderSettings.loop(checkingCount:))
        default:
            throw fail(.invalidValue, e, "loop is \"forever\", \"once\" or a number of repeats after the first play (0 = forever)")
        }
    }

    func name(_ e: JSONElement, format: OutputFormat) throws(PipelineError) -> NamePattern {
        let text = try string(e)
        let pattern: NamePattern
        do { pattern = try NamePattern(text) } catch { throw fail(.invalidValue, e, error.message) }
        guard !text.hasPrefix("/") else { throw fail(.invalidValue, e, "the name is a path inside the output directory, not an absolute path") }
        guard !text.split(separator: "/").contains("..") else { throw fail(.invalidValue, e, "the name may not leave the output directory with '..'") }
        let numbered = (try? OutputPattern(text))?.isNumbered
        if format == .pngSequence {
            guard numbered == true else {
                throw fail(.invalidValue, e, "PNG frames need a frame number in the name: %d or %0Nd, e.g. \"{name}@{scale}x/%04d.png\"")
            }
        } else if numbered == true {
            throw fail(.invalidValue, e, "only png-sequence outputs number their files; \(format.rawValue) writes one file")
        }
        return pattern
    }

    /// A target with several scales or appearances must say so in its name, or its own outputs collide.
    func checkDistinct(_ t: OutputTarget, e: JSONElement) throws(PipelineError) {
        if t.scales.count > 1 && !t.name.uses(.scale) && !(t.size != nil && (t.name.uses(.width) || t.name.uses(.height))) {
            throw fail(.invalidValue, e, "\(t.scales.count) scales need {scale} (or {width}/{height}) in the name \"\(t.name)\", or they would overwrite each other")
        }
        // A .lottie file is one output for both appearances (its dark one a theme inside it).
        if t.appearances.count > 1 && !t.name.uses(.appearance) && t.format != .lottie {
            throw fail(.invalidValue, e, "light and dark outputs need {appearance} in the name \"\(t.name)\" (empty for light, _dark for dark)")
        }
    }
}
