import Foundation
import Testing

/// Track mattes that refer to themselves or to each other used to recurse until the stack
/// overflowed (`cylanim render` died with SIGSEGV); they are now refused when the file is opened,
/// by every command, with the layer's JSON path.
struct MatteReferenceCLITests {
    static func layer(_ ind: Int, _ extra: String) -> String {
        """
        {"ty":4,"ind":\(ind),"ip":0,"op":10,"st":0\(extra),"ks":{},
         "shapes":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},
                   {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}
        """
    }

    static let files: [(name: String, layers: String, place: String)] = [
        ("self-matte", layer(1, ",\"tt\":1,\"tp\":1"), "layers[0].tp"),
        ("matte-cycle", layer(1, ",\"tt\":1,\"tp\":2") + "," + layer(2, ",\"tt\":3,\"tp\":1"), "layers[0].tp"),
    ]

    @Test(arguments: ["render", "convert", "info"])
    func refusedWithThePlace(_ command: String) throws {
        let dir = try ScratchDir()
        for file in Self.files {
            try dir.write("\(file.name).json", Array("""
            {"v":"5.7.0","fr":30,"ip":0,"op":10,"w":100,"h":100,"layers":[\(file.layers)]}
            """.utf8))
            var args = [command, "\(dir.path)/\(file.name).json"]
            if command == "render" { args += ["-o", "\(dir.path)/out/%d.png"] }
            if command == "convert" { args += ["-o", "\(dir.path)/out.gif"] }
            let r = try CLI.run(args, addressSpaceLimit: BadInputTests.memoryCap)
            #expect(r.status == 65, "\(command) \(file.name): \(r.stderr)")
            #expect(r.stderr.hasPrefix("cylanim: error: \(dir.path)/\(file.name).json:\(file.place): "), "\(r.stderr)")
            #expect(!dir.files().contains("out") && !dir.files().contains("out.gif"))
        }
    }
}
