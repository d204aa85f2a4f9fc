@testable import CYLImageCodecs
import CYLPipeline
import CYLRaster
import Dispatch
import Testing

/// The encoders' split steps (per-frame work that any thread may run, then in-order steps) give
/// exactly the bytes of adding frames one by one, and adding frames gives exactly the bytes the
/// encoders wrote before they were split.
///
/// The pinned hashes were printed by the encoders as they were before the split (commit 0a9ad77,
/// `add` and `GIFAnimationEncoder.encode` on `SplitEncodeFrames`), so they are independent of
/// the code under test.
@Suite struct SplitEncodeTests {
    static let w = SplitEncodeFrames.width, h = SplitEncodeFrames.height

    /// Runs `body(i)` for every i on several threads at once, last index first where it can.
    static func concurrently<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) throws -> T) throws -> [T] {
        var results = [Result<T, any Error>?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { out in
            let out = UncheckedBuffer(out)
            DispatchQueue.concurrentPerform(iterations: count) { k in
                let i = count - 1 - k
                out.buffer[i] = Result { try body(i) }
            }
        }
        return try results.map { try $0!.get() }
    }

    // MARK: APNG

    static let apngCases: [(String, APNGEncodeOptions, Bool, String)] = [
        ("apng-l1", APNGEncodeOptions(), false, "dc3cc15b1e09f5e1e967ca50149245a3f7e8938ecaf349fee14db510bf8379b9"),
        ("apng-l9", APNGEncodeOptions(compressionLevel: 9), false, "9b5cde43084c7a011b14fe2c8aa3815d2cdc80de9dfc8683c2453e4d6017e9c8"),
        ("apng-rgb", APNGEncodeOptions(alpha: false), true, "49d94920c1eddeac508cba44c05f65584a091a0ea8934feeab5da203b5fbe629"),
    ]

    @Test(arguments: apngCases.indices)
    func apngPreparedOnThreadsIsTheAddPath(_ c: Int) throws {
        let (_, options, opaque, pinned) = Self.apngCases[c]
        let frames = SplitEncodeFrames.frames(opaque: opaque)
        let added = try APNGEncoder(width: Self.w, height: Self.h, options: options)
        for (f, d) in zip(frames, SplitEncodeFrames.durations) { try added.add(f, duration: d) }
        let addBytes = try added.finish()
        #expect(SHA256.hexHash(addBytes) == pinned)

        let split = try APNGEncoder(width: Self.w, height: Self.h, options: options)
        let preparer = split.preparer
        let words = try Self.concurrently(frames.count) { try preparer.words(frames[$0]) }
        let prepared = try Self.concurrently(frames.count) { i in
            try preparer.prepare(words[i], previous: i == 0 ? nil : words[i - 1])
        }
        for (p, d) in zip(prepared, SplitEncodeFrames.durations) { try split.append(p, duration: d) }
        #expect(try split.finish() == addBytes)
        // Frame 5 repeats frame 4: merged, in both paths.
        #expect(split.frameCount == frames.count - 1 && added.frameCount == frames.count - 1)
    }

    // MARK: WebP

    static let webpCases: [(WebPEncodeOptions, Bool, String)] = [
        (WebPEncodeOptions(), false, "6ae838ba957f498da618dc6eaaf9ea24308fb5779cfce25273a79dee24caf06c"),
        (WebPEncodeOptions(), true, "f16d053ab458eac2e153ed1642044d82b56c953f4d7f6141ebdde8d4f0e1f773"),
        (WebPEncodeOptions(lossless: false, quality: 75), false, "a475fbd2354aac2941e8e3f6073390f2d92fb4ab58d0e1a3c5c67db0dbacb4bf"),
        (WebPEncodeOptions(lossless: false, quality: 60), true, "cf1904b5b961540384f06ede12392ac72a85e6dd568f4bd7bc33d88d4d338871"),
    ]

    @Test(arguments: webpCases.indices)
    func webpEncodedOnThreadsIsTheAddPath(_ c: Int) throws {
        let (options, opaque, pinned) = Self.webpCases[c]
        let frames = SplitEncodeFrames.frames(opaque: opaque)
        let added = try WebPAnimationEncoder(width: Self.w, height: Self.h, options: options)
        for (f, d) in zip(frames, SplitEncodeFrames.durations) { try added.add(f, duration: d) }
        let addBytes = try added.finish()
        #expect(SHA256.hexHash(addBytes) == pinned)

        // Plans in order (settling a lossy choice at once, as the converter does), every
        // candidate of every frame encoded on threads afterwards, appended in order.
        let split = try WebPAnimationEncoder(width: Self.w, height: Self.h, options: options)
        var plans: [WebPFramePlan] = []
        var choices = 0
        for f in frames {
            let plan = try split.plan(try split.preparer.straight(f))
            if plan.needsChoice {
                choices += 1
                let encoded = try plan.candidates.map { try split.preparer.encode(plan, blend: $0, frameNumber: plans.count) }
                try split.settle(plan, with: plan.choose(encoded)!)
            }
            plans.append(plan)
        }
        let preparer = split.preparer, planned = plans
        let encoded = try Self.concurrently(planned.count) { i in
            try planned[i].candidates.map { try preparer.encode(planned[i], blend: $0, frameNumber: i) }
        }
        for i in plans.indices { try split.append(plans[i], plans[i].choose(encoded[i]), duration: SplitEncodeFrames.durations[i]) }
        #expect(try split.finish() == addBytes)
        // The opaque lossy case is the one whose canvas waits for a choice.
        #expect((choices > 0) == (opaque && !options.lossless))
    }

    // MARK: GIF

    static let gifCases: [(GIFEncodeOptions, Bool, String)] = [
        (GIFEncodeOptions(), false, "a9c20793f0981cccba17ad54c6cd092a7c362273381fd47dadb8eddfc5b1ffe4"),
        (GIFEncodeOptions(dither: .fs), false, "671ecca6497c080108365e65af4e002a45f5cc11be50dd23be39a84c12cb7697"),
        (GIFEncodeOptions(transparency: .matte(RGBA8(255, 255, 255, 255)), dither: .ordered, maxColors: 16), false, "f58ca3b48e3435c7f30e0fa905868e58c3fdc7300d5c6df6f5df30ea8ac7f69d"),
        (GIFEncodeOptions(unchangedTolerance: 0), true, "e3feaa180dc84af3959fe9774c6af02a13d09e909ec6f6a257cad79cc0e7f3ae"),
        (GIFEncodeOptions(optimizeFrames: false), false, "599a67e7e0cb36572d8406b24f3eda367b53a4a6769fc2789434ef2082e4860d"),
    ]

    @Test(arguments: gifCases.indices)
    func gifMappedAndCodedOnThreadsIsTheAddPath(_ c: Int) throws {
        let (options, opaque, pinned) = Self.gifCases[c]
        let frames = SplitEncodeFrames.frames(opaque: opaque)
        let addBytes = try GIFAnimationEncoder.encode(frames: frames, delaysCentiseconds: SplitEncodeFrames.delays, options: options)
        #expect(SHA256.hexHash(addBytes) == pinned)

        let split = try GIFAnimationEncoder(width: Self.w, height: Self.h, options: options)
        let preparer = split.preparer
        for runs in try Self.concurrently(frames.count, { try preparer.runs(frames[$0]) }) { try split.analyze(runs) }
        try split.buildPalette()
        let factory = try split.mapperFactory()
        // A mapper per frame: none shares caches with another, or with the encoder's own.
        let mapped = try Self.concurrently(frames.count) { try factory.make().map(frames[$0]) }
        var finished: [GIFFinishedFrame] = []
        for (m, d) in zip(mapped, SplitEncodeFrames.delays) {
            if let f = try split.place(m, delayCentiseconds: d) { finished.append(f) }
        }
        if let last = split.finishLast() { finished.append(last) }
        let done = finished
        for e in try Self.concurrently(done.count, { try done[$0].encode() }) { try split.append(e) }
        #expect(try split.finish() == addBytes)
    }

    /// A frame like a flat icon's: a few solid rectangles on transparency (or on white).
    static func flatFrame(opaque: Bool) -> Pixmap {
        var p = try! Pixmap(width: w, height: h)
        for y in 0..<h { for x in 0..<w {
            var c = opaque ? RGBA8(255, 255, 255, 255) : .transparent
            if (6..<30).contains(x) && (4..<20).contains(y) { c = RGBA8(30, 120, 220, 255) }
            if (20..<44).contains(x) && (16..<36).contains(y) { c = RGBA8(240, 90, 40, 255) }
            p[x, y] = c.premultiplied
        } }
        return p
    }

    /// Pass 1 may keep each frame's target words for pass 2 (as runs when those are smaller, else
    /// word by word): its runs are the runs without keeping, mapping what it kept gives the
    /// indices mapping the frame gives, and the file is the add path's.
    @Test(arguments: gifCases.indices)
    func gifTargetsKeptInPassOneMapAsTheFramesDo(_ c: Int) throws {
        let (options, opaque, _) = Self.gifCases[c]
        let frames = SplitEncodeFrames.frames(opaque: opaque) + [Self.flatFrame(opaque: opaque)]
        let delays = SplitEncodeFrames.delays + [4]
        let addBytes = try GIFAnimationEncoder.encode(frames: frames, delaysCentiseconds: delays, options: options)

        let split = try GIFAnimationEncoder(width: Self.w, height: Self.h, options: options)
        let preparer = split.preparer
        var kept: [GIFTargetFrame] = []
        for frame in frames {
            let (runs, target) = try preparer.runs(frame, keepingTarget: true)
            let plain = try preparer.runs(frame)
            #expect(runs.colors == plain.colors && runs.counts == plain.counts)
            try split.analyze(runs)
            let t = try #require(target)
            #expect(t.byteCount <= Self.w * Self.h * 4, "kept more than the words would take")
            kept.append(t)
        }
        // The flat frame is 5 runs a row at most: far under the 4 bytes a pixel of its words.
        #expect(kept.last!.byteCount < Self.w * Self.h)
        #expect(try preparer.runs(frames[0], keepingTarget: false).target == nil)
        try split.buildPalette()
        let factory = try split.mapperFactory()
        let mapper = factory.make()
        var finished: [GIFFinishedFrame] = []
        for i in frames.indices {
            let fromKept = try mapper.map(kept[i])
            #expect(fromKept.indices == (try factory.make().map(frames[i])).indices, "frame \(i)")
            if let f = try split.place(fromKept, delayCentiseconds: delays[i]) { finished.append(f) }
        }
        if let last = split.finishLast() { finished.append(last) }
        for f in finished { try split.append(try f.encode()) }
        #expect(try split.finish() == addBytes)
    }

    /// LZW coded apart and spliced in gives the bytes giflib writes streaming, for colour tables
    /// of 2 to 256 entries, one pixel to several 255-byte sub-blocks.
    @Test(arguments: [(1, 1, 2), (7, 3, 3), (64, 48, 17), (200, 150, 256)])
    func lzwCodedApartIsWhatTheStreamWrites(_ w: Int, _ h: Int, _ colors: Int) throws {
        var seed: UInt32 = 7
        let pixels: [UInt8] = (0..<(w * h)).map { i in
            seed = seed &* 1_103_515_245 &+ 12345
            return UInt8((i / 5 + Int(seed >> 28)) % colors)  // runs and noise
        }
        let palette = (0..<colors).map { UInt32($0 * 0x010101 & 0xFFFFFF) }
        let streamed = try GIFWriter(width: w, height: h, palette: palette)
        let spliced = try GIFWriter(width: w, height: h, palette: palette)
        try pixels.withUnsafeBufferPointer { p in
            try streamed.putFrame(x: 0, y: 0, width: w, height: h, pixels: p.baseAddress!, rowStride: w,
                                  delayCentiseconds: 4, disposal: .background, transparentIndex: 1)
            let data = try GIFWriter.encodeImage(width: w, height: h, pixels: p.baseAddress!, rowStride: w,
                                                 colorMapSize: GIFWriter.colorMapSize(colors))
            try spliced.putEncodedFrame(x: 0, y: 0, width: w, height: h, data: data, delayCentiseconds: 4,
                                        disposal: .background, transparentIndex: 1)
        }
        #expect(try spliced.finish() == streamed.finish())
    }
}

/// A buffer written at distinct indices from `concurrentPerform`'s threads.
private struct UncheckedBuffer<T>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<T>
    init(_ buffer: UnsafeMutableBufferPointer<T>) { self.buffer = buffer }
}
