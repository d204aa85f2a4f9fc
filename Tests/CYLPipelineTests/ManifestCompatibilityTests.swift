import Foundation
import Testing
@testable import CYLPipeline
import CYLTabBarItemAnimation

/// Build manifests written before the encoder settings had one type (manifest version 1, cylanim
/// 0.1.0 at d38588b) are still read, now with typed formats and appearances, and the same pipeline
/// gives the same canonical settings and build keys, so an existing build stays up to date.
struct ManifestCompatibilityTests {
    /// What `cylanim build` wrote for `pipeline` (every encoder key, light and dark, every format
    /// but .tgs) before the change; the PNG frames' listing is cut to two files. (The blank last
    /// line keeps the file's final newline in the literal.)
    static let versionOneManifest = #"""
{
  "manifestVersion": 1,
  "tool": "cylanim",
  "toolVersion": "0.1.0",
  "pipeline": "p.json",
  "shard": null,
  "plannedJobs": 5,
  "planDigest": "49156b5ec3c4078fccebba8461292b9321542a2eeca46a7de56e391a15cef45d",
  "elapsedMs": 695.8,
  "outputs": [
    {"output":"a@1.5x.png","status":"built","input":"checkmark.json","inputSha256":"81b1561d98c424b49137abbb9c13905bd478a2c8c689733cbc8075f38157801a","format":"apng","scale":1.5,"appearance":"light","settings":{"format":"apng","scale":1.5,"appearance":"light","fps":12.5,"loop":"forever","compression":9},"buildKey":"b982c01c74128d99c455a6da4707a3e7175f27898820f29e26a2dc08c4449d98","sha256":"5f9f4e41b32072052a12fb92e270dbc50e254b89a67e8d7950d0249e03d61838","bytes":18099,"frames":10,"durationMs":1000,"timeMs":652.8},
    {"output":"f/%02d.png","status":"built","input":"checkmark.json","inputSha256":"81b1561d98c424b49137abbb9c13905bd478a2c8c689733cbc8075f38157801a","format":"png-sequence","scale":1,"appearance":"light","settings":{"format":"png-sequence","scale":1,"appearance":"light"},"buildKey":"bde93f74f032e1f2c277fb3aae4d544299c3e86c95f2f92a435b57398828f6be","sha256":"6f0a7141b51ac677546331db9d6d2302bae97c5b65585231fbdff20a7166ca48","bytes":50579,"frames":30,"durationMs":1000,"files":[{"path":"f/00.png","sha256":"ce1ea53f6cc4739a80a363eb2499948a1d15e302a7724b1101fcee233f40d588","bytes":904},{"path":"f/01.png","sha256":"506c01f056a2b579595ab488d506085cd9d271210b4376650d17bc4fc66decbe","bytes":901}],"timeMs":216.6},
    {"output":"g.gif","status":"built","input":"checkmark.json","inputSha256":"81b1561d98c424b49137abbb9c13905bd478a2c8c689733cbc8075f38157801a","format":"gif","scale":2,"appearance":"light","settings":{"format":"gif","width":54,"height":54,"scale":2,"appearance":"light","matte":"#ffffffff","background":"#00000080","fps":24,"speed":2,"colors":64,"dither":"ordered","alphaThreshold":100,"loop":"repeat 3 times"},"buildKey":"93aa09b20d49337b36fb227325d30c961eed096d5bf8f957272ecad076613100","sha256":"7e627c9b7bf25221edaf397a2859ea726900f102630ea588be896fdaefeab6ca","bytes":2033,"frames":9,"durationMs":500,"timeMs":151.3},
    {"output":"g_dark.gif","status":"built","input":"checkmark.json","inputSha256":"81b1561d98c424b49137abbb9c13905bd478a2c8c689733cbc8075f38157801a","format":"gif","scale":2,"appearance":"dark","settings":{"format":"gif","width":54,"height":54,"scale":2,"appearance":"dark","matte":"#ffffffff","background":"#00000080","fps":24,"speed":2,"colors":64,"dither":"ordered","alphaThreshold":100,"loop":"repeat 3 times","darkColors":[["**.Fill 1","#ffffffff"]]},"buildKey":"dfff3ffff665b60099a7a39b213ab23f4d262ffce0de908497687faa9fa8244d","sha256":"7e627c9b7bf25221edaf397a2859ea726900f102630ea588be896fdaefeab6ca","bytes":2033,"frames":9,"durationMs":500,"timeMs":33.9},
    {"output":"w.webp","status":"built","input":"checkmark.json","inputSha256":"81b1561d98c424b49137abbb9c13905bd478a2c8c689733cbc8075f38157801a","format":"webp","scale":1,"appearance":"light","settings":{"format":"webp","scale":1,"appearance":"light","quality":80,"lossless":false,"loop":"once","compression":6},"buildKey":"6c6bf6aece3b85804128961822c5ea4700ce2571872493cbdf06038018743964","sha256":"8c4b59eddfb28d2fa5089de797a0e0580b6ce73bb3abf79cd139cb2a3195f6e7","bytes":11972,"frames":21,"durationMs":1000,"timeMs":43.9}
  ],
  "undeclared": []
}

"""#

    static let pipeline = #"""
{"inputs": [{"path": "checkmark.json", "darkColors": {"**.Fill 1": "#fff"}}],
 "outputs": [
  {"format": "gif", "size": 27, "scales": [2], "appearances": ["light", "dark"], "name": "g{appearance}.gif",
   "matte": "#ffffff", "background": "#00000080", "fps": 24, "speed": 2, "colors": 64, "dither": "ordered",
   "alphaThreshold": 100, "loop": 3},
  {"format": "webp", "name": "w.webp", "quality": 80, "lossless": false, "compression": 6, "loop": "once", "speed": 1},
  {"format": "png", "scales": [1.5], "name": "a@{scale}x.png", "compression": 9, "loop": "forever", "fps": 12.5},
  {"format": "png-sequence", "name": "f/%02d.png"}
 ]}
"""#

    @Test func aVersionOneManifestIsReadWithTypedFormatsAndAppearances() throws {
        let m = try BuildManifest.parse(Array(Self.versionOneManifest.utf8), name: "old.json")
        #expect(m.entries.map(\.format) == [.apng, .pngSequence, .gif, .gif, .webp])
        #expect(m.entries.map(\.appearance) == [.light, .light, .light, .dark, .light])
        // Written again, it is the same text: the layout has not changed.
        #expect(m.text == Self.versionOneManifest)
    }

    @Test func theSamePipelineGivesTheSettingsAndBuildKeysVersionOneRecorded() throws {
        let dir = try Scratch()
        try dir.copy("checkmark.json", to: "checkmark.json")
        let path = try dir.write("p.json", Self.pipeline)
        let plan = try BuildPlan(pipeline: try Pipeline.load(path: path), registry: .standard)
        let old = try BuildManifest.parse(Array(Self.versionOneManifest.utf8), name: "old.json")
        #expect(plan.jobs.map(\.key) == old.entries.map(\.output))
        for (job, entry) in zip(plan.jobs, old.entries) {
            #expect(job.settingsText == entry.settings.text, "\(job.key)")
            #expect(job.target.format == entry.format && job.appearance == entry.appearance, "\(job.key)")
            // The key the build compares, from the input hash the old manifest recorded.
            let key = InputDigest.buildKey(toolVersion: old.toolVersion, inputSHA256: entry.inputSHA256,
                                           darkSHA256: entry.darkInputSHA256, settings: job.settingsText)
            #expect(key == entry.buildKey, "\(job.key)")
        }
    }

    /// A format or appearance no version of cylanim writes makes the manifest unreadable, named
    /// with its place; the build then ignores it and makes every output again, as it does for a
    /// manifest of an unknown version.
    @Test func anUnknownFormatInAManifestIsNamedAndTheBuildStartsAgain() throws {
        let bad = Self.versionOneManifest.replacingOccurrences(of: "\"format\":\"webp\",\"scale\"", with: "\"format\":\"jpeg\",\"scale\"")
        #expect(bad != Self.versionOneManifest)
        do { _ = try BuildManifest.parse(Array(bad.utf8), name: "old.json"); Issue.record("read") } catch {
            #expect(error.description.hasPrefix("old.json: outputs[4].format (15:"), "\(error)")
            #expect(error.description.hasSuffix("unknown format \"jpeg\"; a manifest names gif, apng, webp, png-sequence, tgs or lottie"), "\(error)")
        }
        let dark = Self.versionOneManifest.replacingOccurrences(of: "\"appearance\":\"dark\",\"settings\"", with: "\"appearance\":\"dusk\",\"settings\"")
        #expect(throws: ManifestError.self) { try BuildManifest.parse(Array(dark.utf8), name: "old.json") }

        let dir = try Scratch()
        try dir.copy("checkmark.json", to: "checkmark.json")
        let path = try dir.write("p.json", Self.pipeline)
        #expect(try build(path).count(.built) == 5)
        let manifest = try #require(dir.read("build/build-manifest.json"))
        let text = String(decoding: manifest, as: UTF8.self)
        try dir.write("build/build-manifest.json", text.replacingOccurrences(of: "\"format\":\"gif\",\"scale\"", with: "\"format\":\"jpeg\",\"scale\""))
        let again = try build(path)
        #expect(again.count(.built) == 5)
        #expect(again.warnings.contains { $0.contains("unknown format \"jpeg\"") && $0.contains("every output of this run is rebuilt") }, "\(again.warnings)")
    }
}
