// libFuzzer target: the tab-bar configuration in every format its reader takes (JSON, JSONC/JSON5,
// XML and binary property lists, YAML: the content decides), skins and filters included. A configuration that parses is opened against the bundled samples
// (paths are relative to sample-animations/tabbar/, like the example) and the bar is drawn once
// with every tab selected in turn, light and dark.
// Built by `make fuzz TARGET=tabbar`; compiled only with -DFUZZING (Fuzz/README.md).
#if FUZZING
import CYLTabBarItemAnimation
import FuzzSupport
#if canImport(Glibc)
import Glibc
#endif

/// The example configuration's folder; `make fuzz` runs from the repository root.
let base: String = {
    let dir = getenv("CYL_FUZZ_TABBAR_DIR").map { String(cString: $0) } ?? "sample-animations/tabbar"
    var st = stat()
    guard stat(dir + "/tabbar.json", &st) == 0 else { fatalError("run from the repository root or set CYL_FUZZ_TABBAR_DIR") }
    return dir
}()

let configMutator = JSONMutator(keys: [
    "tabBarItemsAttributes", "CYLTabBarControllerTabBarItemAnimationSpeed", "CYLTabBarItemIconSize", "CYLTabBarScale",
    "CYLTabBarBackgroundColor", "CYLTabBarTintColor", "CYLTabBarUnselectedTintColor", "CYLTabBarDarkBackgroundColor",
    "CYLTabBarDarkTintColor", "CYLTabBarDarkUnselectedTintColor", "CYLTabBarItemTitle", "CYLTabBarItemIdentifier",
    "CYLTabBarItemImage", "CYLTabBarItemSelectedImage", "CYLTabBarItemDarkImage", "CYLTabBarItemDarkSelectedImage",
    "CYLTabBarItemImageRenderingMode", "CYLTabBarLottieFilePath", "CYLTabBarLottieDarkFilePath",
    "CYLTabBarLottieDarkColors", "CYLTabBarGIFFilePath", "CYLTabBarAnimationURL", "CYLTabBarLottieLoopsWhenUnselected",
    "CYLTabBarItemTitleColor", "CYLTabBarItemSelectedTitleColor", "CYLTabBarControllerThemes",
    "CYLTabBarControllerDarkThemeIdentifier", "CYLTabBarItemPlatforms", "CYLTabBarItemMinimumAppVersion",
    "CYLTabBarItemSelectedTitle", "CYLTabBarItemSelectedTitleFont", "CYLTabBarItemTitleFont", "CYLTabBarLottieURL",
    "CYLTabBarItemSelectedDarkImage", "CYLTabBarItemSelectedBackgroundColor", "CYLTabBarAnimationOptions",
    "CYLTabBarRiveURL", "CYLTabBarItemImageURL", "darkTheme",
])

@_cdecl("LLVMFuzzerCustomMutator")
public func customMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    Fuzz.mutate(data, size, maxSize, seed, with: configMutator)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Fuzz.bytes(data, size)
    let name = "fuzz-tabbar.json"
    do {
        let config = try TabBarConfiguration.parse(bytes, name: name, baseDirectory: base)
        let bar = try TabBar(configuration: config, registry: .standard)
        let renderer = try TabBarRenderer(bar: bar, scale: 1)
        var players = try bar.tabs.map { try $0.makePlayer(speed: config.speed) }
        for selected in 0..<bar.tabs.count {
            players[selected].select(at: .milliseconds(100 * selected))
            let time = Duration.milliseconds(100 * selected + 50)
            let states = players.indices.map { TabState(frame: players[$0].frameIndex(at: time), selected: $0 == selected) }
            _ = try renderer.render(states, appearance: selected % 2 == 0 ? .light : .dark)
            players[selected].deselect(at: time)
        }
    } catch {
        Fuzz.checkError(error, names: name, base)
    }
    return 0
}
#endif
