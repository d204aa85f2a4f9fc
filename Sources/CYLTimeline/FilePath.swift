/// Path text as the user wrote it, split without touching the file system.
public enum FilePath {
    /// The directory part of `path` ("." for a bare name, "/" for a file at the root).
    public static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }

    /// The last component of `path`, trailing slashes ignored (`frames/` → `frames`).
    public static func lastComponent(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        return String(p.split(separator: "/").last ?? p)
    }

    /// `name` inside `folder` ("." stays out of the way: `join(".", "a.png")` is `a.png`).
    public static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty || folder == "." { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
