@testable import CYLTimeline
import Foundation
import Testing

/// `FileWatcher` on real files in a temporary folder: the saves editors make (in place, and by
/// writing a new file and renaming it over), files that appear later, frame folders, and silence
/// for what is not watched.
@Suite final class FileWatcherTests {
    let dir: String

    init() throws {
        dir = NSTemporaryDirectory() + "cyl-watch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: dir) }

    func write(_ name: String, _ text: String) throws {
        try text.write(toFile: dir + "/" + name, atomically: false, encoding: .utf8)
    }

    @Test func anInPlaceWriteIsAChange() throws {
        try write("bar.json", "{}")
        let watcher = try FileWatcher()
        watcher.watch([dir + "/bar.json"])
        #expect(watcher.changes(within: .zero) == [], "nothing happened yet")
        try write("bar.json", "{ }")
        #expect(watcher.changes(within: .seconds(5)) == [dir + "/bar.json"])
        #expect(watcher.changes(within: .zero) == [], "the burst was read in one go")
    }

    /// Most editors save by writing a temporary file and renaming it over the original, which
    /// replaces the inode a watch on the file itself would have followed.
    @Test func aSaveByRenameIsAChangeAndTheWatchSurvivesIt() throws {
        try write("icon.json", "1")
        let watcher = try FileWatcher()
        watcher.watch([dir + "/icon.json"])
        for round in 0..<2 {
            try write(".icon.json.swp", "\(round)")
            try FileManager.default.removeItem(atPath: dir + "/icon.json")
            try FileManager.default.moveItem(atPath: dir + "/.icon.json.swp", toPath: dir + "/icon.json")
            #expect(watcher.changes(within: .seconds(5)) == [dir + "/icon.json"], "round \(round)")
        }
    }

    @Test func otherFilesInTheFolderAreNotChanges() throws {
        try write("a.json", "1")
        let watcher = try FileWatcher()
        watcher.watch([dir + "/a.json"])
        try write("b.json", "2")
        try write("out.png", "3")
        #expect(watcher.changes(within: .milliseconds(300)) == [])
    }

    /// A configuration may name a file that is not there yet; writing it is a change.
    @Test func aFileThatAppearsIsAChange() throws {
        let watcher = try FileWatcher()
        watcher.watch([dir + "/later.json", dir + "/other.json"])
        #expect(watcher.folderCount == 1, "two files in one folder share its watch")
        try write("later.json", "{}")
        #expect(watcher.changes(within: .seconds(5)) == [dir + "/later.json"])
    }

    /// A folder of PNG frames changes when a frame is added, rewritten or removed.
    @Test func aFolderChangesWithItsEntries() throws {
        let frames = dir + "/frames"
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
        try write("frames/0.png", "a")
        let watcher = try FileWatcher()
        watcher.watch([frames])
        try write("frames/1.png", "b")
        #expect(watcher.changes(within: .seconds(5)) == [frames])
        try FileManager.default.removeItem(atPath: frames + "/0.png")
        #expect(watcher.changes(within: .seconds(5)) == [frames])
    }

    /// A tool writing its output inside a folder it watches (review's page in the folder it
    /// reviews) must not see its own write, nor its hidden staging file, as a change.
    @Test func ownOutputsInAWatchedFolderAreNotChanges() throws {
        let frames = dir + "/frames"
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
        let watcher = try FileWatcher()
        watcher.watch([frames], ignoring: [frames + "/review.html"])
        try write("frames/.review.html.XXXXXX", "staged")
        try FileManager.default.moveItem(atPath: frames + "/.review.html.XXXXXX", toPath: frames + "/review.html")
        #expect(watcher.changes(within: .milliseconds(300)) == [])
        try write("frames/2.png", "c")
        #expect(watcher.changes(within: .seconds(5)) == [frames])
    }

    /// Saves made after a tool read its inputs but before it watched them (while it worked) are
    /// found by `changed(since:)`; files and folder entries older than that are not.
    @Test func savesBeforeTheWatchBeganAreFound() throws {
        try write("old.json", "1")
        try write("early.json", "1")
        let frames = dir + "/frames"
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
        try write("frames/0.png", "a")
        usleep(50_000)   // past the coarse clock's tick (1-10 ms) the kernel stamps changes with
        let start = FileWatcher.now()
        try write("early.json", "2")
        try write("frames/.swap", "hidden")
        let watcher = try FileWatcher()
        watcher.watch([dir + "/old.json", dir + "/early.json", frames])
        #expect(watcher.changed(since: start) == [dir + "/early.json"], "a hidden file in a folder is not a change")
        try write("frames/1.png", "b")
        #expect(watcher.changed(since: start) == [dir + "/early.json", frames].sorted())
    }

    /// Where a build looks for glob matches, a new file is a change; a log written beside the
    /// inputs (already there, written again) is not.
    @Test func inAnEntriesFolderOnlyFilesComingOrGoingCount() throws {
        try write("log.txt", "1")
        let watcher = try FileWatcher()
        watcher.watch([], newEntriesIn: [dir])
        try write("log.txt", "2")
        #expect(watcher.changes(within: .milliseconds(300)) == [])
        try write("new.json", "{}")
        #expect(watcher.changes(within: .seconds(5)) == [dir])
        try FileManager.default.removeItem(atPath: dir + "/new.json")
        #expect(watcher.changes(within: .seconds(5)) == [dir])
    }

    /// A tool watches, works (a build), then watches its new list: a file saved during the work
    /// in a folder watched all along is a change under the new list, though it was not on the old.
    @Test func changesDuringAReWatchAreKept() throws {
        try write("a.json", "1")
        let watcher = try FileWatcher()
        watcher.watch([dir + "/a.json"])
        try write("b.json", "1")
        watcher.watch([dir + "/a.json", dir + "/b.json"])
        #expect(watcher.changes(within: .seconds(5)) == [dir + "/b.json"])
    }

    /// `watch` replaces the set: a file no longer listed is no longer reported.
    @Test func watchReplacesTheSet() throws {
        try write("old.json", "1")
        try write("new.json", "1")
        let watcher = try FileWatcher()
        watcher.watch([dir + "/old.json"])
        watcher.watch([dir + "/new.json"])
        try write("old.json", "2")
        #expect(watcher.changes(within: .milliseconds(300)) == [])
        try write("new.json", "2")
        #expect(watcher.changes(within: .seconds(5)) == [dir + "/new.json"])
    }
}
