import Explorer
import FleetCard

/// Trace validation of a server log against the model (Cirstea, Kuppe, Loillier, Merz 2024;
/// explorer-notes.md, "Trace validation"): a search over (model state, log position, binding)
/// for a behaviour whose server-visible projection (`logEvents`) is exactly the log, every
/// unlogged step free between two lines (within `Options`' per-gap bounds).
///
/// Positions are searched in order; the candidates at a position are every state the lines so
/// far can have left, deduplicated with their binding. Between two lines only unlogged steps
/// are free, explored once per state (`hops`, cached). "Consistent" needs the last line
/// consumed; otherwise the search says where it stuck, or why it was cut short.
public struct FleetDiagnosis {
    public let model: FleetSystem
    public let log: FleetLog
    public let options: Options

    /// Bounds on what the search tries between two log lines.
    public struct Options: Sendable {
        /// World actions (session changes, the user, faults) between two lines.
        public var gapWorldBudget: Int
        /// Unlogged steps between two lines.
        public var gapSteps: Int
        /// Candidates kept in all (memory): past it the search stops, cut short.
        public var maxStates: Int
        /// Candidates at one position: past it the search stops, cut short.
        public var maxFrontier: Int

        public init(gapWorldBudget: Int = 2, gapSteps: Int = 16, maxStates: Int = 20_000_000, maxFrontier: Int = 100_000) {
            self.gapWorldBudget = gapWorldBudget
            self.gapSteps = gapSteps
            self.maxStates = maxStates
            self.maxFrontier = maxFrontier
        }
    }

    public init(model: FleetSystem, log: FleetLog, options: Options = Options()) {
        self.model = model
        self.log = log
        self.options = options
    }

    /// One candidate's history: where it came from (a trail index), the hop's steps, the log
    /// position after it.
    struct Trail {
        var parent: Int32
        var path: [FleetSystem.Action]
        var position: Int32
    }

    /// A candidate at a log position: its state, the veto-line bits, its binding.
    struct Candidate {
        var state: FleetState
        var fingerprint: UInt64
        var vetoLogged: UInt8
        var binding: FleetLogBinding
        var trail: Int32
    }

    /// Candidates at one position are deduplicated by what can still matter.
    struct Key: Hashable {
        var fingerprint: UInt64
        var vetoLogged: UInt8
        var binding: FleetLogBinding
    }

    /// How a search ended.
    public enum Ending: Equatable, Sendable {
        /// Every line consumed.
        case consistent
        /// No behaviour produces line `index` (0-based) after the lines before it.
        case stuck(index: Int)
        /// Stopped before an answer: a limit or a signal (`reason`), at line `index`.
        case cutShort(index: Int, reason: String)
    }

    /// What the search found, in the model's terms (rendered by `FleetDiagnosisReport`).
    public struct Outcome {
        public var ending: Ending
        /// The steps of a witness (consistent), or of one behaviour producing the longest prefix.
        public var steps: [FleetSystem.Action]
        /// For each step, the log lines (0-based indices) it wrote.
        public var linesOfStep: [[Int]]
        /// Candidates stored in all.
        public var candidates: Int
        /// At a stuck position: what the model would log there instead, and the states it is in.
        public var wouldLog: [String]
        public var stuckStates: [FleetState]
        /// How many candidate states the stuck position had.
        public var stuckCount: Int
        /// The line (0-based) the witness's behaviour starts at, from the model's initial states.
        public var origin: Int = 0
        /// The gap bounds of the search that gave this outcome.
        public var level: Options?
        var binding: FleetLogBinding?
    }
}
