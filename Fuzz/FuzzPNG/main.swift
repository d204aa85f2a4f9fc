// libFuzzer target: PNG header reading (what `info` checks on a folder of frames) and decoding
// (libpng through our shim), drawn small.
// Built by `make fuzz TARGET=png`; compiled only with -DFUZZING (Fuzz/README.md).
#if FUZZING
import CYLImageCodecs
import CYLRaster
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Fuzz.bytes(data, size)
    let name = "fuzz.png"
    do {
        _ = try PNGCodec.readSize(bytes, name: name)
    } catch {
        Fuzz.checkError(error, names: name)
    }
    do {
        let image = try PNGCodec.decode(bytes, name: name, maxPixels: 1 << 20)
        var small = try Pixmap(width: 16, height: 16)
        image.draw(fittedInto: &small)
    } catch {
        Fuzz.checkError(error, names: name)
    }
    return 0
}
#endif
