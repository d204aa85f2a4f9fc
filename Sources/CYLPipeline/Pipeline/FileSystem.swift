#if canImport(Glibc)
import Glibc
#endif
import CYLTimeline

/// The few file-system questions the pipeline asks, through the C library (no Foundation in the
/// hot path of a no-change rebuild).
enum FileSystem {
    struct Status: Equatable {
        var isDirectory: Bool
        var size: Int
    }

    static func status(_ path: String) -> Status? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return Status(isDirectory: (st.st_mode & S_IFMT) == S_IFDIR, size: Int(st.st_size))
    }

    static func exists(_ path: String) -> Bool { status(path) != nil }
    static func isDirectory(_ path: String) -> Bool { status(path)?.isDirectory ?? false }

    /// Whether `path` is a symbolic link (not followed).
    static func isSymlink(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    }

    /// The names in a directory, sorted, without `.` and `..`; nil when it cannot be read.
    static func entries(_ dir: String) -> [String]? {
        guard let d = opendir(dir) else { return nil }
        defer { closedir(d) }
        var names: [String] = []
        while let entry = readdir(d) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// `a/b` joined; `dir` "." adds nothing.
    static func join(_ dir: String, _ name: String) -> String {
        if dir == "." || dir.isEmpty { return name }
        return dir.hasSuffix("/") ? dir + name : dir + "/" + name
    }

    /// `path` relative to `base` when it lies inside it (textually), else `path` itself.
    static func relative(_ path: String, to base: String) -> String {
        if base == "." { return path.hasPrefix("./") ? String(path.dropFirst(2)) : path }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The absolute path without symbolic links, `.` or `..`; nil when it does not exist.
    static func canonical(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// `a/b/../c` → `a/c`, `./a` → `a`, textually (leading `..` kept).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// The whole file, or nil when it cannot be read. For outputs and manifests (inputs are read
    /// through `InputFile`, which enforces the size limit).
    static func read(_ path: String) -> [UInt8]? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&chunk, 1, chunk.count, f)
            if n > 0 { out.append(contentsOf: chunk[0..<n]) }
            if n < chunk.count { return ferror(f) != 0 ? nil : out }
        }
    }

    /// Removes `path` and then each parent directory up to (not including) `stop` while empty.
    static func remove(_ path: String, emptyParentsUpTo stop: String) -> Bool {
        guard unlink(path) == 0 else { return false }
        var dir = FilePath.parentDirectory(of: path)
        while dir != stop && dir.hasPrefix(stop) && rmdir(dir) == 0 { dir = FilePath.parentDirectory(of: dir) }
        return true
    }
}
