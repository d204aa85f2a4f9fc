import Testing
import CYLText
@testable import CYLTabBar
import CYLTabBarItemAnimation

/// FreeType titles: the face opens from fonts-dejavu-core, measures and draws deterministically,
/// and a missing font says what to install.
struct TabBarTitleTests {
    @Test func measuresAndDrawsText() throws {
        let font = try FontFace.standard(pixelSize: 20)
        #expect(font.path.hasSuffix("DejaVuSans.ttf"))
        let m = font.measure("Tasks")
        #expect(m.width > 40 && m.width < 70, "\(m)")
        #expect(m.ascent >= 15 && m.ascent <= 20 && m.descent >= 4 && m.descent <= 6, "\(m)")
        #expect(font.measure("").width == 0)

        var p = try Pixmap(width: 80, height: 30)
        let advance = font.draw("Tasks", x: 2, baseline: 22, color: RGBA8(255, 0, 0, 255), into: &p)
        #expect(advance == m.width)
        var inked = 0, minX = 80, maxX = 0
        for y in 0..<30 { for x in 0..<80 where p[x, y].a > 0 {
            inked += 1; minX = min(minX, x); maxX = max(maxX, x)
            #expect(p[x, y].g == 0 && p[x, y].b == 0 && p[x, y].r == p[x, y].a)   // premultiplied red
        } }
        #expect(inked > 100 && minX >= 1 && maxX <= 2 + m.width, "\(inked) \(minX) \(maxX)")
        // Same text, same pixels.
        var q = try Pixmap(width: 80, height: 30)
        font.draw("Tasks", x: 2, baseline: 22, color: RGBA8(255, 0, 0, 255), into: &q)
        #expect(p == q)
        // Clipped at every edge without trapping.
        font.draw("Tasks", x: -10, baseline: 5, color: .black, into: &q)
        font.draw("Tasks", x: 70, baseline: 40, color: .black, into: &q)
    }

    @Test func truncatesLongTitles() throws {
        let font = try FontFace.standard(pixelSize: 10)
        let t = font.truncated("Notifications and settings", maxWidth: 60)
        #expect(t.hasSuffix("…") && font.measure(t).width <= 60)
        #expect(font.truncated("Me", maxWidth: 60) == "Me")
    }

    /// Regression (tools/dev/fuzz-cli.sh): a 100 000-character CYLTabBarItemTitle made `preview -o`
    /// run for minutes, re-measuring the title once per dropped character on every frame.
    @Test(.timeLimit(.minutes(1))) func truncatesHugeTitlesQuickly() throws {
        let font = try FontFace.standard(pixelSize: 10)
        let clock = ContinuousClock()
        let start = clock.now
        let t = font.truncated(String(repeating: "x", count: 100_000), maxWidth: 60)
        #expect(clock.now - start < .seconds(5))
        #expect(t.hasSuffix("…") && font.measure(t).width <= 60)
        // The longest prefix that fits: one more character would not.
        #expect(font.measure(String(repeating: "x", count: t.count) + "…").width > 60)
        #expect(font.truncated("Notifications", maxWidth: 1) == "")
    }

    @Test func missingFontSaysWhatToInstall() {
        #expect(throws: FontError(file: "/nonexistent/DejaVuSans.ttf", "no such font file; install it with 'apt-get install fonts-dejavu-core'")) {
            _ = try FontFace(path: "/nonexistent/DejaVuSans.ttf", pixelSize: 12)
        }
        #expect(throws: FontError(file: "/etc/hostname", "FreeType cannot open this font (error 2)")) {
            _ = try FontFace(path: "/etc/hostname", pixelSize: 12)
        }
        #expect(throws: FontError.self) { _ = try FontFace(path: "/x", pixelSize: 0) }
    }
}
