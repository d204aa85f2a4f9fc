#if canImport(Glibc)
import Glibc
#endif

/// A linear animation bound to an artboard instance: its keyed properties resolved to components.
final class BoundAnimation {
    struct Keyed {
        let component: RComponent
        let key: Int
        let keyframes: [KeyFrameModel]
        /// The easing of each keyframe (towards the next one), prepared once.
        let easings: [Easing?]
    }
    let model: LinearAnimationModel
    let keyed: [Keyed]

    init(_ model: LinearAnimationModel, artboard: ArtboardInstance) {
        self.model = model
        var keyed: [Keyed] = []
        for object in model.keyedObjects {
            guard let c = artboard.object(object.objectID) else {
                artboard.noteOnce("animation \"\(model.name)\" keys object \(object.objectID), which does not exist; ignored")
                continue
            }
            for p in object.properties {
                // Keys the object's type does not have are dropped, as the runtime does.
                guard RiveDefinitions.type(c.typeKey, hasProperty: p.propertyKey) else { continue }
                let easings = p.keyframes.map { kf -> Easing? in
                    if case .eased(let m?) = kf.interpolation { return Easing(m) }
                    return nil
                }
                keyed.append(Keyed(component: c, key: p.propertyKey, keyframes: p.keyframes, easings: easings))
            }
        }
        self.keyed = keyed
    }

    /// Applies the animation at `seconds`, blended with the current values by `mix` (0...1).
    func apply(_ artboard: ArtboardInstance, seconds: Double, mix: Double) {
        var time = seconds
        if model.quantize {
            let fps = Float(model.fps)
            time = Double((Float(time) * fps).rounded(.down) / fps)
        }
        for k in keyed { apply(k, time, mix, artboard) }
    }

    /// Index of the first keyframe at or after `seconds` (the keyframe count past the last).
    static func closestFrameIndex(_ frames: [KeyFrameModel], _ seconds: Double) -> Int {
        let end = frames.count - 1
        if seconds > frames[end].seconds { return end + 1 }
        var lo = 0, hi = end
        while lo <= hi {
            let mid = (lo + hi) >> 1
            let s = frames[mid].seconds
            if s < seconds { lo = mid + 1 } else if s > seconds { hi = mid - 1 } else { return mid }
        }
        return lo
    }

    private func apply(_ k: Keyed, _ seconds: Double, _ mix: Double, _ artboard: ArtboardInstance) {
        let frames = k.keyframes
        let idx = Self.closestFrameIndex(frames, seconds)
        if idx == 0 {
            set(k, frames[0].value, mix, artboard)
        } else if idx < frames.count {
            let from = frames[idx - 1], to = frames[idx]
            if seconds == to.seconds {
                set(k, to.value, mix, artboard)
            } else if from.interpolation == .hold {
                set(k, from.value, mix, artboard)
            } else {
                let f = (seconds - from.seconds) / (to.seconds - from.seconds)
                let easing = k.easings[idx - 1]
                switch (from.value, to.value) {
                case let (.double(a), .double(b)):
                    set(k, .double(easing.map { $0.value(a, b, f) } ?? a + (b - a) * f), mix, artboard)
                case let (.color(a), .color(b)):
                    set(k, .color(ARGB.lerp(a, b, easing.map { $0.transform(f) } ?? f)), mix, artboard)
                default:
                    set(k, from.value, mix, artboard)
                }
            }
        } else {
            set(k, frames[frames.count - 1].value, mix, artboard)
        }
    }

    private func set(_ k: Keyed, _ value: KeyFrameValue, _ mix: Double, _ artboard: ArtboardInstance) {
        let v: PropertyValue
        switch value {
        case .double(let d):
            if mix != 1, let current = k.component.double(k.key) {
                v = .double(current * (1 - mix) + d * mix)
            } else {
                v = .double(d)
            }
        case .color(let c):
            if mix != 1, let current = k.component.color(k.key) {
                v = .color(ARGB.lerp(current, c, mix))
            } else {
                v = .color(c)
            }
        case .bool(let b): v = .bool(b)
        case .id(let u): v = .uint(u)
        case .string(let s): v = .string(s)
        }
        if !k.component.set(k.key, v) {
            let name = RiveDefinitions.propertyName(of: k.key) ?? "property \(k.key)"
            artboard.noteOnce("animating \(name) is not supported; ignored")
        }
    }
}

/// Plays a linear animation: time, direction, loops, and the time spilled past a one-shot's end.
/// Time is kept in 32-bit floats, as the format's runtime keeps it, so that quantized animations
/// and one-shot ends land on the same frames after the same steps.
struct AnimationPlayhead {
    let animation: BoundAnimation
    private(set) var time32: Float
    /// 1 or -1; ping-pong flips it at each end.
    var direction: Float = 1
    private(set) var totalTime: Float = 0
    private(set) var lastTotalTime: Float = 0
    var spilledTime: Float = 0
    private(set) var didLoop = false

    init(_ animation: BoundAnimation, speedMultiplier: Double = 1) {
        self.animation = animation
        let m = animation.model
        time32 = speedMultiplier >= 0 ? Self.seconds(m.speed >= 0 ? m.startFrame : m.endFrame, m.fps)
            : Self.seconds(m.speed >= 0 ? m.endFrame : m.startFrame, m.fps)
    }

    static func seconds(_ frame: Double, _ fps: Int) -> Float { Float(frame) / Float(fps) }

    var model: LinearAnimationModel { animation.model }
    var time: Double { Double(time32) }
    private var startSeconds: Float { Self.seconds(model.startFrame, model.fps) }
    private var endSeconds: Float { Self.seconds(model.endFrame, model.fps) }

    /// Whether advancing can still change anything (false once a one-shot reached its end).
    var keepGoing: Bool {
        let speed = Float(model.speed) * direction
        return model.loop != .oneShot || (speed > 0 && time32 < endSeconds) || (speed < 0 && time32 > startSeconds)
    }

    /// Advances by `elapsed` seconds of the state machine's clock; returns `keepGoing`.
    @discardableResult
    mutating func advance(_ elapsedSeconds: Double) -> Bool {
        let m = model
        let elapsed = Float(elapsedSeconds)
        let delta = elapsed * Float(m.speed) * direction
        spilledTime = 0
        if delta == 0 {
            didLoop = false
            return false
        }
        lastTotalTime = totalTime
        totalTime += abs(delta)
        let killSpilled = !keepGoing
        time32 += delta
        let fps = Float(m.fps)
        var frames = time32 * fps
        let start = Float(m.startFrame), end = Float(m.endFrame)
        let range = end - start
        var looped = false
        var dir: Float = delta < 0 ? -1 : 1
        switch m.loop {
        case .oneShot:
            if dir == 1 && frames > end {
                spilledTime = (frames - end) / (delta * fps) * elapsed
                frames = end
                time32 = frames / fps
                looped = true
            } else if dir == -1 && frames < start {
                spilledTime = (start - frames) / abs(delta * fps) * elapsed
                frames = start
                time32 = frames / fps
                looped = true
            }
        case .loop:
            if range <= 0 { break }
            if dir == 1 && frames >= end {
                let remainder = fmodf(frames - start, range)
                spilledTime = remainder / (delta * fps) * elapsed
                frames = start + remainder
                time32 = frames / fps
                looped = true
            } else if dir == -1 && frames <= start {
                let remainder = abs(fmodf(start - frames, range))
                spilledTime = abs(remainder / (delta * fps)) * elapsed
                frames = end - remainder
                time32 = frames / fps
                looped = true
            }
        case .pingPong:
            if range <= 0 { break }
            // Bounce as many times as the step crosses an end (bounded for absurd steps).
            var bounces = 0
            while bounces < 1000 {
                if dir == 1 && frames >= end {
                    spilledTime = (frames - end) / fps
                    frames = end + (end - frames)
                } else if dir == -1 && frames < start {
                    spilledTime = (start - frames) / fps
                    frames = start + (start - frames)
                } else {
                    break
                }
                time32 = frames / fps
                direction *= -1
                dir *= -1
                looped = true
                bounces += 1
            }
        }
        if killSpilled { spilledTime = 0 }
        didLoop = looped
        return keepGoing
    }

    /// Sets the time directly (an exit time held on a transition), keeping the totals in step.
    mutating func setTime(_ value: Double) {
        let v = Float(value)
        if time32 == v { return }
        time32 = v
        let diff = totalTime - lastTotalTime
        let start = Float(model.usesWorkArea ? Double(model.workStart!) : 0) * Float(model.fps)
        totalTime = v - start
        lastTotalTime = totalTime - diff
        direction = 1
    }

    func apply(_ artboard: ArtboardInstance, mix: Double = 1) {
        animation.apply(artboard, seconds: Double(time32), mix: mix)
    }
}
