import CYLDocuments
import CYLConvert
import CYLTabBar

/// `build-manifest.json`: every output of a build with its input, settings, SHA-256, size,
/// frames, duration and the time it took; what the next build compares against to skip work,
/// and what `--merge-manifests` combines.
///
/// Paths of outputs are relative to the output directory, paths of inputs to the pipeline file's
/// directory, so manifests from different machines (shards) can be merged.
public struct BuildManifest: Sendable {
    /// Bumped when the layout changes; older manifests are then ignored (everything rebuilds).
    public static let formatVersion = 1
    public static let fileName = "build-manifest.json"

    public var toolVersion: String
    /// The pipeline file, as given on the command line.
    public var pipeline: String
    /// Set in a shard's manifest.
    public var shard: Shard?
    /// Jobs in the whole pipeline (all shards together).
    public var plannedJobs: Int
    /// SHA-256 over every planned job's key and settings: shards of one build agree on it.
    public var planDigest: String
    /// One per output this manifest covers, sorted by `output`.
    public var entries: [ManifestEntry]
    /// Outputs earlier builds made that the pipeline no longer declares (kept until `--prune`).
    public var undeclared: [ManifestEntry] = []
    /// Wall time of the run that wrote it, in milliseconds.
    public var elapsedMilliseconds: Double = 0

    public init(toolVersion: String, pipeline: String, shard: Shard?, plannedJobs: Int, planDigest: String,
                entries: [ManifestEntry]) {
        self.toolVersion = toolVersion
        self.pipeline = pipeline
        self.shard = shard
        self.plannedJobs = plannedJobs
        self.planDigest = planDigest
        self.entries = entries
    }

    /// The manifest's name for `shard` (nil: the whole build's).
    public static func fileName(for shard: Shard?) -> String { shard?.manifestName ?? fileName }

    /// The hidden journal beside a manifest: one line per finished job, so an interrupted build
    /// resumes where it stopped.
    public static func journalName(for shard: Shard?) -> String { "." + fileName(for: shard) + ".journal" }

    /// The digest of a plan's jobs (keys and settings, in key order).
    public static func digest(of jobs: [BuildJob]) -> String {
        var text = ""
        for job in jobs { text += job.key + "\t" + job.settingsText + "\n" }
        return SHA256.hexHash(Array(text.utf8))
    }

    /// The manifest as JSON: the header members, then one output per line (readable, and a
    /// change to one output is a one-line diff).
    public var text: String {
        var out = "{\n"
        out += "  \"manifestVersion\": \(Self.formatVersion),\n"
        out += "  \"tool\": \"cylanim\",\n"
        out += "  \"toolVersion\": \(TextEscaping.jsonString(toolVersion)),\n"
        out += "  \"pipeline\": \(TextEscaping.jsonString(pipeline)),\n"
        let shardText = shard.map { JSONOutput.object([("index", .int($0.index)), ("count", .int($0.count))]).text } ?? "null"
        out += "  \"shard\": \(shardText),\n"
        out += "  \"plannedJobs\": \(plannedJobs),\n"
        out += "  \"planDigest\": \(TextEscaping.jsonString(planDigest)),\n"
        out += "  \"elapsedMs\": \(JSONOutput.double(elapsedMilliseconds).text),\n"
        out += "  \"outputs\": [" + Self.lines(entries) + "],\n"
        out += "  \"undeclared\": [" + Self.lines(undeclared) + "]\n"
        return out + "}\n"
    }

    static func lines(_ entries: [ManifestEntry]) -> String {
        entries.isEmpty ? "" : "\n" + entries.map { "    " + $0.json.text }.joined(separator: ",\n") + "\n  "
    }
}

/// One output in a manifest.
public struct ManifestEntry: Sendable, Equatable {
    /// Equal when they write the same JSON.
    public static func == (a: ManifestEntry, b: ManifestEntry) -> Bool { a.json.text == b.json.text }

    public enum Status: String, Sendable {
        /// Made by this run.
        case built
        /// Unchanged since the run that made it.
        case upToDate = "up-to-date"
        /// The job failed; `error` says why, and there is no output.
        case failed
    }

    /// One file written (one, or one per frame for PNG frames).
    public struct File: Sendable, Equatable {
        /// Relative to the output directory.
        public var path: String
        public var sha256: String
        public var bytes: Int
        public init(path: String, sha256: String, bytes: Int) {
            self.path = path
            self.sha256 = sha256
            self.bytes = bytes
        }
    }

    /// The job's key: the output's path in the output directory (a `%d` pattern for PNG frames).
    public var output: String
    public var input: String
    public var inputSHA256: String
    /// The dark file, for a dark output made from one.
    public var darkInput: String?
    public var darkInputSHA256: String?
    public var format: OutputFormat
    public var scale: Double
    public var appearance: Appearance
    /// Every setting that changes the output (canonical JSON).
    public var settings: JSONOutput
    /// SHA-256 of the tool version, the input's (and dark file's) SHA-256 and the settings: the
    /// output is rebuilt when it changes.
    public var buildKey: String
    public var files: [File]
    /// The output file's SHA-256 (for PNG frames: of the list of frame files and their hashes).
    public var sha256: String
    public var bytes: Int
    public var frames: Int
    public var durationMilliseconds: Double
    /// How long the job took when it was built, in milliseconds.
    public var timeMilliseconds: Double
    public var status: Status
    public var error: String?

    public init(output: String, input: String, inputSHA256: String, format: OutputFormat, scale: Double, appearance: Appearance,
                settings: JSONOutput, buildKey: String) {
        self.output = output
        self.input = input
        self.inputSHA256 = inputSHA256
        self.format = format
        self.scale = scale
        self.appearance = appearance
        self.settings = settings
        self.buildKey = buildKey
        self.files = []
        self.sha256 = ""
        self.bytes = 0
        self.frames = 0
        self.durationMilliseconds = 0
        self.timeMilliseconds = 0
        self.status = .failed
    }

    /// The entry as one JSON object.
    public var json: JSONOutput {
        var m: [(String, JSONOutput)] = [("output", .string(output)), ("status", .string(status.rawValue)),
                                          ("input", .string(input)), ("inputSha256", .string(inputSHA256))]
        if let darkInput { m.append(("darkInput", .string(darkInput))) }
        if let darkInputSHA256 { m.append(("darkInputSha256", .string(darkInputSHA256))) }
        m += [("format", .string(format.rawValue)), ("scale", .double(scale)), ("appearance", .string(appearance.rawValue)),
              ("settings", settings), ("buildKey", .string(buildKey))]
        if status == .failed {
            m.append(("error", .string(error ?? "failed")))
        } else {
            m += [("sha256", .string(sha256)), ("bytes", .int(bytes)), ("frames", .int(frames)),
                  ("durationMs", .double(durationMilliseconds))]
            if files.count != 1 || files.first?.path != output {
                m.append(("files", .array(files.map { .object([("path", .string($0.path)), ("sha256", .string($0.sha256)), ("bytes", .int($0.bytes))]) })))
            }
        }
        m.append(("timeMs", .double(timeMilliseconds)))
        return .object(m)
    }

    /// The SHA-256 that stands for several files: of "path sha256\n" lines.
    static func combinedSHA256(_ files: [File]) -> String {
        if files.count == 1 { return files[0].sha256 }
        return SHA256.hexHash(Array(files.map { "\($0.path) \($0.sha256)\n" }.joined().utf8))
    }
}
