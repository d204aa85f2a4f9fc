import CYLConvert
import CYLTimeline

/// Why one job failed; the other jobs go on.
public struct BuildFailure: Error, Sendable, CustomStringConvertible {
    /// What kind of problem, for the exit status (sysexits, as every command uses them).
    public enum Kind: Sendable, Equatable {
        /// The input is missing or unreadable (66).
        case noInput
        /// The input's data or a setting cannot be used (65).
        case badData
        /// The output cannot be created (73).
        case cannotCreate
        /// Reading or writing failed (74).
        case io
    }

    /// The job's output (its key).
    public var output: String
    public var kind: Kind
    /// The usual error text: `FILE:PLACE: problem`.
    public var message: String

    public var description: String { message }

    /// Classifies any error the open / convert / write path throws.
    init(output: String, input: String, error: any Error) {
        self.output = output
        switch error {
        case let e as OpenError:
            kind = e.kind == .notFound || e.kind == .unreadable ? .noInput : .badData
            message = e.description
        case let e as OutputError:
            kind = e.kind == .cannotCreate ? .cannotCreate : .io
            message = e.description
        case let e as UsageError:
            // A setting this input cannot take (a .tgs of a GIF, a size over --max-pixels).
            kind = .badData
            message = "\(input): \(e.message)"
        default:
            kind = .badData
            message = "\(error)"
        }
    }
}

/// Runs one job on the calling thread: opens its own timeline (a renderer belongs to one
/// thread), converts through its own `OutputWriter` (staged, committed whole, never over an
/// input), and hashes what was written.
struct JobRunner: Sendable {
    let registry: AnimatorRegistry
    let limits: Limits
    let outputDirectory: String
    /// Files no output may replace: every input of the pipeline and the pipeline file.
    let inputs: [String]

    /// Fills `entry` (already holding the input's hashes and the build key) with the output's
    /// hashes, size, frames, duration and time, or marks it failed. The job draws and encodes its
    /// frames on `frameThreads` threads (its share of the build's, `PipelineBuilder.frameThreads`).
    func run(_ job: BuildJob, entry: ManifestEntry, frameThreads: Int) -> (ManifestEntry, BuildFailure?) {
        var entry = entry
        let started = ContinuousClock.now
        do {
            let (path, options) = job.opening(limits: limits)
            let timeline = try registry.timeline(forPath: path, options: options)
            let writer = OutputWriter(inputs: timeline.inputs + inputs)
            var request = job.target.request(scale: job.scale, path: job.outputPath)
            request.threads = frameThreads
            request.darkColors = job.dotLottieDarkColors
            request.darkVariant = job.dotLottieDarkVariant
            let result = try timeline.convert(request, limits: limits, into: writer)
            try writer.commit()
            var files: [ManifestEntry.File] = []
            for path in result.paths {
                guard let bytes = FileSystem.read(path) else {
                    throw OutputError(file: path, .io, "cannot read the output back to hash it")
                }
                files.append(ManifestEntry.File(path: FileSystem.relative(path, to: outputDirectory),
                                                sha256: SHA256.hexHash(bytes), bytes: bytes.count))
            }
            entry.files = files
            entry.sha256 = ManifestEntry.combinedSHA256(files)
            entry.bytes = files.reduce(0) { $0 + $1.bytes }
            entry.frames = result.frameCount
            entry.durationMilliseconds = Self.milliseconds(result.duration)
            entry.status = .built
            entry.error = nil
            entry.timeMilliseconds = Self.milliseconds(ContinuousClock.now - started)
            return (entry, nil)
        } catch {
            let failure = BuildFailure(output: job.key, input: job.sourcePath, error: error)
            entry.status = .failed
            entry.error = failure.message
            entry.timeMilliseconds = Self.milliseconds(ContinuousClock.now - started)
            return (entry, failure)
        }
    }

    /// Milliseconds to a tenth.
    static func milliseconds(_ d: Duration) -> Double { (d.seconds * 1e4).rounded() / 10 }
}
