import CYLTestSupport
import Foundation
import Testing
@testable import CYLDocuments

/// The configuration-format readers: each format's features, errors with their position, the
/// bounds, and the same tree from every format.
struct StructuredReaderTests {
    /// A compact rendering of a tree for comparisons: `{a:1,b:[true,"x"]}`.
    static func show(_ n: StructuredNode) -> String {
        switch n.value {
        case .null: return "null"
        case .bool(let b): return "\(b)"
        case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? "\(Int(d))" : "\(d)"
        case .string(let s): return "\"\(s)\""
        case .array(let a): return "[" + a.map(show).joined(separator: ",") + "]"
        case .object(let m): return "{" + m.map { "\($0.key):\(show($0.value))" }.joined(separator: ",") + "}"
        case .other(let w): return "<\(w)>"
        }
    }

    func error(_ body: () throws(StructuredError) -> StructuredNode) -> StructuredError? {
        do { _ = try body(); return nil } catch { return error }
    }

    // MARK: JSON, JSONC, JSON5

    @Test func json5Features() throws {
        let text = """
        // comment
        {
          unquoted: 'single \\'quoted\\'',   /* block */
          hex: 0x1F, plus: +2, lead: .5, trail: 5., exp: 1e3,
          "esc": "a\\u00e9\\x41\\n\\
        b",
          list: [1, 2,],
        }
        """
        let n = try JSON5Reader.read(Array(text.utf8), name: "a.json5")
        #expect(Self.show(n) == "{unquoted:\"single 'quoted'\",hex:31,plus:2,lead:0.5,trail:5,exp:1000,esc:\"aéA\nb\",list:[1,2]}")
        #expect(n["hex"]?.position.description == "4:8")
        #expect(n.members?.first?.keyPosition.description == "3:3")
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let n = try JSON5Reader.read(Array("{\"標題\": \"é\", \"x\": 1}".utf8), name: "a.json")
        // { " 標 題 " : ␠ " é " , ␠ " x " : ␠ 1 — the value is the 18th character, the 23rd byte.
        #expect(n["x"]?.position.description == "1:18")
        #expect(n["x"]?.position.offset == 22)
    }

    @Test func duplicateKeysAreAllKept() throws {
        let n = try JSON5Reader.read(Array("{\"a\": 1, \"a\": 2}".utf8), name: "a.json")
        #expect(n.members?.map(\.key) == ["a", "a"])
        #expect(n["a"]?.number == 2)
    }

    @Test(arguments: [
        ("{\"a\": 1,, }", "a.json:1:9: expected a key (a quoted string or a name) or '}', found ','"),
        ("[1 2]", "a.json:1:4: expected ',' or ']' after an element, found '2'"),
        ("{\"a\" 1}", "a.json:1:6: expected ':' after the key \"a\", found '1'"),
        ("{\"a\": -Infinity}", "a.json:1:7: NaN and Infinity are not finite numbers (write a finite number)"),
        ("{\"a\": 1e400}", "a.json:1:7: the number is too large for a Double"),
        ("{\"a\": \"\\ud800\"}", "a.json:1:8: \\ud800 is half of a surrogate pair, not a character"),
        ("{\"a\": 12abc}", "a.json:1:7: invalid number '12abc'"),
        ("{\"a\": tru}", "a.json:1:7: unexpected word 'tru'; text values are quoted (\"tru\")"),
        ("{\"a\": [\n1,\n", "a.json:3:1: the document ends inside the list opened at 1:7"),
        ("\"a\" \"b\"", "a.json:1:5: unexpected '\"' after the document's value (one value per file)"),
        ("{\"a\": \"x\u{01}\"}", "a.json:1:9: control character 0x1 in a string; write it as an escape"),
    ])
    func jsonErrors(_ text: String, _ message: String) {
        #expect(error { () throws(StructuredError) in try JSON5Reader.read(Array(text.utf8), name: "a.json") }?.description == message)
    }

    @Test func depthAndValueLimits() {
        let deep = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        let e = error { () throws(StructuredError) in try JSON5Reader.read(Array(deep.utf8), name: "d.json", limits: StructuredLimits(maxDepth: 5)) }
        #expect(e?.kind == .limit && e?.position?.description == "1:6")
        let wide = "[" + Array(repeating: "1", count: 50).joined(separator: ",") + "]"
        let f = error { () throws(StructuredError) in try JSON5Reader.read(Array(wide.utf8), name: "w.json", limits: StructuredLimits(maxValues: 20)) }
        #expect(f?.kind == .limit)
        // Absurd depth limits are clamped so recursion stays on the stack.
        let veryDeep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        let g = error { () throws(StructuredError) in try JSON5Reader.read(Array(veryDeep.utf8), name: "v.json", limits: StructuredLimits(maxDepth: 1 << 30)) }
        #expect(g?.message == "nesting is deeper than the limit of 512 levels (Limits.maxJSONDepth)")
    }

    // MARK: YAML

    @Test func yamlScalarsFollowTheCoreSchema() throws {
        let text = """
        t: true
        f: False
        n: ~
        e:
        i: 42
        h: 0x1f
        o: 0o17
        x: -1.5e2
        yes: yes
        on: off
        v: 5.2.0
        q: "12"
        s: !!str 7
        k: !!int "8"
        """
        let n = try YAMLReader.read(Array(text.utf8), name: "a.yaml")
        #expect(Self.show(n) == "{t:true,f:false,n:null,e:null,i:42,h:31,o:15,x:-150,yes:\"yes\",on:\"off\",v:\"5.2.0\",q:\"12\",s:\"7\",k:8}")
        #expect(n["x"]?.position.description == "8:4")
    }

    @Test func yamlAnchorsAliasesAndMerges() throws {
        let text = """
        base: &b {a: 1, b: 2}
        list: &l [x, y]
        m:
          <<: *b
          b: 3
        both:
          <<: [*b, {c: 4}]
        again: *l
        """
        let n = try YAMLReader.read(Array(text.utf8), name: "a.yaml")
        #expect(Self.show(n) == "{base:{a:1,b:2},list:[\"x\",\"y\"],m:{b:3,a:1},both:{a:1,b:2,c:4},again:[\"x\",\"y\"]}")
        #expect(n["again"]?.position.description == "8:8")
    }

    @Test(arguments: [
        ("a: [1, 2", "a.yaml:2:1: did not find expected ',' or ']' (while parsing a flow sequence at 1:4)"),
        ("a: 1\n b: 2", "a.yaml:2:3: mapping values are not allowed in this context"),
        ("a: !!set {x}", "a.yaml:1:4: unsupported YAML tag !!set on a map; a configuration uses plain maps, lists and values"),
        ("a: !!int ten", "a.yaml:1:4: \"ten\" is not a number (tagged !!int)"),
        ("a: .NaN", "a.yaml:1:4: .NaN is not a finite number (write a finite number)"),
        ("<<: 3", "a.yaml:1:5: << merges a map (an alias such as *base) or a list of maps, not a number"),
        ("a: 1\n---\nb: 2", "a.yaml:2:1: a second YAML document starts here; a configuration is one document"),
        ("# only a comment\n", "a.yaml:1:1: the document is empty"),
        ("a: \"\u{FF}\"", "a.yaml:1:5: invalid UTF-8 (a configuration is UTF-8 text)"),
    ])
    func yamlErrors(_ text: String, _ message: String) {
        var bytes = Array(text.utf8)
        if text.contains("\u{FF}") { bytes = Array("a: \"".utf8) + [0xFF] + Array("\"".utf8) }
        #expect(error { () throws(StructuredError) in try YAMLReader.read(bytes, name: "a.yaml") }?.description == message)
    }

    @Test(.timeLimit(.minutes(1))) func yamlAliasBombIsBounded() {
        var text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for (prev, name) in zip("abcdefghi", "bcdefghij") {
            text += "\(name): &\(name) [" + Array(repeating: "*\(prev)", count: 10).joined(separator: ", ") + "]\n"
        }
        let e = error { () throws(StructuredError) in try YAMLReader.read(Array(text.utf8), name: "bomb.yaml") }
        #expect(e?.kind == .limit)
    }

    @Test func yamlDeepNestingIsBounded() {
        let text = String(repeating: "[", count: 100_000)
        let e = error { () throws(StructuredError) in try YAMLReader.read(Array(text.utf8), name: "deep.yaml") }
        #expect(e?.message == "nesting is deeper than the limit of 64 levels (Limits.maxJSONDepth)")
    }

    // MARK: Property lists

    static let plistXML = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>name</key>
    \t<string>A &amp; B &#x41;<![CDATA[<c>]]></string>
    \t<!-- a comment -->
    \t<key>list</key>
    \t<array>
    \t\t<integer>-7</integer>
    \t\t<real>2.5</real>
    \t\t<true/>
    \t\t<false></false>
    \t\t<string/>
    \t\t<dict/>
    \t</array>
    \t<key>when</key>
    \t<date>2024-01-01T00:00:00Z</date>
    </dict>
    </plist>
    """

    @Test func xmlPropertyList() throws {
        let n = try PropertyListXMLReader.read(Array(Self.plistXML.utf8), name: "a.plist")
        #expect(Self.show(n) == "{name:\"A & B A<c>\",list:[-7,2.5,true,false,\"\",{}],when:<a date>}")
        #expect(n["list"]?.array?[1].position.description == "11:3")
    }

    /// Our binary reader against Foundation's writer: the same tree as the XML form, for every
    /// value type a configuration uses (UTF-16 strings, 1-8 byte integers, reals, nesting).
    @Test func binaryPropertyListMatchesFoundation() throws {
        let object: [String: Any] = [
            "title": "Home 首页 🏠", "ascii": "plain", "small": 7, "negative": -300, "big": 5_000_000_000,
            "real": 0.25, "flag": true, "list": [1, "two", ["three": 3.5]], "empty": [String: Int](),
        ]
        let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let xml = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
        let a = try PropertyListBinaryReader.read([UInt8](binary), name: "b.plist")
        let b = try PropertyListXMLReader.read([UInt8](xml), name: "x.plist")
        func sorted(_ n: StructuredNode) -> String {   // Foundation orders dictionary keys its own way
            guard case .object(let m) = n.value else { return Self.show(n) }
            return "{" + m.sorted { $0.key < $1.key }.map { "\($0.key):\(sorted($0.value))" }.joined(separator: ",") + "}"
        }
        #expect(sorted(a) == sorted(b))
        #expect(sorted(a) == "{ascii:\"plain\",big:5000000000,empty:{},flag:true,list:[1,\"two\",{three:3.5}],negative:-300,real:0.25,small:7,title:\"Home 首页 🏠\"}")
        #expect(a.position.hasLines == false)
    }

    /// `levels` lists, each holding ten references to the next, the last holding `true`s.
    static func sharedListsPlist(levels: Int) -> [UInt8] {
        var objects: [[UInt8]] = []
        for k in 0..<levels { objects.append([0xAA] + Array(repeating: UInt8(k + 1), count: 10)) }
        objects.append([0x09])
        var body: [UInt8] = Array("bplist00".utf8), offsets: [Int] = []
        for o in objects { offsets.append(body.count); body += o }
        let table = body.count
        for o in offsets { body += [UInt8(o >> 8), UInt8(o & 0xFF)] }
        body += [0, 0, 0, 0, 0, 0, 2, 1]
        for v in [objects.count, 0, table] { body += (0..<8).reversed().map { UInt8((v >> ($0 * 8)) & 0xFF) } }
        return body
    }

    @Test func binaryPropertyListSharedObjectsCountAtEveryUse() throws {
        // Seven levels expand to 11 million values from 100 bytes: refused at the value limit.
        let e = error { () throws(StructuredError) in try PropertyListBinaryReader.read(Self.sharedListsPlist(levels: 7), name: "dag.plist") }
        #expect(e?.kind == .limit, "\(String(describing: e))")
        // Three levels read, the shared lists expanded: 1 + 10 + 100 lists and 1000 leaves.
        let small = try PropertyListBinaryReader.read(Self.sharedListsPlist(levels: 3), name: "dag.plist")
        #expect(small.weight == 1 + 10 + 100 + 1000)
        #expect(small.array?[9].array?[9].array?[9].bool == true)
    }

    // MARK: Choosing the format

    @Test(arguments: [
        ("{\"a\": 1}", "yaml", StructuredFormat.yaml),
        ("{\"a\": 1}", "json", .json),
        ("{\"a\": 1}", nil, .json),
        ("// c\n{}", "txt", .json),
        ("a: 1", "json", .json),
        ("a: 1", nil, .yaml),
        ("a: 1", "conf", .yaml),
        ("<?xml version=\"1.0\"?><plist><dict/></plist>", "json", .xmlPropertyList),
        ("bplist00", "yaml", .binaryPropertyList),
    ] as [(String, String?, StructuredFormat)])
    func formatFromContentAndExtension(_ text: String, _ ext: String?, _ format: StructuredFormat) throws {
        #expect(try StructuredDocument.format(of: Array(text.utf8), name: "x", fileExtension: ext) == format)
    }

    @Test func everyFormatReadsTheSameTree() throws {
        let json = #"{"tabs": [{"title": "Home", "size": 30, "on": true}], "speed": 1.5}"#
        let yaml = "tabs:\n  - title: Home\n    size: 30\n    on: true\nspeed: 1.5\n"
        let xml = """
        <plist version="1.0"><dict><key>tabs</key><array><dict><key>title</key><string>Home</string>\
        <key>size</key><integer>30</integer><key>on</key><true/></dict></array>\
        <key>speed</key><real>1.5</real></dict></plist>
        """
        let expected = #"{tabs:[{title:"Home",size:30,on:true}],speed:1.5}"#
        for (text, ext) in [(json, "json"), (yaml, "yaml"), (xml, "plist")] {
            let (n, _) = try StructuredDocument.read(Array(text.utf8), name: "x.\(ext)", fileExtension: ext)
            #expect(Self.show(n) == expected, "\(ext)")
        }
    }

    /// Mutated documents of every format (bytes dropped, duplicated, flipped) read or fail with a
    /// positioned error; none traps, hangs or runs away with memory.
    @Test(.timeLimit(.minutes(2))) func mutatedDocumentsNeverTrap() throws {
        let seeds: [(String, String)] = [
            (#"{"a": [1, 2.5, "x\n", {"b": null}], 'c': 0x1F, d: true, /* c */ }"#, "json5"),
            ("a: &x [1, 2, {b: \"c\"}]\nd: *x\ne:\n  <<: {f: 1}\n  g: !!str 5\n", "yaml"),
            (Self.plistXML, "plist"),
        ]
        var rng = SplitMix(seed: 42)
        var failures = 0, reads = 0
        for (seed, ext) in seeds {
            let base = Array(seed.utf8)
            for _ in 0..<1500 {
                var b = base
                for _ in 0..<(1 + Int(rng.next() % 4)) {
                    let i = Int(rng.next() % UInt64(max(1, b.count)))
                    switch rng.next() % 4 {
                    case 0: if !b.isEmpty { b.remove(at: i) }
                    case 1: b.insert(b.isEmpty ? 0x7B : b[i], at: i)
                    case 2: if !b.isEmpty { b[i] = UInt8(truncatingIfNeeded: rng.next()) }
                    default: b.insert(contentsOf: b[i..<min(b.count, i + 8)], at: i)
                    }
                }
                do { _ = try StructuredDocument.read(b, name: "m.\(ext)", fileExtension: ext); reads += 1 } catch { failures += 1 }
            }
        }
        #expect(failures > 0 && reads > 0, "\(reads) read, \(failures) refused")
    }
}

