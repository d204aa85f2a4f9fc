import CYLConvert

/// One of `count` disjoint parts of a build (`--shard I/N`, I counted from 0). A job belongs to
/// shard `hash(key) mod N`, so every job lands in exactly one shard whatever N is, and a job
/// stays in its shard when other inputs are added.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    public var index: Int
    public var count: Int
    /// Where `--shard auto` found the index ("SLURM_ARRAY_TASK_ID"); nil when given as I/N.
    public var origin: String?

    public init(index: Int, count: Int, origin: String? = nil) {
        self.index = index
        self.count = count
        self.origin = origin
    }

    /// Most shards (`--shard I/N` with N above this is refused).
    public static let maxCount = 100_000

    public var description: String { "\(index)/\(count)" }

    /// Whether `job` is this shard's.
    public func contains(_ job: BuildJob) -> Bool { owns(job.key) }

    /// Whether the job with `key` is this shard's.
    public func owns(_ key: String) -> Bool { Int(Self.partitionHash(key) % UInt64(count)) == index }

    /// The first 8 bytes of SHA-256(key), big-endian: uniform, and the same on every machine.
    public static func partitionHash(_ key: String) -> UInt64 {
        SHA256.hash(Array(key.utf8)).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The manifest a shard writes: `build-manifest.shard-I-of-N.json`.
    public var manifestName: String { "build-manifest.shard-\(index)-of-\(count).json" }

    /// The environment variables `--shard auto` reads, in order.
    ///
    /// - `CYLANIM_SHARD_INDEX` + `CYLANIM_SHARD_COUNT`: set them yourself, e.g. in a GitHub
    ///   Actions matrix from `${{ strategy.job-index }}` and `${{ strategy.job-total }}`.
    /// - `SLURM_ARRAY_TASK_ID` + `SLURM_ARRAY_TASK_COUNT` (with `SLURM_ARRAY_TASK_MIN` and
    ///   `SLURM_ARRAY_TASK_STEP` when the array does not count 0, 1, 2, ...).
    /// - `JOB_COMPLETION_INDEX` (a Kubernetes Indexed Job) + the count: `--shard auto/N` or
    ///   `CYLANIM_SHARD_COUNT` (Kubernetes does not export `completions`).
    public static let environmentNames = ["CYLANIM_SHARD_INDEX", "SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"]

    /// Parses `I/N`, `auto` or `auto/N` (the count for schedulers that export only the index).
    public static func parse(_ text: String, environment: [String: String]) throws(UsageError) -> Shard {
        if text == "auto" || text.hasPrefix("auto/") {
            var count: Int?
            if text.hasPrefix("auto/") {
                guard let n = Int(text.dropFirst(5)), (1...maxCount).contains(n) else {
                    throw UsageError("invalid shard '\(text)': write auto/N with N the number of shards (1-\(maxCount))")
                }
                count = n
            }
            return try fromEnvironment(environment, count: count)
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), (1...maxCount).contains(n) else {
            throw UsageError("invalid shard '\(text)': write I/N, e.g. 0/4 for the first of four shards (I counts from 0), or auto")
        }
        guard (0..<n).contains(i) else {
            throw UsageError("invalid shard '\(text)': the index counts from 0, so it must be 0-\(n - 1)")
        }
        return Shard(index: i, count: n)
    }

    static func fromEnvironment(_ env: [String: String], count given: Int?) throws(UsageError) -> Shard {
        func int(_ name: String) throws(UsageError) -> Int? {
            guard let text = env[name], !text.isEmpty else { return nil }
            guard let n = Int(text.trimmingSpaces) else { throw UsageError("\(name)='\(text)' is not a whole number") }
            return n
        }
        func make(_ index: Int, _ count: Int?, _ origin: String, countHint: String) throws(UsageError) -> Shard {
            guard let count = given ?? count else {
                throw UsageError("\(origin)=\(index) gives the shard index but nothing gives the count: \(countHint)")
            }
            guard (1...maxCount).contains(count), (0..<count).contains(index) else {
                throw UsageError("\(origin)=\(index) is not a shard of \(count) (indices count from 0 to \(count - 1))")
            }
            return Shard(index: index, count: count, origin: origin)
        }
        if let i = try int("CYLANIM_SHARD_INDEX") {
            return try make(i, try int("CYLANIM_SHARD_COUNT"), "CYLANIM_SHARD_INDEX", countHint: "set CYLANIM_SHARD_COUNT")
        }
        if let id = try int("SLURM_ARRAY_TASK_ID") {
            let lowest = try int("SLURM_ARRAY_TASK_MIN") ?? 0
            let step = max(1, try int("SLURM_ARRAY_TASK_STEP") ?? 1)
            guard (id - lowest) % step == 0 else { throw UsageError("SLURM_ARRAY_TASK_ID=\(id) is not on the array's step \(step) from \(lowest)") }
            return try make((id - lowest) / step, try int("SLURM_ARRAY_TASK_COUNT"), "SLURM_ARRAY_TASK_ID",
                            countHint: "SLURM_ARRAY_TASK_COUNT is missing; give --shard auto/N")
        }
        if let i = try int("JOB_COMPLETION_INDEX") {
            return try make(i, try int("CYLANIM_SHARD_COUNT"), "JOB_COMPLETION_INDEX",
                            countHint: "give --shard auto/N with N the Job's completions, or set CYLANIM_SHARD_COUNT")
        }
        throw UsageError("--shard auto found no shard index in the environment: set CYLANIM_SHARD_INDEX and CYLANIM_SHARD_COUNT, or run as a Slurm array task (SLURM_ARRAY_TASK_ID) or a Kubernetes Indexed Job (JOB_COMPLETION_INDEX)")
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }
}
