#if FUZZING
import CYLDocuments

extension Fuzz {
    /// Mutations of a zip archive's content (a dotLottie file): every entry is CRC-checked, so
    /// libFuzzer's byte mutations of the archive almost never reach the JSON inside. Half the
    /// time the archive itself is mutated byte by byte (the zip reader and inflate are fuzzed);
    /// otherwise one entry is read, mutated (structurally with `mutator` when it is JSON, else
    /// byte by byte) and the archive written again with correct CRCs, so the manifest, themes
    /// and state machines are fuzzed past the checksum. An archive that does not read goes to
    /// the byte mutator.
    public static func mutateZipEntries(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32,
                                        with mutator: JSONMutator) -> Int {
        var rng = SplitMix64(seed: UInt64(seed) &* 0xD1B5_4A32_D192_ED03)
        let input = bytes(data, size)
        guard rng.below(2) == 0, let archive = try? ZipArchive(bytes: input, name: "fuzz"), !archive.entries.isEmpty else {
            return LLVMFuzzerMutate(data, size, maxSize)
        }
        var files: [(name: String, bytes: [UInt8])] = []
        for e in archive.entries where !e.isDirectory {
            guard let content = try? archive.read(e, maxBytes: maxSize * 64) else { return LLVMFuzzerMutate(data, size, maxSize) }
            files.append((e.name, content))
        }
        guard !files.isEmpty else { return LLVMFuzzerMutate(data, size, maxSize) }
        let i = rng.below(files.count)
        if files[i].name.hasSuffix(".json"), let tree = JSONTree.parse(files[i].bytes), rng.below(4) != 0 {
            files[i].bytes = mutator.mutate(tree, rng: &rng).serialized()
        } else {
            // libFuzzer's mutator wants at least one byte to start from.
            if files[i].bytes.isEmpty { files[i].bytes = [UInt8(ascii: "{")] }
            var entry = files[i].bytes
            let room = max(entry.count * 2, 64)
            entry += [UInt8](repeating: 0, count: room - entry.count)
            let n = entry.withUnsafeMutableBufferPointer { LLVMFuzzerMutate($0.baseAddress!, files[i].bytes.count, room) }
            files[i].bytes = Array(entry.prefix(n))
        }
        // Stored or deflated at random: both reader paths stay covered.
        let deflate = rng.below(2) == 0
        let out = ZipWriter.archive(files, deflate: deflate)
        guard out.count <= maxSize, !out.isEmpty else { return LLVMFuzzerMutate(data, size, maxSize) }
        out.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: out.count) }
        return out.count
    }
}
#endif
