import Foundation
import Testing
@testable import CYLTabBar
import CYLTabBarItemAnimation

/// The edge-case catalogue: one malformed or odd configuration per file under `ConfigCatalogue/`,
/// each with the exact error or warnings it must produce. A file that reads is opened with the
/// standard registry and the whole bar is drawn with each tab selected in both appearances, so
/// nothing crashes, hangs or draws half a bar. `$DIR` in an expectation is the catalogue folder.
struct ConfigCatalogueTests {
    enum Outcome: Equatable, CustomStringConvertible {
        case error(String)
        case warnings([String])

        var description: String {
            switch self {
            case .error(let e): return ".error(\(e.debugDescription))"
            case .warnings(let w): return ".warnings([" + w.map(\.debugDescription).joined(separator: ", ") + "])"
            }
        }
    }

    static let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ConfigCatalogue").path
    /// Files the configurations point at, not configurations themselves.
    static let assets: Set<String> = ["not-a-png.png"]

    static let expected: [String: Outcome] = CatalogueExpectations.all

    /// The back-ends of this package when the catalogue was written, so that "not a recognised
    /// animation" lists the same formats when another back-end joins the standard registry.
    static let registry = AnimatorRegistry([GIFAnimator(role: .animation), LottieAnimator(), DotLottieAnimator(), FrameSequenceAnimator()])

    /// Reads, opens and draws `file`; what happened.
    static func outcome(_ file: String) -> Outcome {
        do {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(file)")))
            let config = try TabBarConfiguration.parse(bytes, name: file, baseDirectory: dir)
            let bar = try TabBar(configuration: config, registry: registry)
            let renderer = try TabBarRenderer(bar: bar, scale: 1)
            for selected in bar.tabs.indices {
                for appearance in Appearance.allCases {
                    let states = bar.tabs.indices.map { TabState(frame: 0, selected: $0 == selected) }
                    let image = try renderer.render(states, appearance: appearance)
                    guard image.width == renderer.layout.itemWidth * config.tabs.count, image.height == renderer.layout.height else {
                        return .error("drew a \(image.width)x\(image.height) bar for \(config.tabs.count) tabs")
                    }
                }
            }
            return .warnings(bar.diagnostics.map(\.description))
        } catch {
            return .error("\(error)")
        }
    }

    static func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { !assets.contains($0) }.sorted()
    }

    @Test func catalogueHasAtLeastSixtyCasesEachWithAnExpectation() throws {
        let files = try Self.files()
        #expect(files.count >= 60, "\(files.count) cases")
        #expect(Set(files) == Set(Self.expected.keys), "files without an expectation: \(Set(files).subtracting(Self.expected.keys).sorted()); expectations without a file: \(Set(Self.expected.keys).subtracting(files).sorted())")
    }

    @Test(.timeLimit(.minutes(2)), arguments: try! files())
    func catalogueCase(_ file: String) throws {
        let actual = Self.outcome(file)
        guard let expected = Self.expected[file] else {
            Issue.record("no expectation for \(file); it produced \(actual)")
            return
        }
        let resolved: Outcome
        switch expected {
        case .error(let e): resolved = .error(e.replacingOccurrences(of: "$DIR", with: Self.dir))
        case .warnings(let w): resolved = .warnings(w.map { $0.replacingOccurrences(of: "$DIR", with: Self.dir) })
        }
        #expect(actual == resolved, "\(file): \(actual)")
    }
}
