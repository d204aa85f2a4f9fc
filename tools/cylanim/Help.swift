/// Help screens in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS.
enum Help {
    static func text(for command: CommandSpec) -> String {
        var out = "OVERVIEW: \(command.abstract)\n"
        if let discussion = command.discussion { out += "\n\(discussion)\n" }
        out += "\nUSAGE: \(command.usage)\n"
        if !command.arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            for a in command.arguments { out += row("<\(a.name)>", a.help) }
        }
        out += "\nOPTIONS:\n"
        for o in command.options {
            var left = o.short.map { "-\($0), " } ?? ""
            left += "--\(o.name)"
            if let v = o.valueName { left += " <\(v)>" }
            out += row(left, o.help)
        }
        out += row("-h, --help", "Show help information.")
        return out
    }

    /// What the tool is, for `--help` and the manual page.
    static let overview = """
    Turn tab-bar icon animations (Lottie, GIF, folders of PNG frames) into one frame timeline,
    render it at any size, and play it by the tab-bar rules.
    """

    static func root(commands: [CommandSpec]) -> String {
        var out = "OVERVIEW: \(overview)\n\nUSAGE: cylanim <subcommand>\n\nOPTIONS:\n"
        out += row("--version", "Show the version.")
        out += row("--generate-completion-script <bash|zsh>", "Print a completion script for the shell (make install installs both).")
        out += row("--generate-manual", "Print the manual page (roff) made from this help and every subcommand's.")
        out += row("-h, --help", "Show help information.")
        out += "\nSUBCOMMANDS:\n"
        for c in commands { out += row(c.name, c.abstract) }
        out += "\n  See 'cylanim help <subcommand>' for detailed help.\n"
        return out
    }

    /// One help row: the left column padded to 26 characters, long help wrapped beneath.
    static func row(_ left: String, _ help: String) -> String {
        let indent = String(repeating: " ", count: 26)
        var lines = wrap(help, width: 54)
        if lines.isEmpty { lines = [""] }
        var out = "  " + left
        if left.count + 2 < 26 {
            out += String(repeating: " ", count: 24 - left.count) + lines[0] + "\n"
        } else {
            out += "\n" + indent + lines[0] + "\n"
        }
        for line in lines.dropFirst() { out += indent + line + "\n" }
        return out
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
