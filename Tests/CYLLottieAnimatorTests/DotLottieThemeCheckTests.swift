import CYLDocuments
@testable import CYLLottieAnimator
import CYLTimeline
import Testing

/// A dotLottie file's themes judged over all of its animations (`DotLottieThemeCheck`): rules
/// naming animations the file lacks, themes no animation takes, rules that match a slot in no
/// animation they apply to. Whichever animation is opened, the file gets the same warnings.
@Suite struct DotLottieThemeCheckTests {
    typealias T = DotLottieThemeTests

    /// Animation "a" has slot "ink", "b" has "fill". "a" takes theme "shared"; "b" takes "shared"
    /// and "onlyB"; "orphan" is in the manifest, and every animation's list leaves it out.
    static let file = T.dotLottie(
        animations: [("a", T.animation(T.rectangle(fill: #"{"a":0,"k":[1,0,0,1],"sid":"ink"}"#))),
                     ("b", T.animation(T.rectangle(fill: #"{"a":0,"k":[0,1,0,1],"sid":"fill"}"#)))],
        themes: [("shared", T.theme(#"{"id":"ink","type":"Color","value":[0,0,1]}"#,          // a has it
                                    #"{"id":"fill","type":"Color","value":[0,0,1]}"#,         // only b has it: still useful
                                    #"{"id":"nope","type":"Scalar","value":1}"#)),            // neither
                 ("onlyB", T.theme(#"{"id":"ink","type":"Color","value":[0,0,1],"animations":["b"]}"#,    // b lacks it (a is not b)
                                   #"{"id":"fill","type":"Color","value":[0,0,1],"animations":["zzz","b"]}"#,  // zzz: no such animation
                                   #"{"id":"fill","type":"Color","value":[0,0,1],"animations":["a"]}"#)),      // a does not take onlyB
                 ("orphan", T.theme(#"{"id":"ink","type":"Color","value":[0,0,1]}"#))],
        perAnimation: ["a": ["shared"], "b": ["shared", "onlyB"]])

    static func themeWarnings(_ animation: String?) throws -> [String] {
        try T.open(file, theme: nil, animation: animation).diagnostics.filter { $0.feature == .themes }.map { "\($0.location) | \($0.message)" }
    }

    @Test func everyAnimationIsJudgedAndTheFileGetsTheSameWarningsWhicheverIsOpened() throws {
        let a = try Self.themeWarnings(nil), b = try Self.themeWarnings("b")
        #expect(a == b)
        #expect(a == [
            "t/shared.json: rules[2] | theme \"shared\": rule \"nope\" (Scalar) matches no slot: no property of animations \"a\", \"b\" names it (their slots: fill, ink)",
            "t/onlyB.json: rules[0] | theme \"onlyB\": rule \"ink\" (Color) matches no slot: no property of animation \"b\" names it (its slots: fill)",
            "t/onlyB.json: rules[1].animations | theme \"onlyB\": rule \"fill\" (Color) names animation \"zzz\" in its \"animations\", which the file does not have (its animations: a, b)",
            "t/onlyB.json: rules[2] | theme \"onlyB\": rule \"fill\" (Color) applies to no animation that takes the theme: it is limited to animation \"a\", and the theme is taken only by b",
            "t/orphan.json | theme \"orphan\" is taken by no animation, so no player draws it: each animation's manifest \"themes\" list leaves it out (animation \"a\" takes shared; animation \"b\" takes shared, onlyB); add it to a list or remove the theme",
        ], "\(a)")
    }

    /// A theme that only another animation takes is read for the check: its breakage is a warning
    /// there too, and the file still opens.
    @Test func aBrokenThemeOfAnotherAnimationIsAWarning() throws {
        let file = T.dotLottie(animations: [("a", T.animation(T.rectangle())), ("b", T.animation(T.rectangle()))],
                               themes: [("fine", T.theme(#"{"id":"tint","type":"Color","value":[0,0,1]}"#)), ("broken", "{\"rules\":[")],
                               perAnimation: ["a": ["fine"], "b": ["broken"]])
        let t = try T.open(file, theme: nil, animation: "a")
        let warnings = t.diagnostics.filter { $0.feature == .themes }
        #expect(warnings.count == 1 && warnings[0].location == "t/broken.json" && warnings[0].message.hasPrefix("theme \"broken\" cannot be used: "), "\(warnings)")
    }

    /// An animation whose JSON does not parse has unknown slots: its rules are not blamed (opening
    /// it reports the damage).
    @Test func anUnreadableAnimationBlamesNoRule() throws {
        let file = T.dotLottie(animations: [("a", T.animation(T.rectangle())), ("b", "{\"layers\":[")],
                               themes: [("t", T.theme(#"{"id":"other","type":"Color","value":[0,0,1],"animations":["b"]}"#))])
        #expect(try T.open(file, theme: nil, animation: "a").diagnostics.filter { $0.feature == .themes }.isEmpty)
    }
}
