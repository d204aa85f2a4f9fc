import Testing
import CYLDocuments

struct SettingsProblemTests {
    /// Only a missing or unreadable file is "no input" (exit 66); every other problem is bad data.
    @Test func onlyMissingFilesAreMissingInput() {
        let all: [SettingsProblem] = [.syntax, .tooLarge, .wrongType, .invalidValue, .missing, .missingFile, .unreadable,
                                      .badAnimation, .unsupported, .theme, .tooManyJobs]
        #expect(all.filter(\.isMissingInput) == [.missingFile, .unreadable])
    }
}
