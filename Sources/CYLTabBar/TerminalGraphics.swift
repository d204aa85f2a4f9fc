import CYLImageCodecs
import CYLDocuments
import CYLConvert
import CYLRaster
import CYLTimeline

/// How images reach a terminal: the kitty graphics protocol, iTerm2 inline images, or truecolor
/// "▀" half-block characters (two pixels per character cell) everywhere else.
public enum TerminalGraphics: String, Sendable, Equatable, CaseIterable {
    case kitty
    case iterm2
    case halfBlocks = "half-blocks"

    /// What the terminal announces through its environment: kitty (`TERM=xterm-kitty`,
    /// `KITTY_WINDOW_ID`, or WezTerm/Ghostty, which speak its protocol), iTerm2
    /// (`TERM_PROGRAM=iTerm.app`, `LC_TERMINAL=iTerm2`), otherwise half-blocks.
    public static func detect(environment env: [String: String]) -> TerminalGraphics {
        let term = env["TERM"]?.lowercased() ?? ""
        let program = env["TERM_PROGRAM"]?.lowercased() ?? ""
        if term.contains("kitty") || env["KITTY_WINDOW_ID"] != nil || program == "wezterm" || program == "ghostty" || term.contains("ghostty") {
            return .kitty
        }
        if program == "iterm.app" || env["LC_TERMINAL"]?.lowercased() == "iterm2" { return .iterm2 }
        return .halfBlocks
    }

    // Escape sequences for playback.
    public static let hideCursor = "\u{1B}[?25l"
    public static let showCursor = "\u{1B}[?25h"
    public static let resetAttributes = "\u{1B}[0m"
    public static let saveCursor = "\u{1B}7"
    public static let restoreCursor = "\u{1B}8"

    /// Half-block text for `image` composited over `background`: one line per two pixel rows,
    /// upper pixel as foreground, lower as background colour, colours only re-sent when they
    /// change; every line ends with an attribute reset and a newline.
    public static func halfBlocks(_ image: Pixmap, background: RGBA8) -> String {
        var flat = image
        flat.flatten(onto: RGBA8(background.r, background.g, background.b, 255))
        var out = ""
        out.reserveCapacity(image.width * (image.height + 1) / 2 * 20)
        var y = 0
        while y < flat.height {
            var fg: RGBA8?, bg: RGBA8?
            for x in 0..<flat.width {
                let top = flat[x, y]
                let bottom = y + 1 < flat.height ? flat[x, y + 1] : background
                if top != fg { out += "\u{1B}[38;2;\(top.r);\(top.g);\(top.b)m"; fg = top }
                if bottom != bg { out += "\u{1B}[48;2;\(bottom.r);\(bottom.g);\(bottom.b)m"; bg = bottom }
                out += "▀"
            }
            out += resetAttributes + "\n"
            y += 2
        }
        return out
    }

    /// Lines a half-block rendering of an image `height` pixels tall takes.
    public static func halfBlockLines(height: Int) -> Int { (height + 1) / 2 }

    /// The kitty graphics command showing `png` (image id `id`, replacing an earlier image with the
    /// same id), split into chunks of at most 4096 base64 characters as the protocol requires.
    public static func kitty(png: [UInt8], id: Int = 1) -> String {
        let payload = Base64.encode(png)
        var out = ""
        var start = payload.startIndex
        var first = true
        while start < payload.endIndex || first {
            let end = payload.index(start, offsetBy: 4096, limitedBy: payload.endIndex) ?? payload.endIndex
            let more = end < payload.endIndex ? 1 : 0
            let control = first ? "a=T,f=100,i=\(id),q=2,m=\(more)" : "m=\(more)"
            out += "\u{1B}_G\(control);\(payload[start..<end])\u{1B}\\"
            start = end
            first = false
        }
        return out
    }

    /// The iTerm2 inline-image sequence showing `png` at its pixel size.
    public static func iterm2(png: [UInt8], width: Int, height: Int) -> String {
        "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(width)px;height=\(height)px;preserveAspectRatio=1:\(Base64.encode(png))\u{07}"
    }

    /// The whole escape text for one frame in this protocol.
    public func encode(_ image: Pixmap, background: RGBA8) throws -> String {
        switch self {
        case .halfBlocks: return Self.halfBlocks(image, background: background)
        case .kitty: return Self.kitty(png: try PNGCodec.encode(image))
        case .iterm2: return Self.iterm2(png: try PNGCodec.encode(image), width: image.width, height: image.height)
        }
    }
}
