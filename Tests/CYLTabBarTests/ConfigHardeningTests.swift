import Foundation
import Testing
@testable import CYLTabBar
import CYLTabBarItemAnimation

/// Configurations a hostile or careless user can write: each is an error or a warning naming the
/// file, tab and key, never a trap, a hang or an endless read (issue 16).
struct ConfigHardeningTests {
    func parse(_ text: String) throws(ConfigError) -> TabBarConfiguration {
        var o = ConfigOptions()
        o.checkFiles = false
        return try TabBarConfiguration.parse(Array(text.utf8), name: "bar.json", baseDirectory: "cfg", options: o)
    }

    /// 1e-300 passed "above 0", then `preview` divided a pass by it and `Duration` trapped.
    @Test(arguments: [1e-300, 0.0009, 101])
    func absurdSpeedIsAnError(_ speed: Double) {
        do {
            _ = try parse(#"{"CYLTabBarControllerTabBarItemAnimationSpeed": \#(speed), "tabBarItemsAttributes": [{"CYLTabBarItemImage": "a.png"}]}"#)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("CYLTabBarControllerTabBarItemAnimationSpeed") && error.description.contains("0.001 to 100"), "\(error)")
        }
    }

    /// A configuration may name any path; `/dev/zero` as an image was read until memory ran out.
    @Test func endlessDeviceAsAnImageIsBounded() throws {
        let config = try TabBarConfiguration.parse(Array(#"{"tabBarItemsAttributes": [{"CYLTabBarItemImage": "/dev/zero"}]}"#.utf8),
                                                   name: "bar.json", baseDirectory: ".")
        do {
            _ = try TabBar(configuration: config, options: OpenOptions(limits: Limits(maxFileBytes: 1 << 20)))
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("CYLTabBarItemImage") && "\(error)".contains("Limits.maxFileBytes"), "\(error)")
        }
    }

    /// The did-you-mean guess for an unknown key compared a megabyte-long key with every known key
    /// (seconds of edit distance); keys past 64 characters get no guess and are shown shortened.
    @Test func enormousUnknownKeyIsAQuickWarning() throws {
        let key = String(repeating: "CYLTabBarItemTitle", count: 50_000)
        let c = try parse(#"{"tabBarItemsAttributes": [{"CYLTabBarItemImage": "a.png", "\#(key)": 1}]}"#)
        #expect(c.warnings.count == 1)
        #expect(c.warnings.first.map { $0.message.hasSuffix("...\" ignored") && $0.message.count < 120 } == true, "\(c.warnings)")
    }

    /// Text goes on to C (fontconfig, the file system), where a string ends at NUL: a title font
    /// "x\u0000y" was looked up as "x", and a dark-colour keypath holding NUL silently matched
    /// nothing. Both are errors naming the key and the character.
    @Test(arguments: [
        (#""CYLTabBarItemTitle": "a\u0000b""#, "CYLTabBarItemTitle"),
        (#""CYLTabBarItemTitleFont": "Avenir\u0000x""#, "CYLTabBarItemTitleFont"),
        (#""CYLTabBarItemIdentifier": "\u0000""#, "CYLTabBarItemIdentifier"),
        (##""CYLTabBarLottieFilePath": "x.json", "CYLTabBarLottieDarkColors": {"**.Fill\u00001": "#ffffff"}"##, "CYLTabBarLottieDarkColors"),
    ])
    func textHoldingNULIsRefused(_ member: String, _ key: String) {
        do {
            _ = try parse(#"{"tabBarItemsAttributes": [{"CYLTabBarItemImage": "a.png", "#  + member + "}]}")
            Issue.record("expected an error for \(member)")
        } catch {
            #expect(error.description.contains(key) && error.description.contains("U+0000 (NUL)") && error.description.contains("bar.json"), "\(error)")
        }
    }
}
