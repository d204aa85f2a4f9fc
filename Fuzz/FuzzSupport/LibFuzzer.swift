#if FUZZING
import CYLDocuments

// libFuzzer's own byte-level mutator (uses the -dict= dictionary); present only in fuzzer builds.
@_silgen_name("LLVMFuzzerMutate")
func LLVMFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

/// What every fuzz target shares: turning libFuzzer's buffers into bytes, the JSON-aware custom
/// mutator and crossover, and the oracle that errors are well formed.
public enum Fuzz {
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return [UInt8](UnsafeBufferPointer(start: data, count: size))
    }

    /// JSON (or gzip-compressed JSON, as `.tgs`) inside: decoded, mutated structurally, encoded
    /// again. Half the mutations, and any input that does not parse, go to libFuzzer's byte mutator.
    public static func mutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32,
                              with mutator: JSONMutator) -> Int {
        var rng = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9)
        guard rng.below(2) == 0, let (tree, gzipped) = tree(bytes(data, size)) else {
            return LLVMFuzzerMutate(data, size, maxSize)
        }
        let out = encode(mutator.mutate(tree, rng: &rng), gzipped: gzipped)
        guard out.count <= maxSize, out.count > 0 else { return LLVMFuzzerMutate(data, size, maxSize) }
        out.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: out.count) }
        return out.count
    }

    /// Grafts subtrees of the second input into the first.
    public static func crossOver(_ a: UnsafePointer<UInt8>?, _ aSize: Int, _ b: UnsafePointer<UInt8>?, _ bSize: Int,
                                 _ out: UnsafeMutablePointer<UInt8>, _ maxOut: Int, _ seed: UInt32,
                                 with mutator: JSONMutator) -> Int {
        var rng = SplitMix64(seed: UInt64(seed) &* 0x2545_F491)
        guard let (first, gzipped) = tree(bytes(a, aSize)), let (second, _) = tree(bytes(b, bSize)) else { return 0 }
        let result = encode(mutator.mutate(first, other: second, rng: &rng), gzipped: gzipped)
        guard result.count <= maxOut, result.count > 0 else { return 0 }
        result.withUnsafeBufferPointer { out.update(from: $0.baseAddress!, count: result.count) }
        return result.count
    }

    static func tree(_ input: [UInt8]) -> (JSONTree, Bool)? {
        let gzipped = Gzip.isGzip(input)
        guard let json = gzipped ? try? Gzip.inflate(input, name: "fuzz", maxBytes: 4 << 20) : input,
              let tree = JSONTree.parse(json) else { return nil }
        return (tree, gzipped)
    }

    static func encode(_ tree: JSONTree, gzipped: Bool) -> [UInt8] {
        let json = tree.serialized()
        return gzipped ? GzipWriter.compress(json, level: 1) : json
    }

    /// The project's error rule as an oracle: an error names the input (one of `names`). (A file's
    /// own text in a message may hold newlines; the CLI escapes control characters when printing.)
    /// A violation traps, so libFuzzer keeps the input like any crash.
    public static func checkError(_ error: any Error, names: String...) {
        let text = "\(error)"
        if !names.contains(where: text.contains) {
            fatalError("error does not name \(names.joined(separator: " or ")): \(text)")
        }
    }
}
#endif
