import CYLGeometry
import CYLTimeline
import Testing
@testable import CYLRiveAnimator

/// Transforms, keyframes, loops and state machines, checked on small hand-built files against
/// values worked out from the format's rules (no pixels).
@Suite struct SceneTests {
    typealias T = RiveTypeKey
    typealias P = RivePropertyKey

    /// The rectangle file plus an animation of the shape's x from 0 to 100 over `frames` frames.
    static func animatedFile(loop: Int = 0, interpolation: UInt64 = 1, frames: UInt64 = 60,
                             interpolator: [(Int, RiveWriter.V)]? = nil, workArea: (UInt64, UInt64)? = nil) -> RiveWriter {
        var f = RiveWriter.rectangleArtboard()
        if let interpolator { f.object(T.cubicEaseInterpolator, interpolator) }  // slot 5
        var anim: [(Int, RiveWriter.V)] = [(P.animationName, .s("Move")), (P.linearAnimationDuration, .u(frames)),
                                          (P.linearAnimationLoopValue, .u(UInt64(loop)))]
        if let (s, e) = workArea {
            anim += [(P.linearAnimationWorkStart, .u(s)), (P.linearAnimationWorkEnd, .u(e)), (P.linearAnimationEnableWorkArea, .b(true))]
        }
        f.object(T.linearAnimation, anim)
        f.object(T.keyedObject, [(P.keyedObjectObjectId, .u(1))])
        f.object(T.keyedProperty, [(P.keyedPropertyPropertyKey, .u(UInt64(P.nodeX)))])
        var first: [(Int, RiveWriter.V)] = [(P.keyFrameFrame, .u(0)), (P.keyFrameDoubleValue, .d(0)),
                                           (P.interpolatingKeyFrameInterpolationType, .u(interpolation))]
        if interpolator != nil { first.append((P.interpolatingKeyFrameInterpolatorId, .u(5))) }
        f.object(T.keyFrameDouble, first)
        f.object(T.keyFrameDouble, [(P.keyFrameFrame, .u(frames)), (P.keyFrameDoubleValue, .d(100))])
        return f
    }

    static func document(_ f: RiveWriter, _ options: OpenOptions = OpenOptions()) throws -> RiveDocument {
        try RiveDocument(bytes: f.bytes, name: "test.riv", options: options)
    }

    static func shape(_ scene: RiveScene) -> RShape { scene.artboard.object(1) as! RShape }

    @Test func worldTransformsAndParametricPaths() throws {
        let scene = try Self.document(RiveWriter.rectangleArtboard()).makeScene()
        let shape = Self.shape(scene)
        #expect(shape.worldTransform == .translation(30, 20))
        let b = shape.composer.worldPath.bounds
        // A 20x10 rectangle centred on its origin (origin 0.5, 0.5 by default).
        #expect(b == Rect(minX: 20, minY: 15, maxX: 40, maxY: 25))
        #expect(shape.paints.count == 1)
    }

    @Test(arguments: [(1 as UInt64, 50.0), (0, 0.0)])
    func linearAndHoldKeyframes(_ interpolation: UInt64, _ expectedAtHalf: Double) throws {
        let doc = try Self.document(Self.animatedFile(interpolation: interpolation))
        // Time runs in 32-bit floats, as in the format's runtime: values agree to float precision.
        let source = RiveFrameSource(doc)
        #expect(abs(Self.shape(source.scene(at: 30)).x - expectedAtHalf) < 1e-3)
        // Past the end (whichever step lands on it in float arithmetic) the last key holds.
        let past = source.scene(at: 60)
        past.advance(1.0 / 60)
        #expect(abs(Self.shape(past).x - 100) < 1e-3)
        // Going back replays from the start.
        #expect(abs(Self.shape(source.scene(at: 0)).x) < 1e-6)
    }

    @Test func cubicEaseKeyframes() throws {
        // ease-in-out (0.42, 0, 0.58, 1): symmetric, so half way in time is half way in value; at a
        // quarter of the time the curve is well below a quarter of the way.
        let doc = try Self.document(Self.animatedFile(interpolation: 2, interpolator: [
            (P.cubicInterpolatorX1, .d(0.42)), (P.cubicInterpolatorY1, .d(0)), (P.cubicInterpolatorX2, .d(0.58)), (P.cubicInterpolatorY2, .d(1))]))
        let source = RiveFrameSource(doc)
        #expect(abs(Self.shape(source.scene(at: 30)).x - 50) < 0.01)
        let quarter = Self.shape(source.scene(at: 15)).x
        #expect(quarter > 5 && quarter < 15)
        // The solver agrees with the bezier it inverts.
        let solver = CubicSolver(x1: 0.42, x2: 0.58)
        for x in stride(from: 0.0, through: 1.0, by: 0.1) {
            #expect(abs(CubicSolver.bezier(solver.t(forX: x), 0.42, 0.58) - x) < 1e-4)
        }
    }

    @Test func oneShotHoldsItsEndAndLoopWraps() throws {
        let once = RiveFrameSource(try Self.document(Self.animatedFile(loop: 0, frames: 30)))
        // The timeline covers 0...30 frames; stepping past the end holds the last key.
        let oneShot = once.scene(at: 30)
        #expect(abs(Self.shape(oneShot).x - 100) < 1e-3)
        #expect(oneShot.advance(1.0 / 60) == false)
        #expect(abs(Self.shape(oneShot).x - 100) < 1e-3)

        let doc = try Self.document(Self.animatedFile(loop: 1, frames: 30))
        let looping = doc.makeScene()
        for _ in 0..<40 { looping.advance(1.0 / 60) }
        // 40 frames into a 30-frame loop is 10 frames in: a third of the way.
        #expect(abs(Self.shape(looping).x - 100.0 / 3) < 1e-3)

        let pingPong = try Self.document(Self.animatedFile(loop: 2, frames: 30)).makeScene()
        for _ in 0..<40 { pingPong.advance(1.0 / 60) }
        // 40 frames: out 30, back 10, so 20 frames along.
        #expect(abs(Self.shape(pingPong).x - 200.0 / 3) < 1e-3)
    }

    @Test func workAreaLimitsPlayback() throws {
        let doc = try Self.document(Self.animatedFile(loop: 0, frames: 60, workArea: (30, 45)))
        #expect(doc.frameCount == 16)  // 15 frames of work area, inclusive end
        let scene = doc.makeScene()
        #expect(abs(Self.shape(scene).x - 50) < 1e-3)  // starts at frame 30
        for _ in 0..<30 { scene.advance(1.0 / 60) }
        #expect(abs(Self.shape(scene).x - 75) < 1e-3)  // stops at frame 45
    }

    /// Entry goes to "Idle" (x = 0); any state goes to "On" (x = 100 over 30 frames) when the
    /// bool is true, back to "Idle" when false.
    static func machineFile(input: (type: Int, name: String), transitionMs: UInt64 = 0) -> RiveWriter {
        var f = RiveWriter.rectangleArtboard()
        for (name, from, to) in [("Idle", 0.0, 0.0), ("On", 0.0, 100.0)] {
            f.object(T.linearAnimation, [(P.animationName, .s(name)), (P.linearAnimationDuration, .u(30))])
            f.object(T.keyedObject, [(P.keyedObjectObjectId, .u(1))])
            f.object(T.keyedProperty, [(P.keyedPropertyPropertyKey, .u(UInt64(P.nodeX)))])
            f.object(T.keyFrameDouble, [(P.keyFrameFrame, .u(0)), (P.keyFrameDoubleValue, .d(from)),
                                        (P.interpolatingKeyFrameInterpolationType, .u(1))])
            f.object(T.keyFrameDouble, [(P.keyFrameFrame, .u(30)), (P.keyFrameDoubleValue, .d(to))])
        }
        f.object(T.stateMachine, [(P.animationName, .s("Tab"))])
        f.object(input.type, [(P.stateMachineComponentName, .s(input.name))])
        f.object(T.stateMachineLayer, [(P.stateMachineComponentName, .s("Layer"))])
        f.object(T.entryState)  // 0
        f.object(T.stateTransition, [(P.stateTransitionStateToId, .u(3))])
        f.object(T.anyState)  // 1
        f.object(T.stateTransition, [(P.stateTransitionStateToId, .u(4)), (P.stateTransitionDuration, .u(transitionMs))])
        if input.type == T.stateMachineTrigger {
            f.object(T.transitionTriggerCondition, [(P.transitionInputConditionInputId, .u(0))])
        } else {
            f.object(T.transitionBoolCondition, [(P.transitionInputConditionInputId, .u(0))])
        }
        f.object(T.exitState)  // 2
        f.object(T.animationState, [(P.animationStateAnimationId, .u(0))])  // 3: Idle
        f.object(T.animationState, [(P.animationStateAnimationId, .u(1))])  // 4: On
        if input.type == T.stateMachineBool {
            f.object(T.stateTransition, [(P.stateTransitionStateToId, .u(3))])
            f.object(T.transitionBoolCondition, [(P.transitionInputConditionInputId, .u(0)), (P.transitionValueConditionOpValue, .u(1))])
        }
        return f
    }

    @Test func aBoolInputSwitchesStates() throws {
        let doc = try Self.document(Self.machineFile(input: (T.stateMachineBool, "isActive")))
        let scene = doc.makeScene()
        #expect(Self.shape(scene).x == 0)
        scene.machine!.setBool(0, true)
        // The step that sees the input changes state; the new state's animation starts at 0 then.
        for _ in 0..<16 { scene.advance(1.0 / 60) }
        #expect(abs(Self.shape(scene).x - 50) < 1e-3)
        scene.machine!.setBool(0, false)
        scene.advance(1.0 / 60)
        #expect(Self.shape(scene).x == 0)
    }

    @Test func aTransitionWithDurationMixes() throws {
        let doc = try Self.document(Self.machineFile(input: (T.stateMachineBool, "on"), transitionMs: 500))
        let scene = doc.makeScene()
        scene.machine!.setBool(0, true)
        for _ in 0..<16 { scene.advance(1.0 / 60) }
        // 15 steps (0.25 s) into a 0.5 s mix from Idle (0) towards On (50 after 15 frames): half way.
        #expect(abs(Self.shape(scene).x - 25) < 1e-3)
    }

    @Test func aTabSelectionRestsThenPlaysTheSelection() throws {
        var options = OpenOptions()
        options.playsSelection = true
        let doc = try Self.document(Self.machineFile(input: (T.stateMachineBool, "Is Active")), options)
        #expect(doc.plan.selection?.name == "Is Active")
        // Idle settles after one 30-frame pass (give or take the step that lands on its end); the
        // selection then plays "On" (30 frames) and settles.
        #expect((29...30).contains(doc.plan.restSteps))
        #expect((32...33).contains(doc.frameCount))
        let source = RiveFrameSource(doc)
        #expect(Self.shape(source.scene(at: 0)).x == 0)
        // Half way after 15 or 16 steps: the step that lands Idle on its end carries the time
        // it overshot into "On" (the runtime's spilled time).
        #expect(abs(Self.shape(source.scene(at: 16)).x - 50) <= 100.0 / 30 + 1e-3)
        let xs = (0..<doc.frameCount).map { Self.shape(source.scene(at: $0)).x }
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(abs(Self.shape(source.scene(at: doc.frameCount - 1)).x - 100) < 1e-3)
    }

    @Test func aTriggerSelectsOnce() throws {
        var options = OpenOptions()
        options.playsSelection = true
        options.selectionInput = "Go"
        let doc = try Self.document(Self.machineFile(input: (T.stateMachineTrigger, "Go")), options)
        #expect(doc.plan.selection?.isTrigger == true)
        let source = RiveFrameSource(doc)
        #expect(abs(Self.shape(source.scene(at: 16)).x - 50) <= 100.0 / 30 + 1e-3)
        #expect(abs(Self.shape(source.scene(at: doc.frameCount - 1)).x - 100) < 1e-3)
    }

    @Test func namingAMissingInputListsTheInputs() {
        var options = OpenOptions()
        options.playsSelection = true
        options.selectionInput = "nope"
        #expect {
            _ = try Self.document(Self.machineFile(input: (T.stateMachineBool, "isActive")), options)
        } throws: { "\($0)".contains("no input named \"nope\"") && "\($0)".contains("\"isActive\"") }
    }

    @Test func withoutASelectionInputATabPlaysTheMachineFromItsStart() throws {
        var options = OpenOptions()
        options.playsSelection = true
        let doc = try Self.document(Self.machineFile(input: (T.stateMachineBool, "hover")), options)
        #expect(doc.plan.selection == nil)
        #expect(doc.diagnostics.contains { $0.message.contains("no input is named for selection") })
    }

    @Test func namedScenesAreChosenAndUnknownNamesListTheChoices() throws {
        var options = OpenOptions()
        options.animationID = "On"
        let doc = try Self.document(Self.machineFile(input: (T.stateMachineBool, "x")), options)
        #expect(doc.plan.choice == .animation(1))
        options.animationID = "Off"
        #expect {
            _ = try Self.document(Self.machineFile(input: (T.stateMachineBool, "x")), options)
        } throws: { "\($0)".contains("no animation named \"Off\"") && "\($0)".contains("\"Idle\", \"On\"") }
        options = OpenOptions()
        options.artboard = "Other"
        #expect {
            _ = try Self.document(Self.machineFile(input: (T.stateMachineBool, "x")), options)
        } throws: { "\($0)".contains("no artboard named \"Other\"") }
    }
}
