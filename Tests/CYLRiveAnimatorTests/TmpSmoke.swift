import Testing
import Foundation
import CYLTimeline
@testable import CYLRiveAnimator

@Suite struct TmpSmoke {
    @Test func stepAll() throws {
        for e in RiveCorpus.entries {
            let t0 = Date()
            let doc = try RiveDocument(bytes: try RiveCorpus.bytes(e), name: e.file)
            let src = RiveFrameSource(doc)
            for n in e.frames { _ = src.scene(at: min(n, doc.frameCount - 1)) }
            let dt = Date().timeIntervalSince(t0)
            if dt > 0.5 || e.frames.last! >= doc.frameCount { print("SLOW/SHORT", e.stem, dt, doc.frameCount, e.frames) }
            for d in doc.diagnostics { print("DIAG", e.stem, d) }
        }
    }
}
