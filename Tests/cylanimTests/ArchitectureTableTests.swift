import Foundation
import Testing

/// The README's "Architecture" table is the module map kept beside the code: every module in
/// `Sources/` (and the CLI) has a row, each row's "Depends on" is exactly that target's dependency
/// list in `Package.swift`, and dependencies point one way (a module imports only rows above it).
struct ArchitectureTableTests {
    /// Module name → the names in its "Depends on" column, and the rows' order.
    static func readmeTable() throws -> (deps: [String: Set<String>], order: [String]) {
        let readme = try String(contentsOf: CLI.repo.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## Architecture\n").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        var deps: [String: Set<String>] = [:], order: [String] = []
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            try #require(cells.count == 5, "\(line)")
            let names = backticked(cells[1]).filter { !$0.contains("/") }
            for name in names {
                deps[name] = Set(backticked(cells[3]))
                order.append(name)
            }
        }
        return (deps, order)
    }

    /// Target name → its `dependencies:` in Package.swift (none for system libraries and targets
    /// that list none).
    static func packageTargets() throws -> [String: Set<String>] {
        let manifest = try String(contentsOf: CLI.repo.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(
            pattern: #"\.(?:target|executableTarget|systemLibrary)\(name: "([^"]+)"(?:, dependencies: \[([^\]]*)\])?"#)
        var out: [String: Set<String>] = [:]
        let ns = manifest as NSString
        for m in pattern.matches(in: manifest, range: NSRange(location: 0, length: ns.length)) {
            let name = ns.substring(with: m.range(at: 1))
            let list = m.range(at: 2).location == NSNotFound ? "" : ns.substring(with: m.range(at: 2))
            out[name] = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines.union(["\""])) }
                .filter { !$0.isEmpty })
        }
        return out
    }

    static func backticked(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test func everyModuleHasARowThatMatchesPackageSwift() throws {
        let table = try Self.readmeTable()
        let targets = try Self.packageTargets()
        let sources = try FileManager.default.contentsOfDirectory(atPath: CLI.repo.appendingPathComponent("Sources").path)
            .filter { !$0.hasPrefix(".") }
        #expect(Set(table.deps.keys) == Set(sources + ["cylanim"]), "rows vs Sources/")
        for (module, deps) in table.deps {
            let declared = try #require(targets[module], "\(module) is not a target in Package.swift")
            #expect(deps == declared, "\(module): README says \(deps.sorted()), Package.swift \(declared.sorted())")
        }
    }

    @Test func dependenciesPointDownTheTable() throws {
        let table = try Self.readmeTable()
        for (i, module) in table.order.enumerated() {
            let above = Set(table.order[..<i])
            #expect(table.deps[module, default: []].isSubset(of: above), "\(module) imports a module listed below it")
        }
    }

    /// The point of the split: what reads only documents links no image or font library.
    @Test func documentsLinkNoImageOrFontLibrary() throws {
        let targets = try Self.packageTargets()
        var closure: Set<String> = [], queue = ["CYLDocuments"]
        while let next = queue.popLast() {
            for dep in targets[next, default: []] where closure.insert(dep).inserted { queue.append(dep) }
        }
        #expect(closure == ["CYLLimits", "CZlib", "CYAML"])
    }
}
