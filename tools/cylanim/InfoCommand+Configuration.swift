import CYLDocuments
import CYLTabBarItemAnimation

/// `cylanim info CONFIG`: the bar a tab-bar configuration describes, tab by tab, with the
/// routing data (page identifier and parameters) an app reads from it and nothing draws.
extension InfoCommand {
    static func runConfiguration(_ input: String, _ args: ParsedArguments) throws -> Int32 {
        let openOptions = try CommonOptions.openOptions(args, spec)
        var options = ConfigOptions()
        if args.value("max-file-bytes") != nil { options.maxBytes = openOptions.limits.maxFileBytes }
        options.maxJSONDepth = openOptions.limits.maxJSONDepth
        let bar = try TabBar(configuration: try TabBarConfiguration.load(path: input, options: options), options: openOptions,
                             registry: try CommonOptions.registry(args, spec))
        if args.has("json") { print(LimitFlag.explain(configurationJSON(bar).text)) } else { printConfiguration(bar) }
        return 0
    }

    /// What a tab shows: its animation's format and file, or its images and how they are drawn.
    static func shows(_ tab: OpenedTab) -> (kind: String, format: String, files: [String]) {
        let item = tab.item
        switch tab.light {
        case .animation(let t): return ("animation", t.format, [t.file] + (item.animation?.darkPath.map { [$0] } ?? []))
        case .loopingImage(let t): return ("looping image", t.format, [t.file])
        case .images:
            let files = [item.image, item.selectedImage, item.darkImage, item.selectedDarkImage].compactMap { $0 }
            return ("images", item.renderingMode == .template ? "template (tinted)" : "original colours", files)
        }
    }

    static func launchText(_ config: TabBarConfiguration) -> String {
        config.launchAnimates ? "plays when the bar appears (CYLTabBarLaunchAnimates)"
            : "shows its last frame when the bar appears, without playing; tapping it again replays it"
    }

    static func printConfiguration(_ bar: TabBar) {
        let config = bar.configuration
        var lines: [(String, String)] = [
            ("file", config.file), ("format", config.format?.displayName ?? "-"),
            ("tabs", "\(bar.tabs.count) shown" + (bar.skippedTabs.isEmpty ? "" : ", \(bar.skippedTabs.count) skipped")),
            ("launch tab", "\(bar.tabs[0].item.label) \(launchText(config))"),
            ("speed", config.speed.compactText), ("icons", "\(config.iconSize.compactText) pt at @\(config.scale)x"),
        ]
        if !config.themes.isEmpty {
            lines.append(("skins", config.themes.joined(separator: ", ") + (config.darkTheme.map { " (dark appearance: \($0))" } ?? "")))
        }
        for (i, tab) in bar.tabs.enumerated() {
            let item = tab.item, what = shows(tab)
            lines.append(("tab \(i)", [item.identifier.map { "\"\($0)\"" }, item.title.map { "title \"\($0)\"" }]
                .compactMap { $0 }.joined(separator: ", ")))
            lines.append(("  shows", "\(what.kind), \(what.format): " + what.files.map(FilePath.lastComponent(of:)).joined(separator: ", ")))
            if !tab.isStatic { lines.append(("  playback", policyText(tab.policy, tab.light.timeline))) }
            if let width = item.width { lines.append(("  width", "\(width.compactText) pt")) }
            lines.append(("  reselect", item.reselectGesture.rawValue))
            if let page = item.pageIdentifier { lines.append(("  page", page)) }
            if !item.pageParameters.isEmpty { lines.append(("  parameters", item.pageParameters.json.text)) }
        }
        // Names and values come from the file: one line each, whatever they contain.
        for (k, v) in lines { print(k.padding(14) + v.escapingControlCharacters) }
        // Skipped tabs are among the notes.
        if !bar.diagnostics.isEmpty {
            print("notes:")
            for d in bar.diagnostics { print("  \(LimitFlag.explain(d.description).escapingControlCharacters)") }
        }
    }

    static func configurationJSON(_ bar: TabBar) -> JSONOutput {
        let config = bar.configuration
        func text(_ s: String?) -> JSONOutput { s.map { .string($0) } ?? .null }
        return .object([
            ("file", .string(config.file)), ("format", text(config.format?.rawValue)),
            ("theme", text(config.theme)), ("themes", .array(config.themes.map { .string($0) })), ("darkTheme", text(config.darkTheme)),
            ("speed", .double(config.speed)), ("iconSize", .double(config.iconSize)), ("scale", .int(config.scale)),
            ("launchTab", .int(0)), ("launchAnimates", .bool(config.launchAnimates)),
            ("tabs", .array(bar.tabs.enumerated().map { i, tab in
                let item = tab.item, what = shows(tab)
                return .object([
                    ("tab", .int(i)), ("item", .int(item.index)), ("identifier", text(item.identifier)), ("title", text(item.title)),
                    ("shows", .string(what.kind)), ("format", .string(what.format)), ("files", .array(what.files.map { .string($0) })),
                    ("playback", tab.isStatic ? .null : .string(tab.policy.rawValue)),
                    ("width", item.width.map { .double($0) } ?? .null), ("reselectGesture", .string(item.reselectGesture.rawValue)),
                    ("pageIdentifier", text(item.pageIdentifier)), ("pageParameters", item.pageParameters.json),
                ])
            })),
            ("skipped", .array(bar.skippedTabs.map { s in
                .object([("item", .int(s.index)), ("identifier", text(s.identifier)), ("reason", .string(s.reasonText))])
            })),
            ("diagnostics", diagnosticsJSON(bar.diagnostics)),
        ])
    }
}
