// libFuzzer target: Lottie expressions written from a small JavaScript grammar, not bytes. Each
// input is read as a stream of choices (`ExpressionGrammar`) that builds a program of loops, native
// string and array methods with sizes around the caps, JSON round trips, code built at run time,
// try/catch, recursion and the After Effects API; the program is the expression on a layer's
// position and opacity inside a valid Lottie, which is opened and rendered at three times. With
// libFuzzer's -timeout (10 s) any program the time budgets do not bound is a finding, as are
// crashes, leaks and errors that do not name the file. Built by `make fuzz TARGET=expression`.
#if FUZZING
import CYLLottieAnimator
import CYLRaster
import CYLTimeline
import FuzzSupport

/// Small budgets so each input costs at most a few tenths of a second: what is fuzzed is that
/// they hold, not how long a well-behaved expression may run.
let limits: Limits = {
    var l = Limits()
    l.maxExpressionTime = .milliseconds(20)
    l.maxExpressionTotalTime = .milliseconds(150)
    l.maxExpressionMemory = 16 << 20
    return l
}()

/// `text` as a JSON string (FuzzSupport's writer escapes it).
func quoted(_ text: String) -> String { String(decoding: JSONTree.string(text).serialized(), as: UTF8.self) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var grammar = ExpressionGrammar(choices: Fuzz.bytes(data, size))
    let position = grammar.program(result: "[50 + v0 % 10, 50]")
    let opacity = grammar.program(result: "typeof v0 === 'number' ? v0 % 100 : 50")
    let name = "fuzz-expression.json"
    let json = """
    {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":64,"h":64,"layers":[{"ty":4,"ind":1,"nm":"A","ip":0,"op":30,"st":0,
     "ks":{"p":{"a":0,"k":[32,32,0],"x":\(quoted(position))},
           "o":{"a":0,"k":100,"x":\(quoted(opacity))}},
     "shapes":[{"ty":"rc","nm":"Box","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},
               {"ty":"fl","nm":"Paint","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
    """
    do {
        let timeline = try LottieAnimator().timeline(bytes: Array(json.utf8), name: name, options: OpenOptions(limits: limits))
        for t in [0.0, 14.5, 29.0] { _ = try timeline.render(frameTime: t, size: PixelSize(16, 16)) }
    } catch {
        Fuzz.checkError(error, names: name)
    }
    return 0
}
#endif
