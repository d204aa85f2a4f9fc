import CYLDocuments
import CYLConvert
import CYLRaster
import CYLTabBar
import CYLTimeline

/// Bounds for reading a pipeline file and expanding it.
public struct PipelineOptions: Sendable {
    /// Largest pipeline file read (default 1 MiB, `--max-file-bytes`: a real one is a few hundred bytes).
    public var maxBytes: Int = PipelineOptions.defaultMaxBytes
    public static let defaultMaxBytes = 1 << 20
    /// Deepest JSON nesting accepted.
    public var maxJSONDepth: Int = Limits.defaultMaxJSONDepth
    /// Most jobs one pipeline may expand to (`--max-jobs`, default 100 000): a glob such as
    /// `/**/*.json` should stop with a message, not queue a million renders.
    public var maxJobs: Int = PipelineOptions.defaultMaxJobs
    public static let defaultMaxJobs = 100_000

    public init() {}
}

/// The keys of a pipeline file.
public enum PipelineKey {
    public static let inputs = PipelineFileSignature.inputsKey
    public static let outputDirectory = "outputDirectory"
    public static let outputs = PipelineFileSignature.outputsKey
    /// The keys of the pipeline object.
    public static let topLevel = [inputs, outputDirectory, outputs, "$schema", "description"]
    /// The keys of an input object.
    public static let input = ["path", "tabBar", "name", "dark", "darkColors", "assets", "slots"]
    /// An output's keys: its format, size and names, then the encoder's options by their
    /// canonical names (`size` is among them, first).
    public static let target = ["format", "size", "scales", "appearances", "name"]
        + EncoderOption.allCases.filter { $0 != .size }.map(\.rawValue)

    /// The encoder option a key of an output sets, when it sets one (its canonical name, or
    /// `scales`, which sizes the output like `size`).
    static func encoderOption(_ key: String) -> EncoderOption? {
        key == "scales" ? .size : EncoderOption(rawValue: key)
    }

    /// The name a target gets when it gives none.
    static func defaultName(for format: OutputFormat) -> String {
        switch format {
        case .pngSequence: return "{name}{appearance}@{scale}x/%04d.png"
        case .tgs: return "{name}{appearance}.tgs"
        // One file for both appearances: the dark one is its `dark` theme.
        case .lottie: return "{name}.lottie"
        default: return "{name}{appearance}@{scale}x.{ext}"
        }
    }
}

extension Pipeline {
    /// Reads the pipeline file at `path`. Pipeline files are JSON; the reader is chosen by the
    /// file's extension so that another syntax (YAML) is one more case here, producing the same
    /// located document the schema below walks.
    public static func load(path: String, options: PipelineOptions = PipelineOptions()) throws(PipelineError) -> Pipeline {
        let lower = path.lowercased()
        if lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") {
            throw PipelineError(file: path, .unreadable, "YAML pipeline files are not read yet; write the same keys as JSON")
        }
        var limits = Limits()
        limits.maxFileBytes = options.maxBytes
        let bytes: [UInt8]
        do throws(OpenError) {
            if FileSystem.isDirectory(path) { throw OpenError(file: path, .unreadable, "is a directory, not a pipeline file") }
            bytes = try InputFile.read(path, limits: limits)
        } catch {
            if error.kind == .invalid {
                throw PipelineError(file: path, .tooLarge,
                                    "the pipeline file is larger than the limit of \(options.maxBytes) bytes (\(Limit.maxFileBytes))")
            }
            throw PipelineError(file: path, .unreadable, error.message)
        }
        return try parse(bytes, name: path, baseDirectory: FilePath.parentDirectory(of: path), options: options)
    }

    /// Parses pipeline JSON; relative paths are resolved against `baseDirectory`. Literal input
    /// paths must exist; globs may match nothing.
    public static func parse(_ bytes: [UInt8], name: String, baseDirectory: String,
                             options: PipelineOptions = PipelineOptions()) throws(PipelineError) -> Pipeline {
        guard bytes.count <= options.maxBytes else {
            throw PipelineError(file: name, .tooLarge,
                                "the pipeline file is \(bytes.count) bytes, more than the limit of \(options.maxBytes) (\(Limit.maxFileBytes))")
        }
        let reader = PipelineReader(name: name, base: baseDirectory)
        let root: JSONElement
        do { root = try JSONDocument.parseElement(bytes, name: name, maxDepth: options.maxJSONDepth) } catch {
            throw reader.wrap(error)
        }
        return try reader.pipeline(root)
    }
}

/// Walks a parsed pipeline document; every error names the value's line, column and path.
struct PipelineReader {
    let name: String
    let base: String

    // MARK: Errors

    func fail(_ kind: PipelineError.Kind, _ e: JSONElement, _ message: String) -> PipelineError {
        let path = e.path
        return PipelineError(file: name, kind, location: place(e), key: path.components.isEmpty ? nil : path, message)
    }

    /// Where a value starts, as messages about pipeline files give it: line and column.
    func place(_ e: JSONElement) -> SourceLocation {
        let lc = e.lineColumn
        return SourceLocation(line: lc.line, column: lc.column)
    }

    func wrap(_ e: JSONError) -> PipelineError {
        let kind: PipelineError.Kind
        switch e.kind {
        case .syntax, .depthLimit, .nonFiniteNumber: kind = .syntax
        case .tooLarge: kind = .tooLarge
        case .wrongType: kind = .wrongType
        case .missingKey: kind = .missing
        case .indexOutOfRange, .invalidValue: kind = .invalidValue
        }
        let location = e.line != nil && e.column != nil ? SourceLocation(line: e.line, column: e.column) : SourceLocation()
        return PipelineError(file: name, kind, location: location, key: e.path, e.message)
    }

    /// The members of an object, refusing keys not in `known` (a misspelt key would otherwise
    /// silently build the wrong files) with a did-you-mean.
    func members(_ e: JSONElement, known: [String], what: String) throws(PipelineError) -> [(key: String, value: JSONElement)] {
        let members: [(key: String, value: JSONElement)]
        do { members = try e.object() } catch { throw wrap(error) }
        for (key, value) in members where !known.contains(key) {
            var message = "unknown key \"\(key)\" in \(what)"
            if let guess = Suggestion.closest(to: key, among: known) { message += "; did you mean \"\(guess)\"?" }
            else { message += " (known: " + known.filter { !$0.hasPrefix("$") }.joined(separator: ", ") + ")" }
            throw fail(.invalidValue, value, message)
        }
        return members
    }

    // MARK: Typed values

    /// Every text in a pipeline file is a path, a name, a colour or a keypath: none may hold NUL,
    /// where the C calls that open files would cut a path short (an input "\u0000x" became "",
    /// the working folder, searched 16 levels deep: the fuzzer's timeout).
    func string(_ e: JSONElement) throws(PipelineError) -> String {
        let text: String
        do { text = try e.string() } catch { throw wrap(error) }
        guard !text.unicodeScalars.contains("\0") else {
            throw fail(.invalidValue, e, "the text holds the character U+0000 (NUL), which no file name or value may contain")
        }
        return text
    }

    func number(_ e: JSONElement, in range: ClosedRange<Double>, what: String) throws(PipelineError) -> Double {
        let v: Double
        do { v = try e.double() } catch { throw wrap(error) }
        guard range.contains(v) else { throw fail(.invalidValue, e, "\(what) must be \(range.lowerBound.compactText)-\(range.upperBound.compactText) (got \(v.compactText))") }
        return v
    }

    /// A JSON number (any value: the caller checks its range).
    func double(_ e: JSONElement) throws(PipelineError) -> Double {
        do { return try e.double() } catch { throw wrap(error) }
    }

    func color(_ e: JSONElement) throws(PipelineError) -> RGBA8 {
        let s = try string(e)
        guard let c = RGBA8(parsing: s) else {
            throw fail(.invalidValue, e, "\"\(s)\" is not a colour; write \(RGBA8.writtenForms)")
        }
        return c
    }

    /// `text` against the pipeline's directory (absolute paths stay).
    func resolve(_ text: String) -> String {
        text.hasPrefix("/") || base == "." ? text : base + "/" + text
    }

    // MARK: The document

    func pipeline(_ root: JSONElement) throws(PipelineError) -> Pipeline {
        guard case .object = root.value else {
            throw fail(.wrongType, root, "a pipeline is a JSON object with \"inputs\" and \"outputs\"; found \(root.value.typeDescription)")
        }
        let members = try self.members(root, known: PipelineKey.topLevel, what: "the pipeline")
        var inputs: [PipelineInput] = []
        var targets: [OutputTarget] = []
        var outputDirectory = resolve("build")
        var sawInputs = false, sawOutputs = false
        for (key, value) in members {
            switch key {
            case PipelineKey.inputs:
                sawInputs = true
                let items = try nonEmptyArray(value, what: "inputs", example: "[\"icons/*.json\"]")
                for item in items { inputs.append(try input(item)) }
            case PipelineKey.outputs:
                sawOutputs = true
                let items = try nonEmptyArray(value, what: "outputs", example: "[{\"format\": \"gif\", \"size\": 27, \"scales\": [2, 3]}]")
                for (i, item) in items.enumerated() { targets.append(try target(item, index: i)) }
            case PipelineKey.outputDirectory:
                let text = try string(value)
                guard !text.isEmpty else { throw fail(.invalidValue, value, "the output directory is empty") }
                outputDirectory = resolve(text)
            default: continue   // "$schema", "description"
            }
        }
        if !sawInputs { throw fail(.missing, root, "missing \"inputs\": the files, folders, globs or tab-bar configurations to build") }
        if !sawOutputs { throw fail(.missing, root, "missing \"outputs\": the formats, sizes and scales to make") }
        return Pipeline(file: name, baseDirectory: base, inputs: inputs, outputDirectory: outputDirectory, targets: targets)
    }

    func nonEmptyArray(_ e: JSONElement, what: String, example: String) throws(PipelineError) -> [JSONElement] {
        let items: [JSONElement]
        do { items = try e.array() } catch { throw wrap(error) }
        guard !items.isEmpty else { throw fail(.invalidValue, e, "\(what) is empty; give at least one, e.g. \(example)") }
        return items
    }

    func input(_ e: JSONElement) throws(PipelineError) -> PipelineInput {
        let location = place(e)
        if case .string = e.value {
            let text = try string(e)
            guard !text.isEmpty else { throw fail(.invalidValue, e, "the input path is empty") }
            return PipelineInput(source: .path(text), location: location)
        }
        guard case .object = e.value else {
            throw fail(.wrongType, e, "an input is a path or glob (\"icons/*.json\") or an object such as {\"tabBar\": \"tabbar.json\"}; found \(e.value.typeDescription)")
        }
        var input = PipelineInput(source: .path(""), location: location)
        var source: (String, JSONElement)?
        for (key, value) in try members(e, known: PipelineKey.input, what: "an input") {
            switch key {
            case "path", "tabBar":
                if let (other, _) = source { throw fail(.invalidValue, value, "an input has either \"path\" or \"tabBar\", not both (\"\(other)\" is given too)") }
                let text = try string(value)
                guard !text.isEmpty else { throw fail(.invalidValue, value, "the path is empty") }
                input.source = key == "path" ? .path(text) : .tabBar(text)
                source = (key, value)
            case "name":
                input.name = try string(value)
                guard let n = input.name, !n.isEmpty, !n.contains("/") else { throw fail(.invalidValue, value, "a name is a non-empty file name without '/'") }
            case "dark": input.darkPath = try string(value)
            case "darkColors": input.darkColors = try darkColors(value)
            case "assets":
                input.assets = try string(value)
                guard input.assets?.isEmpty == false else { throw fail(.invalidValue, value, "the assets folder is empty") }
            case "slots": input.slots = try slots(value)
            default: continue
            }
        }
        guard let (key, value) = source else { throw fail(.missing, e, "an input object needs \"path\" (a file, folder or glob) or \"tabBar\" (a tab-bar configuration)") }
        if case .path(let text) = input.source, Glob.hasWildcards(text) {
            for (field, given) in [("name", input.name != nil), ("dark", input.darkPath != nil)] where given {
                throw fail(.invalidValue, value, "\"\(field)\" applies to one file, and \"\(text)\" is a glob; list the file on its own")
            }
        }
        if key == "tabBar" && (input.name != nil || input.darkPath != nil || !input.darkColors.isEmpty) {
            throw fail(.invalidValue, value, "a tab-bar configuration names its own dark files and colours (CYLTabBarLottieDarkFilePath, CYLTabBarLottieDarkColors)")
        }
        if key == "tabBar" && (input.assets != nil || !input.slots.isEmpty) {
            throw fail(.invalidValue, value, "\"assets\" and \"slots\" apply to animation files; a tab bar's animations read their images beside them")
        }
        return input
    }

    /// `["id=value", ...]`, each written as `--slot` takes it.
    func slots(_ e: JSONElement) throws(PipelineError) -> [SlotOverride] {
        guard case .array = e.value, let items = try? e.array() else {
            throw fail(.wrongType, e, "expected an array of \"id=value\" strings as --slot takes them, e.g. [\"accent=#ff8800\"]; found \(e.value.typeDescription)")
        }
        var out: [SlotOverride] = []
        for item in items {
            let text = try string(item)
            do { out.append(try SlotOverride.parse(text)) } catch { throw fail(.invalidValue, item, error.message) }
        }
        return out
    }

    func darkColors(_ e: JSONElement) throws(PipelineError) -> [ColorOverride] {
        guard case .object = e.value else {
            throw fail(.wrongType, e, "expected an object of keypath → colour, e.g. {\"**.Fill 1\": \"#ffffff\"}; found \(e.value.typeDescription)")
        }
        var out: [ColorOverride] = []
        for (keypath, value) in (try? e.object()) ?? [] {
            guard !keypath.isEmpty, !keypath.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) else {
                throw fail(.invalidValue, value, "keypath \"\(keypath)\" has an empty name; write names joined by '.', with * for one name and ** for any number")
            }
            out.append(ColorOverride(keypath: keypath, color: try color(value)))
        }
        return out
    }
}
