#if canImport(Glibc)
import Glibc
#endif

/// Reading whole input files with a size bound, so a huge or endless file is refused before it is
/// read rather than exhausting memory.
public enum InputFile {
    /// The bytes of the file at `path`, refusing files over `limits.maxFileBytes`.
    ///
    /// At most `maxFileBytes + 1` bytes are ever read, whatever the file claims: a FIFO, a device
    /// (`/dev/zero`, `/dev/urandom`, which a configuration file can name) or a file still growing
    /// has no trustworthy size.
    public static func read(_ path: String, limits: Limits) throws(OpenError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let e = errno
            if e == ENOENT || e == ENOTDIR { throw OpenError(file: path, .notFound, "no such file") }
            throw OpenError(file: path, .unreadable, "cannot open the file: \(String(cString: strerror(e)))")
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw OpenError(file: path, .unreadable, "cannot read the file") }
        if st.st_mode & S_IFMT == S_IFDIR { throw OpenError(file: path, .unreadable, "is a directory, not a file") }
        let limit = limits.maxFileBytes
        func tooLarge(_ size: Int?) -> OpenError {
            OpenError(file: path, .invalid, (size.map { "file is \($0) bytes, more than" } ?? "file is larger than")
                      + " the limit of \(limit) (\(Limit.maxFileBytes))")
        }
        let isRegular = st.st_mode & S_IFMT == S_IFREG
        if isRegular && Int(st.st_size) > limit { throw tooLarge(Int(st.st_size)) }
        var bytes: [UInt8] = []
        if isRegular { bytes.reserveCapacity(Int(st.st_size) + 1) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= limit {
            let want = min(chunk.count, limit + 1 - bytes.count)
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, want) }
            if n < 0 {
                if errno == EINTR { continue }
                throw OpenError(file: path, .unreadable, "cannot read the file: \(String(cString: strerror(errno)))")
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
        }
        throw tooLarge(nil)
    }
}
