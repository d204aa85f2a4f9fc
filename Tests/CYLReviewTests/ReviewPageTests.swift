import CYLImageCodecs
import CWebP
import CYLTabBarItemAnimation
import Foundation
import Testing
@testable import CYLReview

/// The review page without a browser: self-contained, within its byte limit, never over an input;
/// sprite sheets that hold each frame's exact pixels.
@Suite struct ReviewPageTests {
    static func page(_ inputs: [String], in dir: Scratch, _ configure: (inout ReviewJob) -> Void = { _ in }) throws -> (ReviewJob.Result, String) {
        var job = ReviewJob(inputs: inputs, output: dir.file("review.html"))
        configure(&job)
        let result = try job.run(registry: .standard)
        return (result, try String(contentsOfFile: dir.file("review.html"), encoding: .utf8))
    }

    @Test func everythingIsInsideThePage() throws {
        let dir = try Scratch()
        let (result, html) = try Self.page([TestFiles.sample("tabbar/tabbar.json"), TestFiles.sample("lint-examples/heart-pop-fps-too-low-and-content-in-margin.gif")], in: dir)
        #expect(result.byteCount == html.utf8.count)
        #expect(result.iconCount == 6 && result.barCount == 1, "five tabs and the GIF")
        // Every src and href is a data: URI, and nothing names a network location.
        let refs = html.matches(of: /(?:src|href)="([^"]*)"/).map { String($0.output.1) }
        #expect(!refs.isEmpty && refs.allSatisfy { $0.hasPrefix("data:") }, "\(refs.map { $0.prefix(30) })")
        let sheets = html.matches(of: /"src":"([^"]{0,30})/).map { String($0.output.1) }
        #expect(sheets.count == result.sheetCount && sheets.allSatisfy { $0.hasPrefix("data:image/") })
        #expect(!html.contains("http:") && !html.contains("https:") && !html.contains("//cdn"))
        #expect(html.contains("default-src 'none'"), "the page's policy forbids loading anything")
    }

    @Test func maxBytesIsAClearErrorAndWritesNothing() throws {
        let dir = try Scratch()
        #expect {
            _ = try Self.page([TestFiles.sample("checkmark.json")], in: dir) { $0.options.maxBytes = 5_000 }
        } throws: { error in
            guard let e = error as? OutputError else { return false }
            return e.kind == .cannotCreate && e.description.contains("--max-bytes") && e.description.contains("5000")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.file("review.html")))
    }

    @Test func refusesToWriteOverAnInput() throws {
        let dir = try Scratch()
        let copy = dir.file("icon.json")
        try FileManager.default.copyItem(atPath: TestFiles.sample("checkmark.json"), toPath: copy)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        #expect(throws: OutputError.self) { try ReviewJob(inputs: [copy], output: copy).run(registry: .standard) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
    }

    /// Decodes a sheet with libpng (our codec) or libwebp's own decoder.
    static func decode(_ sheet: SpriteSheet) throws -> Pixmap {
        if sheet.mime == "image/png" { return try PNGCodec.decode(sheet.bytes, name: "sheet") }
        var w: Int32 = 0, h: Int32 = 0
        guard let p = sheet.bytes.withUnsafeBufferPointer({ WebPDecodeRGBA($0.baseAddress, $0.count, &w, &h) }) else {
            throw OpenError(file: "sheet", .invalid, "libwebp cannot decode the sheet")
        }
        defer { WebPFree(p) }
        return try Pixmap(width: Int(w), height: Int(h), straightRGBA: Array(UnsafeBufferPointer(start: p, count: Int(w * h * 4))))
    }

    @Test func spriteSheetCellsHoldEachFramesPixels() throws {
        let t = try AnimatorRegistry.standard.timeline(forPath: TestFiles.sample("checkmark.json"))
        let size = PixelSize(45, 45)
        let sheet = try SpriteSheet.make(frameCount: t.frameCount, cellSize: size, maxPixels: 1 << 24) { try t.render(frame: $0, size: size) }
        // The tick is complete from frame 20 on: those frames share a cell.
        #expect(sheet.cellCount < t.frameCount)
        #expect(Set(sheet.cellOfFrame[20...]).count == 1)
        let image = try Self.decode(sheet)
        for f in [0, 7, 15, 29] {
            let expected = try t.render(frame: f, size: size)
            let roundTrip = try Pixmap(width: 45, height: 45, straightRGBA: expected.straightRGBA())
            let cell = sheet.cellOfFrame[f]
            let (cx, cy) = ((cell % sheet.columns) * 45, (cell / sheet.columns) * 45)
            var worst = 0
            for y in 0..<45 {
                for x in 0..<45 {
                    let a = image[cx + x, cy + y], e = roundTrip[x, y]
                    worst = max(worst, abs(Int(a.r) - Int(e.r)), abs(Int(a.g) - Int(e.g)), abs(Int(a.b) - Int(e.b)), abs(Int(a.a) - Int(e.a)))
                }
            }
            // Lossless: the only change is the straight-alpha round trip both formats store.
            #expect(worst == 0, "frame \(f) in \(sheet.mime) differs by \(worst)")
        }
    }

    @Test func pageSizeForTheCorpusTabBarIcons() throws {
        guard TestFiles.corpusPresent else {
            if TestFiles.allowMissingCorpus { return }
            Issue.record("../shared/corpus is missing (set CYL_ALLOW_MISSING_CORPUS=1 to skip)")
            return
        }
        let dir = try Scratch()
        let folder = TestFiles.corpus + "/lottie/lottie-tabbar"
        let icons = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
        let (result, _) = try Self.page(icons, in: dir)
        print("review page for \(icons.count) corpus tab-bar icons: \(result.byteCount) bytes, \(result.imageBytes) in \(result.sheetCount) sprite sheets")
        #expect(result.iconCount == 5)
        // Five icons x three scales, every frame stored losslessly: well under a megabyte.
        #expect(result.byteCount < 1_000_000)
    }
}
