// libFuzzer target: dotLottie (.lottie, a zip with manifest.json, a/ or animations/*.json,
// t/*.json themes and s/*.json state machines) through the back-end's entry point, then the first
// frame rendered small; then again with each of the first animation's themes (at most
// `maxThemes`), so theme rules are read, turned into slot values and drawn; then opened as a tab
// opens it (`playsSelection`), so the first state machine is parsed, run by the engine and made
// into a selection plan whose frames (the rest pose, the end of selecting, the way back) are
// drawn. The zip reader, inflate, themes and state machines are the code under test; Lottie
// itself has its own target. The custom mutator (`Fuzz.mutateZipEntries`) rewrites the archive
// around a mutated entry, so the JSON inside gets past the entries' CRC-32s.
// Built by `make fuzz TARGET=dotlottie`; compiled only with -DFUZZING (Fuzz/README.md).
#if FUZZING
import CYLDocuments
import CYLLottieAnimator
import CYLRaster
import CYLTimeline
import FuzzSupport

/// Keys of the manifest, theme rules and state machines worth inserting into an entry.
let entryMutator = JSONMutator(keys: [
    "version", "animations", "themes", "stateMachines", "id", "rules", "type", "value", "keyframes", "frame",
    "inTangent", "outTangent", "valueInTangent", "valueOutTangent", "hold", "expression", "offset", "color", "path",
    "dataUrl", "text", "fontSize", "sid", "slots", "markers", "cm", "tm", "dr",
    "initial", "states", "name", "animation", "segment", "mode", "loop", "loopCount", "autoplay", "speed", "final",
    "transitions", "toState", "guards", "inputName", "conditionType", "compareTo", "tween", "duration", "easing",
    "entryActions", "exitActions", "interactions", "actions", "layerName", "stateName", "inputs", "url", "target",
    "descriptor", "integer", "min", "max",
])

@_cdecl("LLVMFuzzerCustomMutator")
public func customMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    Fuzz.mutateZipEntries(data, size, maxSize, seed, with: entryMutator)
}

/// Themes drawn per input: enough to reach every rule path without one input taking long.
let maxThemes = 4

/// Opens `bytes` with `options` and draws `frames` of it (indices past the end are skipped), as
/// a tab or `render` would; an error must name the input.
func openAndDraw(_ bytes: [UInt8], _ name: String, _ options: OpenOptions, frames: (FrameTimeline) -> [Int]) -> Bool {
    do {
        let timeline = try DotLottieAnimator().timeline(bytes: bytes, name: name, options: options)
        for f in frames(timeline) where f >= 0 && f < timeline.frameCount {
            _ = try timeline.render(frame: f, size: PixelSize(16, 16))
        }
        return true
    } catch {
        Fuzz.checkError(error, names: name)
        return false
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Fuzz.bytes(data, size)
    let name = "fuzz.lottie"
    guard openAndDraw(bytes, name, OpenOptions(), frames: { _ in [0] }) else { return 0 }
    guard let file = try? DotLottieFile(bytes: bytes, name: name, maxEntryBytes: Limits.standard.maxJSONBytes) else { return 0 }
    for theme in file.themeIDs(forAnimation: file.animationIDs[0]).prefix(maxThemes) {
        _ = openAndDraw(bytes, name, OpenOptions(theme: theme), frames: { _ in [0] })
    }
    if !file.stateMachineIDs.isEmpty {
        // A tab's selection: frame 0 rests, the frame before the way back is what selecting ends
        // on, the last frame ends the way back.
        _ = openAndDraw(bytes, name, OpenOptions(playsSelection: true)) { t in
            [0, (t.deselectionStart ?? t.frameCount) - 1, t.frameCount - 1]
        }
    }
    return 0
}
#endif
