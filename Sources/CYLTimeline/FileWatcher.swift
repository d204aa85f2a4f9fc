#if canImport(Glibc)
import Glibc
#endif

/// Tells when files change, through Linux's inotify: what `--watch` (on `play`, `review` and
/// `build`) waits on.
///
/// It watches the *folder* of each file rather than the file: editors save by writing a new file
/// and renaming it over the old one, which ends a watch on the old file's inode, and a file that
/// does not exist yet (named by a configuration being written) can only be seen arriving from its
/// folder. A watched path that is itself a folder (PNG frames) is watched too, and any change
/// inside it counts as a change of it. Changes come in bursts (write, close, rename; an editor's
/// backup file), so `changes(within:)` waits for a quiet `settle` before it answers.
///
/// One instance owns the inotify descriptor and closes it in `deinit`.
public final class FileWatcher {
    /// How long the file system must stay quiet before a burst of changes is reported: long enough
    /// for an editor's write-and-rename, short enough to stay well inside the 200 ms a reload may take.
    public static let settle = Duration.milliseconds(40)

    private let fd: Int32
    /// Watch descriptor → folder path, and per folder the names in it that are watched.
    private var folders: [Int32: String] = [:]
    private var namesByFolder: [String: Set<String>] = [:]
    /// Watched paths that are folders: a change of any entry is a change of the folder.
    private var watchedFolders: Set<String> = []
    /// (folder, name) → the path as the caller gave it, which `changes` reports.
    private var givenPath: [String: String] = [:]
    private var ignored: Set<String> = []
    private var entryFolders: Set<String> = []

    /// An inotify instance. Throws when the kernel refuses one (the per-user instance limit).
    public init() throws(OpenError) {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else {
            throw OpenError(file: "inotify", .unreadable, "cannot watch files: \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(fd) }

    /// Watches exactly `paths` from now on (files or folders, existing or not), forgetting any
    /// watched before; changes not yet reported in folders still watched are kept. A folder that cannot be watched (gone, unreadable) is skipped: its files
    /// can still be listed by a later call once it exists. Inside a watched folder, hidden files
    /// (editors' swap files, our own staged outputs) and `ignoring` (the caller's outputs, which
    /// may be written inside a watched folder) are not changes of it.
    ///
    /// `newEntriesIn` are folders where only a file appearing or going counts (reported as the
    /// folder): where a build looks for glob matches, without every log or note written beside
    /// the inputs starting another build.
    public func watch(_ paths: [String], newEntriesIn: [String] = [], ignoring: [String] = []) {
        ignored = Set(ignoring)
        entryFolders = Set(newEntriesIn)
        // Folders watched before and still wanted keep their watch (inotify gives the same
        // descriptor again), so what happened in them since, while the caller worked, is still
        // queued and is judged by the new lists; only folders no longer wanted are dropped.
        let before = folders
        folders = [:]
        namesByFolder = [:]
        watchedFolders = []
        givenPath = [:]
        var wanted: [String: Set<String>] = [:]
        for folder in entryFolders { wanted[folder, default: []] = wanted[folder] ?? [] }
        for path in Set(paths) {
            let folder = FilePath.parentDirectory(of: path), name = FilePath.lastComponent(of: path)
            wanted[folder, default: []].insert(name)
            givenPath[folder + "\0" + name] = path
            var st = stat()
            if stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR {
                watchedFolders.insert(path)
                wanted[path, default: []] = wanted[path] ?? []
            }
        }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)
        for (folder, names) in wanted {
            let wd = inotify_add_watch(fd, folder, mask)
            guard wd >= 0 else { continue }
            folders[wd] = folder
            namesByFolder[folder, default: []].formUnion(names)
        }
        for wd in before.keys where folders[wd] == nil { inotify_rm_watch(fd, wd) }
    }

    /// The time the kernel stamps file changes with (its coarse real-time clock), for
    /// `changed(since:)`: take it before the work whose inputs are then watched.
    public static func now() -> timespec {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &t)
        return t
    }

    /// The watched paths that changed at or after `start` (by their status-change time, which a
    /// write, a rename over and a new file all set), for a folder any entry that is not hidden or
    /// ignored (files only, not folders in it): what changed between `start` and the `watch` call, when nothing was watching. A
    /// tool that reads its inputs, works, then watches them asks this right after `watch`, or a
    /// save made during the work would be missed until the next one.
    public func changed(since start: timespec) -> [String] {
        func changedAt(_ path: String, filesOnly: Bool = false) -> Bool {
            var st = stat()
            guard stat(path, &st) == 0 else { return false }
            // A folder inside a watched folder changes whenever anything is written in it (our
            // own outputs' folder): only a watch on it would make that a change.
            if filesOnly && st.st_mode & S_IFMT == S_IFDIR { return false }
            return (st.st_ctim.tv_sec, st.st_ctim.tv_nsec) >= (start.tv_sec, start.tv_nsec)
        }
        var changed = Set<String>()
        for path in givenPath.values where !watchedFolders.contains(path) && changedAt(path) { changed.insert(path) }
        for folder in watchedFolders {
            guard let dir = opendir(folder) else { continue }
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name.hasPrefix(".") || ignored.contains(folder + "/" + name) { continue }
                if changedAt(folder + "/" + name, filesOnly: true) { changed.insert(folder); break }
            }
        }
        return changed.sorted()
    }

    /// The number of folders being watched (a test checks a burst of paths shares them).
    public var folderCount: Int { folders.count }

    /// Waits up to `timeout` (nil: for ever) for a watched path to change, then for the burst to
    /// settle, and returns the paths that changed (as given to `watch`), sorted; empty when none
    /// changed in time.
    public func changes(within timeout: Duration?) -> [String] {
        var changed = Set<String>()
        // Events about other files in a watched folder wake the wait too: keep waiting, for
        // what is left of `timeout`, until one is about a watched path.
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now + $0 }
        while changed.isEmpty {
            guard wait(deadline.map { max(.zero, $0 - clock.now) }) else { return [] }
            drain(into: &changed)
        }
        // Keep collecting until the file system has been quiet for `settle`.
        while wait(Self.settle) { drain(into: &changed) }
        return changed.sorted()
    }

    /// Whether the descriptor became readable within `timeout`.
    private func wait(_ timeout: Duration?) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ms = timeout.map { Int32(clamping: Int64(($0.seconds * 1000).rounded(.up))) } ?? -1
        while true {
            let n = poll(&p, 1, ms)
            if n < 0 && errno == EINTR { continue }
            return n > 0
        }
    }

    /// Reads every queued event and adds the watched paths they name to `changed`.
    private func drain(into changed: inout Set<String>) {
        // Large enough for many events with names (each at most NAME_MAX + 1 past its header).
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            buffer.withUnsafeBytes { raw in
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= n {
                    let wd = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let kind = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameBytes = raw[(offset + header)..<min(offset + header + length, n)]
                    let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                    offset += header + length
                    guard let folder = folders[wd] else { continue }
                    let counts = !name.hasPrefix(".") && !ignored.contains(folder + "/" + name)
                    if watchedFolders.contains(folder) && counts { changed.insert(folder) }
                    let entryEvents = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM)
                    if entryFolders.contains(folder) && counts && kind & entryEvents != 0 { changed.insert(folder) }
                    if namesByFolder[folder]?.contains(name) == true, let path = givenPath[folder + "\0" + name] {
                        changed.insert(path)
                    }
                }
            }
        }
    }
}
