// libFuzzer target: Lottie JSON and gzip-compressed Lottie (.tgs) through the back-end's entry
// point, then a few frames rendered small (the model, keypaths, colour overrides, renderer).
// Structure-aware: a custom mutator edits the JSON tree of corpus files (Fuzz/FuzzSupport).
// Built by `make fuzz TARGET=lottie`; compiled only with -DFUZZING (Fuzz/README.md).
#if FUZZING
import CYLLottieAnimator
import CYLRaster
import CYLTimeline
import FuzzSupport
#if canImport(Glibc)
import Glibc
#endif

let lottieMutator = JSONMutator(keys: [
    "v", "fr", "ip", "op", "w", "h", "ddd", "assets", "layers", "markers", "id", "refId", "ind", "parent", "ty", "nm",
    "ks", "o", "r", "p", "a", "s", "sk", "sa", "rx", "ry", "rz", "or", "px", "py", "k", "t", "i", "e", "h", "x", "y",
    "st", "sr", "tm", "tt", "td", "tp", "hd", "bm", "masksProperties", "mode", "inv", "pt", "shapes", "it", "c", "v",
    "lc", "lj", "ml", "d", "g", "sc", "sh", "sw", "ef", "tr", "so", "eo", "m", "ir", "is", "pt", "os", "sy", "u", "e",
    "cm", "dr", "nm", "np", "cix", "ix", "l", "rd", "sid", "slots",
])

@_cdecl("LLVMFuzzerCustomMutator")
public func customMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    Fuzz.mutate(data, size, maxSize, seed, with: lottieMutator)
}

@_cdecl("LLVMFuzzerCustomCrossOver")
public func customCrossOver(_ a: UnsafePointer<UInt8>?, _ aSize: Int, _ b: UnsafePointer<UInt8>?, _ bSize: Int,
                            _ out: UnsafeMutablePointer<UInt8>, _ maxOut: Int, _ seed: UInt32) -> Int {
    Fuzz.crossOver(a, aSize, b, bSize, out, maxOut, seed, with: lottieMutator)
}

/// CYL_FUZZ_PARSE_ONLY=1 stops after opening (model, keypaths, overrides): for fuzzing the parser
/// while a known renderer crash is being fixed.
let parseOnly = getenv("CYL_FUZZ_PARSE_ONLY").map { String(cString: $0) == "1" } ?? false

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Fuzz.bytes(data, size)
    let name = "fuzz.json"
    var options = OpenOptions()
    // Image files are looked for where there are none: reads stay deterministic and fast.
    options.assetsDirectory = "/nonexistent-cylanim-fuzz-assets"
    // Every third input also gets command-line slot values (numbers, colours, JSON).
    if size % 3 == 0 {
        options.slots = [SlotOverride(id: "a", value: .number(50)), SlotOverride(id: "b", value: .color(RGBA8(0, 255, 0, 255))),
                         SlotOverride(id: "c", value: .json("[1,2,3]"))]
    }
    // Every other input also goes through dark-mode colour overrides (keypath matching, recolouring).
    if size % 2 == 1 {
        options.colorOverrides = [ColorOverride(keypath: "**", color: RGBA8(255, 0, 0, 255)),
                                  ColorOverride(keypath: "*.**.Fill 1", color: RGBA8(0, 0, 255, 128))]
    }
    do {
        let timeline = try LottieAnimator().timeline(bytes: bytes, name: name, options: options)
        if parseOnly { return 0 }
        let last = Double(timeline.frameCount)
        for t in [0, last / 2 + 0.25, last] {
            _ = try timeline.render(frameTime: t, size: PixelSize(24, 24))
        }
    } catch {
        Fuzz.checkError(error, names: name)
    }
    return 0
}
#endif
