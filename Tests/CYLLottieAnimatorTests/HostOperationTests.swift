import Testing
@testable import CYLLottieAnimator

/// The prelude and `ExpressionHost` agree on the host operations: the JavaScript names them only
/// through the generated `__op` constants, each of which is a case, and every case is asked for.
struct HostOperationTests {
    static func namesUsed(in source: String) -> Set<String> {
        var names = Set<String>()
        var rest = Substring(source)
        while let r = rest.range(of: "__op.") {
            let name = rest[r.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            names.insert(String(name))
            rest = rest[r.upperBound...]
        }
        return names
    }

    @Test func thePreludeNamesExactlyTheCases() {
        let cases = Set(HostOperation.allCases.map { "\($0)" })
        #expect(Self.namesUsed(in: ExpressionPrelude.source) == cases)
        #expect(ExpressionPrelude.source.hasPrefix(HostOperation.preludeConstants))
    }

    @Test func noOperationIsSpelledAsAString() {
        // `__host('layer', ...)` was the old way: a string on each side that had to match.
        #expect(!ExpressionPrelude.source.contains("__host('"))
        #expect(!ExpressionPrelude.source.contains("__ask('"))
        #expect(!ExpressionPrelude.source.contains("__map('"))
    }

    @Test func constantsAreTheRawValues() {
        #expect(HostOperation.preludeConstants.hasPrefix("var __op = {value: 0, base: 1, keys: 2,"))
        #expect(HostOperation.preludeConstants.hasSuffix("fromComp: \(HostOperation.fromComp.rawValue)};"))
    }
}
