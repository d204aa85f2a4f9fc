import Foundation

/// The manual page (`cylanim --generate-manual`, installed as cylanim.1): the text of
/// `cylanim --help` and of every `cylanim help SUBCOMMAND`, from the same command table, in roff.
enum ManPage {
    static func roff(commands: [CommandSpec], version: String) -> String {
        var out = ".TH CYLANIM 1 \"\" \"cylanim \(escape(version))\" \"User Commands\"\n"
        out += ".SH NAME\ncylanim \\- tab-bar icon animations: convert, render, preview and build Lottie, GIF and PNG-frame animations\n"
        out += ".SH SYNOPSIS\n.B cylanim\n.I subcommand\n[\\fIoptions\\fR]\n.br\n.B cylanim\n\\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR\n"
        out += ".SH DESCRIPTION\n" + escape(Help.overview) + "\n"
        out += ".PP\nEvery subcommand takes \\fB\\-h\\fR, \\fB\\-\\-help\\fR; \\fBcylanim help\\fR \\fIsubcommand\\fR prints the same text as below.\n"
        out += ".SH SUBCOMMANDS\n"
        for c in commands {
            out += ".SS \"\(escape(c.name))\"\n" + escape(c.abstract) + "\n"
            if let d = c.discussion { out += ".PP\n" + escape(d) + "\n" }
            out += ".PP\n.B Usage:\n" + escape(c.usage) + "\n"
            for a in c.arguments { out += ".TP\n\\fI<\(escape(a.name))>\\fR\n" + escape(a.help) + "\n" }
            for o in c.options {
                var left = o.short.map { "\\fB\\-\(escape(String($0)))\\fR, " } ?? ""
                left += "\\fB\\-\\-\(escape(o.name))\\fR"
                if let v = o.valueName { left += " \\fI<\(escape(v))>\\fR" }
                out += ".TP\n" + left + "\n" + escape(o.help) + "\n"
            }
        }
        out += """
        .SH EXIT STATUS
        .TP
        0
        Success.
        .TP
        64
        Usage error: an unknown option or a bad option value.
        .TP
        65
        Bad input data (and, for build, some outputs failed on bad data).
        .TP
        66
        An input does not exist or cannot be read.
        .TP
        69
        play: no window can be opened (no display, or libSDL2 is not installed).
        .TP
        73
        An output cannot be created.
        .TP
        74
        Reading or writing failed.

        """
        return out
    }

    /// Text as roff: backslashes doubled, hyphens as \-, lines never starting with a control character.
    static func escape(_ text: String) -> String {
        let body = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return body.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
        }.joined(separator: "\n")
    }
}
