import CYLDocuments
import CYLTimeline

/// The optional `manifest.json` beside a folder of PNG frames:
/// `{"fps": 30}` or `{"durations": [100, 100, 250]}` (milliseconds, one per frame), and
/// `"loop": true | false | N` (N = number of extra repeats, 0 = forever, as in GIF).
struct FrameSequenceManifest: Equatable {
    static let fileName = "manifest.json"

    var fps: Double?
    var durationsMilliseconds: [Double]?
    var loop: LoopHint = .once
    /// Whether the manifest has a `loop` key (otherwise `loop` is only the default).
    var declaresLoop = false

    static func parse(_ bytes: [UInt8], name: String, limits: Limits) throws -> FrameSequenceManifest {
        let root = try JSONDocument.parse(bytes, name: name, maxDepth: limits.maxJSONDepth, maxBytes: limits.maxJSONBytes,
                                       maxValues: limits.maxJSONValues)
        guard case .object(let members) = root.value else {
            throw OpenError(file: name, .invalid, "manifest must be a JSON object")
        }
        var manifest = FrameSequenceManifest()
        for (key, node) in members {
            func bad(_ what: String) -> OpenError { OpenError(file: name, .invalid, "\(key) (byte \(node.offset)): \(what)") }
            switch key {
            case "fps":
                guard case .number(let v) = node.value, FrameTiming.fpsRange.contains(v) else {
                    throw bad("must be a number from 1/3600 (one frame an hour) to 1000")
                }
                manifest.fps = v
            case "durations":
                guard case .array(let items) = node.value else { throw bad("must be an array of milliseconds") }
                var ms: [Double] = []
                for (i, item) in items.enumerated() {
                    guard case .number(let v) = item.value, v > 0, v <= 3_600_000 else {
                        throw OpenError(file: name, .invalid, "durations[\(i)] (byte \(item.offset)): must be a number of milliseconds in (0, 3600000]")
                    }
                    ms.append(v)
                }
                manifest.durationsMilliseconds = ms
            case "loop":
                manifest.declaresLoop = true
                switch node.value {
                case .bool(let b): manifest.loop = b ? .forever : .once
                case .number(let v) where v >= 0 && v == v.rounded() && v < 65536:
                    manifest.loop = v == 0 ? .forever : .repeats(Int(v))
                default: throw bad("must be true, false or a whole number of repeats (0 = forever)")
                }
            default:
                throw bad("unknown key; expected fps, durations or loop")
            }
        }
        if manifest.fps != nil && manifest.durationsMilliseconds != nil {
            throw OpenError(file: name, .invalid, "give either fps or durations, not both")
        }
        return manifest
    }
}
