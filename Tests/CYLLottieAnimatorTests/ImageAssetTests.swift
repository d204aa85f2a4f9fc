import CJPEG
import CYLImageCodecs
import CYLDocuments
@testable import CYLLottieAnimator
import CYLRaster
import CYLTimeline
import Foundation
import Testing

/// Image assets that are files: beside the JSON, under `--assets`, inside a `.lottie`, JPEG; and
/// what happens when one is missing, undecodable, too large or outside the folder.
///
/// Every scene is a 40x40 composition with one image layer at (10, 10), anchor (0, 0), unscaled,
/// rendered at 40x40: the image covers x 10..<30, y 10..<20, so pixel (15, 15) shows the image
/// and pixels (5, 5) and (15, 25) show nothing. Pixel centres sit on image pixel centres, so PNG
/// colours come through exactly.
@Suite struct ImageAssetTests {
    /// A scratch folder removed when the test ends.
    final class Folder {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("cyl-assets-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
        func write(_ name: String, _ bytes: [UInt8]) throws {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: file)
        }
    }

    static func png(_ c: RGBA8, width: Int = 20, height: Int = 10) throws -> [UInt8] {
        let px = try Pixmap(width: width, height: height, straightRGBA: [c.r, c.g, c.b, c.a].cycled(width * height * 4))
        return try PNGCodec.encode(px)
    }

    /// A flat-colour JPEG made by libjpeg itself (quality 95).
    static func jpeg(r: UInt8, g: UInt8, b: UInt8, width: Int = 32, height: Int = 16) -> [UInt8] {
        let rgb = [UInt8]((0..<width * height).flatMap { _ in [r, g, b] })
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let code = rgb.withUnsafeBufferPointer { cyl_jpeg_encode_rgb($0.baseAddress, UInt32(width), UInt32(height), 95, &out, &size) }
        defer { free(out) }
        precondition(code == Int32(CYL_JPEG_OK) && out != nil, "libjpeg could not encode the fixture")
        return [UInt8](UnsafeBufferPointer(start: out, count: Int(size)))
    }

    /// A document with one image asset (`asset` is its JSON object without the braces) drawn by one layer.
    static func document(asset: String, extra: String = "", opacity: String = "{\"a\":0,\"k\":100}") -> [UInt8] {
        Array("""
        {"v":"5.7.0","fr":10,"ip":0,"op":2,"w":40,"h":40\(extra),
         "assets":[{"id":"img","w":20,"h":10,\(asset)}],
         "layers":[{"ty":2,"refId":"img","ind":1,"ip":0,"op":2,"st":0,
                    "ks":{"o":\(opacity),"p":{"a":0,"k":[10,10]},"a":{"a":0,"k":[0,0]}}}]}
        """.utf8)
    }

    static func open(_ path: String, _ options: OpenOptions = OpenOptions()) throws -> FrameTimeline {
        try LottieAnimator().timeline(for: try ContentProbe.read(path: path), options: options)
    }

    static func frame(_ t: FrameTimeline) throws -> Pixmap { try t.render(frame: 0, size: PixelSize(40, 40)) }

    static let red = RGBA8(255, 0, 0, 255), blue = RGBA8(0, 0, 255, 255)

    @Test func imageBesideTheJSONDrawsItsPixels() throws {
        let f = try Folder()
        try f.write("images/img_0.png", Self.png(Self.red))
        try f.write("icon.json", Self.document(asset: "\"u\":\"images/\",\"p\":\"img_0.png\",\"e\":0"))
        let t = try Self.open(f.path("icon.json"))
        let p = try Self.frame(t)
        #expect(p[15, 15] == Self.red)
        #expect(p[29, 19] == Self.red)
        #expect(p[5, 5] == .transparent)
        #expect(p[15, 25] == .transparent)
        #expect(p[30, 15] == .transparent)
        #expect(t.diagnostics.isEmpty, "\(t.diagnostics)")
        // The image is an input: outputs must not overwrite it.
        #expect(t.inputs == [f.path("icon.json"), f.path("images/img_0.png")])
    }

    /// A PNG whose first half (left, or top with `vertical`) is `a` and second half `b`.
    static func halves(_ a: RGBA8, _ b: RGBA8, width: Int, height: Int, vertical: Bool = false) throws -> [UInt8] {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let c = (vertical ? y < height / 2 : x < width / 2) ? a : b
                bytes += [c.r, c.g, c.b, c.a]
            }
        }
        return try PNGCodec.encode(try Pixmap(width: width, height: height, straightRGBA: bytes))
    }

    /// An image exported at twice its asset's box (40x20 pixels for w 20, h 10) is drawn in the
    /// box, at half its pixel size: its right half lands on x 20..<30, and nothing past x 30.
    @Test func anImageAtTwiceItsBoxIsDrawnInTheBox() throws {
        let f = try Folder()
        try f.write("images/img_0.png", Self.halves(Self.red, Self.blue, width: 40, height: 20))
        try f.write("icon.json", Self.document(asset: "\"u\":\"images/\",\"p\":\"img_0.png\""))
        let p = try Self.frame(try Self.open(f.path("icon.json")))
        // Pixel centres map to image x 2(x + 0.5 - 10): the two texels sampled are of one colour.
        #expect(p[15, 15] == Self.red && p[19, 19] == Self.red)
        #expect(p[25, 15] == Self.blue && p[29, 10] == Self.blue)
        #expect(p[31, 15] == .transparent && p[15, 21] == .transparent)
    }

    /// An image of another aspect covers its box, centred, and is cropped to it (lottie-web's
    /// default, xMidYMid slice): 20x20 pixels in a 20x10 box show rows 5..<15, so the box's top
    /// half is the red top of the image, its bottom half the blue bottom, and nothing spills out.
    @Test func anImageOfAnotherAspectCoversItsBoxAndIsCropped() throws {
        let f = try Folder()
        try f.write("images/img_0.png", Self.halves(Self.red, Self.blue, width: 20, height: 20, vertical: true))
        try f.write("icon.json", Self.document(asset: "\"u\":\"images/\",\"p\":\"img_0.png\""))
        let p = try Self.frame(try Self.open(f.path("icon.json")))
        #expect(p[15, 10] == Self.red && p[15, 13] == Self.red)
        #expect(p[15, 16] == Self.blue && p[25, 19] == Self.blue)
        #expect(p[15, 20] == .transparent && p[15, 9] == .transparent && p[30, 15] == .transparent)
    }

    @Test func assetsFolderReplacesTheJSONFolder() throws {
        let f = try Folder()
        try f.write("icon.json", Self.document(asset: "\"u\":\"images/\",\"p\":\"img_0.png\""))
        try f.write("images/img_0.png", Self.png(Self.red))
        // Under --assets the file is found below u, or else by its name alone.
        try f.write("alt/img_0.png", Self.png(Self.blue))
        var options = OpenOptions()
        options.assetsDirectory = f.path("alt")
        let t = try Self.open(f.path("icon.json"), options)
        #expect(try Self.frame(t)[15, 15] == Self.blue)
        #expect(t.inputs.last == f.path("alt/img_0.png"))
        try f.write("alt2/images/img_0.png", Self.png(RGBA8(0, 255, 0, 255)))
        options.assetsDirectory = f.path("alt2")
        #expect(try Self.frame(try Self.open(f.path("icon.json"), options))[15, 15] == RGBA8(0, 255, 0, 255))
    }

    @Test func missingImageIsAWarningAndDrawsNothing() throws {
        let f = try Folder()
        try f.write("icon.json", Self.document(asset: "\"u\":\"images/\",\"p\":\"gone.png\""))
        let t = try Self.open(f.path("icon.json"))
        let notes = t.diagnostics.filter { $0.feature == .externalImage }
        #expect(notes.count == 1)
        let message = notes.first?.message ?? ""
        #expect(message.contains("\"img\"") && message.contains("images/gone.png") && message.contains("no such file"), "\(message)")
        #expect(notes.first?.location == "assets[0]")
        let p = try Self.frame(t)
        #expect(p[15, 15] == .transparent)
        #expect(t.inputs == [f.path("icon.json")])
    }

    @Test func undecodableImageIsAWarning() throws {
        let f = try Folder()
        try f.write("icon.json", Self.document(asset: "\"u\":\"\",\"p\":\"notes.png\""))
        try f.write("notes.png", Array("just text".utf8))
        let t = try Self.open(f.path("icon.json"))
        let message = t.diagnostics.first { $0.feature == .imageFormat }?.message ?? ""
        #expect(message.contains("notes.png") && message.contains("not a PNG, JPEG or WebP"), "\(message)")
        #expect(try Self.frame(t)[15, 15] == .transparent)
        // Content decides, not the name: a PNG named .jpg draws.
        try f.write("named.jpg", Self.png(Self.red))
        try f.write("icon2.json", Self.document(asset: "\"u\":\"\",\"p\":\"named.jpg\""))
        #expect(try Self.frame(try Self.open(f.path("icon2.json")))[15, 15] == Self.red)
    }

    @Test func pathsStayInsideTheFolder() throws {
        let f = try Folder()
        try f.write("secret.png", Self.png(Self.red))
        try f.write("anim/icon.json", Self.document(asset: "\"u\":\"../\",\"p\":\"secret.png\""))
        let t = try Self.open(f.path("anim/icon.json"))
        #expect(t.diagnostics.contains { $0.message.contains("points outside the animation's folder") }, "\(t.diagnostics)")
        #expect(try Self.frame(t)[15, 15] == .transparent)
        // A leading / is the folder's root (an app bundle's), and `..` inside the folder is fine.
        try f.write("anim/images/a.png", Self.png(Self.blue))
        try f.write("anim/icon2.json", Self.document(asset: "\"u\":\"/images/x/../\",\"p\":\"a.png\""))
        #expect(try Self.frame(try Self.open(f.path("anim/icon2.json")))[15, 15] == Self.blue)
        // URLs are not fetched.
        try f.write("anim/icon3.json", Self.document(asset: "\"u\":\"https://example.com/\",\"p\":\"a.png\""))
        #expect(try Self.open(f.path("anim/icon3.json")).diagnostics.contains { $0.message.contains("not downloaded") })
    }

    @Test func decodedImagesAreHeldToTheDecodedBytesLimit() throws {
        let f = try Folder()
        try f.write("images/img_0.png", Self.png(Self.red))
        try f.write("icon.json", Self.document(asset: "\"u\":\"images/\",\"p\":\"img_0.png\""))
        var options = OpenOptions()
        options.limits.maxDecodedBytes = 20 * 10 * 4 - 1  // one byte short of the 20x10 RGBA image
        let t = try Self.open(f.path("icon.json"), options)
        #expect(t.diagnostics.contains { $0.message.contains("Limits.maxDecodedBytes") })
        #expect(try Self.frame(t)[15, 15] == .transparent)
        options.limits.maxDecodedBytes = 20 * 10 * 4
        #expect(try Self.frame(try Self.open(f.path("icon.json"), options))[15, 15] == Self.red)
    }

    /// JPEG is lossy: a flat colour survives libjpeg's quality-95 round trip within 4 per channel
    /// (colour conversion rounds twice, and the DC coefficient's quantisation step at quality 95
    /// is 2, an error of at most 1/8 of it per pixel after the inverse DCT).
    @Test func jpegImageBesideTheJSON() throws {
        let f = try Folder()
        try f.write("images/photo.jpg", Self.jpeg(r: 200, g: 100, b: 50))
        try f.write("icon.json", Self.document(asset: "\"u\":\"images/\",\"p\":\"photo.jpg\""))
        let t = try Self.open(f.path("icon.json"))
        let c = try Self.frame(t)[15, 15]
        #expect(abs(Int(c.r) - 200) <= 4 && abs(Int(c.g) - 100) <= 4 && abs(Int(c.b) - 50) <= 4 && c.a == 255, "\(c)")
        #expect(t.diagnostics.isEmpty, "\(t.diagnostics)")
    }

    /// The decoder on its own, against a libjpeg-made fixture (same tolerance and reason as above).
    @Test func jpegDecodeOfALibjpegFile() throws {
        let p = try JPEGCodec.decode(Self.jpeg(r: 30, g: 160, b: 220, width: 17, height: 9), name: "t.jpg")
        #expect(p.width == 17 && p.height == 9)
        for (x, y) in [(0, 0), (8, 4), (16, 8)] {
            let c = p[x, y]
            #expect(abs(Int(c.r) - 30) <= 4 && abs(Int(c.g) - 160) <= 4 && abs(Int(c.b) - 220) <= 4 && c.a == 255, "\(c)")
        }
    }

    @Test func embeddedJPEGDataURI() throws {
        let uri = "data:image/jpeg;base64," + Base64.encode(Self.jpeg(r: 200, g: 100, b: 50))
        let t = try LottieAnimator().timeline(fromJSON: Self.document(asset: "\"u\":\"\",\"p\":\"\(uri)\",\"e\":1"), name: "t.json",
                                              options: OpenOptions())
        let c = try Self.frame(t)[15, 15]
        #expect(abs(Int(c.r) - 200) <= 4 && abs(Int(c.g) - 100) <= 4 && abs(Int(c.b) - 50) <= 4, "\(c)")
    }

    @Test func dotLottieImagesEntry() throws {
        let f = try Folder()
        let manifest = Array("{\"version\":\"1\",\"animations\":[{\"id\":\"icon\"}]}".utf8)
        let zip = ZipWriter.archive([("manifest.json", manifest),
                                      ("animations/icon.json", Self.document(asset: "\"u\":\"/images/\",\"p\":\"img_0.png\"")),
                                      ("images/img_0.png", try Self.png(Self.blue))])
        try f.write("icon.lottie", zip)
        let t = try DotLottieAnimator().timeline(bytes: zip, name: f.path("icon.lottie"), options: OpenOptions())
        #expect(try Self.frame(t)[15, 15] == Self.blue)
        #expect(t.inputs == [f.path("icon.lottie")])
        // An entry that is not there is a warning naming the archive entry.
        let broken = ZipWriter.archive([("manifest.json", manifest),
                                         ("animations/icon.json", Self.document(asset: "\"u\":\"images/\",\"p\":\"nope.png\""))])
        let b = try DotLottieAnimator().timeline(bytes: broken, name: "b.lottie", options: OpenOptions())
        #expect(b.diagnostics.contains { $0.message.contains("b.lottie:images/nope.png") && $0.message.contains("no such entry") },
                "\(b.diagnostics)")
    }
}

extension Array {
    /// This array repeated until it has `count` elements.
    func cycled(_ count: Int) -> [Element] { (0..<count).map { self[$0 % self.count] } }
}
