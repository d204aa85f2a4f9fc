import CYLGeometry

/// Arc-length measures of the paths trims cut, kept from one frame to the next, and the arrays
/// the cut shapes are written into. A trim path usually animates its start and end over a path
/// that does not move, and measuring (a table of lengths per curve) was most of a trim's cost
/// and allocations: favourite_app_icon measured its 16 still paths again every frame.
///
/// A measure is found by where the path's first vertex array lives (a still path's arrays are the
/// model's, the same every frame) and used only when the shapes are equal to those measured, so
/// a path that moved, or another path at a reused address, is measured afresh: the result never
/// depends on the cache. Cut shapes go to an array per trim lookup, by the order trims ask in a
/// frame (`beginFrame` restarts it).
struct TrimMeasureCache {
    /// At most this many measures and output arrays are kept (past it the cache starts over, or
    /// trims allocate as they used to).
    static let maxEntries = 256
    /// Paths with more vertices than this are measured every time: the cache holds on to no
    /// large path between frames.
    static let maxVertices = 4096

    private struct Key: Hashable {
        var address: Int
        var shapes: Int
        var vertices: Int
    }
    private struct Entry {
        /// The measured shapes, in arrays of the entry's own (so the evaluator's arrays are never
        /// shared with the cache, which would make its next write copy them).
        var shapes: [BezierShape]
        var measure: PathMeasure
    }
    private var entries: [Key: Entry] = [:]
    /// Each lookup's cut shapes, by slot: rewritten every frame into the same arrays.
    private var outputs: [[BezierShape]] = []
    private var next = 0
    /// Scratch for joining a shape list into one path (reused, so measuring allocates no path).
    private var joined = Path()
    /// Measures taken from the cache since it was made (for tests).
    private(set) var hits = 0

    /// Starts a frame's lookups from the first output array.
    mutating func beginFrame() { next = 0 }

    /// The measure of `shapes` joined into one path (from the cache when equal shapes were
    /// measured before) and this lookup's slot for `shapes(of:slot:)`.
    mutating func measure(_ shapes: [BezierShape]) -> (measure: PathMeasure, slot: Int) {
        let slot = next
        next += 1
        let vertices = shapes.reduce(0) { $0 + $1.vertices.count }
        let address = shapes.first.map { $0.vertices.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } } ?? 0
        let key = Key(address: address, shapes: shapes.count, vertices: vertices)
        // Equal arrays that share storage compare in O(1); a copy compares element by element.
        if let entry = entries[key], entry.shapes == shapes {
            hits += 1
            return (entry.measure, slot)
        }
        joined.removeAll(keepingCapacity: true)
        for sh in shapes { sh.append(to: &joined, transform: nil) }
        guard vertices <= Self.maxVertices else { return (PathMeasure(joined), slot) }
        if var entry = entries.removeValue(forKey: key) {
            // The same arrays with other points (a path animated in place): copied over the
            // entry's own arrays and measured into its measure's, which fit.
            for (k, s) in shapes.enumerated() {
                entry.shapes[k].clear(closed: s.closed)
                entry.shapes[k].vertices.append(contentsOf: s.vertices)
                entry.shapes[k].inTangents.append(contentsOf: s.inTangents)
                entry.shapes[k].outTangents.append(contentsOf: s.outTangents)
            }
            entry.measure.measure(joined)
            entries[key] = entry
            return (entry.measure, slot)
        }
        if entries.count >= Self.maxEntries { entries.removeAll() }
        let own = shapes.map { s in
            BezierShape(closed: s.closed, vertices: s.vertices.map { $0 }, inTangents: s.inTangents.map { $0 },
                        outTangents: s.outTangents.map { $0 })
        }
        let measure = PathMeasure(joined)
        entries[key] = Entry(shapes: own, measure: measure)
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
