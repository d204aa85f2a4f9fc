import Foundation
import Testing

/// A broken `.pag` through the command line: one error line naming the file and the byte, the
/// data-error exit status, and no frame written.
struct PAGCLITests {
    /// `PAG`, version 1, a 4-byte body, uncompressed; then a VectorCompositionBlock header (code 2,
    /// length 40 in its low 6 bits) at byte 9 with only 2 bytes of body after it.
    static let truncated: [UInt8] = Array("PAG".utf8) + [1, 4, 0, 0, 0, UInt8(ascii: "U"), 2 << 6 | 40, 0, 1, 2]

    @Test func renderingATruncatedPAGIsAnErrorNamingTheByteAndWritesNothing() throws {
        let dir = try ScratchDir()
        try dir.write("bad.pag", Self.truncated)
        let r = try CLI.run(["render", "\(dir.path)/bad.pag", "-o", "\(dir.path)/out/%d.png"])
        #expect(r.status == 65, "\(r.status) \(r.stderr)")
        #expect(r.stderr == "cylanim: error: \(dir.path)/bad.pag:byte 9: the VectorCompositionBlock tag claims 40 bytes but only 2 remain\n",
                "\(r.stderr)")
        #expect(dir.files() == ["bad.pag"], "left \(dir.files())")
    }

    @Test func anEncryptedPAGSaysSo() throws {
        let dir = try ScratchDir()
        var bytes = Self.truncated
        bytes[3] = 3
        try dir.write("secret.pag", bytes)
        let r = try CLI.run(["render", "\(dir.path)/secret.pag", "-o", "\(dir.path)/out/%d.png"])
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix("cylanim: error: \(dir.path)/secret.pag:byte 3: the file is encrypted"), "\(r.stderr)")
        #expect(dir.files() == ["secret.pag"])
    }
}
