import CYLDocuments
import Testing

@Suite struct ZipTests {
    let json = Array(#"{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[]}"#.utf8)

    @Test(arguments: [false, true])
    func roundTrip(deflate: Bool) throws {
        let big = [UInt8](repeating: 65, count: 5000)
        let zip = ZipWriter.archive([("a.txt", Array("hello".utf8)), ("dir/big.bin", big), ("empty", [])], deflate: deflate)
        let archive = try ZipArchive(bytes: zip, name: "t.zip")
        #expect(archive.entries.map(\.name) == ["a.txt", "dir/big.bin", "empty"])
        #expect(try archive.read(named: "a.txt", maxBytes: 100) == Array("hello".utf8))
        #expect(try archive.read(named: "dir/big.bin", maxBytes: 10_000) == big)
        #expect(try archive.read(named: "empty", maxBytes: 10) == [])
        #expect(archive.entry(named: "dir/big.bin")!.method == (deflate ? 8 : 0))
    }

    @Test func errors() throws {
        let zip = ZipWriter.archive([("a.txt", [UInt8](repeating: 66, count: 3000))])
        let archive = try ZipArchive(bytes: zip, name: "t.zip")
        #expect(throws: ZipError.self) { try archive.read(named: "a.txt", maxBytes: 100) }     // over the limit
        #expect((try? archive.read(named: "nope", maxBytes: 100)) == nil)
        // Corrupt CRC: flip the stored CRC in the central directory.
        var bad = ZipWriter.archive([("a.txt", Array("hello".utf8))], deflate: false)
        let cd = bad.count - 22 - (46 + 5)
        bad[cd + 16] ^= 0xFF
        do { _ = try ZipArchive(bytes: bad, name: "t.zip").read(named: "a.txt", maxBytes: 100); Issue.record("no error") } catch {
            #expect(error.kind == .checksum)
        }
        // Not a zip, and a truncated zip.
        #expect(throws: ZipError.self) { try ZipArchive(bytes: Array("not a zip at all, really not".utf8), name: "t") }
        #expect(throws: ZipError.self) { try ZipArchive(bytes: Array(zip.prefix(zip.count - 5)), name: "t") }
    }

    @Test func dotLottieManifestAndChoice() throws {
        let manifest = Array(#"{"version":"1","animations":[{"id":"second"},{"id":"first"}]}"#.utf8)
        let other = Array(#"{"v":"5.7.0","fr":60}"#.utf8)
        let zip = ZipWriter.archive([("manifest.json", manifest), ("animations/first.json", json), ("animations/second.json", other)])
        let file = try DotLottieFile(bytes: zip, name: "t.lottie", maxEntryBytes: 1 << 20)
        #expect(file.animationIDs == ["second", "first"])
        #expect(try file.animationJSON() == other)
        #expect(try file.animationJSON(id: "first") == json)
        #expect(throws: ZipError.self) { try file.animationJSON(id: "third") }
        // Without a manifest: the animations folder.
        let bare = try DotLottieFile(bytes: ZipWriter.archive([("animations/x.json", json)]), name: "b.lottie", maxEntryBytes: 1 << 20)
        #expect(bare.animationIDs == ["x"])
    }

    @Test func gzipRoundTrip() throws {
        let gz = GzipWriter.compress(json)
        #expect(gz.starts(with: [0x1F, 0x8B]))
        #expect(try Gzip.inflate(gz, name: "t.tgs", maxBytes: 1 << 20) == json)
    }
}
