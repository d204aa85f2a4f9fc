@testable import CYLCodecs
import Dispatch
import Testing

/// The process-wide font lookup (`FontLocator.sharedLocate`) answers what a locator of its own
/// answers, loads fontconfig once however many names and threads ask, and keeps its answers.
@Suite struct FontLocatorTests {
    static let names = ["DejaVu Sans", "DejaVuSans-Bold", "DejaVu Sans Bold", "No Such Font 12345", "dejavusans"]

    @Test func sharedAnswersAreALocatorsAnswersAndLoadOnce() throws {
        let own = try FontLocator()
        let expected = Self.names.map { own.locate($0) }
        #expect(expected[0] != nil, "DejaVu Sans is installed by make deps")
        #expect(expected[3] == nil)
        // Many threads at once, each name several times.
        let answers = UncheckedAnswers(count: Self.names.count * 8)
        DispatchQueue.concurrentPerform(iterations: Self.names.count * 8) { i in
            answers.set(i, try? FontLocator.sharedLocate(Self.names[i % Self.names.count]))
        }
        for i in 0..<(Self.names.count * 8) { #expect(answers.get(i) == expected[i % Self.names.count], "\(Self.names[i % Self.names.count])") }
        #expect(SharedFontLocator.instance.loads == 1)
    }
}

/// Answers written by concurrent iterations, each to its own slot, read after they all ended.
private final class UncheckedAnswers: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<FontMatch?>
    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }
    deinit {
        slots.deinitialize()
        slots.deallocate()
    }
    func set(_ i: Int, _ m: FontMatch?) { slots[i] = m }
    func get(_ i: Int) -> FontMatch? { slots[i] }
}
