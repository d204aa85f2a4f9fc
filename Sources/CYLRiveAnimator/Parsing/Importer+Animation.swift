import CYLTimeline

extension RiveImporter {
    var currentAnimationIndex: Int? {
        guard let a = artboards.last, !a.animations.isEmpty else { return nil }
        return a.animations.count - 1
    }
    var currentStateMachineIndex: Int? {
        guard let a = artboards.last, !a.stateMachines.isEmpty else { return nil }
        return a.stateMachines.count - 1
    }

    /// Linear animations and their keys, and state machines and their parts.
    mutating func importAnimationOrStateMachineObject(_ object: RawObject) throws(RiveError) {
        let t = object.typeKey
        func isA(_ k: Int) -> Bool { RiveDefinitions.isType(t, kindOf: k) }
        switch t {
        case RiveTypeKey.linearAnimation:
            try importLinearAnimation(object)
        case RiveTypeKey.keyedObject:
            guard let a = artboards.indices.last, let anim = currentAnimationIndex else {
                throw error(object, "a keyed object outside any animation")
            }
            artboards[a].animations[anim].keyedObjects.append(
                KeyedObjectModel(objectID: id(object, RivePropertyKey.keyedObjectObjectId) ?? -1, properties: []))
        case RiveTypeKey.keyedProperty:
            guard let a = artboards.indices.last, let anim = currentAnimationIndex,
                  !artboards[a].animations[anim].keyedObjects.isEmpty else {
                throw error(object, "a keyed property outside any keyed object")
            }
            let key = Int(clamping: uint(object, RivePropertyKey.keyedPropertyPropertyKey, 0))
            let ko = artboards[a].animations[anim].keyedObjects.count - 1
            artboards[a].animations[anim].keyedObjects[ko].properties.append(KeyedPropertyModel(propertyKey: key, keyframes: []))
            open(.keyedProperty)
        case _ where isA(RiveTypeKey.keyFrame):
            try importKeyFrame(object)
        default:
            try importStateMachineObject(object)
        }
    }

    mutating func importLinearAnimation(_ object: RawObject) throws(RiveError) {
        guard let a = artboards.indices.last else { throw error(object, "an animation outside any artboard") }
        let fps = Int(clamping: uint(object, RivePropertyKey.linearAnimationFps, 60))
        guard fps > 0 else { throw error(object, "frame rate 0") }
        let loopValue = Int(clamping: uint(object, RivePropertyKey.linearAnimationLoopValue, 0))
        let loop = RiveLoop(rawValue: loopValue) ?? .oneShot
        if RiveLoop(rawValue: loopValue) == nil { note(object.offset, "unknown loop type \(loopValue); playing once") }
        let speed = double(object, RivePropertyKey.linearAnimationSpeed, 1)
        artboards[a].animations.append(LinearAnimationModel(
            name: string(object, RivePropertyKey.animationName), fps: fps,
            duration: Int(clamping: uint(object, RivePropertyKey.linearAnimationDuration, 60)),
            speed: speed.isFinite ? speed : 1, loop: loop,
            workStart: id(object, RivePropertyKey.linearAnimationWorkStart),
            workEnd: id(object, RivePropertyKey.linearAnimationWorkEnd),
            enableWorkArea: bool(object, RivePropertyKey.linearAnimationEnableWorkArea, false),
            quantize: bool(object, RivePropertyKey.linearAnimationQuantize, false), keyedObjects: []))
    }

    mutating func importKeyFrame(_ object: RawObject) throws(RiveError) {
        guard let a = artboards.indices.last, let anim = currentAnimationIndex,
              let ko = artboards[a].animations[anim].keyedObjects.indices.last,
              let kp = artboards[a].animations[anim].keyedObjects[ko].properties.indices.last else {
            throw error(object, "a keyframe outside any keyed property")
        }
        let value: KeyFrameValue
        switch object.typeKey {
        case RiveTypeKey.keyFrameDouble: value = .double(double(object, RivePropertyKey.keyFrameDoubleValue, 0))
        case RiveTypeKey.keyFrameColor: value = .color(raw(object, RivePropertyKey.keyFrameColorValue)?.asColor ?? 0)
        case RiveTypeKey.keyFrameBool: value = .bool(bool(object, RivePropertyKey.keyFrameBoolValue, false))
        case RiveTypeKey.keyFrameId: value = .id(uint(object, RivePropertyKey.keyFrameIdValue, UInt64(UInt32.max)))
        case RiveTypeKey.keyFrameUint: value = .id(uint(object, RivePropertyKey.keyFrameUintValue, 0))
        case RiveTypeKey.keyFrameInt:
            let z = uint(object, RivePropertyKey.keyFrameIntValue, 0)
            let v = Int64(bitPattern: (z >> 1) ^ (0 &- (z & 1)))
            value = .double(Double(v))
        case RiveTypeKey.keyFrameString: value = .string(string(object, RivePropertyKey.keyFrameStringValue))
        case RiveTypeKey.keyFrameCallback: value = .callback
        default:
            note(object.offset, "\(object.typeName) keyframes are not supported; ignored")
            return
        }
        let animation = artboards[a].animations[anim]
        let frame = Int(clamping: uint(object, RivePropertyKey.keyFrameFrame, 0))
        let type = uint(object, RivePropertyKey.interpolatingKeyFrameInterpolationType, 0)
        let interpolation: KeyFrameInterpolation = type == 0 ? .hold : (type == 1 ? .linear : .eased(nil))
        let keyframes = animation.keyedObjects[ko].properties[kp].keyframes
        artboards[a].animations[anim].keyedObjects[ko].properties[kp].keyframes.append(
            KeyFrameModel(frame: frame, seconds: Double(Float(frame) / Float(animation.fps)), interpolation: interpolation, value: value))
        if type != 0, let interpolatorID = id(object, RivePropertyKey.interpolatingKeyFrameInterpolatorId) {
            artboards[a].pendingKeyFrameInterpolators.append((anim, ko, kp, keyframes.count, interpolatorID))
        }
    }

    /// The interpolator at `index` of the artboard's objects, or nil (with a note) when it is not one.
    mutating func interpolator(_ objects: [ComponentModel?], _ index: Int) -> InterpolatorModel? {
        guard index < objects.count, let o = objects[index] else {
            note(nil, "a keyframe or transition refers to interpolator \(index), which does not exist; easing linearly",
                 key: "missing interpolator")
            return nil
        }
        let x1 = o.double(RivePropertyKey.cubicInterpolatorX1, 0.42), y1 = o.double(RivePropertyKey.cubicInterpolatorY1, 0)
        let x2 = o.double(RivePropertyKey.cubicInterpolatorX2, 0.58), y2 = o.double(RivePropertyKey.cubicInterpolatorY2, 1)
        switch o.typeKey {
        case RiveTypeKey.cubicEaseInterpolator: return .cubicEase(x1: x1, y1: y1, x2: x2, y2: y2)
        case RiveTypeKey.cubicValueInterpolator: return .cubicValue(x1: x1, y1: y1, x2: x2, y2: y2)
        case RiveTypeKey.elasticInterpolator:
            return .elastic(easing: Int(clamping: o.uint(RivePropertyKey.elasticInterpolatorEasingValue, 1)),
                            amplitude: o.double(RivePropertyKey.elasticInterpolatorAmplitude, 1),
                            period: o.double(RivePropertyKey.elasticInterpolatorPeriod, 1))
        default:
            note(o.offset, "\(o.typeName) is not a supported interpolator; easing linearly", feature: Self.feature(ofType: o.typeKey))
            return nil
        }
    }

    /// Resolves interpolator references and sorts keyframes by time.
    mutating func resolveAnimations(_ a: Int) {
        let objects = artboards[a].objects
        for p in artboards[a].pendingKeyFrameInterpolators {
            let resolved = interpolator(objects, p.id)
            artboards[a].animations[p.animation].keyedObjects[p.object].properties[p.property].keyframes[p.keyframe]
                .interpolation = .eased(resolved)
        }
        for p in artboards[a].pendingTransitionInterpolators {
            let resolved = interpolator(objects, p.id)
            artboards[a].stateMachines[p.machine].layers[p.layer].states[p.state].transitions[p.transition].interpolator = resolved
        }
        for i in artboards[a].animations.indices {
            for o in artboards[a].animations[i].keyedObjects.indices {
                for p in artboards[a].animations[i].keyedObjects[o].properties.indices {
                    var frames = artboards[a].animations[i].keyedObjects[o].properties[p].keyframes
                    if zip(frames, frames.dropFirst()).contains(where: { $0.frame > $1.frame }) {
                        frames = frames.enumerated().sorted { ($0.element.frame, $0.offset) < ($1.element.frame, $1.offset) }.map(\.element)
                        artboards[a].animations[i].keyedObjects[o].properties[p].keyframes = frames
                    }
                }
                // A property without keyframes animates nothing (the runtime assumes at least one).
                artboards[a].animations[i].keyedObjects[o].properties.removeAll { $0.keyframes.isEmpty }
            }
        }
    }
}
