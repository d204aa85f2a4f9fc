import Foundation

extension NSCondition {
    /// Waits, holding the lock, until `take` hands over a job's result (nil: not there yet; each
    /// call runs under the lock, so `take` may read and clear the caller's shared state), then
    /// returns its value or rethrows its error. The chains' consumers take results in order with it.
    func waitForResult<Value>(_ take: () -> Result<Value, any Error>?) throws -> Value {
        lock()
        defer { unlock() }
        while true {
            if let result = take() { return try result.get() }
            wait()
        }
    }
}
