import CYLTimeline
import Foundation
import Testing
@testable import CYLRiveAnimator

/// Content the Rive back-end leaves out of its frames (text input, layouts, audio, scripts,
/// images kept outside the file) is a diagnostic with a feature, so `render`, `convert` and
/// `preview` warn and `lint` reports it (issue 28: "nobody ships an icon that silently loses
/// content").
@Suite struct NotDrawnTests {
    typealias T = RiveTypeKey
    typealias P = RivePropertyKey

    static func diagnostics(_ f: RiveWriter) throws -> [Diagnostic] {
        try RiveDocument(bytes: f.bytes, name: "t.riv", options: OpenOptions()).diagnostics
    }

    /// The rectangle file plus one object of `type` under the artboard.
    @Test(arguments: [
        (T.textInput, "text input (\"Label\") is not drawn"),
        (T.layoutComponent, "layout (\"Label\") is not applied; its content keeps the positions the file stores"),
        (T.audioEvent, "audio event (\"Label\") is not played"),
    ])
    func contentLeftOutIsNotDrawn(type: Int, message: String) throws {
        var f = RiveWriter.rectangleArtboard()
        f.object(type, [(P.componentName, .s("Label")), (P.componentParentId, .u(0))])
        let all = try Self.diagnostics(f)
        let found = all.filter { $0.feature == .notDrawn }
        #expect(found.map(\.message) == [message], "\(all)")
        #expect(found.first?.location == "artboard \"Board\"")
        #expect(found.first?.feature?.warnsWhenRendering == true)
    }

    @Test func theRectangleAloneHasNothingLeftOut() throws {
        #expect(try Self.diagnostics(RiveWriter.rectangleArtboard()).isEmpty)
    }

    /// N-slicing is drawn (`NSliceTests`): slicers, sliced nodes and their axes are not reported.
    @Test(arguments: [T.nSlicer, T.nSlicedNode])
    func nSlicingIsNotReported(type: Int) throws {
        var f = RiveWriter.rectangleArtboard()
        f.object(type, [(P.componentName, .s("Label")), (P.componentParentId, .u(0))])  // 5
        f.object(T.axisX, [(P.componentParentId, .u(5)), (P.axisOffset, .d(4))])
        f.object(T.nSlicerTileMode, [(P.componentParentId, .u(5)), (P.nSlicerTileModeStyle, .u(1))])
        #expect(try Self.diagnostics(f).isEmpty)
    }

    /// Text is drawn: a text object (even one with no runs yet) is not reported.
    @Test func textIsNotReported() throws {
        var f = RiveWriter.rectangleArtboard()
        f.object(T.text, [(P.componentName, .s("Label")), (P.componentParentId, .u(0))])
        #expect(try Self.diagnostics(f).isEmpty)
    }

    /// Corpus files: text runs (drawn, so not reported), a scripted transition condition, an
    /// image and a font kept outside the file.
    @Test func corpusFilesSayWhatTheyLose() throws {
        guard RiveCorpus.require() else { return }
        func open(_ stem: String) throws -> [Diagnostic] {
            let url = RiveCorpus.root.appendingPathComponent("\(stem).riv")
            return try RiveDocument(bytes: [UInt8](Data(contentsOf: url)), name: url.lastPathComponent, options: OpenOptions()).diagnostics
        }
        let text = try open("unit__new_text")
        #expect(text.isEmpty, "\(text)")
        let font = try open("unit__hosted_font_file").filter { $0.feature != nil }
        #expect(font.map(\.message) == ["font asset \"Inter\" is not embedded in the file and no file beside it is named Inter-43276.ttf or Inter-43276.otf or Inter; text set in it is drawn in DejaVu Sans instead"], "\(font)")
        #expect(font.first?.feature == .missingFont && font.first?.feature?.warnsWhenRendering == true)
        let scripted = try open("unit__scripted_transition_condition").filter { $0.feature == .notDrawn }
        #expect(scripted.count == 1 && scripted[0].message.hasPrefix("ScriptedTransitionCondition conditions are not supported; they never hold"), "\(scripted)")
        let hosted = try open("unit__hosted_image_file").filter { $0.feature == .externalImage }
        #expect(hosted.map(\.message) == ["image asset \"one.png\" is not embedded in the file and no file beside it is named one-45008.png or one.png; it is not drawn"], "\(hosted)")
    }
}
