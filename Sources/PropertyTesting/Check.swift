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

    /// Fails the case unconditionally.
    public func fail(_ message: String, fileID: String = #fileID, line: Int = #line) throws -> Never {
        throw PropertyFailure(message: message, fileID: fileID, line: line)
    }
}

/// A failed `Check.expect`, carrying where it was stated.
public struct PropertyFailure: Error, CustomStringConvertible {
    public let message: String
    public let fileID: String
    public let line: Int

    public var description: String { "\(message) (\(fileID):\(line))" }
}
