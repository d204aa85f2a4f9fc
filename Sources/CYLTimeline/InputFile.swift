import Foundation

/// Reading whole input files with a size bound, so a huge or endless file is refused before it is
/// read rather than exhausting memory.
public enum InputFile {
    /// The bytes of the file at `path`, refusing files over `limits.maxFileBytes`.
    public static func read(_ path: String, limits: Limits) throws(OpenError) -> [UInt8] {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let attributes else { throw OpenError(file: path, .notFound, "no such file") }
        if let size = attributes[.size] as? Int, size > limits.maxFileBytes {
            throw OpenError(file: path, .invalid,
                            "file is \(size) bytes, more than the limit of \(limits.maxFileBytes) (raise it with --max-file-bytes)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw OpenError(file: path, .unreadable, "cannot read the file")
        }
        guard data.count <= limits.maxFileBytes else {
            throw OpenError(file: path, .invalid,
                            "file is \(data.count) bytes, more than the limit of \(limits.maxFileBytes) (raise it with --max-file-bytes)")
        }
        return [UInt8](data)
    }
}
