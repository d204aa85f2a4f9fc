import CYLTimeline
import Testing
@testable import CYLRiveAnimator

/// Callback keyframes (events, trigger properties), event listeners and view-model triggers:
/// a small hand-built file for the timing rules, corpus files for the whole chain.
@Suite struct EventTests {
    typealias T = RiveTypeKey
    typealias P = RivePropertyKey

    /// The rectangle file plus a trigger property (slot 5) fired by callback keyframes at
    /// `frames` of a `loop` animation 60 frames long, played by a one-state machine.
    static func callbackFile(frames: [UInt64], loop: UInt64) -> RiveWriter {
        var f = RiveWriter.rectangleArtboard()
        f.object(T.customPropertyTrigger, [(P.componentName, .s("Fire")), (P.componentParentId, .u(0))])  // 5
        f.object(T.linearAnimation, [(P.animationName, .s("Tick")), (P.linearAnimationDuration, .u(60)),
                                     (P.linearAnimationLoopValue, .u(loop))])
        f.object(T.keyedObject, [(P.keyedObjectObjectId, .u(5))])
        f.object(T.keyedProperty, [(P.keyedPropertyPropertyKey, .u(UInt64(P.customPropertyTriggerFire)))])
        for frame in frames { f.object(T.keyFrameCallback, [(P.keyFrameFrame, .u(frame))]) }
        f.object(T.stateMachine, [(P.animationName, .s("Machine"))])
        f.object(T.stateMachineLayer, [(P.stateMachineComponentName, .s("Layer"))])
        f.object(T.entryState)
        f.object(T.stateTransition, [(P.stateTransitionStateToId, .u(3))])
        f.object(T.anyState)
        f.object(T.exitState)
        f.object(T.animationState, [(P.animationStateAnimationId, .u(0))])
        return f
    }

    /// The frames (1-based steps of 1/60 s) at which the trigger property counted a firing.
    static func firings(_ f: RiveWriter, steps: Int) throws -> [Int] {
        let scene = try RiveDocument(bytes: f.bytes, name: "test.riv", options: OpenOptions()).makeScene()
        let trigger = scene.artboard.object(5) as! RCustomProperty
        var out: [Int] = []
        for step in 1...steps {
            // The count lasts until the frame's pass ends; watch it as the advance reports it.
            let before = trigger.triggerCount
            scene.machine!.advance(1.0 / 60, newFrame: true)
            if trigger.triggerCount > before { out.append(step) }
            scene.machine!.artboard.endFramePass()
        }
        return out
    }

    @Test func aCallbackKeyframeFiresOnceWhenPlaybackPassesIt() throws {
        // A keyframe at the start fires on the first step; one at frame 30 on the step reaching it.
        #expect(try Self.firings(Self.callbackFile(frames: [0, 30], loop: 0), steps: 90) == [1, 30])
    }

    @Test func aLoopFiresItsCallbacksAgainEachPass() throws {
        // Each wrap replays from the start: frame 0's keyframe fires on the wrapping step.
        let fired = try Self.firings(Self.callbackFile(frames: [0, 30], loop: 1), steps: 130)
        #expect(fired.count == 5)
        #expect(Array(fired.prefix(2)) == [1, 30])
        #expect(fired.contains { (60...61).contains($0) })
    }

    @Test func triggerPropertiesFallBackAtTheEndOfEachPass() throws {
        let scene = try RiveDocument(bytes: Self.callbackFile(frames: [0], loop: 0).bytes, name: "t.riv",
                                     options: OpenOptions()).makeScene()
        let trigger = scene.artboard.object(5) as! RCustomProperty
        scene.advance(1.0 / 60)
        #expect(trigger.triggerCount == 0)
    }

    @Test func meshTriangleIndicesAreVaruints() {
        #expect(RMesh.decodeIndices([0x01, 0x81, 0x01, 0x02]) == [1, 129, 2])
        // A truncated last value is dropped.
        #expect(RMesh.decodeIndices([0x03, 0x80]) == [3])
    }

    // MARK: Corpus

    static func corpusScene(_ stem: String) throws -> (RiveFrameSource, RiveDocument)? {
        guard RiveCorpus.require(), let entry = RiveCorpus.entries.first(where: { $0.stem == stem }) else { return nil }
        let doc = try RiveDocument(bytes: try RiveCorpus.bytes(entry), name: entry.file, options: OpenOptions())
        return (RiveFrameSource(doc), doc)
    }

    @Test func aKeyedTriggerPropertyBoundToAViewModelTriggerTakesATransition() throws {
        // unit__custom_property_trigger: the entry state's animation fires a trigger property,
        // bound both ways to a view-model trigger; a condition on that trigger moves to the
        // state that grows the circle (100 → 200) and turns it green.
        guard let (source, _) = try Self.corpusScene("unit__custom_property_trigger") else { return }
        let start = source.scene(at: 0).artboard
        #expect(start.object(2)?.double(P.parametricPathWidth) == 100)
        let later = source.scene(at: 15).artboard
        #expect(later.object(2)?.double(P.parametricPathWidth) == 200)
        #expect(later.object(3)?.color(P.solidColorColorValue) == 0xFF26_FF00)
    }

    @Test func aNestedArtboardsEventReachesTheHostsListener() throws {
        // unit__data_binding_test_triggers: the nested artboard's animation reports an event at
        // 0.5 s; the host's listener fires a view-model trigger through a trigger converter, and
        // a condition on it turns the rectangle from red to green on the next frame.
        guard let (source, _) = try Self.corpusScene("unit__data_binding_test_triggers") else { return }
        #expect(source.scene(at: 30).artboard.object(5)?.color(P.solidColorColorValue) == 0xFFFF_0000)
        #expect(source.scene(at: 32).artboard.object(5)?.color(P.solidColorColorValue) == 0xFF00_FF00)
    }
}
