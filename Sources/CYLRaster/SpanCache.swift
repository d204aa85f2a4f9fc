import CYLGeometry
#if canImport(Glibc)
import Glibc
#endif

/// The coverage spans of each fill and stroke of the last frame, kept so that the next frame
/// paints an unchanged shape without flattening, stroking or scan-converting it again: in a tab
/// icon most shapes stand still while a few move.
///
/// Entries are found by draw order (the n-th fill or stroke since `beginFrame`), not by hashing:
/// a scene draws its shapes in the same order every frame. An entry is used only when everything
/// scan conversion reads is equal: the path's verbs and points (compared byte for byte), the
/// transform, the clip, the fill rule or stroke style and the point limit. Equal inputs give equal
/// spans, so a frame drawn from the cache is the frame drawn without it, bit for bit.
///
/// Entries keep copies in their own buffers (never sharing a caller's array storage, which would
/// make the caller's next in-place write copy it), so a steady animation allocates nothing here.
final class SpanCache {
    /// What made the spans besides the path.
    enum Kind: Equatable {
        case fill(FillRule)
        /// A stroke, and whether its folds were resolved (`Canvas.resolveStrokeOverlaps`).
        case stroke(StrokeStyle, resolvesOverlaps: Bool)
    }

    /// Most bytes of paths and spans kept, all entries together (32 MiB).
    static let maxBytes = 32 << 20
    /// Most draws per frame that are cached; later ones are always drawn.
    static let maxEntries = 4096

    private struct Entry {
        var verbs: [Path.Verb] = []
        var points: [Point] = []
        var kind = Kind.fill(.nonZero)
        var transform = Transform.identity
        var clip = IntRect.none
        var maxPoints = 0
        var spans: [Span] = []
        var valid = false

        var bytes: Int {
            verbs.capacity * MemoryLayout<Path.Verb>.stride + points.capacity * MemoryLayout<Point>.stride
                + spans.capacity * MemoryLayout<Span>.stride
        }
    }

    private var entries: [Entry] = []
    private var next = 0
    private var slot = -1
    private var bytes = 0
    /// Draws served from the cache and drawn anew (tests check both).
    private(set) var hits = 0, misses = 0

    /// Starts a frame: the next draw is the first again.
    func beginFrame() { next = 0 }

    /// Whether the spans of this draw are kept from the last frame (then `lastSpans` are they);
    /// otherwise the caller scan-converts and hands the result to `store`.
    func lookup(_ path: Path, _ kind: Kind, transform: Transform, clip: IntRect, maxPoints: Int) -> Bool {
        slot = next
        next += 1
        guard slot < entries.count else { misses += 1; return false }
        let e = entries[slot]
        guard e.valid, e.transform == transform, e.clip == clip, e.maxPoints == maxPoints, e.kind == kind,
              Self.sameBytes(e.verbs, path.verbs), Self.sameBytes(e.points, path.points) else {
            misses += 1
            return false
        }
        hits += 1
        return true
    }

    /// The spans of the draw `lookup` found.
    var lastSpans: [Span] { entries[slot].spans }

    /// Keeps `spans` for the draw `lookup` just missed.
    func store(_ path: Path, _ kind: Kind, transform: Transform, clip: IntRect, maxPoints: Int, spans: [Span]) {
        guard slot >= 0, slot < Self.maxEntries else { return }
        while entries.count <= slot { entries.append(Entry()) }
        bytes -= entries[slot].bytes
        let added = path.verbs.count * MemoryLayout<Path.Verb>.stride + path.points.count * MemoryLayout<Point>.stride
            + spans.count * MemoryLayout<Span>.stride
        guard bytes + added <= Self.maxBytes else {
            entries[slot] = Entry()  // over the budget: this draw is not kept (and frees its buffers)
            return
        }
        entries[slot].verbs.removeAll(keepingCapacity: true)
        entries[slot].verbs.append(contentsOf: path.verbs)
        entries[slot].points.removeAll(keepingCapacity: true)
        entries[slot].points.append(contentsOf: path.points)
        entries[slot].spans.removeAll(keepingCapacity: true)
        entries[slot].spans.append(contentsOf: spans)
        entries[slot].kind = kind
        entries[slot].transform = transform
        entries[slot].clip = clip
        entries[slot].maxPoints = maxPoints
        entries[slot].valid = true
        bytes += entries[slot].bytes
    }

    /// Byte equality of two arrays of plain values (memcmp, not element by element: this runs
    /// on every draw of every frame).
    private static func sameBytes<T: BitwiseCopyable>(_ a: [T], _ b: [T]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
    }
}
