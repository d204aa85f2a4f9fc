import CYLDocuments
import CYLTimeline

/// The themes of a whole dotLottie file checked against all of its animations, for `info` and
/// `lint` (`theme-rule-unmatched`, through `Diagnostic.Feature.themes`).
///
/// `DotLottieThemes` reads only the themes the opened animation takes, but whether a rule changes
/// anything depends on the whole file: a rule may name an animation the file does not have, a
/// theme may be taken by no animation at all (every animation's manifest `themes` list leaves it
/// out, so no player ever draws it), and a rule shared by several animations does its job when
/// some of them have its slot. So a rule is reported only when no animation it applies to has a
/// property naming its slot; a theme no animation takes is one finding, not one per rule.
struct DotLottieThemeCheck {
    let file: DotLottieFile
    let path: String
    let limits: Limits
    /// Slot ids properties name, per animation: the opened one's from its parsed document, the
    /// others' read from their JSON when a rule needs them (`slots(of:)`).
    private var named: [String: Set<String>]
    /// Slot ids each animation's own `slots` defines, for the messages.
    private var defined: [String: Set<String>]
    /// Animations whose JSON cannot be read: their slots are unknown.
    private var unreadable: Set<String> = []

    init(_ file: DotLottieFile, path: String, opened: String, openedSlots: (defined: Set<String>, named: Set<String>), limits: Limits) {
        self.file = file
        self.path = path
        self.limits = limits
        named = [opened: openedSlots.named]
        defined = [opened: openedSlots.defined]
    }

    /// Every theme the manifest or an animation's `themes` list names, manifest order first.
    var themeIDs: [String] {
        var ids = file.themeIDs
        for a in file.animationIDs { for t in file.themeIDs(forAnimation: a) where !ids.contains(t) { ids.append(t) } }
        return ids
    }

    /// The animations that take theme `id` (those whose `themes` list names it, or that have none).
    func takers(of id: String) -> [String] { file.animationIDs.filter { file.themeIDs(forAnimation: $0).contains(id) } }

    /// The warnings about the file's themes. `read`: the themes `DotLottieThemes` already read for
    /// the opened animation (it reports those that fail to read and their notes); the others are
    /// read here, and reported here when they fail.
    mutating func diagnostics(read: [DotLottieTheme], opened: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let openedTakes = Set(file.themeIDs(forAnimation: opened))
        for id in themeIDs {
            let entry = DotLottieFile.themeEntry(id)
            let takers = takers(of: id)
            guard !takers.isEmpty else {
                let lists = file.animationIDs.map { a in
                    "animation \"\(a)\" takes " + (file.themeIDs(forAnimation: a).isEmpty ? "none" : file.themeIDs(forAnimation: a).joined(separator: ", "))
                }
                out.append(Diagnostic(.warning, at: entry,
                                      "theme \"\(id)\" is taken by no animation, so no player draws it: each animation's manifest \"themes\" list "
                                      + "leaves it out (\(lists.joined(separator: "; "))); add it to a list or remove the theme", feature: .themes))
                continue
            }
            let theme: DotLottieTheme
            if let known = read.first(where: { $0.id == id }) {
                theme = known
            } else {
                // The opened animation's themes were read (and their failures reported) already.
                guard !openedTakes.contains(id) else { continue }
                do {
                    theme = try DotLottieTheme(id: id, in: file, archiveName: path, limits: limits)
                    out += theme.notes
                } catch {
                    out.append(Diagnostic(.warning, at: entry,
                                          "theme \"\(id)\" cannot be used: \(error.location.isEmpty ? "" : "\(error.location): ")\(error.message)",
                                          feature: .themes))
                    continue
                }
            }
            for r in theme.rules { out += check(r, of: theme, takers: takers) }
        }
        return out
    }

    /// What is wrong with rule `r` of `theme`, which `takers` take: animations it names that the
    /// file lacks, and no slot of its id in any animation it applies to.
    mutating func check(_ r: DotLottieTheme.Rule, of theme: DotLottieTheme, takers: [String]) -> [Diagnostic] {
        let at = "\(theme.entry): \(r.path)"
        let head = "theme \"\(theme.id)\": rule \"\(r.id)\" (\(r.type.rawValue))"
        var out: [Diagnostic] = []
        let missing = (r.animations ?? []).filter { !file.animationIDs.contains($0) }
        if !missing.isEmpty {
            out.append(Diagnostic(.warning, at: "\(at).animations",
                                  "\(head) names \(Self.names("animation", missing)) in its \"animations\", which the file does not have "
                                  + "(its animations: \(file.animationIDs.joined(separator: ", ")))", feature: .themes))
        }
        let targets = takers.filter { r.applies(to: $0) }
        guard !targets.isEmpty else {
            // Every animation it names is missing: said above.
            if missing.count < (r.animations ?? []).count {
                out.append(Diagnostic(.warning, at: at,
                                      "\(head) applies to no animation that takes the theme: it is limited to \(Self.names("animation", r.animations ?? [])), "
                                      + "and the theme is taken only by \(takers.joined(separator: ", "))", feature: .themes))
            }
            return out
        }
        guard !targets.contains(where: { slots(of: $0)?.named.contains(r.id) ?? true }) else { return out }
        let all = targets.reduce(into: Set<String>()) { $0.formUnion(slots(of: $1).map { $0.named.union($0.defined) } ?? []) }
        let whose = file.animationIDs.count == 1 ? "no property names it" : "no property of \(Self.names("animation", targets)) names it"
        out.append(Diagnostic(.warning, at: at,
                              "\(head) matches no slot: \(whose)"
                              + (all.isEmpty ? " (\(targets.count == 1 ? "the animation has" : "they have") no slots)"
                                             : " (\(targets.count == 1 ? "its" : "their") slots: \(all.sorted().joined(separator: ", ")))"),
                              feature: .themes))
        return out
    }

    /// The slot ids animation `id` names and defines. An animation other than the opened one is
    /// not parsed as Lottie (that would draw nothing and cost a parse): its JSON is walked for
    /// `sid` members, which is where properties and image assets name slots. nil for one that
    /// cannot be read: a rule is not blamed for a broken animation, which opening it reports.
    mutating func slots(of id: String) -> (named: Set<String>, defined: Set<String>)? {
        if let n = named[id] { return (n, defined[id] ?? []) }
        guard !unreadable.contains(id) else { return nil }
        guard let json = try? file.animationJSON(id: id),
              let root = try? JSONDocument.parse(json, name: id, maxDepth: limits.maxJSONDepth, maxBytes: limits.maxJSONBytes,
                                                 maxValues: limits.maxJSONValues) else {
            unreadable.insert(id)
            return nil
        }
        var n = Set<String>()
        // A stack, not recursion: the depth is bounded by the JSON limit, but need not be on the call stack.
        var stack = [root]
        while let node = stack.popLast() {
            switch node.value {
            case .array(let items): stack += items
            case .object(let members):
                for m in members {
                    if m.key == "sid", let s = m.value.asString { n.insert(s) } else { stack.append(m.value) }
                }
            default: break
            }
        }
        let d = Set((root["slots"]?.asObject ?? []).map(\.key))
        named[id] = n
        defined[id] = d
        return (n, d)
    }

    /// `animation "a"` or `animations "a", "b"`.
    static func names(_ noun: String, _ list: [String]) -> String {
        "\(noun)\(list.count == 1 ? "" : "s") " + list.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
