@testable import cylanim
import CYLTabBarItemAnimation
import Testing

/// The `--max-…` flags: one per field of `Limits`, each setting that field, and the wording the
/// command line gives a library message that names a limit.
@Suite struct LimitFlagTests {
    @Test func everyLimitHasExactlyOneFlag() {
        for limit in Limit.allCases {
            #expect(LimitFlag.all.filter { $0.limit == limit }.count == 1, "\(limit)")
        }
        #expect(Set(LimitFlag.all.map(\.name)).count == LimitFlag.all.count)
    }

    /// Each flag, given a value no other flag gets, lands in the field its `Limit` names (read back
    /// by reflection, so a row whose key path points at another field fails).
    @Test func eachFlagSetsTheFieldItNames() throws {
        var args = ParsedArguments()
        for (i, flag) in LimitFlag.all.enumerated() {
            switch flag.field {
            case .count: args.values[flag.name] = "\(1000 + i)"
            case .duration: args.values[flag.name] = "\(1000 + i)ms"
            }
        }
        let limits = try LimitFlag.limits(args, RenderCommand.spec)
        let fields = Dictionary(uniqueKeysWithValues: Mirror(reflecting: limits).children.map { ($0.label!, $0.value) })
        for (i, flag) in LimitFlag.all.enumerated() {
            let value = fields[flag.limit.rawValue]
            switch flag.field {
            case .count: #expect(value as? Int == 1000 + i, "--\(flag.name)")
            case .duration: #expect(value as? Duration == .milliseconds(1000 + i), "--\(flag.name)")
            }
        }
    }

    @Test func badValuesAreUsageErrorsNamingTheFlag() {
        var args = ParsedArguments()
        args.values["max-draws"] = "0"
        #expect(throws: CLIUsageError.self) { try LimitFlag.limits(args, RenderCommand.spec) }
        do {
            _ = try LimitFlag.limits(args, RenderCommand.spec)
        } catch {
            #expect(error.message == "Invalid value '0' for '--max-draws': expected a positive whole number.")
        }
    }

    @Test func explainTellsTheFlagForEachLimitNamed() {
        #expect(LimitFlag.explain("more than 6 values (\(Limit.maxJSONValues))") == "more than 6 values (raise it with --max-json-values)")
        #expect(LimitFlag.explain("a (\(Limit.maxExpressionTime)); b (\(Limit.maxExpressionTotalTime), or less)")
                == "a (raise it with --max-expression-time); b (raise it with --max-expression-total-time, or less)")
        // Text that only looks like a limit stays as written.
        #expect(LimitFlag.explain("see Limits.maxNothing and Limits.") == "see Limits.maxNothing and Limits.")
        #expect(LimitFlag.explain("no limit here") == "no limit here")
    }
}
