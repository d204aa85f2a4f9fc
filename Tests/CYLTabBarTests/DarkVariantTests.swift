import Testing
import CYLTabBar
import CYLTabBarItemAnimation

/// The dark-appearance rule on its own: each setting against each other, first match wins
/// (a dark file, the named theme, dark colours, the file's theme "dark", nothing), with a
/// warning for a setting left unused and a note for an unused theme "dark".
struct DarkVariantTests {
    static let colours = [ColorOverride(keypath: "**", color: RGBA8(255, 255, 255, 255))]

    /// The rule for `icon.lottie` with `settings`, the file having `themes`; also how often the
    /// themes were asked for.
    static func choose(_ settings: DarkSettings, themes: [String] = ["dark", "midnight"]) throws -> (DarkVariant, [String], Int) {
        var asked = 0
        let (variant, notes) = try DarkVariant.choose(for: "icon.lottie", settings) { asked += 1; return themes }
        return (variant, notes.map(\.description), asked)
    }

    @Test func aDarkFileWinsOverEverything() throws {
        let (v, notes, _) = try Self.choose(DarkSettings(path: "icon_dark.json", colors: Self.colours, theme: "midnight"))
        #expect(v == .file("icon_dark.json", byConvention: false))
        #expect(notes == ["warning: CYLTabBarLottieDarkColors ignored: the dark file icon_dark.json is used instead",
                          "warning: CYLTabBarAnimationOptions.darkTheme \"midnight\" ignored: the dark file icon_dark.json is used instead"])
        // Found by the naming convention, it still beats the file's own theme "dark" (with a note).
        let (byName, nameNotes, _) = try Self.choose(DarkSettings(path: "icon_dark.lottie", pathByConvention: true))
        #expect(byName == .file("icon_dark.lottie", byConvention: true))
        #expect(nameNotes == ["note: theme \"dark\" of icon.lottie is not shown in dark appearance: the dark file icon_dark.lottie is"])
    }

    @Test func aNamedThemeWinsOverColoursAndTheConventionalTheme() throws {
        let (v, notes, _) = try Self.choose(DarkSettings(colors: Self.colours, theme: "midnight"))
        #expect(v == .theme("midnight", named: true))
        #expect(notes == ["warning: CYLTabBarLottieDarkColors ignored: theme \"midnight\" (CYLTabBarAnimationOptions.darkTheme) is used instead"])
        // Naming "dark" on purpose is the same theme, chosen by name.
        #expect(try Self.choose(DarkSettings(theme: "dark")).0 == .theme("dark", named: true))
    }

    @Test func colourListsWinOverTheConventionalTheme() throws {
        let (v, notes, _) = try Self.choose(DarkSettings(colors: Self.colours))
        #expect(v == .colors(Self.colours))
        #expect(notes == ["note: theme \"dark\" of icon.lottie is not shown in dark appearance: CYLTabBarLottieDarkColors recolour the animation instead"])
        // Without a theme "dark" there is nothing to say.
        #expect(try Self.choose(DarkSettings(colors: Self.colours), themes: ["sky"]).1.isEmpty)
    }

    @Test func theConventionalThemeThenNothing() throws {
        let (v, notes, asked) = try Self.choose(DarkSettings())
        #expect(v == .theme("dark", named: false) && notes.isEmpty && asked == 1)
        #expect(try Self.choose(DarkSettings(), themes: ["Dark", "night"]).0 == DarkVariant.none, "the name is matched exactly")
        #expect(try Self.choose(DarkSettings(), themes: []).0 == DarkVariant.none)
    }

    @Test func aNamedThemeTheFileLacksThrowsWithTheThemesItHas() throws {
        let e = try #require(throws: MissingDarkTheme.self) { try Self.choose(DarkSettings(theme: "midnigth")) }
        #expect(e == MissingDarkTheme(file: "icon.lottie", theme: "midnigth", themes: ["dark", "midnight"]))
        #expect(e.description == "icon.lottie has no theme \"midnigth\"; its themes: dark, midnight")
        let none = try #require(throws: MissingDarkTheme.self) { try Self.choose(DarkSettings(theme: "dark"), themes: []) }
        #expect(none.description == "icon.lottie has no theme \"dark\"; it has no themes")
    }

    /// Opening for dark changes only what the variant is about.
    @Test func openingAppliesTheVariant() {
        var light = OpenOptions(theme: "sky")
        light.animationID = "a"
        let themed = DarkVariant.theme("dark", named: false).opening("icon.lottie", options: light)
        #expect(themed.path == "icon.lottie" && themed.options.theme == "dark" && themed.options.animationID == "a")
        let file = DarkVariant.file("icon_dark.lottie", byConvention: true).opening("icon.lottie", options: light)
        #expect(file.path == "icon_dark.lottie" && file.options.theme == "sky", "a dark file opens with the light options, as before")
        let coloured = DarkVariant.colors(Self.colours).opening("icon.lottie", options: light)
        #expect(coloured.path == "icon.lottie" && coloured.options.colorOverrides == Self.colours && coloured.options.theme == "sky")
        #expect(DarkVariant.none.opening("icon.lottie", options: light).options.theme == "sky")
    }
}
