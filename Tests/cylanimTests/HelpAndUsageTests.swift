import Testing

/// Help follows swift-argument-parser's layout; usage mistakes exit 64 with `Error:` and the usage.
struct HelpAndUsageTests {
    @Test func rootHelp() throws {
        let r = try CLI.run(["--help"])
        #expect(r.status == 0)
        for heading in ["OVERVIEW:", "USAGE: cylanim <subcommand>", "OPTIONS:", "SUBCOMMANDS:", "info", "render", "convert",
                        "keypaths", "preview", "bench", "--version"] {
            #expect(r.stdout.contains(heading), "missing \(heading)")
        }
    }

    @Test(arguments: ["info", "render"])
    func subcommandHelpListsItsOptions(_ name: String) throws {
        let r = try CLI.run([name, "--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("OVERVIEW:") && r.stdout.contains("USAGE: cylanim \(name)") && r.stdout.contains("ARGUMENTS:"))
        let viaHelp = try CLI.run(["help", name])
        #expect(viaHelp.stdout == r.stdout)
        let options = name == "info" ? ["--json", "--fps", "--gif-as", "--max-pixels"]
            : ["-o, --output", "--frames", "--size", "--width", "--height", "--scale", "--background", "--quiet", "--json", "--compression"]
        for o in options { #expect(r.stdout.contains(o), "\(name) help lacks \(o)") }
    }

    @Test func version() throws {
        let r = try CLI.run(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout.split(separator: ".").count == 3)
    }

    @Test func unknownOptionSuggestsTheClosest() throws {
        let r = try CLI.run(["render", CLI.sample("spinner.gif"), "-o", "/tmp/x.png", "--sise", "10"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("Error: Unknown option '--sise'. Did you mean '--size'?"))
        #expect(r.stderr.contains("Usage: cylanim render"))
    }

    @Test func unknownSubcommand() throws {
        let r = try CLI.run(["rendr"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("Did you mean 'render'?"))
    }

    @Test(arguments: [
        (["render", "sample-animations/spinner.gif"], "Missing expected option '-o <pattern>'"),
        (["render", "sample-animations/spinner.gif", "-o", "x-%d.png", "--size", "0x5"], "invalid size '0x5'"),
        (["render", "sample-animations/spinner.gif", "-o", "x-%d.png", "--size", "9x9", "--width", "4"], "Give only one of"),
        (["render", "sample-animations/spinner.gif", "-o", "x-%d.png", "--frames", "3-1"], "the end comes before the start"),
        (["render", "sample-animations/spinner.gif", "-o", "x-%d.png", "--frames", "24"], "frame 24 is out of range: the animation has frames 0-23"),
        (["render", "sample-animations/spinner.gif", "-o", "x-%s.png"], "only %d, %0Nd"),
        (["render", "sample-animations/spinner.gif", "-o", "x.png"], "names one file but 24 frames are selected"),
        (["render", "sample-animations/spinner.gif", "-o", "x-%d.png", "--background", "#12345"], "Invalid value '#12345' for '--background'"),
        (["info"], "Missing expected argument '<input>'"),
        (["info", "sample-animations/spinner.gif", "--gif-as", "sticker"], "expected 'animation' or 'image'"),
        (["info", "sample-animations/spinner.gif", "--max-frames", "-3"], "Invalid value '-3' for '--max-frames'"),
    ])
    func badUsageExits64(_ args: [String], _ message: String) throws {
        let dir = try ScratchDir()
        let r = try CLI.run(args.map { $0.hasPrefix("sample-animations/") ? CLI.repo.appendingPathComponent($0).path : $0 }, in: dir.path)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("Error: \(message)") || r.stderr.contains(message), "\(r.stderr)")
        #expect(dir.files().isEmpty, "nothing written")
    }
}
