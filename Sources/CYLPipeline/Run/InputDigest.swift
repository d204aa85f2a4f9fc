import CYLCodecs
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
    /// and the dark file for a dark output made from one) and the settings.
    static func buildKey(toolVersion: String, inputSHA256: String, darkSHA256: String?, settings: String) -> String {
        SHA256.hexHash(Array("cylanim \(toolVersion)\n\(inputSHA256)\n\(darkSHA256 ?? "-")\n\(settings)\n".utf8))
    }
}
