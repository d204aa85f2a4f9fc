import CZlib
import CYLLimits

/// Why compressed data could not be inflated.
public struct GzipError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Not gzip or zlib data.
        case notCompressed
        /// The stream ends before its end marker.
        case truncated
        /// Corrupt data (bad header, bad block, checksum mismatch).
        case corrupt
        /// The inflated data is larger than the caller's limit.
        case tooLarge(limit: Int)
        /// zlib could not allocate its state.
        case library
    }
    public var name: String
    public var kind: Kind
    public var message: String

    public init(name: String, kind: Kind, message: String) {
        self.name = name; self.kind = kind; self.message = message
    }

    public var description: String { "\(name): \(message)" }
}

/// gzip (RFC 1952) and zlib (RFC 1950) inflation over zlib, bounded in output size (`.tgs` Telegram
/// stickers are gzip-compressed Lottie JSON).
public enum Gzip {
    /// Whether `bytes` start with the gzip magic `1f 8b`.
    public static func isGzip(_ bytes: some Collection<UInt8>) -> Bool {
        var it = bytes.makeIterator()
        return it.next() == 0x1F && it.next() == 0x8B
    }

    /// Inflates a gzip stream (or a zlib stream; the header decides), refusing output over `maxBytes`.
    /// Concatenated gzip members are inflated one after another, as gunzip does.
    public static func inflate(_ bytes: [UInt8], name: String, maxBytes: Int) throws(GzipError) -> [UInt8] {
        guard bytes.count >= 2 else {
            throw GzipError(name: name, kind: .notCompressed, message: "too short to be gzip data")
        }
        var out: [UInt8] = []
        var consumed = 0
        while consumed < bytes.count {
            if consumed > 0 {
                // After the first member only another gzip member (or zero padding) may follow.
                if bytes[consumed...].allSatisfy({ $0 == 0 }) { break }
                guard isGzip(bytes[consumed...]) else {
                    throw GzipError(name: name, kind: .corrupt, message: "unexpected data after the gzip stream at byte \(consumed)")
                }
            }
            consumed += try inflateMember(bytes, from: consumed, name: name, maxBytes: maxBytes, into: &out)
        }
        return out
    }

    /// Inflates one member starting at `from`; returns the number of input bytes it used.
    private static func inflateMember(_ bytes: [UInt8], from: Int, name: String, maxBytes: Int,
                                      into out: inout [UInt8]) throws(GzipError) -> Int {
        var stream = z_stream()
        // 15 + 32: a 32 KiB window, and detect gzip or zlib from the header.
        let initResult = inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard initResult == Z_OK else {
            throw GzipError(name: name, kind: .library, message: "zlib could not initialise (error \(initResult))")
        }
        defer { inflateEnd(&stream) }
        let chunk = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: chunk)
        var status: Int32 = Z_OK
        let used: Int = bytes.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress! + from)
            stream.avail_in = UInt32(clamping: input.count - from)
            return buffer.withUnsafeMutableBufferPointer { buf in
                while true {
                    stream.next_out = buf.baseAddress
                    stream.avail_out = UInt32(chunk)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    let produced = chunk - Int(stream.avail_out)
                    if out.count + produced > maxBytes { status = -100; break }
                    out.append(contentsOf: buf[0..<produced])
                    if status == Z_STREAM_END { break }
                    if status != Z_OK { break }
                    if stream.avail_in == 0 && produced == 0 { status = Z_BUF_ERROR; break }
                }
                return input.count - from - Int(stream.avail_in)
            }
        }
        switch status {
        case Z_STREAM_END: return max(used, 1)
        case -100:
            throw GzipError(name: name, kind: .tooLarge(limit: maxBytes),
                            message: "inflated data is larger than the limit of \(maxBytes) bytes (\(Limit.maxFileBytes))")
        case Z_BUF_ERROR:
            throw GzipError(name: name, kind: .truncated, message: "the compressed stream is truncated")
        default:
            let msg = stream.msg.map { String(cString: $0) } ?? "error \(status)"
            if from == 0 && out.isEmpty && status == Z_DATA_ERROR && !isGzip(bytes) {
                throw GzipError(name: name, kind: .notCompressed, message: "not gzip or zlib data (\(msg))")
            }
            throw GzipError(name: name, kind: .corrupt, message: "corrupt compressed data: \(msg)")
        }
    }
}
