import CYLGeometry

/// Arc-length measures of the paths trims cut, kept from one frame to the next. A trim path
/// usually animates its start and end over a path that does not move, and measuring (a table of
/// lengths per curve) was most of a trim's cost and allocations: favourite_app_icon measured its
/// 16 still paths again every frame.
///
/// Entries are looked up by the order trims ask in a frame (`beginFrame` restarts it) and used
/// only when the shapes are equal to those measured, so a frame that asks in another order, or a
/// path that moved, measures afresh: the result never depends on the cache.
struct TrimMeasureCache {
    /// At most this many measures are kept (trims beyond it in a frame measure every time).
    static let maxEntries = 256
    /// Paths with more vertices than this are measured every time: the cache holds on to no
    /// large path between frames.
    static let maxVertices = 4096

    private struct Entry {
        var shapes: [BezierShape]
        var measure: PathMeasure
    }
    private var entries: [Entry] = []
    /// Each lookup's cut shapes, by slot: rewritten every frame into the same arrays.
    private var outputs: [[BezierShape]] = []
    private var next = 0
    /// Scratch for joining a shape list into one path (reused, so measuring allocates no path).
    private var joined = Path()
    /// Measures taken from the cache since it was made (for tests).
    private(set) var hits = 0

    /// Starts a frame's lookups from the first entry.
    mutating func beginFrame() { next = 0 }

    /// The measure of `shapes` joined into one path, from the cache when this lookup measured
    /// equal shapes last time.
    mutating func measure(_ shapes: [BezierShape]) -> (measure: PathMeasure, slot: Int) {
        let slot = next
        next += 1
        // Equal arrays that share storage (a still path straight from the model) compare in O(1).
        if slot < entries.count, entries[slot].shapes == shapes {
            hits += 1
            return (entries[slot].measure, slot)
        }
        joined.removeAll(keepingCapacity: true)
        for sh in shapes { sh.append(to: &joined, transform: nil) }
        let measure = PathMeasure(joined)
        let vertices = shapes.reduce(0) { $0 + $1.vertices.count }
        if slot < Self.maxEntries, vertices <= Self.maxVertices {
            // The shapes are copied into the entry's own array: holding the caller's would make
            // its next write (the evaluator reuses its arrays) copy the array.
            if slot < entries.count {
                entries[slot].shapes.removeAll(keepingCapacity: true)
                entries[slot].shapes.append(contentsOf: shapes)
                entries[slot].measure = measure
            } else if slot == entries.count {
                var own: [BezierShape] = []
                own.append(contentsOf: shapes)
                entries.append(Entry(shapes: own, measure: measure))
            }
        }
        return (measure, slot)
    }

    /// The shapes of `path` (what the trim of lookup `slot` kept), written into that slot's array
    /// from the last frame. The caller's copy shares the array until it writes to it.
    mutating func shapes(of path: Path, slot: Int) -> [BezierShape] {
        guard slot < Self.maxEntries else { return BezierShape.shapes(from: path) }
        while outputs.count <= slot { outputs.append([]) }
        BezierShape.shapes(from: path, into: &outputs[slot])
        return outputs[slot]
    }
}
