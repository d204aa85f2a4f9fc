import CYLImageCodecs
import CYLRaster
import CYLTimeline
import Foundation
import Testing
@testable import CYLRiveAnimator

/// Images a `.riv` names but does not embed are read beside it (or under `--assets DIR`) by the
/// names the editor exports (issue 28): a 100x50 artboard whose image asset "photo.png" (id 7)
/// is drawn centred at (50, 25).
@Suite struct AssetFileTests {
    typealias T = RiveTypeKey
    typealias P = RivePropertyKey

    static func file(assetName: String = "photo.png") -> RiveWriter {
        var f = RiveWriter()
        f.object(T.backboard)
        f.object(T.imageAsset, [(P.assetName, .s(assetName)), (P.fileAssetAssetId, .u(7))])
        f.object(T.artboard, [(P.componentName, .s("Board")), (P.layoutComponentWidth, .d(100)), (P.layoutComponentHeight, .d(50))])
        f.object(T.image, [(P.componentName, .s("Photo")), (P.componentParentId, .u(0)), (P.nodeX, .d(50)), (P.nodeY, .d(25)),
                           (P.imageAssetId, .u(0))])
        return f
    }

    /// A 10x10 opaque blue PNG.
    static func png() throws -> [UInt8] {
        var p = try Pixmap(width: 10, height: 10)
        for y in 0..<10 { for x in 0..<10 { p[x, y] = RGBA8(0, 0, 255, 255) } }
        return try PNGCodec.encode(p)
    }

    /// Writes the .riv and the given files into a scratch folder; returns the folder.
    static func folder(_ riv: RiveWriter, files: [String: [UInt8]]) throws -> String {
        let dir = NSTemporaryDirectory() + "cyl-rive-assets-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(riv.bytes).write(to: URL(fileURLWithPath: dir + "/icon.riv"))
        for (name, bytes) in files {
            try FileManager.default.createDirectory(atPath: dir + "/" + FilePath.parentDirectory(of: name), withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: dir + "/" + name))
        }
        return dir
    }

    static func open(_ dir: String, options: OpenOptions = OpenOptions()) throws -> (RiveDocument, Pixmap) {
        let doc = try RiveDocument(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/icon.riv"))), name: dir + "/icon.riv", options: options)
        return (doc, try doc.timeline().render(frame: 0, size: PixelSize(100, 50)))
    }

    /// The editor's unique name, then the asset's own name; the image covers 45..<55 x 20..<30.
    @Test(arguments: ["photo-7.png", "photo.png"])
    func anImageBesideTheFileIsDrawn(name: String) throws {
        let dir = try Self.folder(Self.file(), files: [name: try Self.png()])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (doc, frame) = try Self.open(dir)
        #expect(frame[50, 25] == RGBA8(0, 0, 255, 255))
        #expect(frame[46, 21] == RGBA8(0, 0, 255, 255) && frame[44, 25].a == 0 && frame[56, 25].a == 0)
        #expect(doc.assetSources == [.file(dir + "/" + name)])
        #expect(doc.diagnostics.isEmpty, "\(doc.diagnostics)")
        let listed = doc.contents.first { $0.name == "assets" }?.value.lines().joined() ?? ""
        #expect(listed.contains("\"photo.png\" (image, id 7): read from \(dir)/\(name)"), "\(listed)")
    }

    @Test func theAssetsOptionIsLookedInInstead() throws {
        let dir = try Self.folder(Self.file(), files: ["art/photo-7.png": try Self.png()])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try Self.open(dir).1[50, 25].a == 0, "not beside the file")
        var o = OpenOptions()
        o.assetsDirectory = dir + "/art"
        #expect(try Self.open(dir, options: o).1[50, 25] == RGBA8(0, 0, 255, 255))
    }

    /// Missing: a warning naming what was looked for, and nothing drawn.
    @Test func aMissingImageIsAWarningNamingTheFilesLookedFor() throws {
        let dir = try Self.folder(Self.file(), files: [:])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (doc, frame) = try Self.open(dir)
        #expect(frame[50, 25].a == 0)
        #expect(doc.diagnostics.map(\.message) == [
            "image asset \"photo.png\" is not embedded in the file and no file beside it is named photo-7.png or photo.png; it is not drawn",
        ])
        #expect(doc.diagnostics.first?.feature == .externalImage)
    }

    /// A name from the file that climbs out of the folder is never read.
    @Test func aNameWithAPathIsNotRead() throws {
        let dir = try Self.folder(Self.file(assetName: "../photo.png"), files: ["photo-7.png": try Self.png(), "photo.png": try Self.png()])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let named = FileAssetModel(typeKey: T.imageAsset, name: "../photo.png", assetID: 7, width: 0, height: 0, contents: nil, cdnUUID: nil)
        #expect(RiveAssetFiles.candidates(named) == [])
        let (doc, frame) = try Self.open(dir)
        #expect(frame[50, 25].a == 0)
        #expect(doc.assetSources == [.missing(names: [], folder: dir)])
    }

    /// A file too large for the file limit is a warning, not a failed open.
    @Test func aFileOverTheLimitIsAWarning() throws {
        let dir = try Self.folder(Self.file(), files: ["photo-7.png": try Self.png()])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var o = OpenOptions()
        o.limits.maxFileBytes = 1024
        let big = [UInt8](repeating: 0, count: 4096)
        try Data(big).write(to: URL(fileURLWithPath: dir + "/photo-7.png"))
        let (doc, frame) = try Self.open(dir, options: o)
        #expect(frame[50, 25].a == 0)
        #expect(doc.diagnostics.contains { $0.feature == .externalImage && $0.message.contains("more than the limit of 1024") }, "\(doc.diagnostics)")
    }
}
