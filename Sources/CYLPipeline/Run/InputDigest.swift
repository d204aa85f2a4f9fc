import CYLTimeline

/// SHA-256 of what an input is made of: a file's bytes, or a folder's (of PNG frames) file
/// names and their contents, so a renamed or edited frame changes it.
enum InputDigest {
    static func sha256(of path: String, limits: Limits) throws(OpenError) -> String {
        guard let st = FileSystem.status(path) else { throw OpenError(file: path, .notFound, "no such file or directory") }
        guard st.isDirectory else { return SHA256.hexHash(try InputFile.read(path, limits: limits)) }
        guard let names = FileSystem.entries(path) else { throw OpenError(file: path, .unreadable, "cannot list the directory") }
        var listing = ""
        for name in names where !name.hasPrefix(".") {
            let file = FileSystem.join(path, name)
            if FileSystem.isDirectory(file) { continue }
            listing += name + "\0" + SHA256.hexHash(try InputFile.read(file, limits: limits)) + "\n"
        }
        return SHA256.hexHash(Array(listing.utf8))
    }

    /// The key an output is rebuilt on: tool version, the SHA-256 of what is opened (the input,
    /// and the dark file for a dark output made from one), of the files opening it reads (a
    /// Lottie's images; nil when none, which keeps the keys of such inputs as they were) and the
    /// settings.
    static func buildKey(toolVersion: String, inputSHA256: String, darkSHA256: String?, companionsSHA256: String? = nil,
                         settings: String) -> String {
        let companions = companionsSHA256.map { "files \($0)\n" } ?? ""
        return SHA256.hexHash(Array("cylanim \(toolVersion)\n\(inputSHA256)\n\(darkSHA256 ?? "-")\n\(companions)\(settings)\n".utf8))
    }

    /// SHA-256 of `files` (each path and its content's hash, or "missing"): an image that appears,
    /// changes or goes changes it. Nil for no files.
    static func companions(_ files: [String], limits: Limits) -> String? {
        guard !files.isEmpty else { return nil }
        var listing = ""
        for file in files {
            let hash = (try? InputFile.read(file, limits: limits)).map { SHA256.hexHash($0) } ?? "missing"
            listing += file + "\0" + hash + "\n"
        }
        return SHA256.hexHash(Array(listing.utf8))
    }
}
