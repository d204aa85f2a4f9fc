import Foundation
import Testing

/// `cylanim build` as a user runs it: output, exit statuses, interruption, completions, manual.
struct BuildCommandTests {
    func project() throws -> ScratchDir {
        let dir = try ScratchDir()
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/sample-animations",
                                                   withDestinationPath: CLI.repo.appendingPathComponent("sample-animations").path)
        return dir
    }

    @Test func buildsThenFindsNothingToDo() throws {
        let dir = try project()
        let first = try CLI.run(["build", "sample-animations/pipeline.json", "-o", "out"], in: dir.path)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("STATUS  OUTPUT"))
        #expect(first.stdout.contains("\n36 built, 0 up to date, 0 failed of 36 outputs in "))
        #expect(first.stderr.contains("cylanim: warning: sample-animations/pipeline.json: no dark outputs for 4 inputs"))
        #expect(!first.stderr.contains("\r"), "no progress bar when stderr is not a terminal")
        let second = try CLI.run(["build", "sample-animations/pipeline.json", "-o", "out", "--json"], in: dir.path)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
        #expect(summary["built"] as? Int == 0 && summary["upToDate"] as? Int == 36 && summary["failed"] as? Int == 0)
        #expect(summary["manifest"] as? String == "out/build-manifest.json")
    }

    /// On a terminal (util-linux `script` gives the build one) stderr shows a progress bar with
    /// counts, rewritten in place; the table still goes to stdout.
    @Test func aTerminalGetsAProgressBar() throws {
        let dir = try project()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        p.arguments = ["-qec", "'\(CLI.binary)' build sample-animations/pipeline.json -o out --jobs 1", "/dev/null"]
        p.currentDirectoryURL = URL(fileURLWithPath: dir.path)
        let out = Pipe()
        p.standardOutput = out
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(text)")
        #expect(text.contains("\r[#") && text.contains("] 1/36") && text.contains("] 36/36"), "\(text.prefix(400))")
        #expect(text.contains(" left"), "no time left estimate")
        #expect(text.contains("36 built, 0 up to date, 0 failed of 36 outputs"))
    }

    @Test func badPipelinesAndOptionsExitWithTheirStatus() throws {
        let dir = try project()
        try dir.write("typo.json", Array("{\"inputs\": [\"sample-animations/*.gif\"],\n \"outputs\": [{\"format\": \"gif\", \"scale\": [2]}]}".utf8))
        let typo = try CLI.run(["build", "typo.json"], in: dir.path)
        #expect(typo.status == 65)
        #expect(typo.stderr == "cylanim: error: typo.json:2:41: outputs[0].scale: unknown key \"scale\" in an output; did you mean \"scales\"?\n")
        let missing = try CLI.run(["build", "nothere.json"], in: dir.path)
        #expect(missing.status == 66 && missing.stderr.contains("cylanim: error: nothere.json: no such file"))
        for (args, fragment) in [(["build", "typo.json", "--jobs", "0"], "--jobs"), (["build", "typo.json", "--shard", "4/4"], "counts from 0"),
                                 (["build", "typo.json", "--shard", "0/2", "--prune"], "--prune"), (["build"], "<pipeline>"),
                                 (["build", "--merge-manifests", "d", "--force"], "--force"), (["build", "typo.json", "--shard", "auto"], "no shard index")] {
            let r = try CLI.run(args, in: dir.path)
            #expect(r.status == 64, "\(args): \(r.stderr)")
            #expect(r.stderr.contains(fragment), "\(args): \(r.stderr)")
        }
        let merge = try CLI.run(["build", "--merge-manifests", "."], in: dir.path)
        #expect(merge.status == 65 && merge.stderr.contains("no shard manifests"))
    }

    @Test func aFailingInputFailsItsOutputsOnly() throws {
        let dir = try project()
        try FileManager.default.createDirectory(atPath: dir.path + "/icons", withIntermediateDirectories: true)
        try dir.write("icons/broken.gif", Array("GIF89a".utf8))
        try FileManager.default.copyItem(atPath: CLI.sample("spinner.gif"), toPath: dir.path + "/icons/spinner.gif")
        try dir.write("p.json", Array("{\"inputs\": [\"icons/*.gif\"], \"outputs\": [{\"format\": \"webp\", \"size\": 27}]}".utf8))
        let r = try CLI.run(["build", "p.json"], in: dir.path)
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix("cylanim: error: icons/broken.gif"), "\(r.stderr)")
        #expect(r.stdout.contains("failed  broken@1x.webp") && r.stdout.contains("built   spinner@1x.webp"))
        #expect(FileManager.default.fileExists(atPath: dir.path + "/build/spinner@1x.webp"))
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/build/broken@1x.webp"))
    }

    /// Ctrl-C part-way: no partial or temporary file is left, the journal keeps what finished, and
    /// the next run makes only the rest.
    /// Ctrl-C and `kill` (handled: staged files removed at once) and `kill -9` (not handled: the
    /// next run removes the staged files of the jobs it redoes) leave no partial output; the next
    /// run does only the rest, and the result is the bytes of a build never interrupted.
    @Test(arguments: [SIGINT, SIGTERM, SIGKILL])
    func anInterruptedBuildLeavesNoPartialFileAndResumes(signal: Int32) throws {
        let dir = try project()
        try dir.write("p.json", Array("""
        {"inputs": ["sample-animations/badge.json", "sample-animations/checkmark.json", "sample-animations/heart-mask.json",
                    "sample-animations/*.gif", "sample-animations/lint-examples/heart-pop-fps-too-low-and-content-in-margin.gif"],
         "outputs": [{"format": "png", "size": 40, "scales": [1, 2, 3, 4]}, {"format": "gif", "size": 40, "scales": [1, 2, 3, 4]}]}
        """.utf8))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["build", "p.json", "--jobs", "1", "--quiet"]
        p.currentDirectoryURL = URL(fileURLWithPath: dir.path)
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        let journal = dir.path + "/build/.build-manifest.json.journal"
        let deadline = Date().addingTimeInterval(120)
        while p.isRunning && Date() < deadline {
            if let text = try? String(contentsOfFile: journal, encoding: .utf8), text.split(separator: "\n").count >= 2 { break }
            usleep(5_000)
        }
        kill(p.processIdentifier, signal)
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == signal, "the build ended before it was interrupted")
        let left = try FileManager.default.subpathsOfDirectory(atPath: dir.path + "/build")
        let staged = left.filter { ($0 as NSString).lastPathComponent.hasPrefix(".") && !$0.hasSuffix(".journal") }
        if signal != SIGKILL { #expect(staged.isEmpty, "temporary files left: \(staged)") }
        #expect(staged.count <= 1, "one job runs at a time, so at most one staged file: \(staged)")
        #expect(!left.contains("build-manifest.json"))
        let finished = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").count
        #expect(finished >= 2 && finished < 40)
        let rest = try CLI.run(["build", "p.json", "--json"], in: dir.path)
        #expect(rest.status == 0, "\(rest.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(rest.stdout.utf8)) as? [String: Any])
        // Every job journalled was kept; at most the jobs running at the signal are made again.
        #expect((summary["upToDate"] as? Int ?? 0) >= finished - 1, "\(summary)")
        #expect((summary["upToDate"] as? Int ?? 0) + (summary["built"] as? Int ?? 0) == 40)
        #expect(!FileManager.default.fileExists(atPath: journal))

        let clean = try CLI.run(["build", "p.json", "--quiet", "-o", "clean"], in: dir.path)
        #expect(clean.status == 0, "\(clean.stderr)")
        let resumed = try FileManager.default.subpathsOfDirectory(atPath: dir.path + "/build").sorted()
        let expected = try FileManager.default.subpathsOfDirectory(atPath: dir.path + "/clean").sorted()
        #expect(resumed == expected, "staged files or outputs differ after the resumed build")
        for f in expected where f.hasSuffix(".png") || f.hasSuffix(".gif") {
            #expect(FileManager.default.contents(atPath: dir.path + "/build/" + f) == FileManager.default.contents(atPath: dir.path + "/clean/" + f),
                    "\(f) differs from an uninterrupted build")
        }
    }

    @Test func bashCompletionOffersSubcommandsOptionsAndValues() throws {
        let dir = try ScratchDir()
        let script = try CLI.run(["--generate-completion-script", "bash"])
        #expect(script.status == 0)
        try dir.write("cylanim.bash", Array(script.stdout.utf8))
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/bash")
            p.arguments = ["-c", "source '\(dir.path)/cylanim.bash'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _cylanim; printf '%s\\n' \"${COMPREPLY[@]}\""]
            let out = Pipe()
            p.standardOutput = out
            try p.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        #expect(try complete(["cylanim", "bu"]) == ["build"])
        #expect(try complete(["cylanim", "build", "--sh"]) == ["--shard"])
        #expect(try complete(["cylanim", "build", "--shard", ""]) == ["auto"])
        #expect(try complete(["cylanim", "convert", "x.json", "--dither", ""]) == ["none", "ordered", "fs"])
        #expect(try complete(["cylanim", "convert", "x.json", "--format", "w"]) == ["webp"])
        #expect(try complete(["cylanim", "help", "pr"]) == ["preview"])
        #expect(try complete(["cylanim", "build", "--jobs", ""]).isEmpty)
        let zsh = try CLI.run(["--generate-completion-script", "zsh"])
        try dir.write("_cylanim", Array(zsh.stdout.utf8))
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/zsh")
        check.arguments = ["-n", dir.path + "/_cylanim"]
        try check.run()
        check.waitUntilExit()
        #expect(check.terminationStatus == 0, "zsh rejects the completion script")
        #expect(zsh.stdout.hasPrefix("#compdef cylanim\n"))
        #expect(zsh.stdout.contains("'--dither[") && zsh.stdout.contains(":(none ordered fs)'"))
        #expect(try CLI.run(["--generate-completion-script", "fish"]).status == 64)
    }

    @Test func manualPageHoldsEveryCommandAndOption() throws {
        let man = try CLI.run(["--generate-manual"])
        #expect(man.status == 0 && man.stdout.hasPrefix(".TH CYLANIM 1 "))
        let help = try CLI.run(["--help"])
        for name in ["info", "render", "keypaths", "convert", "preview", "bench", "build"] {
            #expect(help.stdout.contains("  \(name) "))
            #expect(man.stdout.contains(".SS \"\(name)\"\n"), "\(name)")
            // Every option the command's help lists is in the manual, hyphens escaped for roff.
            let text = try CLI.run(["help", name]).stdout
            for line in text.split(separator: "\n") where line.hasPrefix("  --") || line.hasPrefix("  -") {
                let option = line.dropFirst(2).split(separator: " ").first.map { $0.hasSuffix(",") ? String($0.dropLast()) : String($0) } ?? ""
                guard option != "-h" else { continue }
                #expect(man.stdout.contains("\\fB" + option.replacingOccurrences(of: "-", with: "\\-") + "\\fR"), "\(name) \(option)")
            }
        }
        let macros: Set<Substring> = [".TH", ".SH", ".SS", ".PP", ".TP", ".B", ".I", ".br"]
        for line in man.stdout.split(separator: "\n") where line.hasPrefix(".") {
            #expect(macros.contains(line.split(separator: " ").first ?? ""), "stray control line: \(line)")
        }
    }

    @Test func makeInstallAndUninstallUseThePrefix() throws {
        let dir = try ScratchDir()
        let dry = Process()
        dry.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        dry.arguments = ["-n", "-C", CLI.repo.path, "install", "PREFIX=\(dir.path)/p"]
        let out = Pipe()
        dry.standardOutput = out
        try dry.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        dry.waitUntilExit()
        for path in ["bin/cylanim", "share/bash-completion/completions/cylanim", "share/zsh/site-functions/_cylanim", "share/man/man1/cylanim.1"] {
            #expect(text.contains("\(dir.path)/p/\(path)"), "make install does not install \(path)")
        }
        #expect(text.contains("build -c release"))
        // uninstall removes exactly those four files.
        for path in ["bin/cylanim", "share/bash-completion/completions/cylanim", "share/zsh/site-functions/_cylanim", "share/man/man1/cylanim.1", "bin/other"] {
            try FileManager.default.createDirectory(atPath: (dir.path + "/p/" + path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try dir.write("p/" + path, [1])
        }
        let un = Process()
        un.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        un.arguments = ["-s", "-C", CLI.repo.path, "uninstall", "PREFIX=\(dir.path)/p"]
        un.standardOutput = FileHandle.nullDevice
        try un.run()
        un.waitUntilExit()
        #expect(un.terminationStatus == 0)
        let remaining = try FileManager.default.subpathsOfDirectory(atPath: dir.path + "/p").filter {
            var isDir: ObjCBool = false
            return FileManager.default.fileExists(atPath: dir.path + "/p/" + $0, isDirectory: &isDir) && !isDir.boolValue
        }
        #expect(remaining == ["bin/other"], "\(remaining)")
    }
}
