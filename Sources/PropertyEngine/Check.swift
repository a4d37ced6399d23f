/// What a property body uses to state expectations, label its case and add notes to a
/// failure report. One `Check` per case.
///
///     forAll("sessions end once", sessions) { session, check in
///         check.label(session.isStale ? "stale" : "fresh")
///         try check.expect(session.ends <= 1, "ended \(session.ends) times")
///     }
///
/// Use `check.expect` (or return `false`, or throw) rather than `#expect` inside a property:
/// the harness must see the failure to shrink it.
public final class Check {
    private(set) var labels: [String] = []
    private(set) var notes: [String] = []
    /// Set when the case called `assume` with a false condition.
    private(set) var isDiscarded = false

    init() {}

    /// Counts this case under `name` in the coverage report (once per case).
    public func label(_ name: String) {
        if !labels.contains(name) { labels.append(name) }
    }

    /// Counts this case under `name` when `condition` holds.
    public func label(_ name: String, when condition: Bool) {
        if condition { label(name) }
    }

    /// Adds a line to the report if this case ends up as the shrunk counterexample.
    public func note(_ text: String) {
        notes.append(text)
    }

    /// Fails the case unless `condition` holds. Two failures are "the same" for shrinking when
    /// they come from the same `expect` call site, so the message may mention values.
    public func expect(
        _ condition: Bool, _ message: @autoclosure () -> String = "expectation failed",
        fileID: String = #fileID, line: Int = #line
    ) throws {
        if !condition { throw PropertyFailure(message: message(), fileID: fileID, line: line) }
    }

    /// Discards the case unless `condition` holds: it neither passes nor fails, and is counted.
    /// A property that discards too much fails (see `PropertyResult.Outcome.gaveUp`).
    ///
    ///     forAll("division undoes multiplication", .zip(.int(in: -99...99), .int(in: -99...99))) { pair, check in
    ///         try check.assume(pair.1 != 0)
    ///         try check.expect(pair.0 * pair.1 / pair.1 == pair.0)
    ///     }
    public func assume(_ condition: Bool) throws {
        if !condition {
            isDiscarded = true
            throw Discard()
        }
    }

    func markDiscarded() { isDiscarded = true }

    /// Fails the case unconditionally.
    public func fail(_ message: String, fileID: String = #fileID, line: Int = #line) throws -> Never {
        throw PropertyFailure(message: message, fileID: fileID, line: line)
    }
}

/// Thrown by `assume`: the case is discarded. Properties whose body returns a `Bool` may call
/// the free function `assume(_:)`.
public struct Discard: Error {}

/// Discards the current case unless `condition` holds (for bodies without a `Check`).
public func assume(_ condition: Bool) throws {
    if !condition { throw Discard() }
}

/// A failed `Check.expect`, carrying where it was stated.
public struct PropertyFailure: Error, CustomStringConvertible {
    public let message: String
    public let fileID: String
    public let line: Int

    public var description: String { "\(message) (\(fileID):\(line))" }
}
