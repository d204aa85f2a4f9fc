import Foundation

/// Every file, folder and symlink under a directory with what it holds: a test compares two
/// snapshots to show that inputs stayed byte-identical and that nothing new (no temporary file, no
/// folder) was left behind.
public enum FileTree {
    /// What one entry holds.
    public enum Entry: Equatable, Sendable {
        case file(Data)
        case directory
        case symlink(to: String)
    }

    /// The entries under `root`, keyed by path relative to it (symlinks are not followed).
    public static func snapshot(_ root: String) -> [String: Entry] {
        var out: [String: Entry] = [:]
        let fm = FileManager.default
        guard let walker = fm.enumerator(atPath: root) else { return out }
        for case let relative as String in walker {
            let path = root + "/" + relative
            switch (try? fm.attributesOfItem(atPath: path))?[.type] as? FileAttributeType {
            case .typeSymbolicLink?: out[relative] = .symlink(to: (try? fm.destinationOfSymbolicLink(atPath: path)) ?? "")
            case .typeDirectory?: out[relative] = .directory
            default: out[relative] = .file(fm.contents(atPath: path) ?? Data())
            }
        }
        return out
    }

    /// The paths that were added, removed or changed between two snapshots, sorted.
    public static func changes(from before: [String: Entry], to after: [String: Entry]) -> [String] {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }
}
