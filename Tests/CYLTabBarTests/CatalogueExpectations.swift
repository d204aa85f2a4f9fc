/// What each file of `ConfigCatalogue/` must produce (see `ConfigCatalogueTests`): the exact error,
/// or the exact warnings and notes of a bar that opens and draws. Each message was read and judged
/// when the case was added: it names the file, the place (line:column, or a byte offset in a
/// binary property list), the tab and the key where there is one, and says what to do.
enum CatalogueExpectations {
    typealias Outcome = ConfigCatalogueTests.Outcome

    static let all: [String: Outcome] = [
        "animation-not-recognised.json":
            .error("animation-not-recognised.json: tab 0 \"me\": CYLTabBarAnimationURL: $DIR/not-a-png.png: not a recognised animation: saw a file starting with bytes 74 68 69 73 20 69 73 20 (\"this is \"); known formats: GIF, Lottie, dotLottie, PNG frames"),
        "at-sign-escaped.json":
            .warnings([]),
        "bad-colour.json":
            .error("bad-colour.json:2:97: tab 0: CYLTabBarItemTitleColor: \"#12\" is not a colour; write #rgb, #rrggbb, #rrggbbaa or a name such as white"),
        "bad-escape.json":
            .error("bad-escape.json:1:54: invalid escape \\q"),
        "bad-rendering-mode.json":
            .error("bad-rendering-mode.json:2:105: tab 0: CYLTabBarItemImageRenderingMode: expected \"template\" or \"original\", found \"alwaysOriginal\""),
        "bad-version.json":
            .error("bad-version.json:2:104: tab 0: CYLTabBarItemMinimumAppVersion: \"five\" is not a version; write up to four numbers separated by dots, e.g. \"5.2.0\""),
        "binary-garbage.yaml":
            .error("binary-garbage.yaml: the file is binary data (starting 00 01 02 03 67 61 72 62), not a configuration"),
        "bom-only.json":
            .error("bom-only.json:1:1: the file is empty"),
        "bplist-bad-offset.plist":
            .error("bplist-bad-offset.plist:byte 38: object 2\'s offset 4095 lies outside the object area"),
        "bplist-cycle.plist":
            .error("bplist-cycle.plist:byte 33: object 2 contains itself (a reference cycle)"),
        "bplist-truncated.plist":
            .error("bplist-truncated.plist:byte 0: a binary property list starts with bplist00 and ends with a 32-byte trailer; this one is too short or has another version"),
        "bplist-uid.plist":
            .error("bplist-uid.plist:byte 33: a UID (a keyed-archiver object), not a configuration value"),
        "broken-percent-escape.json":
            .error("broken-percent-escape.json:2:29: tab 0: CYLTabBarAnimationURL: \"home%zz.json\" has a broken %-escape"),
        "comments-and-trailing-commas.jsonc":
            .warnings([]),
        "control-characters-in-key.json":
            .warnings(["warning: 2:70 tab 0: unknown key \"CYLTabBarItem\\u{1B}[31mTitle\" ignored; did you mean \"CYLTabBarItemTitle\"?"]),
        "dark-colours-over-a-dark-theme.json":
            .warnings(["note: tab 0 \"star\": theme \"dark\" of $DIR/../../../sample-animations/star.lottie is not shown in dark appearance: CYLTabBarLottieDarkColors recolour the animation instead"]),
        "dark-file-over-a-dark-theme.json":
            .warnings(["warning: tab 0 \"star\": CYLTabBarAnimationOptions.darkTheme \"midnight\" ignored: the dark file $DIR/../../../sample-animations/checkmark.json is used instead"]),
        "dark-theme-beside-dark-colours.json":
            .warnings(["warning: tab 0 \"night\": CYLTabBarLottieDarkColors ignored: theme \"midnight\" (CYLTabBarAnimationOptions.darkTheme) is used instead"]),
        "dark-theme-empty.json":
            .error("dark-theme-empty.json:2:116: tab 0: CYLTabBarAnimationOptions.darkTheme: the name is empty"),
        "dark-theme-misspelt.json":
            .warnings(["warning: 2:103 tab 0: unknown key \"CYLTabBarAnimationOptions.darkTeme\" ignored; did you mean \"darkTheme\"?"]),
        "dark-theme-missing.json":
            .error("dark-theme-missing.json: tab 0 \"night\": CYLTabBarAnimationOptions.darkTheme: $DIR/../../../sample-animations/star.lottie has no theme \"midnigth\"; its themes: dark, midnight"),
        "dark-theme-not-text.json":
            .error("dark-theme-not-text.json:2:116: tab 0: CYLTabBarAnimationOptions.darkTheme: expected a string, found a list"),
        "dark-theme-on-a-plain-lottie.json":
            .error("dark-theme-on-a-plain-lottie.json: tab 0 \"done\": CYLTabBarAnimationOptions.darkTheme: $DIR/../../../sample-animations/checkmark.json has no theme \"dark\"; it has no themes"),
        "dark-colour-matches-nothing.json":
            .warnings(["warning: tab 0: colour override \'no.such.layer\' matches no fill, stroke or gradient"]),
        "dark-theme-unknown.json":
            .error("dark-theme-unknown.json:2:44: CYLTabBarControllerDarkThemeIdentifier: no skin \"night\" in CYLTabBarControllerThemes (skins: \"day\")"),
        "dark-without-light.json":
            .error("dark-without-light.json:2:101: tab 0: CYLTabBarLottieDarkFilePath: a dark animation needs a light one: give CYLTabBarLottieFilePath too"),
        "deep-nesting.json":
            .error("deep-nesting.json:1:70: nesting is deeper than the limit of 64 levels (Limits.maxJSONDepth)"),
        "deprecated-and-library-key.json":
            .warnings(["warning: 2:157 tab 0: \"CYLTabBarItemDarkSelectedImage\" is ignored: the library\'s \"CYLTabBarItemSelectedDarkImage\" is given too"]),
        "deprecated-key.json":
            .warnings(["warning: 2:70 tab 0: \"CYLTabBarItemDarkSelectedImage\" is deprecated (this project\'s misspelling, read for one more release); write the library\'s \"CYLTabBarItemSelectedDarkImage\""]),
        "directory-as-image.json":
            .error("directory-as-image.json:2:26: tab 0: CYLTabBarItemImage: \'.\' is a directory; an image is a PNG file"),
        "duplicate-identifiers.json":
            .error("duplicate-identifiers.json:3:31: tab 1 \"home\": CYLTabBarItemIdentifier: the identifier is also used by tab 0; identifiers must be unique"),
        "duplicate-key.json":
            .warnings(["warning: 2:4 tab 0 \"Start\": key \"CYLTabBarItemTitle\" is written again at 2:100; the later value is used"]),
        "empty-path.json":
            .error("empty-path.json:2:31: tab 0: CYLTabBarLottieFilePath: the path is empty"),
        "empty-platforms.json":
            .error("empty-platforms.json:2:96: tab 0: CYLTabBarItemPlatforms: the list of platforms is empty; leave the key out to show the tab everywhere"),
        "empty.json":
            .error("empty.json:1:1: the file is empty"),
        "every-tab-skipped.json":
            .error("every-tab-skipped.json:1:27: tabBarItemsAttributes: every tab is skipped for ios: tab 0 \"wallet\": skipped: only on android (previewing ios)"),
        "file-url-other-host.json":
            .error("file-url-other-host.json:2:29: tab 0: CYLTabBarAnimationURL: \"file://server/share/home.json\" names another host; a file URL is file:///path/to/file"),
        "font-map-unknown-member.json":
            .error("font-map-unknown-member.json:2:148: tab 0 \"Home\": CYLTabBarItemTitleFont: a font map has \"name\" and \"size\"; found \"weight\""),
        "font-not-installed.json":
            .warnings(["warning: title font \"PingFangSC-Medium\" (CYLTabBarItemTitleFont of tab 0 \"home\") is not installed; using DejaVu Sans (/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf)"]),
        "font-size-too-big.json":
            .error("font-size-too-big.json:2:126: tab 0 \"Home\": CYLTabBarItemTitleFont: a title font\'s size is 1-100 points (got 500)"),
        "ftp-url.json":
            .error("ftp-url.json:2:23: tab 0: CYLTabBarGIFURL: \"ftp://example.com/spin.gif\" uses the ftp: scheme; only local files (paths, relative or file:// URLs) can be previewed"),
        "gif-dark-colours.json":
            .warnings(["warning: tab 0: CYLTabBarLottieDarkColors recolour vector animations; this GIF is shown unchanged in dark mode"]),
        "html-page.json":
            .error("html-page.json: the file is an HTML page, not a configuration (a web page saved in its place? save the raw file)"),
        "http-url.json":
            .error("http-url.json:2:61: tab 0 \"home\": CYLTabBarLottieURL: \"https://cdn.example.com/home.json\" is on the network; download it first: this tool reads no network"),
        "huge-number.json":
            .error("huge-number.json:1:27: the number is too large for a Double"),
        "icon-size-too-big.json":
            .error("icon-size-too-big.json:1:27: CYLTabBarItemIconSize: the icon size must be 4-256 points (got 1000)"),
        "image-and-image-url.json":
            .error("image-and-image-url.json:2:70: tab 0: CYLTabBarItemImageURL: give one of CYLTabBarItemImage and CYLTabBarItemImageURL, not both"),
        "image-is-not-an-image.json":
            .error("image-is-not-an-image.json: tab 0 \"me\": CYLTabBarItemImage: $DIR/not-a-png.png:byte 0: not a PNG file (wrong signature)"),
        "invalid-utf8.json":
            .error("invalid-utf8.json:1:54: invalid UTF-8 (byte 0xFF)"),
        "items-not-a-list.json":
            .error("items-not-a-list.json:1:27: tabBarItemsAttributes: expected a list, found a map"),
        "json5-features.json5":
            .warnings([]),
        "key-in-wrong-case.json":
            .warnings(["warning: 2:4 tab 0: unknown key \"cylTabBarItemTitle\" ignored; did you mean \"CYLTabBarItemTitle\"?"]),
        "leading-zero.json":
            .error("leading-zero.json:1:20: invalid number: leading zeros are not allowed"),
        "missing-comma.json":
            .error("missing-comma.json:1:58: expected \',\' or \'}\' after a member, found \'\"\'"),
        "missing-file.json":
            .error("missing-file.json:2:67: tab 0 \"likes\": CYLTabBarLottieFilePath: no such file \'icons/heart.json\' (looked for $DIR/icons/heart.json; paths are relative to the configuration file)"),
        "missing-items.json":
            .error("missing-items.json:1:1: tabBarItemsAttributes: missing: a tab-bar configuration lists its tabs in a \"tabBarItemsAttributes\" list"),
        "nan-speed.json":
            .error("nan-speed.json:1:49: NaN and Infinity are not finite numbers (write a finite number)"),
        "newline-in-string.json":
            .error("newline-in-string.json:1:54: a string cannot span lines; write \\n, or end the line with a backslash (JSON5)"),
        "no-tabs.json":
            .error("no-tabs.json:1:27: tabBarItemsAttributes: the tab bar has no tabs; give at least one"),
        "openstep.plist":
            .error("openstep.plist:1:1: an old-style (OpenStep) property list; convert it with \'plutil -convert xml1\'"),
        "option-speed-zero.json":
            .error("option-speed-zero.json:2:115: tab 0: CYLTabBarAnimationOptions.speed: a tab\'s speed is from 0.01 to 100 (got 0)"),
        "options-without-animation.json":
            .error("options-without-animation.json:2:99: tab 0: CYLTabBarAnimationOptions: options for an animation: give CYLTabBarAnimationURL (or another animation key) too"),
        "pag-animation.json":
            .error("pag-animation.json:2:63: tab 0 \"live\": CYLTabBarPAGFilePath: no such file \'live.pag\' (looked for $DIR/live.pag; paths are relative to the configuration file)"),
        "plist-bad-integer.plist":
            .error("plist-bad-integer.plist:6:2: <integer> holds \"two\", not a whole number"),
        "plist-data-as-title.plist":
            .error("plist-data-as-title.plist:9:4: tab 0: CYLTabBarItemTitle: expected a string, found data"),
        "plist-key-without-value.plist":
            .error("plist-key-without-value.plist:6:2: the key \"CYLTabBarScale\" has no value (found another <key>)"),
        "plist-unclosed-dict.plist":
            .error("plist-unclosed-dict.plist:7:1: </plist> does not close the <dict> opened at 4:1"),
        "plist-unknown-element.plist":
            .error("plist-unknown-element.plist:6:2: <color> is not a property list element (dict, array, string, integer, real, true, false, date, data)"),
        "plist-unknown-entity.plist":
            .error("plist-unknown-entity.plist:9:16: unknown entity &nbsp;"),
        "png-saved-as-config.json":
            .error("png-saved-as-config.json: the file is a PNG image, not a configuration"),
        "reference-cycle.json":
            .error("reference-cycle.json:1:60: tab 0: CYLTabBarItemTitleColor (@a in skin \"default\"): the skin references @a → @b → @a go round in a circle"),
        "reference-missing.json":
            .error("reference-missing.json:3:130: tab 0 \"me\": CYLTabBarItemTitleColor: \"@accent\": no skin defines \"accent\" (searched \"default\"); write \"@@accent\" for text starting with @"),
        "reference-without-skins.json":
            .error("reference-without-skins.json:2:26: tab 0: CYLTabBarItemTitle: \"@home\": refers to a skin value, but the file defines no skins (CYLTabBarControllerThemes); write \"@@home\" for text starting with @"),
        "reference-wrong-type.json":
            .error("reference-wrong-type.json:1:52: tab 0 \"me\": CYLTabBarItemSelectedTitleColor (@size in skin \"default\"): expected a colour such as \"#007aff\", found a number"),
        "root-is-a-list.json":
            .error("root-is-a-list.json:1:1: a tab-bar configuration is a map with a \"tabBarItemsAttributes\" list; found a list"),
        "root-is-text.yaml":
            .error("root-is-text.yaml:1:1: a tab-bar configuration is a map with a \"tabBarItemsAttributes\" list; found a string"),
        "scale-fraction.json":
            .error("scale-fraction.json:1:20: CYLTabBarScale: the scale must be 1, 2, 3 or 4 (got 2.5)"),
        "skin-not-a-map.json":
            .error("skin-not-a-map.json:1:39: CYLTabBarControllerThemes.day: a skin is a map of value names, found a string"),
        "skipped-android-tab.json":
            .warnings(["note: tab 1 \"wallet\": skipped: only on android (previewing ios)"]),
        "speed-as-text.json":
            .error("speed-as-text.json:1:49: CYLTabBarControllerTabBarItemAnimationSpeed: expected a number, found a string"),
        "speed-zero.json":
            .error("speed-zero.json:1:49: CYLTabBarControllerTabBarItemAnimationSpeed: the animation speed must be from 0.001 to 100 (got 0)"),
        "tab-not-a-map.json":
            .error("tab-not-a-map.json:1:28: tab 0: each entry of tabBarItemsAttributes is a map of tab attributes; found a string"),
        "tab-with-nothing-to-show.json":
            .error("tab-with-nothing-to-show.json:2:3: tab 0 \"Empty\": the tab has nothing to show: give CYLTabBarLottieFilePath, CYLTabBarGIFFilePath, CYLTabBarAnimationURL or CYLTabBarItemImage"),
        "themes-not-a-map.json":
            .error("themes-not-a-map.json:1:31: CYLTabBarControllerThemes: expected a map of skin name → map of values, found a list"),
        "title-is-a-number.json":
            .error("title-is-a-number.json:2:26: tab 0: CYLTabBarItemTitle: expected a string, found a number"),
        "too-many-tabs.json":
            .error("too-many-tabs.json:1:27: tabBarItemsAttributes: 17 tabs is more than the 16 a preview draws"),
        "trailing-garbage.json":
            .error("trailing-garbage.json:2:1: unexpected \'x\' after the document\'s value (one value per file)"),
        "two-animations.json":
            .error("two-animations.json:2:76: tab 0: CYLTabBarGIFFilePath: a tab has one animation; CYLTabBarLottieFilePath is given too"),
        "unclosed-list.json":
            .error("unclosed-list.json:3:1: the document ends inside the list opened at 1:27"),
        "unknown-keys.json":
            .warnings(["warning: 1:2: unknown key \"CYLTabBarControllerTabBarItemAnimationSpeeed\" ignored; did you mean \"CYLTabBarControllerTabBarItemAnimationSpeed\"?", "warning: 3:4 tab 0: unknown key \"CYLTabBarItemTitel\" ignored; did you mean \"CYLTabBarItemTitle\"?", "warning: 3:100 tab 0: unknown key \"color\" ignored"]),
        "unknown-marker.json":
            .error("unknown-marker.json: tab 0 \"done\": CYLTabBarAnimationOptions.marker: unknown marker \'nope\': known markers: \'draw\'"),
        "unknown-option.json":
            .warnings(["warning: 2:106 tab 0: unknown key \"CYLTabBarAnimationOptions.artbord\" ignored; did you mean \"artboard\"?"]),
        "unknown-platform.json":
            .error("unknown-platform.json:2:104: tab 0: CYLTabBarItemPlatforms: unknown platform \"andriod\"; the platforms are ios and android (did you mean \"android\"?)"),
        "unquoted-value.json":
            .error("unquoted-value.json:1:51: unexpected word \'Home\'; text values are quoted (\"Home\")"),
        "unterminated-comment.jsonc":
            .error("unterminated-comment.jsonc:1:30: unterminated /* comment */"),
        "unterminated-string.json":
            .error("unterminated-string.json:1:59: a string cannot span lines; write \\n, or end the line with a backslash (JSON5)"),
        "utf16.json":
            .error("utf16.json: the file is UTF-16 text; save the configuration as UTF-8"),
        "very-long-title.json":
            .warnings([]),
        "whitespace-only.yaml":
            .error("whitespace-only.yaml:1:1: the file is empty"),
        "xml-not-plist.plist":
            .error("xml-not-plist.plist: the file is XML without a <plist> element; a property list configuration is <plist><dict>…</dict></plist>"),
        "yaml-anchors-and-merge.yaml":
            .warnings(["warning: 1:1: unknown key \"base\" ignored"]),
        "yaml-bad-indent.yaml":
            .error("yaml-bad-indent.yaml:3:4: did not find expected \'-\' indicator (while parsing a block collection at 2:3)"),
        "yaml-billion-laughs.yaml":
            .error("yaml-billion-laughs.yaml:5:36: the document has more than 100000 values (shared values counted at every use); a configuration has a few hundred"),
        "yaml-custom-tag.yaml":
            .error("yaml-custom-tag.yaml:1:27: unsupported YAML tag !color; a configuration uses plain maps, lists and values"),
        "yaml-infinite-speed.yaml":
            .error("yaml-infinite-speed.yaml:1:46: .inf is not a finite number (write a finite number)"),
        "yaml-key-is-a-list.yaml":
            .error("yaml-key-is-a-list.yaml:2:7: a key must be a plain value, not a list"),
        "yaml-tab-indent.yaml":
            .error("yaml-tab-indent.yaml:2:1: found character that cannot start any token (while scanning for the next token at 2:1)"),
        "yaml-two-documents.yaml":
            .error("yaml-two-documents.yaml:3:1: a second YAML document starts here; a configuration is one document"),
        "yaml-unknown-alias.yaml":
            .error("yaml-unknown-alias.yaml:2:5: unknown alias *home; an alias refers to an &anchor written before it"),
        "yaml-version-as-number.yaml":
            .error("yaml-version-as-number.yaml:3:37: tab 0: CYLTabBarItemMinimumAppVersion: expected a version in quotes such as \"5.2.0\", found the number 5.1 (a number drops trailing zeros: 5.10 reads as 5.1)"),
        "yaml-yes-is-text.yaml":
            .error("yaml-yes-is-text.yaml:3:41: tab 0: CYLTabBarLottieLoopsWhenUnselected: expected a boolean, found the text \"yes\" (write true or false: YAML 1.2 reads yes as text)"),
    ]
}
