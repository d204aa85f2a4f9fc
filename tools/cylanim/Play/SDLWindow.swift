#if canImport(Glibc)
import Glibc
#endif
import CSDL2
import CYLTabBarItemAnimation

/// The window could not be opened or drawn in: no display, no libSDL2, a driver failure. Not the
/// input's fault, and not a usage mistake (exit 69).
struct WindowError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The one owner of `cylanim play`'s SDL state: the window, its renderer and the streaming texture
/// frames are uploaded to. Everything is released in `deinit`; no SDL pointer leaves this type.
/// It knows nothing about tab bars: it shows pixmaps and reports input. SDL's functions come from
/// the library opened at run time (`csdl2_load`), so only `play` needs libSDL2 installed.
final class SDLWindow {
    /// What the window reports.
    enum Event: Equatable {
        /// The close button, Ctrl-C in the terminal (SDL turns SIGINT into a quit), `q` or Esc.
        case quit
        /// A key other than the quit keys, as SDL names it (`"1"`, `"Space"`, `"D"`, `"="`, `"Keypad +"`).
        case key(String)
        /// The left button went down / came up at a pixel of the window; `clicks` counts a double click.
        case press(x: Int, y: Int)
        case release(x: Int, y: Int, clicks: Int)
        /// The window must be drawn again (uncovered, resized back).
        case exposed
    }

    private let sdl: CSDL2Functions
    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private var texture: OpaquePointer?
    private var textureSize = PixelSize(0, 0)
    /// Whether presenting waits for the display's refresh (the driver honoured the vsync request).
    let hasVSync: Bool

    /// Opens a window of `size` pixels titled `title`. Throws with SDL's own words when there is no
    /// display to open it on.
    init(title: String, size: PixelSize) throws {
        // Without a display SDL would still "succeed" on its offscreen driver (Debian's build falls
        // back to it), and a window nobody sees would play until killed. A driver named in
        // SDL_VIDEODRIVER is the user's choice and is left to SDL.
        let requested = Self.environment("SDL_VIDEODRIVER")
        if requested == nil && Self.environment("DISPLAY") == nil && Self.environment("WAYLAND_DISPLAY") == nil {
            throw WindowError("cannot open a window: neither DISPLAY nor WAYLAND_DISPLAY is set (`play` needs a desktop, or Xvfb)")
        }
        var reason = [CChar](repeating: 0, count: 512)
        guard let table = csdl2_load(&reason, reason.count) else {
            throw WindowError("cannot open a window: \(String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        }
        let sdl = table.pointee
        self.sdl = sdl
        // The window shows pixels 1:1; nearest keeps it so should a driver scale anyway.
        _ = sdl.SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "0")
        guard sdl.Init(SDL_INIT_VIDEO) == 0 else {
            throw WindowError("cannot open a window: \(Self.lastError(sdl)) (is DISPLAY or WAYLAND_DISPLAY set? `play` needs a desktop, or Xvfb)")
        }
        let driver = Self.text(sdl.GetCurrentVideoDriver())
        if requested == nil && (driver == "offscreen" || driver == "dummy") {
            sdl.Quit()
            throw WindowError("cannot open a window: SDL found no display, only its \(driver) driver (is DISPLAY or WAYLAND_DISPLAY right? `play` needs a desktop, or Xvfb)")
        }
        let centred = Int32(bitPattern: 0x2FFF_0000)  // SDL_WINDOWPOS_CENTERED, a macro Swift does not import
        guard let w = sdl.CreateWindow(title, centred, centred, Int32(size.width), Int32(size.height), SDL_WINDOW_SHOWN.rawValue) else {
            let message = Self.lastError(sdl)
            sdl.Quit()
            throw WindowError("cannot open a window: \(message)")
        }
        // vsync where the driver offers it; presenting then paces the loop. Else a plain renderer.
        var r = sdl.CreateRenderer(w, -1, SDL_RENDERER_PRESENTVSYNC.rawValue)
        if r == nil { r = sdl.CreateRenderer(w, -1, 0) }
        guard let r else {
            let message = Self.lastError(sdl)
            sdl.DestroyWindow(w)
            sdl.Quit()
            throw WindowError("cannot draw in the window: \(message)")
        }
        var info = SDL_RendererInfo()
        hasVSync = sdl.GetRendererInfo(r, &info) == 0 && info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
        window = w
        renderer = r
    }

    deinit {
        if let texture { sdl.DestroyTexture(texture) }
        sdl.DestroyRenderer(renderer)
        sdl.DestroyWindow(window)
        sdl.Quit()
    }

    var title: String {
        get { Self.text(sdl.GetWindowTitle(window)) }
        set { sdl.SetWindowTitle(window, newValue) }
    }

    /// Shows `image` (premultiplied RGBA; where it is not opaque the window shows it over black).
    /// The window takes the image's size.
    func show(_ image: Pixmap) throws {
        if texture == nil || textureSize != image.size {
            if let texture { sdl.DestroyTexture(texture) }
            // ABGR8888 is R, G, B, A in memory on little-endian machines: Pixmap's byte order.
            texture = sdl.CreateTexture(renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                        Int32(image.width), Int32(image.height))
            guard texture != nil else { throw WindowError("cannot draw in the window: \(Self.lastError(sdl))") }
            textureSize = image.size
            _ = sdl.SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
            sdl.SetWindowSize(window, Int32(image.width), Int32(image.height))
        }
        image.withUnsafePixels { pixels, pitch in
            _ = sdl.UpdateTexture(texture, nil, pixels, Int32(pitch * 4))
        }
        _ = sdl.RenderClear(renderer)
        _ = sdl.RenderCopy(renderer, texture, nil, nil)
        sdl.RenderPresent(renderer)
    }

    /// The next queued event this window uses, or nil when none is queued.
    func pollEvent() -> Event? {
        var event = SDL_Event()
        while sdl.PollEvent(&event) != 0 {
            if let e = translate(event) { return e }
        }
        return nil
    }

    /// Sleeps until an event arrives (left queued for `pollEvent`) or `timeout` passes.
    func wait(timeout: Duration) {
        let ms = Int32(clamping: Int64((timeout.seconds * 1000).rounded(.up)))
        guard ms > 0 else { return }
        _ = sdl.WaitEventTimeout(nil, ms)
    }

    private func translate(_ event: SDL_Event) -> Event? {
        switch SDL_EventType(event.type) {
        case SDL_QUIT: return .quit
        case SDL_KEYDOWN:
            let sym = event.key.keysym.sym
            if sym == Int32(SDLK_q.rawValue) || sym == Int32(SDLK_ESCAPE.rawValue) { return .quit }
            return .key(Self.text(sdl.GetKeyName(sym)))
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
            return .press(x: Int(event.button.x), y: Int(event.button.y))
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
            return .release(x: Int(event.button.x), y: Int(event.button.y), clicks: Int(event.button.clicks))
        case SDL_WINDOWEVENT:
            let kind = SDL_WindowEventID(UInt32(event.window.event))
            return kind == SDL_WINDOWEVENT_EXPOSED || kind == SDL_WINDOWEVENT_SHOWN ? .exposed : nil
        default: return nil
        }
    }

    private static func lastError(_ sdl: CSDL2Functions) -> String { text(sdl.GetError()) }

    /// A non-empty environment variable.
    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty else { return nil }
        return value
    }

    /// SDL's strings (never null in practice; its headers do not say so).
    private static func text(_ s: UnsafePointer<CChar>?) -> String { s.map { String(cString: $0) } ?? "" }
}
