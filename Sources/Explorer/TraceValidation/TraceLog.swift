/// A log as a search reads it: its known lines in order, each with its 1-based number in the file.
public protocol TraceLog: Sendable {
    associatedtype Line: TraceLogLine
    var lines: [Line] { get set }
}

/// One line of a log: its number in the file and what it says.
public protocol TraceLogLine: Sendable {
    associatedtype Event: Hashable & Sendable
    var number: Int { get }
    var event: Event { get }
}

/// A log of plain numbered lines, for a model with no file format of its own yet (tests).
public struct PlainTraceLog<Event: Hashable & Sendable>: TraceLog {
    public struct Line: TraceLogLine, Hashable {
        public var number: Int
        public var event: Event
        public init(number: Int, event: Event) {
            self.number = number
            self.event = event
        }
    }
    public var lines: [Line]

    /// The events numbered 1, 2, ... in order.
    public init(_ events: [Event]) { lines = events.enumerated().map { Line(number: $0.offset + 1, event: $0.element) } }
    public init(lines: [Line]) { self.lines = lines }
}
