#if canImport(Glibc)
import Glibc
#endif
import CYLDocuments
import CYLGeometry
@testable import CYLLottieAnimator
import CYLRaster
import CYLTimeline
import Testing

/// Expressions through the embedded engine: the After Effects API against values worked out by
/// hand, failures keeping the keyframed value with a diagnostic naming the property, and budgets.
/// Compositions run at 30 fps, so frame f is time f/30 s.
@Suite struct ExpressionTests {
    /// A JSON property with expression `x` on the keyframed or fixed value `k`.
    func prop(_ k: String, _ x: String) -> String {
        "{\"a\":0,\"k\":\(k),\"x\":\(TextEscaping.jsonString(x))}"
    }

    /// Keyframes: value `v[i]` at frame `t[i]`, linear.
    func keys(_ frames: [Double], _ values: [String]) -> String {
        let kfs = zip(frames, values).map { "{\"t\":\($0),\"s\":\($1),\"i\":{\"x\":[1],\"y\":[1]},\"o\":{\"x\":[0],\"y\":[0]}}" }
        return "{\"a\":1,\"k\":[" + kfs.joined(separator: ",") + "]"
    }
    func keyed(_ frames: [Double], _ values: [String], _ x: String) -> String {
        keys(frames, values) + ",\"x\":\(TextEscaping.jsonString(x))}"
    }

    func layer(_ ind: Int, _ name: String, ks: String, extra: String = "", shapes: String? = nil) -> String {
        let items = shapes ?? """
        [{"ty":"rc","nm":"Box","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
         {"ty":"fl","nm":"Paint","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]
        """
        return "{\"ty\":4,\"ind\":\(ind),\"nm\":\"\(name)\",\"ip\":0,\"op\":300,\"st\":0,\"ks\":{\(ks)}\(extra),\"shapes\":\(items)}"
    }

    func document(_ layers: String...) throws -> LottieDocument {
        try LottieDocument(bytes: lottie(op: 300, layers: layers.joined(separator: ",")), name: "x.json")
    }

    /// The layers of the root composition with expressions evaluated at `frame`.
    func resolved(_ doc: LottieDocument, _ frame: Double) -> [LayerModel] {
        let runtime = ExpressionRuntime(model: doc.model, limits: Limits())
        return runtime.resolve(doc.model.root, frame: frame).layers
    }

    func rotation(_ doc: LottieDocument, _ frame: Double, layer: Int = 0) -> Double {
        resolved(doc, frame)[layer].transform.rotation.scalar(at: frame)
    }

    func rotationExpression(_ x: String, k: String = "0") throws -> LottieDocument {
        try document(layer(1, "A", ks: "\"r\":" + prop(k, x)))
    }

    @Test func timeAndValue() throws {
        let doc = try document(layer(1, "A", ks: "\"p\":" + prop("[10,20]", "var $bm_rt; $bm_rt = [value[0] + time * 30, value[1]];")))
        #expect(resolved(doc, 15)[0].transform.position.point(at: 15) == Point(25, 20))
        #expect(doc.diagnostics.isEmpty)
    }

    @Test func aSourceWithoutBmRtGivesItsLastValue() throws {
        let doc = try rotationExpression("var k = 3; k * 4", k: "0")
        #expect(rotation(doc, 0) == 12)
    }

    /// A source that is one JavaScript expression is compiled as one (not run through `eval`,
    /// which compiled it again on every evaluation); statements, and sources that would mean
    /// something else inside parentheses, still give their last statement's value through `eval`.
    @Test func oneExpressionSourcesAreNotEvaluatedThroughEval() throws {
        let cases: [(source: String, expected: Double, asExpression: Bool)] = [
            ("value * 2", 10, true),
            ("time * 30;  ", 15, true),  // trailing semicolons and space
            ("[value, value][1] - 1 // a comment\n", 4, true),
            ("var k = 3; k * 4", 12, false),
            ("x = 2\nx + 1", 3, false),  // two statements by semicolon insertion; one line `x = 2 x + 1` in parentheses
            ("if (time > 0) 7; else 9", 7, false),
            ("{ 6 }", 6, false),  // a block as a statement, an object in parentheses: never tried
        ]
        for c in cases {
            #expect((ExpressionPrelude.expressionFunction(for: c.source) != nil) == (c.source != "{ 6 }"), "\(c.source)")
            let doc = try rotationExpression(c.source, k: "5")
            let runtime = ExpressionRuntime(model: doc.model, limits: Limits())
            runtime.beginFrame()
            let got = runtime.resolve(doc.model.root, frame: 15).layers[0].transform.rotation.scalar(at: 15)
            #expect(got == c.expected, "\(c.source) gave \(got)")
            #expect(runtime.compiledAsExpressions == (c.asExpression ? 1 : 0), "\(c.source)")
            #expect(runtime.failures.isEmpty, "\(c.source): \(runtime.failures)")
        }
    }

    @Test func otherLayersEffectsAndTransforms() throws {
        let slider = """
        ,"ef":[{"ty":5,"nm":"Speed","mn":"ADBE Slider Control","en":1,"ef":[{"ty":0,"nm":"Slider","mn":"ADBE Slider Control-0001","v":\(keys([0, 30], ["[0]", "[60]"]))}}]},
               {"ty":5,"nm":"Tint","mn":"ADBE Color Control","en":1,"ef":[{"ty":2,"nm":"Color","v":{"a":0,"k":[0,0.5,1,1]}}]}]
        """
        let a = layer(1, "Controls", ks: "\"p\":{\"a\":0,\"k\":[40,50]}", extra: slider)
        let b = layer(2, "User", ks: "\"r\":" + prop("0", "var $bm_rt; $bm_rt = mul(thisComp.layer('Controls').effect('Speed')('Slider'), 2);")
                      + ",\"p\":" + prop("[0,0]", "var $bm_rt; $bm_rt = add(thisComp.layer(1).transform.position, [1, 2]);"),
                      shapes: """
                      [{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
                       {"ty":"fl","c":\(prop("[1,0,0,1]", "var $bm_rt; $bm_rt = thisComp.layer('Controls').effect('Tint')(1);")),"o":{"a":0,"k":100}}]
                      """)
        let doc = try document(a, b)
        let layers = resolved(doc, 15)
        #expect(layers[1].transform.rotation.scalar(at: 15) == 60)   // slider 30 at frame 15, doubled
        #expect(layers[1].transform.position.point(at: 15) == Point(41, 52))
        guard case let .shapes(items) = layers[1].content, case let .fill(color, _, _) = items[1] else {
            Issue.record("no fill"); return
        }
        #expect(color.value(at: 15) == [0, 0.5, 1, 1])
        #expect(doc.diagnostics.isEmpty, "\(doc.diagnostics)")
    }

    /// Each frame resolves only the parts of a layer that hold expressions; the part is the layer
    /// member the expression's JSON path goes through.
    @Test func onlyThePartsHoldingExpressionsAreResolved() throws {
        #expect(LottieParser.expressionPart("layers[2].ks.p.x") == .transform)
        #expect(LottieParser.expressionPart("assets[0].layers[1].shapes[0].it[1].c.x") == .content)
        #expect(LottieParser.expressionPart("layers[0].masksProperties[0].pt.x") == .masks)
        #expect(LottieParser.expressionPart("layers[3].ef[0].ef[1].v.x") == .effects)
        #expect(LottieParser.expressionPart("layers[3].tm.x") == .timeRemap)
        #expect(LottieParser.expressionPart("layers[3].zz.x") == .all)
        #expect(LottieParser.expressionPart("slots.a.p.x") == .all)
        let a = layer(1, "Still", ks: "\"p\":{\"a\":0,\"k\":[40,50]}")
        let b = layer(2, "Turns", ks: "\"r\":" + prop("0", "var $bm_rt; $bm_rt = time * 30;"))
        let c = layer(3, "Tinted", ks: "\"p\":{\"a\":0,\"k\":[0,0]}", shapes: """
                      [{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
                       {"ty":"fl","c":\(prop("[1,0,0,1]", "var $bm_rt; $bm_rt = [0, 0, time, 1];")),"o":{"a":0,"k":100}}]
                      """)
        let doc = try document(a, b, c)
        #expect(doc.model.root.layers.map(\.expressionParts) == [[], .transform, .content])
        let layers = resolved(doc, 15)
        #expect(layers[1].transform.rotation.scalar(at: 15) == 15)
        guard case let .shapes(items) = layers[2].content, case let .fill(color, _, _) = items[1] else {
            Issue.record("no fill"); return
        }
        #expect(color.value(at: 15) == [0, 0, 0.5, 1])
    }

    /// Keyframes 0 → 10 over frames 0-30 (one second): after the last key, cycle repeats the
    /// ramp, pingpong runs it back, offset adds 10 per cycle, continue extends the slope (10/s).
    @Test func loopOutTypes() throws {
        func at(_ x: String, _ frame: Double) throws -> Double {
            let doc = try document(layer(1, "A", ks: "\"r\":" + keyed([0, 30], ["[0]", "[10]"], x)))
            return rotation(doc, frame)
        }
        #expect(try at("var $bm_rt; $bm_rt = loopOut('cycle');", 45) == 5)
        #expect(try at("var $bm_rt; $bm_rt = loopOut('cycle');", 15) == 5)   // inside the keys: unchanged
        #expect(try at("var $bm_rt; $bm_rt = loopOut('pingpong');", 36) == 8)
        // Times are seconds (66/30 s), so the cycle arithmetic rounds: within 1e-9.
        #expect(abs(try at("var $bm_rt; $bm_rt = loopOut('pingpong');", 66) - 2) < 1e-9)
        #expect(try at("var $bm_rt; $bm_rt = loopOut('offset');", 45) == 15)
        #expect(abs(try at("var $bm_rt; $bm_rt = loopOut('continue');", 60) - 20) < 1e-6)
        #expect(try at("var $bm_rt; $bm_rt = loopIn('cycle');", -15) == 5)
        #expect(try at("var $bm_rt; $bm_rt = loopIn('offset');", -15) == -5)
    }

    /// FuzzLottie: `thisComp.layer(1e300)` converted the number with `Int(_:)`, which traps past
    /// Int.max. Indices no layer, effect, parameter, mask or content item can have now find
    /// nothing: the lookups throw in the expression, which keeps the keyframed value.
    @Test func hugeIndicesFindNothing() throws {
        for call in ["thisComp.layer(1e300)", "thisComp.layer(-1e300)", "thisLayer.effect(1e300)", "thisLayer.mask(1e300)",
                     "thisLayer.content(1e300)", "thisComp.layer(1).effect(1)(1e300)"] {
            let doc = try rotationExpression("var $bm_rt; var x = " + call + "; $bm_rt = 5;", k: "7")
            #expect(rotation(doc, 0) == 7, "\(call)")
        }
    }

    /// The names a source spells decide what its wrapper binds: whole words only.
    @Test func identifiersAreWholeWords() {
        let names = ExpressionPrelude.identifiers(in: "var $bm_rt = thisLayer.position[0]+myTime2; // é_x 'value'")
        #expect(names == ["var", "$bm_rt", "thisLayer", "position", "0", "myTime2", "é_x", "value"])
        #expect(!names.contains("time") && !names.contains("osition"))
        let wrapper = ExpressionPrelude.function(for: "var $bm_rt = myTime2 + position[0];")
        #expect(wrapper.contains("position = thisLayer.transform.position;"))
        #expect(!wrapper.contains("thisComp") && !wrapper.contains("numKeys"))
    }

    /// Key objects are built once and shared by later calls (easeAndWizz-style expressions ask
    /// for several every frame), so one expression writing to a key must not change what it, or
    /// the next evaluation, reads: keys 10 at frame 0 and 20 at frame 30, the write is ignored.
    @Test func keyObjectsStayAsTheFileHasThem() throws {
        let x = "var $bm_rt; var k = key(1); var seen = k.value; k.value = seen + 100; k.time = 99;"
            + " $bm_rt = seen + key(1).time + key(1).value + key(2).value;"
        let doc = try document(layer(1, "A", ks: "\"r\":" + keyed([0, 30], ["[10]", "[20]"], x)))
        let runtime = ExpressionRuntime(model: doc.model, limits: Limits())
        for frame in [3.0, 4.0, 5.0] {
            runtime.beginFrame()
            let layer = runtime.resolve(doc.model.root, frame: frame).layers[0]
            // 10 (key 1) + 0 (its time) + 10 (its value) + 20 (key 2).
            #expect(layer.transform.rotation.scalar(at: frame) == 40, "frame \(frame)")
        }
        #expect(doc.diagnostics.isEmpty)
    }

    /// Keys 0, 10, 40 at frames 0, 30, 60: loopOut with a count of 1 loops only the last segment
    /// (10 → 40); loopOutDuration of 0.5 s loops the last half second (25 → 40).
    @Test func loopCountsAndDurations() throws {
        func at(_ x: String, _ frame: Double) throws -> Double {
            let doc = try document(layer(1, "A", ks: "\"r\":" + keyed([0, 30, 60], ["[0]", "[10]", "[40]"], x)))
            return rotation(doc, frame)
        }
        #expect(try at("var $bm_rt; $bm_rt = loopOut('cycle', 1);", 75) == 25)
        #expect(try at("var $bm_rt; $bm_rt = loopOut('cycle', 0);", 75) == 5)
        #expect(abs(try at("var $bm_rt; $bm_rt = loopOutDuration('cycle', 0.5);", 65) - 30) < 1e-9)
    }

    @Test func interpolationAndMath() throws {
        func eval(_ x: String) throws -> Double { rotation(try rotationExpression("var $bm_rt; $bm_rt = " + x + ";"), 15) }
        #expect(try eval("linear(time, 0, 1, 0, 100)") == 50)
        #expect(try eval("linear(0.25, 0, 100)") == 25)
        #expect(try eval("clamp(linear(time, 1, 2, 10, 20), 0, 100)") == 10)
        #expect(abs(try eval("ease(time, 0, 1, 0, 100)") - 50) < 1e-6)        // symmetric curve
        #expect(try eval("easeIn(time, 0, 1, 0, 100)") < 50 && (try eval("easeOut(time, 0, 1, 0, 100)")) > 50)
        #expect(try eval("length([3, 4])") == 5)
        #expect(try eval("length([1, 1], [4, 5])") == 5)
        #expect(try eval("normalize([0, 5])[1]") == 1)
        #expect(try eval("sub([5, 5], [2, 1])[1]") == 4)
        #expect(try eval("div([8, 6], 2)[0]") == 4)
        #expect(try eval("clamp([5, -5], 0, 3)[0] + clamp([5, -5], 0, 3)[1]") == 3)
        #expect(try eval("framesToTime(45)") == 1.5)
        #expect(try eval("timeToFrames(1.5)") == 45)
        #expect(abs(try eval("degreesToRadians(180)") - .pi) < 1e-12)
    }

    /// wiggle and random are the same on every render (seeded per property), move the value by at
    /// most about the amplitude, and differ between properties.
    @Test func wiggleAndRandomAreDeterministic() throws {
        let doc = try document(layer(1, "A", ks: "\"r\":" + prop("100", "var $bm_rt; $bm_rt = wiggle(3, 20);")),
                               layer(2, "B", ks: "\"r\":" + prop("100", "var $bm_rt; $bm_rt = wiggle(3, 20);")
                                     + ",\"o\":" + prop("0", "seedRandom(7, true); var $bm_rt; $bm_rt = random(10, 20);")))
        var differs = false
        for f in stride(from: 1.0, to: 60, by: 7) {
            let a = resolved(doc, f), b = resolved(doc, f)
            let r0 = a[0].transform.rotation.scalar(at: f)
            #expect(r0 == b[0].transform.rotation.scalar(at: f))
            #expect(abs(r0 - 100) <= 25)
            if r0 != a[1].transform.rotation.scalar(at: f) { differs = true }
            let o = a[1].transform.opacity.scalar(at: f)
            #expect(o >= 10 && o < 20 && o == resolved(doc, 0)[1].transform.opacity.scalar(at: 0))  // timeless
        }
        #expect(differs)
    }

    /// content(name) reaches named shape items; a path expression builds a path.
    @Test func contentLookupsAndPaths() throws {
        let shapes = """
        [{"ty":"gr","nm":"Group 1","it":[
            {"ty":"el","nm":"Dot","p":{"a":0,"k":[7,9]},"s":{"a":0,"k":[4,4]}},
            {"ty":"sh","nm":"Line","ks":\(prop("{\"c\":false,\"v\":[[0,0],[1,1]],\"i\":[[0,0],[0,0]],\"o\":[[0,0],[0,0]]}",
              "var p = content('Group 1').content('Dot').position; var $bm_rt; $bm_rt = createPath([[0, 0], p, [20, 0]], [], [], true);"))},
            {"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}},
            {"ty":"tr","p":{"a":0,"k":[0,0]}}]}]
        """
        let doc = try document(layer(1, "A", ks: "\"r\":" + prop("0", "var $bm_rt; $bm_rt = content('Group 1').content(1).size[0] * 10;"),
                                     shapes: shapes))
        let l = resolved(doc, 0)[0]
        #expect(l.transform.rotation.scalar(at: 0) == 40)
        guard case let .shapes(items) = l.content, case let .group(_, inner, _) = items[0], case let .path(p, _) = inner[1] else {
            Issue.record("no path"); return
        }
        let shape = p.value(at: 0)
        #expect(shape.vertices == [Point(0, 0), Point(7, 9), Point(20, 0)] && shape.closed)
        #expect(doc.diagnostics.isEmpty, "\(doc.diagnostics)")
    }

    /// valueAtTime on another property gives its value at that time; toComp goes through parents.
    @Test func valueAtTimeAndToComp() throws {
        let parent = layer(1, "P", ks: "\"p\":{\"a\":0,\"k\":[100,0]},\"s\":{\"a\":0,\"k\":[200,200]}")
        let child = layer(2, "C", ks: "\"p\":{\"a\":0,\"k\":[5,5]}", extra: ",\"parent\":1")
        let user = layer(3, "U", ks: "\"r\":" + prop("0", "var $bm_rt; $bm_rt = thisComp.layer('Keys').transform.rotation.valueAtTime(1);")
                         + ",\"p\":" + prop("[0,0]", "var $bm_rt; $bm_rt = thisComp.layer('C').toComp([1, 0]);"))
        let keyed = layer(4, "Keys", ks: "\"r\":" + keys([0, 60], ["[0]", "[90]"]) + "}")
        let doc = try document(parent, child, user, keyed)
        let l = resolved(doc, 0)
        #expect(l[2].transform.rotation.scalar(at: 0) == 45)
        // (1, 0) in C → + (5, 5) → × 2 → + (100, 0).
        #expect(l[2].transform.position.point(at: 0) == Point(112, 10))
    }

    /// A key written `"\u0078"` is the key "x" too: the expression is found although the bytes
    /// never spell `"x"`, and its content lookups still reach the named shapes (the parser then
    /// reads the file again, keeping the names).
    @Test func anEscapedExpressionKeyStillFindsNamedContent() throws {
        let x = "var $bm_rt; $bm_rt = content('Box').size[0] * 3;"
        let ks = "\"r\":{\"a\":0,\"k\":0,\"\\u0078\":\(TextEscaping.jsonString(x))}"
        let bytes = lottie(op: 300, layers: layer(1, "A", ks: ks))
        #expect(!LottieDocument.mayHaveExpressions(bytes))
        #expect(LottieDocument.mayHaveExpressions(Array(#"{"k":0, "x" :\#n "time"}"#.utf8)))
        #expect(!LottieDocument.mayHaveExpressions(Array(#"{"i":{"x":[0.5],"y":[1]},"nm":"x"}"#.utf8)), "easing handles are not expressions")
        let doc = try LottieDocument(bytes: bytes, name: "x.json")
        #expect(doc.model.expressions.count == 1)
        #expect(resolved(doc, 0)[0].transform.rotation.scalar(at: 0) == 30)
        #expect(doc.diagnostics.isEmpty, "\(doc.diagnostics)")
    }

    /// Opening does not run the expression check (an engine and every expression compiled): it
    /// runs the first time the diagnostics are read, from the document or from its timeline, once.
    @Test func theExpressionCheckRunsWhenTheDiagnosticsAreRead() throws {
        let doc = try document(layer(1, "A", ks: "\"r\":" + prop("7", "var $bm_rt = ;")))
        let check = try #require(doc.expressionCheck)
        let timeline = doc.timeline()
        #expect(!check.isDone)
        var target = try Pixmap(width: 20, height: 20)
        try timeline.render(frame: 0, into: &target)
        #expect(!check.isDone, "drawing does not need the check")
        #expect(timeline.diagnostics.contains { $0.location == "layers[0].ks.r.x" && $0.message.contains("does not compile") })
        #expect(check.isDone && timeline.deferredDiagnostics === check)
        #expect(doc.diagnostics == timeline.diagnostics)
        #expect(try LottieDocument(bytes: lottie(op: 300, layers: layer(1, "A", ks: "\"r\":{\"a\":0,\"k\":0}")), name: "p.json")
            .expressionCheck == nil)
    }

    /// An expression that fails keeps the keyframed value, and the document says which one.
    @Test func failuresKeepTheKeyframesWithADiagnostic() throws {
        let doc = try document(layer(1, "A", ks: "\"r\":" + prop("7", "var $bm_rt; $bm_rt = noSuchFunction(1);")
                                     + ",\"o\":" + prop("50", "var $bm_rt = ;")))
        #expect(rotation(doc, 3) == 7)
        #expect(resolved(doc, 3)[0].transform.opacity.scalar(at: 3) == 50)
        let d = doc.diagnostics.map { "\($0.location): \($0.message)" }
        #expect(d.contains { $0.hasPrefix("layers[0].ks.r.x:") && $0.contains("noSuchFunction") && $0.contains("keyframed value") })
        #expect(d.contains { $0.hasPrefix("layers[0].ks.o.x:") && $0.contains("does not compile") })
        #expect(doc.disabledExpressions.count == 1)
    }

    /// A hostile expression is an error naming the property, not a hang: it stops at the step
    /// budget (or the memory cap), is disabled, and frames still render.
    @Test func hostileExpressionsAreStopped() throws {
        let doc = try document(layer(1, "A", ks: "\"r\":" + prop("3", "while (true) {}")
                                     + ",\"o\":" + prop("100", "var s = 'x'; for (;;) s = s + s;")))
        let d = doc.diagnostics.map { "\($0.location): \($0.message)" }
        #expect(d.contains { $0.hasPrefix("layers[0].ks.r.x:") && $0.contains("step budget") })
        // The string doubles past the 32 MiB cap after 25 rounds, long before the step budget.
        #expect(d.contains { $0.hasPrefix("layers[0].ks.o.x:") && $0.contains("memory cap") })
        #expect(doc.disabledExpressions.count == 2)
        var target = try Pixmap(width: 100, height: 100)
        try doc.makeRenderer().render(frame: 5, into: &target)
        #expect(rotation(doc, 5) == 3)
        #expect(resolved(doc, 5)[0].transform.opacity.scalar(at: 5) == 100)
    }

    /// Many expressions that each stay under their own budget cannot make a frame (or opening
    /// the file) take unbounded time: once the frame's expressions have run 4 × the per-evaluation
    /// budget together, the rest keep their keyframes, with a diagnostic, and are not disabled.
    /// Each expression here runs 20 000 loop rounds (well under 1 000 000 steps, the budget given),
    /// so 60 of them would need more than the frame's 4 000 000.
    @Test func aFrameOfManySlowExpressionsIsBounded() throws {
        let x = "var s = 0; for (var i = 0; i < 20000; i++) s += i; var $bm_rt = s % 360;"
        let expected = Double((0..<20000).reduce(0, +) % 360)
        let layers = (1...60).map { layer($0, "L\($0)", ks: "\"r\":" + prop("5", x)) }.joined(separator: ",")
        var limits = Limits()
        limits.maxExpressionSteps = 1_000_000
        let doc = try LottieDocument(bytes: lottie(op: 300, layers: layers), name: "many.json", options: OpenOptions(limits: limits))
        #expect(doc.disabledExpressions.isEmpty)
        let skipped = doc.diagnostics.filter { $0.message.contains("together ran past 4000000 steps") }
        #expect(!skipped.isEmpty && skipped.count < 60, "\(skipped.count) skipped at open")
        let runtime = ExpressionRuntime(model: doc.model, limits: limits)
        for frame in [0.0, 1.0] {
            runtime.beginFrame()
            let values = runtime.resolve(doc.model.root, frame: frame).layers.map { $0.transform.rotation.scalar(at: frame) }
            let evaluated = values.filter { $0 == expected }.count
            #expect(evaluated >= 1 && evaluated < 60, "\(evaluated) evaluated at frame \(frame)")
            #expect(values[0] == expected)   // a new frame starts a new budget
            #expect(values.allSatisfy { $0 == expected || $0 == 5 })
        }
        #expect(runtime.disabled.isEmpty)
    }

    /// Expressions are compiled once per renderer, not per frame.
    @Test func expressionsCompileOnce() throws {
        let doc = try document(layer(1, "A", ks: "\"r\":" + prop("0", "var $bm_rt; $bm_rt = time;")
                                     + ",\"o\":" + prop("100", "var $bm_rt; $bm_rt = value;")))
        let runtime = ExpressionRuntime(model: doc.model, limits: Limits())
        for f in 0..<20 {
            runtime.beginFrame()
            _ = runtime.resolve(doc.model.root, frame: Double(f))
        }
        #expect(runtime.compilations == 2)
        #expect(runtime.resolve(doc.model.root, frame: 30).layers[0].transform.rotation.scalar(at: 30) == 1)
    }

    /// Expressions inside a precomp see the precomp's own time.
    @Test func precompTime() throws {
        let inner = layer(1, "I", ks: "\"r\":" + prop("0", "var $bm_rt; $bm_rt = time * 30;"))
        let outer = "{\"ty\":0,\"ind\":1,\"refId\":\"pc\",\"ip\":0,\"op\":300,\"st\":10,\"w\":100,\"h\":100,\"ks\":{}}"
        let bytes = lottie(op: 300, layers: outer, extra: ",\"assets\":[{\"id\":\"pc\",\"layers\":[\(inner)]}]")
        let doc = try LottieDocument(bytes: bytes, name: "pc.json")
        let list = try doc.makeRenderer().displayList(frame: 40)
        // Precomp time 30: rotated by 30 degrees.
        let m = list.groups.last!.transform
        #expect(abs(atan2(m.b, m.a) * 180 / .pi - 30) < 1e-9)
    }
}

extension LottieDocument {
    /// The expressions the check disables (they do not compile or run out of budget).
    var disabledExpressions: Set<Int> {
        let check = ExpressionRuntime(model: model, limits: options.limits)
        _ = check.check()
        return check.disabled
    }
}
