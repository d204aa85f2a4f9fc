import CYLTimeline

extension BuildProgress {
    /// One terminal line: `[########------------]  42/120  1 failed  0:12 left`.
    public func bar(width: Int = 24) -> String {
        let filled = total == 0 ? width : finished * width / total
        var line = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
        line += "\(finished)/\(total)"
        if upToDate > 0 { line += "  \(upToDate) up to date" }
        if failed > 0 { line += "  \(failed) failed" }
        if let remaining, finished < total { line += "  " + Self.clock(remaining) + " left" }
        return line
    }

    /// `m:ss` (or `h:mm:ss`).
    static func clock(_ d: Duration) -> String {
        let s = max(0, Int(d.seconds.rounded()))
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return s >= 3600 ? "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" : "\(s / 60):\(two(s % 60))"
    }
}

extension BuildReport {
    /// The table a build ends with: a row per output built or failed (up-to-date ones are
    /// counted in the summary), then the summary line.
    public var table: String {
        let rows = entries.filter { $0.status != .upToDate }
        var lines: [[String]] = [["STATUS", "OUTPUT", "INPUT", "FRAMES", "BYTES", "TIME"]]
        for e in rows {
            let failed = e.status == .failed
            lines.append([e.status.rawValue, e.output, e.input, failed ? "-" : String(e.frames), failed ? "-" : String(e.bytes),
                          Self.seconds(e.timeMilliseconds)])
        }
        var out = ""
        if rows.count > 0 {
            var widths = [Int](repeating: 0, count: lines[0].count)
            for l in lines { for (i, c) in l.enumerated() { widths[i] = max(widths[i], c.count) } }
            let right: Set<Int> = [3, 4, 5]
            for l in lines {
                let cells = l.enumerated().map { i, c in
                    let pad = String(repeating: " ", count: widths[i] - c.count)
                    return right.contains(i) ? pad + c : (i == l.count - 1 ? c : c + pad)
                }
                out += cells.joined(separator: "  ") + "\n"
            }
        }
        return out + summary + "\n"
    }

    /// `12 built, 348 up to date, 0 failed of 360 outputs (shard 1/4 of 1440) in 3.2 s`.
    public var summary: String {
        var s = "\(count(.built)) built, \(count(.upToDate)) up to date, \(count(.failed)) failed of \(entries.count) outputs"
        if let shard { s += " (shard \(shard) of \(plannedJobs))" }
        s += " in " + Self.seconds(elapsed.seconds * 1000)
        if !pruned.isEmpty { s += "; pruned \(pruned.count) file\(pruned.count == 1 ? "" : "s")" }
        return s
    }

    /// `0.29 s`, `12.5 s`: two decimals below ten seconds, one above.
    static func seconds(_ ms: Double) -> String {
        let places = ms < 9_995 ? 2 : 1
        let scaled = Int((ms / 1000 * (places == 2 ? 100 : 10)).rounded())
        let unit = places == 2 ? 100 : 10
        var fraction = String(scaled % unit)
        while fraction.count < places { fraction = "0" + fraction }
        return "\(scaled / unit).\(fraction) s"
    }
}
