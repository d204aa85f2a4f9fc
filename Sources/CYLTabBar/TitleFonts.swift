import CYLText
import CYLTimeline

/// Finds the font file of every title font the tabs name, once per name: the installed font
/// fontconfig finds under that name, or DejaVu Sans with a warning naming both.
enum TitleFonts {
    /// Font file by font name ("" for the system font); warnings for fonts that are not installed.
    static func locate(_ items: [TabItem]) throws(FontError) -> (files: [String: String], warnings: [Diagnostic]) {
        let titled = items.filter { $0.title != nil || $0.selectedTitle != nil }
        guard !titled.isEmpty else { return ([:], []) }
        let fallback = try FontFace.locateDefault()
        var files = ["": fallback]
        var users: [String: [String]] = [:]
        var order: [String] = []
        for item in titled {
            for (key, font) in [(ConfigKey.titleFont, item.titleFont), (ConfigKey.selectedTitleFont, item.selectedTitleFont)] {
                guard let name = font?.name else { continue }
                if users[name] == nil { order.append(name) }
                let user = "\(key) of \(item.label)"
                if users[name]?.contains(user) != true { users[name, default: []].append(user) }
            }
        }
        guard !order.isEmpty else { return (files, []) }
        var warnings: [Diagnostic] = []
        var locatorWorks = true
        let lookup = FontLookup()
        for name in order {
            var match: FontMatch? = nil
            if locatorWorks {
                do { match = try lookup.locate(name) } catch {
                    locatorWorks = false
                    warnings.append(Diagnostic(.warning, "\(error.message); titles use DejaVu Sans (\(fallback))"))
                }
            }
            if let match {
                files[name] = match.path
                continue
            }
            files[name] = fallback
            let shownUsers = users[name]!.prefix(3).joined(separator: ", ") + (users[name]!.count > 3 ? ", ..." : "")
            warnings.append(Diagnostic(.warning, "title font \"\(name.escapingForMessage)\" (\(shownUsers)) is not installed; using DejaVu Sans (\(fallback))"))
        }
        return (files, warnings)
    }
}
