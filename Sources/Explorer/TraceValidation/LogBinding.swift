/// How a log's names (session ids, token prefixes, manager names) are bound to a model's,
/// consistently throughout one candidate behaviour: each search node carries one. Two nodes alike
/// in what is to come should have equal bindings (keep only what can still matter).
public protocol LogBinding: Hashable, Sendable {
    /// A line as a step writes it, in the model's names.
    associatedtype Written: Sendable
    /// A line as the log has it, in the log's names.
    associatedtype Line: Hashable & Sendable
    /// The names of the lines a search has read (`LogNames`).
    associatedtype Names: LogNames where Names.Line == Line
    /// What one step did to the model's names (a renumbering of tokens; nothing for a model
    /// whose names are fixed).
    associatedtype Renaming

    /// Whether the written line is the log's line `line` (at 0-based `index` of the range read)
    /// under this binding, extended with the names the line binds first (unchanged when not).
    mutating func match(_ written: Written, _ line: Line, at index: Int, _ names: Names) -> Bool

    /// After a step: the bound names follow the step's renaming.
    mutating func follow(_ renaming: Renaming)
}

/// The names of the lines read so far, numbered in order of first appearance, built line by line.
public protocol LogNames: Sendable {
    associatedtype Line
    /// A line with its names numbered by first appearance (what `TraceRunMemo` compares runs by).
    associatedtype Canonical: Hashable & Sendable
    init()
    /// Names the next line's names (the line after those appended before).
    mutating func append(_ line: Line)
    /// `line` (already appended) renamed by first appearance; nil when a name has no number.
    func canonical(_ line: Line) -> Canonical?
}
