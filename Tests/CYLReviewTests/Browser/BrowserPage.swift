import CYLImageCodecs
import CYLDocuments
import CYLRaster
import Foundation

/// One tab of a `Chromium`: navigate, evaluate script, click, take screenshots, and everything
/// the page complained about (console errors and warnings, uncaught exceptions, log errors,
/// requests for anything that is not a `data:` URI).
final class BrowserPage {
    let browser: Chromium
    let session: String
    let url: String

    /// Opens `url` in a new tab at device scale 1 and waits for its load event.
    init(_ browser: Chromium, url: String, width: Int = 1280, height: Int = 1600) throws {
        self.browser = browser
        self.url = url
        guard let target = try browser.call("Target.createTarget", ["url": "about:blank"])["targetId"] as? String,
              let session = try browser.call("Target.attachToTarget", ["targetId": target, "flatten": true])["sessionId"] as? String
        else { throw Chromium.Failure("cannot open a tab") }
        self.session = session
        for domain in ["Page", "Runtime", "Log", "Network"] { try browser.call("\(domain).enable", session: session) }
        try browser.call("Emulation.setDeviceMetricsOverride",
                         ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false], session: session)
        try browser.call("Page.navigate", ["url": url], session: session)
        try browser.waitForEvent("Page.loadEventFired", session: session)
    }

    /// Evaluates `expression` in the page and returns its value (promises awaited).
    @discardableResult
    func evaluate(_ expression: String) throws -> Any? {
        let r = try browser.call("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true],
                                 session: session)
        if let exception = r["exceptionDetails"] as? [String: Any] {
            throw Chromium.Failure("script failed: \(expression): \(exception["text"] ?? ""), \((exception["exception"] as? [String: Any])?["description"] ?? "")")
        }
        return (r["result"] as? [String: Any])?["value"]
    }

    /// Polls `expression` every 10 ms until it is true; throws after `timeout` seconds.
    func waitUntil(_ expression: String, timeout: Double = 20) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try evaluate(expression) as? Bool == true { return }
            usleep(10_000)
        }
        throw Chromium.Failure("timed out after \(timeout) s waiting for: \(expression)")
    }

    /// Waits for two animation frames: whatever the page drew is on screen.
    func settle() throws {
        try evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))")
    }

    /// The element's box in document coordinates (CSS pixels), after scrolling it into view.
    func box(_ selector: String) throws -> (x: Double, y: Double, width: Double, height: Double) {
        let js = """
        (() => { const e = document.querySelector(\(Self.quote(selector))); if (!e) return null;
          e.scrollIntoView({block: "center"}); const r = e.getBoundingClientRect();
          return [r.left + window.scrollX, r.top + window.scrollY, r.width, r.height]; })()
        """
        guard let v = try evaluate(js) as? [Double], v.count == 4 else { throw Chromium.Failure("no element \(selector)") }
        return (v[0], v[1], v[2], v[3])
    }

    /// A screenshot of the element's box, decoded.
    func screenshot(_ selector: String) throws -> Pixmap {
        let b = try box(selector)
        try settle()
        let r = try browser.call("Page.captureScreenshot", [
            "format": "png", "captureBeyondViewport": true,
            "clip": ["x": b.x, "y": b.y, "width": b.width, "height": b.height, "scale": 1],
        ], session: session)
        guard let text = r["data"] as? String, let png = Base64.decode(Substring(text)) else { throw Chromium.Failure("no screenshot data") }
        return try PNGCodec.decode(png, name: "screenshot of \(selector)")
    }

    /// A real mouse click (press and release) at the centre of the element, or at an offset from
    /// its top-left corner; `clicks: 2` is a double click (two clicks, then `dblclick`).
    func click(_ selector: String, at offset: (x: Double, y: Double)? = nil, clicks: Int = 1) throws {
        let b = try box(selector)
        let (docX, docY) = offset.map { (b.x + $0.x, b.y + $0.y) } ?? (b.x + b.width / 2, b.y + b.height / 2)
        // Input events take viewport coordinates.
        guard let scroll = try evaluate("[window.scrollX, window.scrollY]") as? [Double] else { throw Chromium.Failure("no scroll offsets") }
        let (x, y) = (docX - scroll[0], docY - scroll[1])
        for count in 1...clicks {
            for type in ["mousePressed", "mouseReleased"] {
                try browser.call("Input.dispatchMouseEvent", ["type": type, "x": x, "y": y, "button": "left", "clickCount": count], session: session)
            }
        }
    }

    /// What the page complained about so far, one line each (empty when all is well).
    func problems() throws -> [String] {
        try browser.drainEvents()
        var out: [String] = []
        for e in browser.events where e["sessionId"] as? String == session {
            let params = e["params"] as? [String: Any] ?? [:]
            switch e["method"] as? String {
            case "Runtime.exceptionThrown":
                let d = params["exceptionDetails"] as? [String: Any] ?? [:]
                out.append("exception: \(d["text"] ?? "") \((d["exception"] as? [String: Any])?["description"] ?? "")")
            case "Runtime.consoleAPICalled":
                let type = params["type"] as? String ?? ""
                if ["error", "warning", "assert"].contains(type) {
                    let args = (params["args"] as? [[String: Any]] ?? []).map { "\($0["value"] ?? $0["description"] ?? "")" }
                    out.append("console.\(type): \(args.joined(separator: " "))")
                }
            case "Log.entryAdded":
                let entry = params["entry"] as? [String: Any] ?? [:]
                if ["error", "warning"].contains(entry["level"] as? String ?? "") { out.append("log \(entry["level"]!): \(entry["text"] ?? "")") }
            case "Network.requestWillBeSent":
                let request = params["request"] as? [String: Any] ?? [:]
                let target = request["url"] as? String ?? ""
                if !target.hasPrefix("data:") && target != url && target != url.components(separatedBy: "#")[0] {
                    out.append("request: \(target)")
                }
            default: break
            }
        }
        return out
    }

    static func quote(_ s: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [s]), as: UTF8.self).dropFirst().dropLast().description
    }
}
