import CYLTabBarItemAnimation
import CYLTestSupport
import Foundation
import Testing

/// A source that counts what it draws: a refused output must be refused before any frame is drawn.
final class CountingSource: FrameSource {
    var drawn = 0
    func render(frame index: Int, into target: inout Pixmap) throws {
        drawn += 1
        target.fill(RGBA8(UInt8(index), 0, 0, 255))
    }
}

/// `OutputWriter`: the one writer every command uses. It never writes over an input, however the
/// output path reaches it, and it writes all of its files or none.
struct OutputWriterTests {
    /// A scratch folder with an input file `in.json`, an input folder `frames/` holding `f0.png`
    /// and a folder `inner/`, a symlink to each of the three, a hard link to the file and an
    /// unrelated folder `out/`.
    static func inputs() throws -> Scratch {
        let dir = try Scratch()
        let fm = FileManager.default
        try dir.write("in.json", Array("{\"v\":1}".utf8))
        try fm.createDirectory(atPath: dir.path + "/frames", withIntermediateDirectories: true)
        try dir.write("frames/f0.png", [0x89, 0x50, 0x4E, 0x47])
        try fm.createDirectory(atPath: dir.path + "/out", withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: dir.path + "/in-link.json", withDestinationPath: dir.path + "/in.json")
        try fm.createSymbolicLink(atPath: dir.path + "/frames-link", withDestinationPath: "frames")
        try fm.createDirectory(atPath: dir.path + "/frames/inner", withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: dir.path + "/inner-link", withDestinationPath: "frames/inner")
        try fm.linkItem(atPath: dir.path + "/in.json", toPath: dir.path + "/hard.json")
        return dir
    }

    @Test(arguments: [
        "in.json",                      // the input itself
        "in-link.json",                 // a symlink to it
        "hard.json",                    // a hard link to it (same inode)
        "out/../in.json",               // through ..
        "new/../in.json",               // through a directory that does not exist yet
        "./frames/../out/../in.json",
        "frames",                       // the input folder itself
        "frames/f0.png",                // a file in the input folder
        "frames/f1.png",                // a new file in the input folder
        "frames/sub/deeper/f1.png",     // anywhere below it, in folders that would be created
        "frames-link/f1.png",           // through a symlink to the folder
        "new/../frames/f1.png",
        "out/../frames-link/./f1.png",
        "inner-link/../f1.png",         // `..` after a symlink is its target's parent: frames/
    ])
    func refusesEveryWayBackToAnInput(_ output: String) throws {
        let dir = try Self.inputs()
        let before = FileTree.snapshot(dir.path)
        let writer = OutputWriter(inputs: [dir.path + "/in.json", dir.path + "/frames"])
        #expect(throws: OutputError.self) { try writer.stage([1, 2, 3], to: dir.path + "/" + output) }
        do {
            try writer.check(dir.path + "/" + output)
            Issue.record("check accepted \(output)")
        } catch {
            #expect(error.kind == .cannotCreate)
            #expect(error.message.contains("input"), "\(error.message)")
        }
        writer.discard()
        #expect(FileTree.changes(from: before, to: FileTree.snapshot(dir.path)) == [], "nothing changed, nothing left behind")
    }

    /// A folder whose name only starts like the input folder's is not inside it.
    @Test func siblingsOfAnInputFolderAreFine() throws {
        let dir = try Self.inputs()
        let writer = OutputWriter(inputs: [dir.path + "/frames", dir.path + "/in.json"])
        try writer.check(dir.path + "/frames-copy/f1.png")
        try writer.check(dir.path + "/in.json.bak")
        try writer.check(dir.path + "/out/f1.png")
    }

    @Test func writesAllOrNothing() throws {
        let dir = try Self.inputs()
        let before = FileTree.snapshot(dir.path)
        do {
            let writer = OutputWriter(inputs: [dir.path + "/frames"])
            try writer.stage([1], to: dir.path + "/new/a/one.png")
            try writer.stage([2], to: dir.path + "/out/two.png")
            #expect(writer.stagedFiles.map(\.path) == [dir.path + "/new/a/one.png", dir.path + "/out/two.png"])
            #expect(throws: OutputError.self) { try writer.stage([3], to: dir.path + "/frames/three.png") }
            #expect(!FileManager.default.fileExists(atPath: dir.path + "/out/two.png"), "nothing visible before commit")
            // Dropped without commit: what it staged and the folders it made are gone.
        }
        #expect(FileTree.changes(from: before, to: FileTree.snapshot(dir.path)) == [])

        let writer = OutputWriter(inputs: [dir.path + "/frames"])
        try writer.stage([1], to: dir.path + "/new/a/one.png")
        try writer.stage([2, 2], to: dir.path + "/out/two.png")
        let written = try writer.commit()
        #expect(written == [.init(path: dir.path + "/new/a/one.png", byteCount: 1), .init(path: dir.path + "/out/two.png", byteCount: 2)])
        #expect(try dir.read("new/a/one.png") == [1] && dir.read("out/two.png") == [2, 2])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/out").count == 1, "no temporary file left")
    }

    @Test func oneRunCannotWriteOneFileTwice() throws {
        let dir = try Scratch()
        let writer = OutputWriter(inputs: [])
        try writer.stage([1], to: dir.path + "/a.png")
        #expect(throws: OutputError.self) { try writer.stage([2], to: dir.path + "/./a.png") }
        try writer.commit()
        #expect(try dir.read("a.png") == [1])
    }

    /// Render and convert refuse an output inside an input folder before drawing anything.
    @Test func timelinesRefuseBeforeDrawing() throws {
        let dir = try Self.inputs()
        let before = FileTree.snapshot(dir.path)
        let source = CountingSource()
        let t = FrameTimeline(format: "PNG frames", file: dir.path + "/frames", canvasSize: PixelSize(4, 4), frameCount: 3,
                              timing: .fps(10), source: source)
        #expect(throws: OutputError.self) { try t.renderPNGs(RenderRequest(output: try OutputPattern(dir.path + "/frames/f%d.png"))) }
        #expect(throws: OutputError.self) {
            try t.convert(ConvertRequest(format: .pngSequence, destination: .file(dir.path + "/frames-link/%d.png")))
        }
        #expect(throws: OutputError.self) { try t.convert(ConvertRequest(format: .gif, destination: .file(dir.path + "/frames"))) }
        #expect(source.drawn == 0)
        #expect(FileTree.changes(from: before, to: FileTree.snapshot(dir.path)) == [])
        // Extra inputs (a preview's tab-bar files) are refused like the file itself.
        var preview = t
        preview.inputs = [dir.path + "/in.json"]
        #expect(throws: OutputError.self) { try preview.convert(ConvertRequest(format: .gif, destination: .file(dir.path + "/hard.json"))) }
        #expect(FileTree.changes(from: before, to: FileTree.snapshot(dir.path)) == [])
    }
}
