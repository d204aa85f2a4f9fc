#if canImport(Glibc)
import Glibc
#endif

/// Shell-style file matching for pipeline inputs: `*`, `?` and `[...]` within one name
/// (`fnmatch`), `**` for any number of folders. Names starting with `.` match only a pattern that
/// starts with `.`; symbolic links to folders are not followed by `**` (no cycles).
enum Glob {
    /// One match: the path to open, and its folder below the pattern's fixed part (`{dir}`).
    struct Match: Equatable {
        var path: String
        var directory: String
    }

    static func hasWildcards(_ text: String) -> Bool {
        text.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    /// Every path matching `pattern` (resolved against `base`), sorted by path. Folders match
    /// too (a folder of PNG frames is one input). `limit` bounds how many are collected.
    static func expand(_ pattern: String, base: String, limit: Int) -> [Match] {
        let absolute = pattern.hasPrefix("/")
        let parts = pattern.split(separator: "/").map(String.init)
        let fixedCount = parts.firstIndex(where: hasWildcards) ?? parts.count
        var root = absolute ? "/" + parts[..<fixedCount].joined(separator: "/") : parts[..<fixedCount].joined(separator: "/")
        if !absolute { root = root.isEmpty ? base : FileSystem.join(base, root) }
        if root.isEmpty { root = "/" }
        var out: [Match] = []
        walk(root, rest: parts[fixedCount...], relative: [], into: &out, limit: limit)
        return out.sorted { $0.path < $1.path }
    }

    private static func walk(_ dir: String, rest: ArraySlice<String>, relative: [String], into out: inout [Match], limit: Int) {
        guard out.count < limit, let first = rest.first else { return }
        let remaining = rest.dropFirst()
        if first == "**" {
            // Zero folders here, then each subfolder with `**` still in force.
            walk(dir, rest: remaining, relative: relative, into: &out, limit: limit)
            for name in FileSystem.entries(dir) ?? [] where !name.hasPrefix(".") {
                let path = FileSystem.join(dir, name)
                guard FileSystem.isDirectory(path), !FileSystem.isSymlink(path) else { continue }
                walk(path, rest: rest, relative: relative + [name], into: &out, limit: limit)
            }
            return
        }
        for name in FileSystem.entries(dir) ?? [] where fnmatch(first, name, FNM_PERIOD) == 0 {
            let path = FileSystem.join(dir, name)
            if remaining.isEmpty {
                if out.count < limit { out.append(Match(path: path, directory: relative.joined(separator: "/"))) }
            } else if FileSystem.isDirectory(path) {
                walk(path, rest: remaining, relative: relative + [name], into: &out, limit: limit)
            }
        }
    }
}
