/// A model whose behaviours a log can be checked against (trace validation; Docs/diagnose.md,
/// explorer-notes.md "Trace validation"): what a model supplies so that `TraceSearch` and
/// `TraceDiagnosis` can search for a behaviour whose log is exactly a given log. The model says
/// which lines each step writes (its log projection), how the log's names bind to its own
/// (`LogBinding`), and how a step renames its own; the engine searches.
///
/// The fleet (`FleetSystem`, Sources/FleetModel/Log) is the first user; two-phase commit with a
/// transaction manager's log (`TwoPhaseCommit+Log`) the second.
public protocol LogProjectedModel: Model {
    /// How the log's names are bound to the model's; it also names the two kinds of line (as a
    /// step writes it, as the log has it) and the renaming a step makes.
    associatedtype Binding: LogBinding
    /// The log a search reads: numbered lines of `Binding.Line`.
    associatedtype Log: TraceLog where Log.Line.Event == Binding.Line
    /// What a line depends on that the state does not carry (the fleet: which veto population
    /// its `start-vetoed` line was last written for): carried in every search node, part of its key.
    associatedtype LogMemory: Hashable & Sendable

    /// The memory of a behaviour that has written nothing yet.
    var initialLogMemory: LogMemory { get }

    /// A binding that binds nothing yet.
    func freshBinding() -> Binding

    /// `next(state, action)` and what the step did to the model's names (the renaming the
    /// binding follows); nil when the step is disabled.
    func loggedStep(_ state: State, _ action: Action) -> (state: State, renaming: Binding.Renaming)?

    /// The lines `action`, taken in `before` to give `after`, writes (empty: an unlogged step).
    func logLines(_ before: State, _ action: Action, _ after: State, memory: inout LogMemory) -> [Binding.Written]

    /// The bucket a log line falls in (a logged step is tried on a line only when its first
    /// line falls in the same bucket): equal for a written line and a log line that can match.
    static func lineKey(_ line: Binding.Line) -> UInt8
    static func lineKey(written: Binding.Written) -> UInt8

    /// The kind of a written line, as the `Options.events` filter names kinds (`"decide"`).
    static func lineKind(_ line: Binding.Written) -> String

    /// Whether a log line begins an episode (a stretch of the log that a behaviour searched
    /// afresh may begin at); the first line always does.
    static func startsEpisode(_ line: Binding.Line) -> Bool

    /// What a step would have logged, named through `binding` where it binds (for a report's
    /// "would log instead").
    func describe(_ lines: [Binding.Written], _ binding: Binding, _ names: Binding.Names) -> String

    /// The first line (0-based) no behaviour of the model writes, whatever came before it,
    /// known from the line alone (the fleet: `FleetWorldAssumption`), and why in the report's
    /// words; the search then reads only the lines before it. The default: nil (none known).
    func firstUnwritable(_ log: Log) -> (index: Int, why: String)?

    /// The first line (0-based) past what one behaviour writes, known from the lines alone (the
    /// fleet: starts naming more push-to-start tokens than the world holds), and why; the
    /// one-behaviour verdict then searches only the lines before it, within
    /// `Options.oneBehaviourProbe`. The default: nil (none known).
    /// `lines`: the lines one behaviour writes (its binding fresh at the first; nil: every line).
    func firstBeyondOneBehaviour(_ log: Log, lines: Range<Int>?) -> (index: Int, why: String)?

    /// The first line (0-based, in `lines`) that no behaviour of the model writes after the
    /// lines of `lines` before it, whatever the gap bounds, proved on a sound over-approximation
    /// of the model (`LogOverApproximation`, searched by `TraceOverApproximationSearch`); nil
    /// when it writes them all, was cut short, or the model has none (the default); and the
    /// states that search stored. `window`: the first line may be written from any reachable
    /// state (`Options.window`).
    func overApproximatedStuck(
        _ log: Log, lines: Range<Int>, window: Bool, events: Set<String>?, maxStates: Int, stop: StopSignal?
    ) -> (stuck: Int?, states: Int)

    /// The class of a property (`zombie-card` for `zombie-card:server-forgot`): `--breaking`
    /// accepts a class and means any of its properties. The default: the name itself.
    static func propertyClass(_ name: String) -> String
}

extension LogProjectedModel {
    public func firstUnwritable(_ log: Log) -> (index: Int, why: String)? { nil }
    public func firstBeyondOneBehaviour(_ log: Log, lines: Range<Int>?) -> (index: Int, why: String)? { nil }
    public static func propertyClass(_ name: String) -> String { name }
    public func overApproximatedStuck(
        _ log: Log, lines: Range<Int>, window: Bool, events: Set<String>?, maxStates: Int, stop: StopSignal?
    ) -> (stuck: Int?, states: Int) { (nil, 0) }
}

/// The memory of a model whose lines depend on its state alone.
public struct NoLogMemory: Hashable, Sendable {
    public init() {}
}
