import Foundation
import Testing
import CYLRaster
@testable import CYLTimeline

/// An animator that claims files starting with a given magic and counts how often it is asked to open.
struct MagicAnimator: CYLTabBarItemAnimator {
    let formatName: String
    let magic: [UInt8]
    func canOpen(_ probe: ContentProbe) -> Bool { probe.starts(with: magic) }
    func timeline(for probe: ContentProbe, options: OpenOptions) throws -> FrameTimeline {
        FrameTimeline(format: formatName, file: probe.path, canvasSize: PixelSize(1, 1), frameCount: 1,
                      timing: .fps(1), source: GreySource())
    }
}

struct RegistryTests {
    func temp(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "cyl-registry-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func picksTheAnimatorByContentNotExtension() throws {
        let registry = AnimatorRegistry([MagicAnimator(formatName: "A", magic: Array("AAA".utf8)),
                                         MagicAnimator(formatName: "B", magic: Array("BBB".utf8))])
        let path = try temp(Array("BBB and more".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try registry.timeline(forPath: path).format == "B")
    }

    @Test func unknownContentSaysWhatWasSeen() throws {
        let registry = AnimatorRegistry([MagicAnimator(formatName: "A", magic: Array("AAA".utf8))])
        let path = try temp(Array("<html>".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try registry.timeline(forPath: path)
            Issue.record("expected an error")
        } catch let error as OpenError {
            #expect(error.kind == .unrecognized)
            #expect(error.description.contains("3c 68 74 6d 6c 3e"))
            #expect(error.description.contains("<html>"))
            #expect(error.description.contains("known formats: A"))
        }
    }

    @Test func missingFileIsNotFound() {
        #expect(throws: OpenError.self) { _ = try AnimatorRegistry().timeline(forPath: "/nonexistent/x.gif") }
    }

    @Test func emptyFileIsDescribed() throws {
        let path = try temp([])
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try ContentProbe.read(path: path).seenDescription == "an empty file")
    }

    @Test func oversizedFileIsRefusedBeforeReading() throws {
        let path = try temp([UInt8](repeating: 1, count: 1000))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: OpenError.self) { _ = try InputFile.read(path, limits: Limits(maxFileBytes: 999)) }
        #expect(try InputFile.read(path, limits: Limits(maxFileBytes: 1000)).count == 1000)
    }
}

/// Keypath patterns: `*` is one name, `**` any number (including none).
struct ColorOverrideTests {
    @Test(arguments: [
        ("Heart.Fill 1", ["Heart", "Fill 1"], true),
        ("Heart.Fill 1", ["Heart", "Fill 2"], false),
        ("Heart.*", ["Heart", "Fill 1"], true),
        ("Heart.*", ["Heart", "Group", "Fill 1"], false),
        ("**.Fill 1", ["Heart", "Group", "Fill 1"], true),
        ("**.Fill 1", ["Fill 1"], true),
        ("Heart.**", ["Heart"], true),
        ("**", ["a", "b", "c"], true),
        ("a.**.c", ["a", "x", "y", "c"], true),
        ("a.**.c", ["a", "x", "y", "d"], false),
        ("*.*", ["a"], false),
    ])
    func keypathMatching(_ pattern: String, _ names: [String], _ expected: Bool) {
        #expect(ColorOverride(keypath: pattern, color: .white).matches(names) == expected)
    }
}
