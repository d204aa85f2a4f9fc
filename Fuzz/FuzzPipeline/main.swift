// libFuzzer target: a pipeline file (`cylanim build`'s input) through the pipeline reader, then
// the plan a build makes of it against the bundled samples (globs, folders, tab-bar
// configurations, dark variants, names), each job's conversion request and canonical settings,
// and the build manifest those jobs would be listed in, written and read back. Oracles: what the
// reader accepts the encoder accepts too (`EncoderSettings.validate(for:)`), and a manifest the
// build writes reads back to the same text; an error names the pipeline file (or a sample it led to).
// Built by `make fuzz TARGET=pipeline`; compiled only with -DFUZZING (Fuzz/README.md).
#if FUZZING
import CYLTabBarItemAnimation
import FuzzSupport
#if canImport(Glibc)
import Glibc
#endif

/// The samples folder: relative paths in a pipeline are resolved against it (as if the pipeline
/// file lay there, like sample-animations/pipeline.json). `make fuzz` runs from the repository root.
let base: String = {
    let dir = getenv("CYL_FUZZ_PIPELINE_DIR").map { String(cString: $0) } ?? "sample-animations"
    var st = stat()
    guard stat(dir + "/pipeline.json", &st) == 0 else { fatalError("run from the repository root or set CYL_FUZZ_PIPELINE_DIR") }
    return dir
}()

let pipelineMutator = JSONMutator(keys: PipelineKey.topLevel + PipelineKey.input + PipelineKey.target)

@_cdecl("LLVMFuzzerCustomMutator")
public func customMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    Fuzz.mutate(data, size, maxSize, seed, with: pipelineMutator)
}

@_cdecl("LLVMFuzzerCustomCrossOver")
public func customCrossOver(_ a: UnsafePointer<UInt8>?, _ aSize: Int, _ b: UnsafePointer<UInt8>?, _ bSize: Int,
                            _ out: UnsafeMutablePointer<UInt8>, _ maxOut: Int, _ seed: UInt32) -> Int {
    Fuzz.crossOver(a, aSize, b, bSize, out, maxOut, seed, with: pipelineMutator)
}

/// Whether expanding `input` stays inside the samples folder: a glob over `/` or `..` would walk
/// the machine's disk (what the user asked for, and no part of the reader), so such pipelines are
/// read but not expanded.
func staysInside(_ input: PipelineInput) -> Bool {
    let text: String
    switch input.source {
    case .path(let p): text = p
    case .tabBar(let p): text = p
    }
    return !text.hasPrefix("/") && !text.split(separator: "/").contains("..")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Fuzz.bytes(data, size)
    let name = "fuzz-pipeline.json"
    var options = PipelineOptions()
    options.maxJobs = 256   // enough for every sample at a few scales; bounds the time per input
    do {
        let pipeline = try Pipeline.parse(bytes, name: name, baseDirectory: base, options: options)
        guard pipeline.inputs.allSatisfy(staysInside) else { return 0 }
        let plan = try BuildPlan(pipeline: pipeline, options: options, registry: .standard)
        var entries: [ManifestEntry] = []
        for job in plan.jobs {
            let request = job.target.request(scale: job.scale, path: job.outputPath)
            do { try request.encoder.validate(for: request.format) } catch {
                fatalError("the pipeline reader accepted settings convert refuses: \(error) (\(job.settingsText))")
            }
            var entry = ManifestEntry(output: job.key, input: job.input.displayPath, inputSHA256: "00", format: job.target.format,
                                      scale: job.scale, appearance: job.appearance, settings: job.settings, buildKey: "00")
            entry.status = .built
            entry.files = [ManifestEntry.File(path: job.key, sha256: "00", bytes: 1)]
            entry.sha256 = "00"
            entry.bytes = 1
            entries.append(entry)
        }
        let manifest = BuildManifest(toolVersion: "fuzz", pipeline: name, shard: nil, plannedJobs: plan.jobs.count,
                                     planDigest: BuildManifest.digest(of: plan.jobs), entries: entries)
        let text = manifest.text
        do {
            let back = try BuildManifest.parse(Array(text.utf8), name: "fuzz-manifest.json")
            if back.text != text { fatalError("a manifest read back is not the text written:\n\(text)\n\(back.text)") }
        } catch {
            fatalError("a manifest the build would write cannot be read: \(error)")
        }
    } catch {
        Fuzz.checkError(error, names: name, base)
    }
    return 0
}
#endif
