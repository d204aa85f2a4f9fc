@testable import CYLText
import Dispatch
import Testing

/// `FontLookup` answers what a locator of its own answers, from any thread, and loads fontconfig
/// only for names the process has not asked before.
@Suite struct FontLocatorTests {
    static let names = ["DejaVu Sans", "DejaVuSans-Bold", "DejaVu Sans Bold", "No Such Font 12345", "dejavusans"]

    @Test func lookupsAnswerAsALocatorAndLoadFontconfigOnlyForNewNames() throws {
        let own = try FontLocator()
        let expected = Self.names.map { own.locate($0) }
        #expect(expected[0] != nil, "DejaVu Sans is installed by make deps")
        #expect(expected[3] == nil)
        // Many threads at once, each with its own lookup, each name several times.
        let answers = UncheckedAnswers(count: Self.names.count * 8)
        DispatchQueue.concurrentPerform(iterations: Self.names.count * 8) { i in
            answers.set(i, try? FontLookup().locate(Self.names[i % Self.names.count]))
        }
        for i in 0..<(Self.names.count * 8) { #expect(answers.get(i) == expected[i % Self.names.count], "\(Self.names[i % Self.names.count])") }
        // Every name has been asked now: a new lookup answers them all without fontconfig.
        let later = FontLookup()
        #expect(try Self.names.map { try later.locate($0) } == expected)
        #expect(!later.loadedFontconfig)
        let fresh = FontLookup()
        _ = try fresh.locate("Not Asked Before \(UInt64.random(in: 0...UInt64.max))")
        #expect(fresh.loadedFontconfig)
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
