/// A log of one JSON object a line (the fleet server's `liveactivity.log`, a transaction
/// manager's log): split into lines and each parsed as an object the same way for every model's
/// format; what an object must hold is the format's own (`FleetLogFile`, `TMLogFile`).
public enum JSONLinesFile {
    /// A line that is not what the format expects: its number and what was expected.
    public struct Failure: Error, Equatable, Sendable {
        public let line: Int
        public let problem: String
        public init(line: Int, problem: String) {
            self.line = line
            self.problem = problem
        }
        /// The one line the command prints: `FILE: line N: problem`.
        public func message(_ path: String) -> String { "\(path): line \(line): \(problem)" }
    }

    /// What the reader says of a line that is no object, verbatim (tests assert these).
    public static let emptyLine = "expected a JSON object, got an empty line"
    public static let notObject = "expected a JSON object"

    /// Calls `body` with each line's object and number (from 1), in order; its line break, and a
    /// carriage return before it, are not the line's. A blank line, or one that is not a JSON
    /// object, is a `Failure` naming it.
    public static func forEachObject(
        _ bytes: [UInt8], _ body: (_ object: [String: JSONValue], _ number: Int) throws(Failure) -> Void
    ) throws(Failure) {
        var start = 0, number = 0
        while start < bytes.count {
            number += 1
            var end = start
            while end < bytes.count && bytes[end] != 10 { end += 1 }
            var slice = bytes[start..<end]
            if slice.last == 13 { slice = slice.dropLast() }
            start = end + 1
            guard slice.contains(where: { $0 != 32 && $0 != 9 }) else { throw Failure(line: number, problem: emptyLine) }
            let value: JSONValue
            do {
                value = try StrictJSON.parse(Array(slice))
            } catch {
                throw Failure(line: number, problem: "expected a JSON object: \(error.description)")
            }
            guard case .object(let o) = value else { throw Failure(line: number, problem: notObject) }
            try body(o, number)
        }
    }
}
