import CYLLimits
import Testing

/// `Limit` names the fields of `Limits`: the two lists must stay one.
@Suite struct LimitTests {
    /// Every stored property of `Limits` has a `Limit` and every `Limit` is a stored property:
    /// a bound added to one and forgotten in the other fails here. The labels come from the
    /// value itself (reflection), not from a list written in this test.
    @Test func casesAreTheStoredFieldsOfLimits() {
        let fields = Mirror(reflecting: Limits()).children.compactMap(\.label)
        #expect(fields.count == Limit.allCases.count, "\(fields)")
        #expect(Set(fields) == Set(Limit.allCases.map(\.rawValue)))
    }

    @Test func messagesNameTheFieldOfLimits() {
        #expect("\(Limit.maxFrames)" == "Limits.maxFrames")
        #expect(Limit.allCases.allSatisfy { "\($0)".hasPrefix(Limit.prefix) && "\($0)".hasSuffix($0.rawValue) })
    }
}
