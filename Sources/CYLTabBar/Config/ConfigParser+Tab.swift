import CYLDocuments
import CYLTimeline

extension ConfigParser {
    /// One entry of `tabBarItemsAttributes`, and why the filters skip it (nil: shown). A skipped
    /// tab is read and checked like any other, except that its files need not exist (an Android
    /// tab's assets are not in an iOS checkout).
    mutating func tab(_ element: StructuredNode, index: Int) throws(ConfigError) -> (TabItem, SkippedTab?) {
        var tab = TabItem(index: index)
        let entry = try resolve(element, tab: tab, key: "\(ConfigKey.items)[\(index)]")
        guard let raw = entry.node.members else {
            throw fail(.wrongType, entry, tab: tab, key: nil,
                       "each entry of \(ConfigKey.items) is a map of tab attributes; found \(entry.node.value.typeDescription)")
        }
        // Identifier and title first, so that every later message names the tab.
        func member(_ key: String) -> StructuredNode? { raw.last { $0.key == key }?.value }
        if let n = member(ConfigKey.identifier) { tab.identifier = try string(n, tab: tab, key: ConfigKey.identifier) }
        if let n = member(ConfigKey.title) { tab.title = try string(n, tab: tab, key: ConfigKey.title) }
        if let n = member(ConfigKey.platforms) { tab.platforms = try platforms(n, tab: tab, key: ConfigKey.platforms) }
        if let n = member(ConfigKey.minimumAppVersion) { tab.minimumAppVersion = try version(n, tab: tab, key: ConfigKey.minimumAppVersion) }
        let skipped = skipReason(tab)
        let check = skipped == nil
        var images: [StructuredMember] = [], animations: [StructuredMember] = [], darks: [StructuredMember] = []
        var deprecatedDark: StructuredMember?
        var colors: StructuredNode?, animationOptions: StructuredNode?
        for m in members(raw, tab: tab) {
            switch m.key {
            case ConfigKey.identifier, ConfigKey.title, ConfigKey.platforms, ConfigKey.minimumAppVersion: continue
            case ConfigKey.selectedTitle: tab.selectedTitle = try string(m.value, tab: tab, key: m.key)
            case ConfigKey.accessibilityLabel: tab.accessibilityLabel = try string(m.value, tab: tab, key: m.key)
            case ConfigKey.image, ConfigKey.imageURL: images.append(m)
            case ConfigKey.selectedImage: tab.selectedImage = try imageFile(m, tab: tab, check: check)
            case ConfigKey.darkImage: tab.darkImage = try imageFile(m, tab: tab, check: check)
            case ConfigKey.selectedDarkImage: tab.selectedDarkImage = try imageFile(m, tab: tab, check: check)
            case ConfigKey.darkSelectedImage: deprecatedDark = m
            case ConfigKey.lottie, ConfigKey.lottieURL, ConfigKey.gif, ConfigKey.gifURL, ConfigKey.riveURL, ConfigKey.pag, ConfigKey.pagURL,
                 ConfigKey.animationURL:
                animations.append(m)
            case ConfigKey.lottieDark, ConfigKey.lottieDarkURL: darks.append(m)
            case ConfigKey.lottieDarkColors: colors = m.value
            case ConfigKey.animationOptions: animationOptions = m.value
            case ConfigKey.loopsWhenUnselected: tab.loopsWhenUnselected = try bool(m.value, tab: tab, key: m.key)
            case ConfigKey.itemWidth:
                let (v, at) = try number(m.value, tab: tab, key: m.key)
                guard v >= 1, v <= 1000 else { throw fail(.invalidValue, at, tab: tab, key: m.key, "a tab's width is 1-1000 points (got \(v.compactText))") }
                tab.width = v
            case ConfigKey.pageIdentifier: tab.pageIdentifier = try string(m.value, tab: tab, key: m.key)
            case ConfigKey.pageParameters: tab.pageParameters = try pageParameters(m.value, tab: tab)
            case ConfigKey.gestureReselect:
                let s = try string(m.value, tab: tab, key: m.key)
                guard let g = ReselectGesture(name: s) else {
                    throw fail(.invalidValue, try resolve(m.value, tab: tab, key: m.key), tab: tab, key: m.key,
                               "expected \(ReselectGesture.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), found \"\(s.escapingForMessage)\"")
                }
                tab.reselectGesture = g
            case _ where ConfigKey.tabStyles.contains(m.key): try style(m.key, m.value, &tab)
            default:
                warnings.append(unknownKey(m, among: ConfigKey.perTab + ConfigKey.topLevel, tab: tab))
            }
        }
        // A skin's per-tab styles fill in what the tab does not set itself.
        for key in ConfigKey.tabStyles where member(key) == nil {
            if let (node, _) = chain.value(key) { try style(key, node, &tab) }
        }
        if images.count > 1 {
            throw fail(.invalidValue, images[1].keyPosition, tab: tab, key: images[1].key, "give one of \(ConfigKey.image) and \(ConfigKey.imageURL), not both")
        }
        if let m = images.first { tab.image = try imageFile(m, tab: tab, check: check) }
        if let m = deprecatedDark { try deprecatedSelectedDarkImage(m, into: &tab, check: check) }
        try animation(animations, darks: darks, colors: colors, options: animationOptions, into: &tab, check: check)
        if tab.animation == nil && tab.image == nil {
            throw fail(.missing, entry, tab: tab, key: nil,
                       "the tab has nothing to show: give \(ConfigKey.lottie), \(ConfigKey.gif), \(ConfigKey.animationURL) or \(ConfigKey.image)")
        }
        return (tab, skipped.map { SkippedTab(index: index, identifier: tab.identifier ?? tab.title, reason: $0) })
    }

    /// Why the filters leave `tab` out, if they do.
    func skipReason(_ tab: TabItem) -> SkippedTab.Reason? {
        if let platforms = tab.platforms, !platforms.contains(options.platform) {
            return .platform(shownOn: platforms, previewing: options.platform)
        }
        if let minimum = tab.minimumAppVersion, let version = options.appVersion, version < minimum {
            return .appVersion(minimum: minimum, previewing: version)
        }
        return nil
    }

    func imageFile(_ m: StructuredMember, tab: TabItem, check: Bool) throws(ConfigError) -> String {
        try file(m.value, tab: tab, key: m.key, isURL: m.key == ConfigKey.imageURL, directoryAllowed: false, check: check)
    }

    mutating func style(_ key: String, _ node: StructuredNode, _ tab: inout TabItem) throws(ConfigError) {
        switch key {
        case ConfigKey.titleColor: tab.titleColor = try color(node, tab: tab, key: key)
        case ConfigKey.selectedTitleColor: tab.selectedTitleColor = try color(node, tab: tab, key: key)
        case ConfigKey.titleFont: tab.titleFont = try font(node, tab: tab, key: key)
        case ConfigKey.selectedTitleFont: tab.selectedTitleFont = try font(node, tab: tab, key: key)
        case ConfigKey.selectedBackgroundColor: tab.selectedBackgroundColor = try color(node, tab: tab, key: key)
        case ConfigKey.renderingMode:
            let s = try string(node, tab: tab, key: key)
            guard let mode = IconRenderingMode(rawValue: s.lowercased()) else {
                throw fail(.invalidValue, try resolve(node, tab: tab, key: key), tab: tab, key: key,
                           "expected \"template\" or \"original\", found \"\(s.escapingForMessage)\"")
            }
            tab.renderingMode = mode
        default: break
        }
    }

    /// `CYLTabBarItemPageParameters`: a map of name → text, number or boolean (routing data).
    func pageParameters(_ node: StructuredNode, tab: TabItem) throws(ConfigError) -> [PageParameter] {
        let key = ConfigKey.pageParameters
        let (members, _) = try map(node, tab: tab, key: key, expected: "a map of parameter name → value, e.g. {\"filter\": \"unread\"}")
        var out: [PageParameter] = []
        for m in members {
            let v = try resolve(m.value, tab: tab, key: "\(key).\(m.key)")
            let value: PageParameter.Value
            switch v.node.value {
            case .string(let s): value = .text(s)
            case .number(let d): value = .number(d)
            case .bool(let b): value = .bool(b)
            default: throw wrongType(v, expected: "text, a number or a boolean", tab: tab, key: "\(key).\(m.key.escapingForMessage)")
            }
            out.removeAll { $0.name == m.key }   // written twice: the later one counts, as for keys
            out.append(PageParameter(name: m.key, value: value))
        }
        return out
    }

    /// `CYLTabBarItemDarkSelectedImage`, this project's old spelling: read, with a warning naming
    /// the library's key (which wins when both are given).
    mutating func deprecatedSelectedDarkImage(_ m: StructuredMember, into tab: inout TabItem, check: Bool) throws(ConfigError) {
        let at = m.keyPosition.description + " \(tab.label)"
        if tab.selectedDarkImage != nil {
            warnings.append(Diagnostic(.warning, at: at, "\"\(m.key)\" is ignored: the library's \"\(ConfigKey.selectedDarkImage)\" is given too"))
            return
        }
        warnings.append(Diagnostic(.warning, at: at,
                                   "\"\(m.key)\" is deprecated (this project's misspelling, read for one more release); write the library's \"\(ConfigKey.selectedDarkImage)\""))
        tab.selectedDarkImage = try imageFile(m, tab: tab, check: check)
    }

    /// The tab's one animation, its dark file (given, or `name_dark` by convention), dark colours
    /// and options.
    mutating func animation(_ animations: [StructuredMember], darks: [StructuredMember], colors: StructuredNode?, options optionsNode: StructuredNode?,
                            into tab: inout TabItem, check: Bool) throws(ConfigError) {
        if animations.count > 1 {
            throw fail(.invalidValue, animations[1].keyPosition, tab: tab, key: animations[1].key,
                       "a tab has one animation; \(animations[0].key) is given too")
        }
        if darks.count > 1 {
            throw fail(.invalidValue, darks[1].keyPosition, tab: tab, key: darks[1].key, "give one of \(ConfigKey.lottieDark) and \(ConfigKey.lottieDarkURL), not both")
        }
        guard let m = animations.first else {
            if let d = darks.first {
                throw fail(.invalidValue, d.value.position, tab: tab, key: d.key, "a dark animation needs a light one: give \(ConfigKey.lottie) too")
            }
            if let c = colors {
                throw fail(.invalidValue, c.position, tab: tab, key: ConfigKey.lottieDarkColors, "dark colours recolour an animation: give \(ConfigKey.lottie) too")
            }
            if let o = optionsNode {
                throw fail(.invalidValue, o.position, tab: tab, key: ConfigKey.animationOptions,
                           "options for an animation: give \(ConfigKey.animationURL) (or another animation key) too")
            }
            return
        }
        let kind: TabItem.AnimationKind
        switch m.key {
        case ConfigKey.lottie, ConfigKey.lottieURL: kind = .lottie
        case ConfigKey.gif, ConfigKey.gifURL: kind = .gif
        case ConfigKey.riveURL: kind = .rive
        case ConfigKey.pag, ConfigKey.pagURL: kind = .pag
        default: kind = .any
        }
        let isURL = m.key.hasSuffix("URL")
        var animation = TabItem.Animation(kind: kind, key: m.key,
                                          path: try file(m.value, tab: tab, key: m.key, isURL: isURL, directoryAllowed: true, check: check))
        if let d = darks.first {
            animation.darkPath = try file(d.value, tab: tab, key: d.key, isURL: d.key == ConfigKey.lottieDarkURL, directoryAllowed: true, check: check)
            animation.darkKey = d.key
        } else if check, options.checkFiles, let conventional = DarkVariantNaming.existingDarkPath(for: animation.path) {
            animation.darkPath = conventional
            animation.darkPathFromConvention = true
        }
        if let c = colors { animation.darkColors = try darkColors(c, tab: tab) }
        if let o = optionsNode { animation.options = try animationOptions(o, tab: tab) }
        tab.animation = animation
    }
}
