import CYLDocuments
import CYLLottieAnimator
import Foundation
import Testing

/// What the corpus behaviour tests share: the corpus's state machines, loaded and started over
/// the animation dotlottie-rs's own tests play them with, and pointer geometry standing in for
/// those animations' layers.
///
/// The animations are described, not opened: a state machine only needs an animation's frame
/// count, frame rate and markers, and the files dotlottie-rs's tests load are not in the shared
/// corpus (pigeon.lottie is; `pigeonMatchesTheCorpusFile` checks the description against it).
enum SMCorpus {
    static let folder = "dotlottie/statemachines"

    // MARK: Animations (facts read from dotlottie-rs's test animations)

    /// star_rating.lottie: 90 frames (ip 0, op 90) at 30 fps, a marker per rating.
    static let starRating = StateMachineAnimation(frameCount: 90, frameRate: 30, markers: [
        StateMachineMarker(name: "star_0", start: 0, duration: 0), StateMachineMarker(name: "star_1", start: 0, duration: 10),
        StateMachineMarker(name: "star_2", start: 10, duration: 10), StateMachineMarker(name: "star_3", start: 20, duration: 10),
        StateMachineMarker(name: "star_4", start: 30, duration: 10), StateMachineMarker(name: "star_5", start: 40, duration: 20),
    ])

    /// smiley-slider.lottie: 329 frames (ip 0, op 329) at 30 fps, a marker per face.
    static let smileySlider = StateMachineAnimation(frameCount: 329, frameRate: 30, markers: [
        StateMachineMarker(name: "angry", start: 10, duration: 40), StateMachineMarker(name: "sad", start: 65, duration: 65),
        StateMachineMarker(name: "mourn", start: 147, duration: 42), StateMachineMarker(name: "wink", start: 212, duration: 38),
        StateMachineMarker(name: "laughing", start: 263, duration: 47),
    ])

    /// pigeon.lottie (`a/pigeon.json`): 111 frames (ip 0, op 111) at 25 fps.
    static let pigeon = StateMachineAnimation(frameCount: 111, frameRate: 25, markers: [
        StateMachineMarker(name: "bird", start: 0, duration: 22), StateMachineMarker(name: "explosion", start: 22, duration: 11),
        StateMachineMarker(name: "feather", start: 33, duration: 77),
    ])

    /// No traffic-light animation is in dotlottie-rs or the corpus: one made up for
    /// traffic_lights.json, a light a second (30 frames at 30 fps), yellow one frame shorter.
    static let trafficLights = StateMachineAnimation(frameCount: 90, frameRate: 30, markers: [
        StateMachineMarker(name: "Red", start: 0, duration: 30), StateMachineMarker(name: "Green", start: 30, duration: 30),
        StateMachineMarker(name: "Yellow", start: 60, duration: 29),
    ])

    // MARK: Pointer geometry

    /// Where dotlottie-rs's tests point at the stars of star_rating.lottie on their 100×100
    /// canvas: star k around (15k, 45). A box of ±5 around each; (0, 0) is on no star.
    static func starAt(_ k: Int) -> (x: Double, y: Double) { (Double(15 * k), 45) }
    static let stars: @Sendable (String, Double, Double) -> Bool = { layer, x, y in
        guard layer.hasPrefix("star"), let k = Int(layer.dropFirst(4)), (1...5).contains(k) else { return false }
        return abs(x - Double(15 * k)) <= 5 && abs(y - 45) <= 5
    }

    /// The faces of smiley-slider.lottie, left to right, 100 apart on the line y = 50.
    static let faces = ["angry", "sad", "mourn", "wink", "laughing"]
    static func faceAt(_ name: String) -> (x: Double, y: Double) { (Double(100 * ((faces.firstIndex(of: name) ?? -1) + 1)), 50) }
    static let faceHit: @Sendable (String, Double, Double) -> Bool = { layer, x, y in
        guard let i = faces.firstIndex(of: layer) else { return false }
        return abs(x - Double(100 * (i + 1))) <= 20 && abs(y - 50) <= 20
    }

    // MARK: Loading

    /// The corpus file's bytes; nil (the test ends) when the shared corpus is absent, which
    /// `LottieCorpus.require()` records.
    static func bytes(_ file: String) throws -> [UInt8]? {
        guard LottieCorpus.require() else { return nil }
        return try LottieCorpus.bytes("\(folder)/\(file)")
    }

    static func definition(_ file: String) throws -> StateMachineDefinition? {
        guard let b = try bytes(file) else { return nil }
        return try StateMachineDefinition.parse(bytes: b, file: file)
    }

    /// Why the corpus file is refused ("" when it loads); nil when the corpus is absent.
    static func refusal(_ file: String) throws -> String? {
        guard let b = try bytes(file) else { return nil }
        do { _ = try StateMachineDefinition.parse(bytes: b, file: file); return "" } catch { return "\(error)" }
    }

    /// The corpus machine `file`, playing `animation` (its id: `id`), started, its start-up
    /// events drained so a test sees only what it causes.
    static func started(_ file: String, _ animation: StateMachineAnimation = starRating, id: String = "main",
                        hitTest: (@Sendable (String, Double, Double) -> Bool)? = nil) throws -> StateMachineEngine? {
        guard var e = try unstarted(file, animation, id: id, hitTest: hitTest) else { return nil }
        e.start()
        _ = e.drainEvents()
        return e
    }

    static func unstarted(_ file: String, _ animation: StateMachineAnimation = starRating, id: String = "main",
                          hitTest: (@Sendable (String, Double, Double) -> Bool)? = nil) throws -> StateMachineEngine? {
        guard let d = try definition(file) else { return nil }
        var e = StateMachineEngine(d, animations: [id: animation], initialAnimation: id)
        if let hitTest { e.hitTest = hitTest }
        return e
    }

    /// Advances in steps of `step` until `done` holds or `limit` seconds pass; the time it took
    /// (nil: never).
    static func run(_ e: inout StateMachineEngine, step: Double = 1.0 / 60, limit: Double,
                    until done: (StateMachineEngine) -> Bool) -> Double? {
        var t = 0.0
        while t < limit {
            e.advance(seconds: step)
            t += step
            if done(e) { return t }
        }
        return nil
    }
}

extension Array where Element == StateMachineEvent {
    /// The states entered, in order.
    var entered: [String] { compactMap { if case .stateEntered(let s) = $0 { return s }; return nil } }
    var customEvents: [String] { compactMap { if case .customEvent(let s) = $0 { return s }; return nil } }
    var transitionCount: Int { filter { if case .transition = $0 { return true }; return false }.count }
}

/// The pigeon animation described above is the corpus's pigeon.lottie: its frame count, rate and
/// markers, read from the archive, so the pigeon tests' timings rest on the real file.
@Suite struct StateMachineCorpusFixtureTests {
    @Test func pigeonMatchesTheCorpusFile() throws {
        guard LottieCorpus.require() else { return }
        let bytes = try LottieCorpus.bytes("dotlottie/dotlottie-rs__assets__animations__dotlottie__v2__pigeon.lottie")
        let file = try DotLottieFile(bytes: bytes, name: "pigeon.lottie", maxEntryBytes: 1 << 24)
        #expect(file.animationIDs == ["pigeon"])
        let json = try JSONSerialization.jsonObject(with: Data(try file.animationJSON(id: "pigeon"))) as? [String: Any] ?? [:]
        let ip = json["ip"] as? Double ?? -1, op = json["op"] as? Double ?? -1
        #expect(op - ip == SMCorpus.pigeon.frameCount)
        #expect(json["fr"] as? Double == SMCorpus.pigeon.frameRate)
        let markers = (json["markers"] as? [[String: Any]] ?? []).map {
            StateMachineMarker(name: $0["cm"] as? String ?? "", start: $0["tm"] as? Double ?? -1, duration: $0["dr"] as? Double ?? -1)
        }
        #expect(markers == SMCorpus.pigeon.markers)
    }
}
