import CYLTabBarItemAnimation
import Testing

/// `FrameTimeline.frames(ofMarker:)`: what `--marker` selects.
@Suite struct MarkerSelectionTests {
    func withMarkers(_ markers: [Marker], frames: Int = 30) -> FrameTimeline {
        var t = timeline(frames: frames, timing: .fps(30))
        t.markers = markers
        return t
    }

    @Test func aSegmentSelectsItsFrames() throws {
        let t = withMarkers([Marker(name: "intro", startFrame: 0, durationFrames: 10),
                             Marker(name: "wave", startFrame: 10, durationFrames: 5)])
        #expect(try t.frames(ofMarker: "wave").frames(count: 30) == [10, 11, 12, 13, 14])
        #expect(try t.frames(ofMarker: "intro").frames(count: 30) == Array(0..<10))
    }

    @Test func pointMarkersFractionsAndTheEnd() throws {
        let t = withMarkers([Marker(name: "hit", startFrame: 7, durationFrames: 0),
                             Marker(name: "half", startFrame: 2.5, durationFrames: 2),   // frames 3, 4 (2.5 ≤ f < 4.5)
                             Marker(name: "tail", startFrame: 25, durationFrames: 100),  // clipped at the last frame
                             Marker(name: "gone", startFrame: 40, durationFrames: 5)])
        #expect(try t.frames(ofMarker: "hit").frames(count: 30) == [7])
        #expect(try t.frames(ofMarker: "half").frames(count: 30) == [3, 4])
        #expect(try t.frames(ofMarker: "tail").frames(count: 30) == Array(25..<30))
        #expect(throws: UsageError.self) { try t.frames(ofMarker: "gone") }
    }

    @Test func unknownMarkersListTheKnownOnes() {
        let t = withMarkers([Marker(name: "intro", startFrame: 0, durationFrames: 10),
                             Marker(name: "wave", startFrame: 10, durationFrames: 5)])
        do {
            _ = try t.frames(ofMarker: "outro")
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "unknown marker 'outro': known markers: 'intro', 'wave'")
        }
        do {
            _ = try withMarkers([]).frames(ofMarker: "x")
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "unknown marker 'x': the animation has no markers")
        }
    }
}
