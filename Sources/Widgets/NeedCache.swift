import BigNum
import Foundation

/// A lock-guarded memo of largest needs; values depend only on their key, so sharing is safe.
final class NeedCache: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Rational] = [:]

    func value(_ key: String) -> Rational? {
        lock.lock()
        defer { lock.unlock() }
        return values[key]
    }

    func store(_ key: String, _ value: Rational) {
        lock.lock()
        defer { lock.unlock() }
        values[key] = value
    }
}
