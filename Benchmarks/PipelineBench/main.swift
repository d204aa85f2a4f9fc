// `cylanim build` on the shared corpus (97 Lottie + 23 GIF files) x {gif @2x, webp @2x, APNG @3x}:
// wall time of a clean build with --jobs 1 and --jobs 2 (interleaved, medians, the ratio), the
// no-change rebuild, and each run's CPU time (user + sys) and peak memory (the child's maximum
// resident set), both from wait4. The machine may be shared: CPU time per wall second shows how
// much of the two cores the build actually got, so the parallel efficiency can be told apart from
// the load of other processes.
// It runs the release `cylanim` beside this executable, as a user would:
//
//   swift build -c release --product cylanim && swift run -c release PipelineBench [--passes N] [--json]
#if canImport(Glibc)
import Glibc
#endif
import Foundation

struct Run {
    var seconds: Double
    /// User + system CPU time of the child.
    var cpuSeconds: Double
    var peakKiB: Int
    var status: Int32
}

/// Spawns `argv` in the current directory with stdout and stderr to /dev/null; its wall time,
/// CPU time, peak RSS and exit status.
func spawnMeasured(_ argv: [String]) -> Run {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var cArgs = argv.map { strdup($0) } + [nil]
    defer { for p in cArgs { free(p) } }
    var pid: pid_t = 0
    let start = ContinuousClock.now
    guard posix_spawn(&pid, argv[0], &actions, nil, &cArgs, environ) == 0 else {
        fatalError("cannot run \(argv[0])")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    func secs(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return Run(seconds: seconds, cpuSeconds: secs(usage.ru_utime) + secs(usage.ru_stime), peakKiB: Int(usage.ru_maxrss), status: (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1)
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.isEmpty ? .nan : (s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2)
}

func loadAverage() -> Double {
    var l = [Double](repeating: 0, count: 3)
    return getloadavg(&l, 3) > 0 ? l[0] : .nan
}

let args = CommandLine.arguments
func option(_ name: String) -> String? { args.firstIndex(of: name).flatMap { $0 + 1 < args.count ? args[$0 + 1] : nil } }
let json = args.contains("--json")
let passes = option("--passes").flatMap(Int.init) ?? 3
let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let corpus = option("--corpus") ?? repo.deletingLastPathComponent().appendingPathComponent("shared/corpus").path
let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
let cylanim = option("--cylanim") ?? executable.appendingPathComponent("cylanim").path
guard FileManager.default.isExecutableFile(atPath: cylanim) else {
    FileHandle.standardError.write(Data("PipelineBench: no \(cylanim); build it first: swift build -c release --product cylanim\n".utf8))
    exit(66)
}
guard FileManager.default.fileExists(atPath: corpus + "/lottie") else {
    FileHandle.standardError.write(Data("PipelineBench: no corpus at \(corpus) (give --corpus DIR)\n".utf8))
    exit(66)
}

let work = NSTemporaryDirectory() + "pipeline-bench-\(getpid())"
try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: work) }
let pipeline = """
{ "inputs": ["\(corpus)/lottie/**/*.json", "\(corpus)/lottie/**/*.tgs", "\(corpus)/gif/*.gif"],
  "outputDirectory": "out",
  "outputs": [
    { "format": "gif", "size": 27, "scales": [2], "name": "gif/{dir}/{name}@{scale}x.gif" },
    { "format": "webp", "size": 27, "scales": [2], "name": "webp/{dir}/{name}@{scale}x.webp" },
    { "format": "png", "size": 27, "scales": [3], "name": "apng/{dir}/{name}@{scale}x.png" } ] }
"""
try Data(pipeline.utf8).write(to: URL(fileURLWithPath: work + "/pipeline.json"))
guard FileManager.default.changeCurrentDirectoryPath(work) else { fatalError("cannot enter \(work)") }

let loadBefore = loadAverage()
var clean: [Int: [Run]] = [1: [], 2: []]
var rebuild: [Run] = []
for pass in 0..<passes {
    // Interleaved, the order alternating, so drift in the machine's load hits both alike.
    for jobs in pass % 2 == 0 ? [1, 2] : [2, 1] {
        try? FileManager.default.removeItem(atPath: work + "/out")
        let r = spawnMeasured([cylanim, "build", "pipeline.json", "--jobs", "\(jobs)", "--quiet"])
        clean[jobs]!.append(r)
        if !json { print("pass \(pass + 1): --jobs \(jobs): \(String(format: "%.2f", r.seconds)) s, cpu \(String(format: "%.2f", r.cpuSeconds)) s, peak \(r.peakKiB / 1024) MiB, exit \(r.status)") }
    }
    let r = spawnMeasured([cylanim, "build", "pipeline.json", "--quiet"])
    rebuild.append(r)
    if !json { print("pass \(pass + 1): no-change rebuild: \(String(format: "%.3f", r.seconds)) s, cpu \(String(format: "%.3f", r.cpuSeconds)) s, peak \(r.peakKiB / 1024) MiB") }
}
let manifest = (try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: work + "/out/build-manifest.json")))) as? [String: Any]
let outputs = (manifest?["outputs"] as? [[String: Any]]) ?? []
let failed = outputs.filter { ($0["status"] as? String) == "failed" }.count
let one = median(clean[1]!.map(\.seconds)), two = median(clean[2]!.map(\.seconds))
let cpuOne = median(clean[1]!.map(\.cpuSeconds)), cpuTwo = median(clean[2]!.map(\.cpuSeconds))
let result: [String: Any] = [
    "jobs": outputs.count, "failed": failed, "passes": passes,
    "clean_jobs1_s": one, "clean_jobs2_s": two, "speedup": one / two,
    "clean_jobs1_cpu_s": cpuOne, "clean_jobs2_cpu_s": cpuTwo,
    // Cores the --jobs 2 build kept busy on average (2.0 = both, all the time).
    "jobs2_cores_used": cpuTwo / two, "parallel_efficiency": one / two / 2,
    "rebuild_cpu_s": median(rebuild.map(\.cpuSeconds)),
    "rebuild_s": median(rebuild.map(\.seconds)),
    "peak_rss_jobs1_mib": (clean[1]!.map(\.peakKiB).max() ?? 0) / 1024,
    "peak_rss_jobs2_mib": (clean[2]!.map(\.peakKiB).max() ?? 0) / 1024,
    "peak_rss_rebuild_mib": (rebuild.map(\.peakKiB).max() ?? 0) / 1024,
    "load_before": loadBefore, "load_after": loadAverage(), "cores": ProcessInfo.processInfo.activeProcessorCount,
]
if json {
    let data = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
} else {
    print("""
    \(outputs.count) outputs (\(failed) failed) from the corpus, median of \(passes):
      clean build --jobs 1: \(String(format: "%.2f", one)) s, --jobs 2: \(String(format: "%.2f", two)) s, speed-up \(String(format: "%.2f", one / two))x (efficiency \(String(format: "%.0f", one / two / 2 * 100))%)
      CPU time (user+sys) --jobs 1: \(String(format: "%.2f", cpuOne)) s, --jobs 2: \(String(format: "%.2f", cpuTwo)) s; --jobs 2 kept \(String(format: "%.2f", cpuTwo / two)) cores busy
      no-change rebuild: \(String(format: "%.3f", median(rebuild.map(\.seconds)))) s
      peak memory: --jobs 1 \(result["peak_rss_jobs1_mib"]!) MiB, --jobs 2 \(result["peak_rss_jobs2_mib"]!) MiB, rebuild \(result["peak_rss_rebuild_mib"]!) MiB
      load average before/after: \(String(format: "%.1f", loadBefore)) / \(String(format: "%.1f", loadAverage())) on \(ProcessInfo.processInfo.activeProcessorCount) cores
    """)
}
