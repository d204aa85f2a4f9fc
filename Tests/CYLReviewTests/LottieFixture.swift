import Foundation

/// Small Lottie documents written for the lint tests: each shows one thing a rule looks for, so
/// the expected findings follow from the document, not from our own output.
struct LottieFixture {
    var width = 100, height = 100
    var fps = 30.0
    var frames = 30
    var layers: [String] = []
    var extra = ""

    var json: String {
        """
        {"v":"5.7.0","fr":\(fps),"ip":0,"op":\(frames),"w":\(width),"h":\(height),"ddd":0,"assets":[],"layers":[\(layers.joined(separator: ","))]\(extra)}
        """
    }

    func write(_ name: String, in dir: Scratch) throws -> String {
        let path = dir.file(name)
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A static property, or keyframes `[(frame, value)]` (linear).
    static func value(_ v: [Double]) -> String { "{\"a\":0,\"k\":[\(v.map { "\($0)" }.joined(separator: ","))]}" }
    static func animated(_ keys: [(Double, [Double])]) -> String {
        let k = keys.enumerated().map { i, key in
            let s = "\"t\":\(key.0),\"s\":[\(key.1.map { "\($0)" }.joined(separator: ","))]"
            return i == keys.count - 1 ? "{\(s)}" : "{\(s),\"o\":{\"x\":[0],\"y\":[0]},\"i\":{\"x\":[1],\"y\":[1]}}"
        }
        return "{\"a\":1,\"k\":[\(k.joined(separator: ","))]}"
    }

    /// A shape layer drawing `shapes`, placed by `position` (a property), shown from `ip` to `op`.
    static func layer(_ shapes: [String], position: String = value([0, 0]), scale: String = value([100, 100]),
                      ip: Double = 0, op: Double = 1000, extra: String = "") -> String {
        """
        {"ty":4,"ind":1,"nm":"layer","ip":\(ip),"op":\(op),"st":0,"sr":1,"ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},
         "p":\(position),"a":{"a":0,"k":[0,0]},"s":\(scale)},"shapes":[\(shapes.joined(separator: ","))]\(extra)}
        """
    }

    /// A filled rectangle centred on (cx, cy).
    static func rect(_ cx: Double, _ cy: Double, _ w: Double, _ h: Double, color: [Double] = [0.1, 0.4, 1, 1]) -> [String] {
        ["{\"ty\":\"rc\",\"p\":\(value([cx, cy])),\"s\":\(value([w, h])),\"r\":{\"a\":0,\"k\":0}}",
         "{\"ty\":\"fl\",\"c\":\(value(color)),\"o\":{\"a\":0,\"k\":100}}"]
    }

    /// An open path from (x0, y0) to (x1, y1), stroked `width` wide.
    static func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, width: Double) -> [String] {
        ["{\"ty\":\"sh\",\"ks\":{\"a\":0,\"k\":{\"c\":false,\"v\":[[\(x0),\(y0)],[\(x1),\(y1)]],\"i\":[[0,0],[0,0]],\"o\":[[0,0],[0,0]]}}}",
         "{\"ty\":\"st\",\"c\":\(value([0.1, 0.4, 1, 1])),\"o\":{\"a\":0,\"k\":100},\"w\":{\"a\":0,\"k\":\(width)},\"lc\":1,\"lj\":1}"]
    }
}
