import CYLImageCodecs
import CYLDocuments
import Foundation
import Testing

@Suite struct ConvertCommandTests {
    func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test func gifToEveryFormat() throws {
        let dir = try ScratchDir()
        let input = CLI.sample("spinner.gif")  // 24 frames x 40 ms, loops forever
        for out in ["s.gif", "s.png", "s.webp"] {
            let r = try CLI.run(["convert", input, "-o", "\(dir.path)/\(out)", "--size", "81x81", "-q"])
            #expect(r.status == 0, "\(out): \(r.stderr)")
        }
        let info = try GIFInfo.scan(bytes: bytes(dir.path + "/s.gif"), name: "s.gif")
        #expect(info.frames.count == 24 && info.totalDelayCentiseconds == 96 && info.loopCount == 0)
        #expect(info.canvasWidth == 81)
        let png = try bytes(dir.path + "/s.png")
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try PNGCodec.decode(png, name: "s.png").width == 81)
        let r = try CLI.run(["convert", input, "-o", "\(dir.path)/seq/%03d.png", "-q"])
        #expect(r.status == 0)
        #expect(dir.files("seq").count == 24)
    }

    @Test func loopOptionsAndMatte() throws {
        let dir = try ScratchDir()
        let input = CLI.sample("spinner.gif")
        #expect(try CLI.run(["convert", input, "-o", dir.path + "/a.gif", "--loop", "2", "--matte", "#ffffff", "-q"]).status == 0)
        #expect(try GIFInfo.scan(bytes: bytes(dir.path + "/a.gif"), name: "a").loopCount == 2)
        #expect(try CLI.run(["convert", input, "-o", dir.path + "/b.gif", "--no-loop", "-q"]).status == 0)
        #expect(try GIFInfo.scan(bytes: bytes(dir.path + "/b.gif"), name: "b").loopCount == nil)
        let bad = try CLI.run(["convert", input, "-o", dir.path + "/c.png", "--matte", "white"])
        #expect(bad.status == 64 && bad.stderr.contains("GIF output only"))
    }

    @Test func fpsAboveFiftyWarns() throws {
        let dir = try ScratchDir()
        let r = try CLI.run(["convert", CLI.sample("spinner.gif"), "-o", dir.path + "/a.gif", "--fps", "60"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("warning") && r.stderr.contains("50 fps"))
        let info = try GIFInfo.scan(bytes: bytes(dir.path + "/a.gif"), name: "a")
        #expect(abs(info.totalDelayCentiseconds - 96) <= 1)
    }

    @Test func standardOutput() throws {
        let r = try CLI.run(["convert", CLI.sample("spinner.gif"), "-o", "-", "--format", "gif"])
        #expect(r.status == 0)
        #expect(r.stdout.utf8.starts(with: Array("GIF89a".utf8)))
        let missing = try CLI.run(["convert", CLI.sample("spinner.gif"), "-o", "-"])
        #expect(missing.status == 64)
    }

    @Test func outputEqualToInputRefused() throws {
        let dir = try ScratchDir()
        let copy = dir.path + "/in.gif"
        try FileManager.default.copyItem(atPath: CLI.sample("spinner.gif"), toPath: copy)
        let before = try bytes(copy)
        let r = try CLI.run(["convert", copy, "-o", copy])
        #expect(r.status == 73)
        #expect(r.stderr.contains("is the input"))
        #expect(try bytes(copy) == before)
        #expect(dir.files() == ["in.gif"])
    }

    /// A write that fails part-way (the file size limit stands in for a full disk) leaves no
    /// temporary file and the existing output untouched.
    @Test func failedWriteLeavesNothing() throws {
        let dir = try ScratchDir()
        try dir.write("out.gif", Array("old contents".utf8))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        process.arguments = ["--fsize=2000", CLI.binary, "convert", CLI.sample("spinner.gif"), "-o", dir.path + "/out.gif", "--size", "200"]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 74, "\(stderr)")
        #expect(stderr.contains("write failed"))
        #expect(dir.files() == ["out.gif"])
        #expect(try bytes(dir.path + "/out.gif") == Array("old contents".utf8))
    }

    @Test func tgsNeedsLottieInput() throws {
        let dir = try ScratchDir()
        let r = try CLI.run(["convert", CLI.sample("spinner.gif"), "-o", dir.path + "/a.tgs"])
        #expect(r.status == 64)
        #expect(dir.files().isEmpty)
        try dir.write("a.json", Array(#"{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[]}"#.utf8))
        let ok = try CLI.run(["convert", dir.path + "/a.json", "-o", dir.path + "/a.tgs", "-q"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(try Gzip.inflate(bytes(dir.path + "/a.tgs"), name: "a.tgs", maxBytes: 1000) == bytes(dir.path + "/a.json"))
    }
}

@Suite struct DotLottieConvertTests {
    static let square = #"{"v":"5.7.0","fr":10,"ip":0,"op":5,"w":20,"h":20,"layers":[{"ty":4,"ind":1,"ip":0,"op":5,"st":0,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[10,10]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}"#

    @Test func convertsTheChosenAnimation() throws {
        let dir = try ScratchDir()
        let other = Self.square.replacingOccurrences(of: "\"op\":5", with: "\"op\":8")
        let zip = ZipWriter.archive([("manifest.json", Array(#"{"animations":[{"id":"a"},{"id":"b"}]}"#.utf8)),
                                     ("animations/a.json", Array(Self.square.utf8)), ("animations/b.json", Array(other.utf8))])
        try dir.write("x.lottie", zip)
        let first = try CLI.run(["convert", dir.path + "/x.lottie", "-o", dir.path + "/a.gif", "-q"])
        #expect(first.status == 0, "\(first.stderr)")
        let second = try CLI.run(["convert", dir.path + "/x.lottie", "-o", dir.path + "/b.gif", "--animation", "b", "-q"])
        #expect(second.status == 0, "\(second.stderr)")
        if first.status == 0 && second.status == 0 {
            let a = try GIFInfo.scan(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: dir.path + "/a.gif"))), name: "a")
            let b = try GIFInfo.scan(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: dir.path + "/b.gif"))), name: "b")
            #expect(a.totalDelayCentiseconds == 50 && b.totalDelayCentiseconds == 80)
        }
        let tgs = try CLI.run(["convert", dir.path + "/x.lottie", "-o", dir.path + "/b.tgs", "--animation", "b", "-q"])
        #expect(tgs.status == 0)
        #expect(try Gzip.inflate([UInt8](Data(contentsOf: URL(fileURLWithPath: dir.path + "/b.tgs"))), name: "b", maxBytes: 1 << 20)
                == Array(other.utf8))
        let missing = try CLI.run(["convert", dir.path + "/x.lottie", "-o", dir.path + "/c.gif", "--animation", "zz"])
        #expect(missing.status == 65 && missing.stderr.contains("no animation 'zz'"))
    }
}
