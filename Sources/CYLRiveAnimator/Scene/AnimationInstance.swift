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
    /// A callback property (an event's trigger, a trigger property's fire) and the times its
    /// keyframes fire it.
    struct Callback {
        let component: RComponent
        let key: Int
        let keyframes: [KeyFrameModel]
    }
    let model: LinearAnimationModel
    let keyed: [Keyed]
    let callbacks: [Callback]

    init(_ model: LinearAnimationModel, artboard: ArtboardInstance) {
        self.model = model
        var keyed: [Keyed] = []
        var callbacks: [Callback] = []
        for object in model.keyedObjects {
            guard let c = artboard.object(object.objectID) else {
                artboard.noteOnce("animation \"\(model.name)\" keys object \(object.objectID), which does not exist; ignored")
                continue
            }
            for p in object.properties {
                // Keys the object's type does not have are dropped, as the runtime does.
                guard RiveDefinitions.type(c.typeKey, hasProperty: p.propertyKey), !p.keyframes.isEmpty else { continue }
                if RiveDefinitions.fieldType(ofProperty: p.propertyKey) == nil {
                    let times = p.keyframes.filter { $0.value == .callback }
                    if !times.isEmpty { callbacks.append(Callback(component: c, key: p.propertyKey, keyframes: times)) }
                    continue
                }
                let easings = p.keyframes.map { kf -> Easing? in
                    if case .eased(let m?) = kf.interpolation { return Easing(m) }
                    return nil
                }
                keyed.append(Keyed(component: c, key: p.propertyKey, keyframes: p.keyframes, easings: easings))
            }
        }
        self.keyed = keyed
        self.callbacks = callbacks
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

    /// Index of the first keyframe at or after `seconds` (the keyframe count past the last); a
    /// keyframe exactly at `seconds` counts as `exactOffset` later.
    static func closestFrameIndex(_ frames: [KeyFrameModel], _ seconds: Double, exactOffset: Int = 0) -> Int {
        let end = frames.count - 1
        if seconds > frames[end].seconds { return end + 1 }
        var lo = 0, hi = end
        while lo <= hi {
            let mid = (lo + hi) >> 1
            let s = frames[mid].seconds
            if s < seconds { lo = mid + 1 } else if s > seconds { hi = mid - 1 } else { return mid + exactOffset }
        }
        return lo
    }

    /// Reports the callback keyframes passed going from `from` to `to` seconds: one at the
    /// start time counts only when playback starts there (`isAtStart`), one at `to` counts.
    /// `report` gets the component, the property key and how long ago the keyframe passed.
    func reportCallbacks(from: Float, to: Float, speedDirection: Double, fromPong: Bool,
                         _ report: (RComponent, Int, Double) -> Void) {
        guard !callbacks.isEmpty, from != to else { return }
        let start = Float(model.speed * speedDirection >= 0 ? model.startSeconds : model.endSeconds)
        let isAtStart = start == from
        if isAtStart && fromPong { return }
        let forward = from <= to
        let fromOffset = forward ? (isAtStart ? 0 : 1) : (isAtStart ? 1 : 0)
        let toOffset = forward ? 1 : 0
        for c in callbacks {
            var i = Self.closestFrameIndex(c.keyframes, Double(from), exactOffset: fromOffset)
            var j = Self.closestFrameIndex(c.keyframes, Double(to), exactOffset: toOffset)
            if j < i { swap(&i, &j) }
            while j > i {
                report(c.component, c.key, Double(to) - c.keyframes[i].seconds)
                i += 1
            }
        }
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
        case .callback: return
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

    /// Reports callback keyframes as playback passes them (nil: they are not reported).
    var reporter: ((RComponent, Int, Double) -> Void)?
    private let speedDirection: Double

    init(_ animation: BoundAnimation, speedMultiplier: Double = 1) {
        self.animation = animation
        speedDirection = speedMultiplier >= 0 ? 1 : -1
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
        var lastTime = time32
        time32 += delta
        report(from: lastTime, to: time32, fromPong: false)
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
                report(from: 0, to: time32, fromPong: false)
            } else if dir == -1 && frames <= start {
                let remainder = abs(fmodf(start - frames, range))
                spilledTime = abs(remainder / (delta * fps)) * elapsed
                frames = end - remainder
                time32 = frames / fps
                looped = true
                report(from: end / fps, to: time32, fromPong: false)
            }
        case .pingPong:
            if range <= 0 { break }
            // Bounce as many times as the step crosses an end (bounded for absurd steps).
            var bounces = 0
            var fromPong = true
            while bounces < 1000 {
                if dir == 1 && frames >= end {
                    spilledTime = (frames - end) / fps
                    frames = end + (end - frames)
                    lastTime = end / fps
                } else if dir == -1 && frames < start {
                    spilledTime = (start - frames) / fps
                    frames = start + (start - frames)
                    lastTime = start / fps
                } else {
                    break
                }
                time32 = frames / fps
                direction *= -1
                dir *= -1
                looped = true
                bounces += 1
                report(from: lastTime, to: time32, fromPong: fromPong)
                fromPong.toggle()
            }
        }
        if killSpilled { spilledTime = 0 }
        didLoop = looped
        return keepGoing
    }

    private func report(from: Float, to: Float, fromPong: Bool) {
        guard let reporter else { return }
        animation.reportCallbacks(from: from, to: to, speedDirection: speedDirection, fromPong: fromPong, reporter)
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
