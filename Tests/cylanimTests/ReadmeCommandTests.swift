import Foundation
import Testing

/// Every `cylanim` command shown in README.md's "Quick start" and "Command line" sections runs
/// and succeeds, so the README cannot drift from the tool. (The sharding examples are run by
/// BuildShardingTests.)
struct ReadmeCommandTests {
    static func readmeCommands() throws -> [[String]] {
        try ["## Quick start", "## Command line"].flatMap { try readmeCommands(section: $0) }
    }

    /// The `cylanim` lines of the first ```sh block after `heading`.
    static func readmeCommands(section heading: String) throws -> [[String]] {
        let readme = try String(contentsOf: CLI.repo.appendingPathComponent("README.md"), encoding: .utf8)
        guard let section = readme.range(of: heading) else { return [] }
        let rest = readme[section.upperBound...]
        guard let open = rest.range(of: "```sh\n"), let close = rest[open.upperBound...].range(of: "```") else { return [] }
        return rest[open.upperBound..<close.lowerBound].split(separator: "\n").compactMap { line in
            guard line.hasPrefix("cylanim ") else { return nil }
            return shellWords(String(line)).dropFirst().map { $0 }
        }
    }

    /// Splits on spaces, honouring single quotes and stopping at an unquoted `#` that starts a
    /// word (a comment); enough for the README's commands.
    static func shellWords(_ s: String) -> [String] {
        var words: [String] = [], word = "", quoted = false, has = false
        for c in s {
            if c == "#" && !quoted && !has { break }
            if c == "'" { quoted.toggle(); has = true } else if c == " " && !quoted {
                if has { words.append(word) }; word = ""; has = false
            } else { word.append(c); has = true }
        }
        if has { words.append(word) }
        return words
    }

    @Test func readmeShowsCommands() throws {
        #expect(try Self.readmeCommands(section: "## Quick start").count >= 2)
        #expect(try Self.readmeCommands(section: "## Command line").count >= 5)
    }

    @Test func everyReadmeCommandSucceeds() throws {
        let dir = try ScratchDir()
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/sample-animations",
                                                   withDestinationPath: CLI.repo.appendingPathComponent("sample-animations").path)
        for args in try Self.readmeCommands() {
            let r = try CLI.run(args, in: dir.path)
            #expect(r.status == 0, "cylanim \(args.joined(separator: " ")): \(r.stderr)")
        }
    }
}
