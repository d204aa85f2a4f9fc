import CYLImageCodecs
import Foundation
import Testing

/// `cylanim convert --fps` draws a Lottie at the output's own frame times; `--marker` picks a
/// marker's frames in `render` and `convert`.
@Suite struct ConvertFpsMarkerTests {
    /// 30 frames at 30 fps (1 s) of a white 10x10 square moving linearly from x = 10 to x = 70
    /// (2 px a frame) on 80x20, so no two output frames at 60 fps are alike; markers "intro"
    /// (frames 0-9) and "wave" (10-14).
    static let moving = Array("""
    {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":80,"h":20,
     "markers":[{"cm":"intro","tm":0,"dr":10},{"cm":"wave","tm":10,"dr":5}],
     "layers":[{"ty":4,"nm":"mover","ip":0,"op":30,"st":0,
       "ks":{"p":{"a":1,"k":[{"t":0,"s":[10,10],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[70,10]}]}},
       "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
                 {"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}]}]}
    """.utf8)

    /// The frame control chunks of an APNG: one per frame, each with its delay in seconds.
    static func apngDelays(_ bytes: [UInt8]) -> [Double] {
        var delays: [Double] = []
        var i = 8
        func be32(_ o: Int) -> Int { Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3]) }
        while i + 8 <= bytes.count {
            let length = be32(i)
            let type = String(decoding: bytes[i + 4..<i + 8], as: UTF8.self)
            if type == "fcTL" {
                let d = i + 8
                let num = Int(bytes[d + 20]) << 8 | Int(bytes[d + 21]), den = Int(bytes[d + 22]) << 8 | Int(bytes[d + 23])
                delays.append(Double(num) / Double(den == 0 ? 100 : den))
            }
            i += 12 + length
        }
        return delays
    }

    /// The coverage-weighted centre of row 10 of a PNG.
    static func centreX(_ path: String) throws -> Double {
        let p = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), name: path)
        var sum = 0.0, weight = 0.0
        for x in 0..<p.width {
            let a = Double(p[x, 10].a)
            sum += (Double(x) + 0.5) * a
            weight += a
        }
        return sum / weight
    }

    @Test func fps60OfA30FPSLottieDrawsInBetweenFrames() throws {
        let dir = try ScratchDir()
        try dir.write("move.json", Self.moving)
        let r = try CLI.run(["convert", dir.path + "/move.json", "-o", dir.path + "/move.png", "--fps", "60", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"frames\":60"), "\(r.stdout)")
        let delays = Self.apngDelays([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.path + "/move.png"))))
        #expect(delays.count == 60)  // identical neighbours would have been merged
        #expect(abs(delays.reduce(0, +) - 1) < 0.0005)
        var start = 0.0
        for (k, d) in delays.enumerated() {
            #expect(abs(start - Double(k) / 60) < 0.0005, "frame \(k) starts at \(start)")
            start += d
        }

        // The same frames one PNG each: output frame k shows the square at x = 10 + k (1 px per 1/60 s).
        let seq = try CLI.run(["convert", dir.path + "/move.json", "-o", dir.path + "/seq/%02d.png", "--fps", "60", "-q"])
        #expect(seq.status == 0, "\(seq.stderr)")
        #expect(dir.files("seq").count == 60)
        for k in [0, 1, 2, 31, 59] {
            let x = try Self.centreX(dir.path + "/seq/" + String(format: "%02d.png", k))
            #expect(abs(x - (10 + Double(k))) < 0.02, "frame \(k): centre \(x)")
        }
    }

    @Test func markerSelectsFramesInRenderAndConvert() throws {
        let dir = try ScratchDir()
        try dir.write("move.json", Self.moving)
        let r = try CLI.run(["render", dir.path + "/move.json", "-o", dir.path + "/wave/%02d.png", "--marker", "wave", "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(dir.files("wave") == ["10.png", "11.png", "12.png", "13.png", "14.png"])
        #expect(abs(try Self.centreX(dir.path + "/wave/10.png") - 30) < 0.02)

        let c = try CLI.run(["convert", dir.path + "/move.json", "-o", dir.path + "/intro.png", "--marker", "intro", "--json"])
        #expect(c.status == 0, "\(c.stderr)")
        let delays = Self.apngDelays([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.path + "/intro.png"))))
        #expect(delays.count == 10)
        #expect(abs(delays.reduce(0, +) - 1.0 / 3) < 0.0005)

        // With --fps the marker's segment is resampled too: 5 frames = 1/6 s, 10 frames at 60 fps.
        let f = try CLI.run(["convert", dir.path + "/move.json", "-o", dir.path + "/wave60.png", "--marker", "wave", "--fps", "60", "-q"])
        #expect(f.status == 0, "\(f.stderr)")
        #expect(Self.apngDelays([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.path + "/wave60.png")))).count == 10)
    }

    @Test func unknownMarkerIsAUsageErrorListingTheKnownOnes() throws {
        let dir = try ScratchDir()
        try dir.write("move.json", Self.moving)
        for command in ["render", "convert"] {
            let out = dir.path + (command == "render" ? "/x/%02d.png" : "/x.gif")
            let r = try CLI.run([command, dir.path + "/move.json", "-o", out, "--marker", "outro"])
            #expect(r.status == 64, "\(command): \(r.stderr)")
            #expect(r.stderr.contains("unknown marker 'outro': known markers: 'intro', 'wave'"), "\(command): \(r.stderr)")
            let both = try CLI.run([command, dir.path + "/move.json", "-o", out, "--marker", "wave", "--frames", "1"])
            #expect(both.status == 64 && both.stderr.contains("either --frames or --marker"), "\(command): \(both.stderr)")
        }
        #expect(!dir.files().contains("x") && !dir.files().contains("x.gif"))
        // A GIF has no markers.
        let gif = try CLI.run(["render", CLI.sample("spinner.gif"), "-o", dir.path + "/g.png", "--marker", "a"])
        #expect(gif.status == 64 && gif.stderr.contains("the animation has no markers"), "\(gif.stderr)")
    }
}
