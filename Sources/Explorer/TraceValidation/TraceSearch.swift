/// Trace validation of a log against a model (Cirstea, Kuppe, Loillier, Merz 2024;
/// explorer-notes.md, "Trace validation"): a search over (model state, log position, binding)
/// for a behaviour whose log projection (`LogProjectedModel.logLines`) is exactly the log, every
/// unlogged step free between two lines (within `Options`' per-gap bounds).
///
/// The search is best first (`run`): the furthest log position first, the fewest steps next (a world action counting as two),
/// each (state, position, binding, budget spent) once. Between two lines only unlogged steps
/// are free. "Consistent" needs the last line consumed; otherwise the search says where it
/// stuck (every node within the bounds tried), or why it was cut short.
public struct TraceSearch<M: LogProjectedModel> {
    public let model: M
    public let log: M.Log
    public let options: Options

    /// Bounds on what the search tries between two log lines.
    public struct Options: Sendable {
        /// World actions (the fleet: session changes, the user, faults) between two lines.
        public var gapWorldBudget: Int
        /// Unlogged steps between two lines.
        public var gapSteps: Int
        /// Search states in all (memory): past it the search stops, cut short.
        public var maxStates: Int
        /// A property (by name, or a class of them: `LogProjectedModel.propertyClass`) the witness must break: the search goes on past behaviours that
        /// write the log and keep it, the steps after the last line free as between two lines.
        public var breaking: String?
        /// Whether a search that reads what an earlier one read (`TraceRunMemo`) is answered by
        /// it (off: `diagnose --no-reuse`, for measuring; the report is the same but its search line).
        public var reuseRuns = true
        /// Whether the log is a window of a longer one (`diagnose` without `--from-start`): its
        /// first line may be written from any state the configuration reaches, not only from the
        /// initial ones. The search then enumerates the reachable states lazily (every step free,
        /// logged or not, before line 1; within `windowWorldBudget`) and leaves them as soon as
        /// one writes line 1. An episode searched afresh opens the same way.
        public var window = false
        /// World actions before the window: the configuration's world budget, so the states a
        /// window may open in are the states `check` explores.
        public var windowWorldBudget = 0
        /// The event kinds the build wrote (`--events`; nil: every kind the spec lists): a line
        /// of another kind is not required of the model (a card nulled with no line).
        public var events: Set<String>?
        /// Search states the one-behaviour verdict spends on the lines before one that no one
        /// behaviour writes (`LogProjectedModel.firstBeyondOneBehaviour`) before it settles
        /// for "at that line or before" (`TraceDiagnosis.make`).
        public var oneBehaviourProbe = 200_000

        public init(gapWorldBudget: Int = 2, gapSteps: Int = 16, maxStates: Int = 5_000_000) {
            self.gapWorldBudget = gapWorldBudget
            self.gapSteps = gapSteps
            self.maxStates = maxStates
        }
    }

    public init(model: M, log: M.Log, options: Options = Options()) {
        self.model = model
        self.log = log
        self.options = options
    }

    /// How a search ended.
    public enum Ending: Equatable, Sendable {
        /// Every line consumed.
        case consistent
        /// No behaviour produces line `index` (0-based) after the lines before it.
        case stuck(index: Int)
        /// Stopped before an answer: a limit or a signal (`reason`), at line `index`.
        case cutShort(index: Int, reason: String)
        /// A carried search that spent its stall budget without passing line `index`: not a
        /// verdict (the line may still be writable), only where to search afresh.
        case stalled(index: Int)
        /// With `Options.breaking`: behaviours write every line, but none within the bounds
        /// breaks the property (the steps shown are the first that writes them all).
        case unbroken(property: String)
    }

    /// What the search found, in the model's terms (the fleet's report: `FleetDiagnosisReport`).
    public struct Outcome {
        public var ending: Ending
        /// The steps of a witness (consistent), or of one behaviour producing the longest prefix.
        public var steps: [M.Action]
        /// For each step, the log lines (0-based indices) it wrote.
        public var linesOfStep: [[Int]]
        /// Candidates stored in all.
        public var candidates: Int
        /// Nodes expanded (their steps tried).
        public var expanded: Int
        /// At a stuck position: what the model would log there instead, and the states it is in.
        public var wouldLog: [String]
        public var stuckStates: [M.State]
        /// How many candidate states the stuck position had.
        public var stuckCount: Int
        /// The line (0-based) the witness's behaviour starts at, from the model's initial states.
        public var origin: Int = 0
        /// For a window: how many of `steps` come before the window (their lines, if any, are not
        /// in the log; the step after them writes the window's first line). nil: from the start.
        public var beforeWindow: Int?
        /// Whether a gap bound cut a path (`--gap-steps`, `--gap-budget`): a stuck or unbroken
        /// answer is then an answer within these bounds only.
        /// Stuck at a line known from the lines alone (`LogProjectedModel.firstUnwritable`,
        /// `firstBeyondOneBehaviour`) to be past what one behaviour of the model writes: why, and
        /// nothing was searched past the line before it.
        public var refusal: String?
        /// Stuck at a line proved unwritable on the model's over-approximation
        /// (`LogProjectedModel.overApproximatedStuck`): how, in the report's words.
        public var proof: String?
        /// With `refusal`: the lines from the last episode's start up to the refused line were not
        /// searched, so where before it the behaviour breaks is not decided.
        public var refusedOrBefore = false
        /// A watched run (`run(watch:)`): the line (0-based) where its stall budget ran out, the
        /// search going on past it; nil when it never did.
        public internal(set) var stalledAt: Int?
        public var cutBySteps = false
        public var cutByWorld = false
        /// Whether the world budget before a window's first line (`Options.windowWorldBudget`)
        /// refused a step: the window opened only on the states within it.
        public var cutByWindow = false
        /// The gap bounds of the search that gave this outcome.
        public var level: Options?
        /// How many lines of its range the search read, and the largest position it compared
        /// with the range's length (what `TraceRunMemo` matches another run on).
        public internal(set) var read = 0
        public internal(set) var lengthAsked = 0

        public init(
            ending: Ending, steps: [M.Action], linesOfStep: [[Int]], candidates: Int, expanded: Int, wouldLog: [String],
            stuckStates: [M.State], stuckCount: Int, origin: Int = 0, level: Options? = nil
        ) {
            self.ending = ending
            self.steps = steps
            self.linesOfStep = linesOfStep
            self.candidates = candidates
            self.expanded = expanded
            self.wouldLog = wouldLog
            self.stuckStates = stuckStates
            self.stuckCount = stuckCount
            self.origin = origin
            self.level = level
        }
    }
}
