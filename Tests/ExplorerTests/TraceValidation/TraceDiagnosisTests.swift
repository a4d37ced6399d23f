import Explorer
import Testing

/// `TraceDiagnosis.make`'s verdicts on a toy model built for the case: an episode no behaviour
/// writes afresh, where the behaviour carried to it is searched long.
@Suite("TraceDiagnosis")
struct TraceDiagnosisTests {
    /// Lines `start`, `a`, `b`; a `start` begins an episode. From phase 0 `start` (phase 1), then
    /// `a` (phase 2); in phase 2 the unlogged `wander(k)` steps branch three ways for `depth`
    /// steps, and nothing is logged again. No behaviour writes `start a start`, nor `start b`.
    struct Toy: LogProjectedModel {
        struct State: Hashable, Codable, Sendable {
            var phase: UInt8
            var depth: UInt8
            var path: UInt32
        }
        enum Action: Hashable, Codable, Sendable, CustomStringConvertible {
            case start, a, wander(UInt8)
            var description: String { "\(self)" }
        }
        typealias Log = PlainTraceLog<String>
        var depth: UInt8
        /// Whether the model supplies its over-approximation (`View`) to the diagnosis.
        var viewed = false
        /// A coarser view: it may start once more from phase 2 (still sound: it writes more).
        var coarse = false

        var name: String { "toy" }
        func initialStates() -> [State] { [State(phase: 0, depth: 0, path: 0)] }
        func actions(in state: State) -> [Action] { [.start, .a, .wander(0), .wander(1), .wander(2)] }
        func next(_ s: State, _ action: Action) -> State? {
            switch action {
            case .start: s.phase == 0 ? State(phase: 1, depth: 0, path: 0) : nil
            case .a: s.phase == 1 ? State(phase: 2, depth: 0, path: 0) : nil
            case .wander(let k):
                s.phase == 2 && s.depth < depth ? State(phase: 2, depth: s.depth + 1, path: s.path * 3 + UInt32(k)) : nil
            }
        }
        func kind(of action: Action) -> ActionKind { .system }
        var properties: [Property<Toy>] { [] }

        var initialLogMemory: NoLogMemory { NoLogMemory() }
        func freshBinding() -> Binding { Binding() }
        func loggedStep(_ state: State, _ action: Action) -> (state: State, renaming: Void)? { next(state, action).map { ($0, ()) } }
        func logLines(_ before: State, _ action: Action, _ after: State, memory: inout NoLogMemory) -> [String] {
            switch action {
            case .start: ["start"]
            case .a: ["a"]
            case .wander: []
            }
        }
        static func lineKey(_ line: String) -> UInt8 { UInt8(line.utf8.first ?? 0) }
        static func lineKey(written: String) -> UInt8 { UInt8(written.utf8.first ?? 0) }
        static func lineKind(_ line: String) -> String { line }
        static func startsEpisode(_ line: String) -> Bool { line == "start" }
        func describe(_ lines: [String], _ binding: Binding, _ names: Names) -> String { lines.joined(separator: " then ") }

        func overApproximatedStuck(
            _ log: Log, lines: Range<Int>, window: Bool, events: Set<String>?, maxStates: Int, stop: StopSignal?
        ) -> (stuck: Int?, states: Int) {
            guard viewed else { return (nil, 0) }
            let run = TraceOverApproximationSearch.run(
                View(coarse: coarse), lines: log.lines[lines].map(\.event), window: window, events: events, maxStates: maxStates, stop: stop)
            guard case .stuck(let index) = run.ending else { return (nil, run.states) }
            return (lines.lowerBound + index, run.states)
        }

        /// The toy's phase alone, its wanderings free in phase 2: every step of the toy is one of
        /// these. Coarse: bit 2 set once it has started again from phase 2.
        struct View: LogOverApproximation {
            var coarse = false
            func initialStates() -> [UInt8] { [0] }
            func actions(in state: UInt8) -> [Action] { [.start, .a, .wander(0)] }
            func step(_ s: UInt8, _ action: Action) -> (state: UInt8, renaming: Void)? {
                let phase = s & 3, again = s & 4
                switch action {
                case .start:
                    if phase == 0 { return (1 | again, ()) }
                    return coarse && phase == 2 && again == 0 ? (1 | 4, ()) : nil
                case .a: return phase == 1 ? (2 | again, ()) : nil
                case .wander: return phase == 2 ? (s, ()) : nil
                }
            }
            func logLines(_ before: UInt8, _ action: Action, _ after: UInt8, memory: inout NoLogMemory) -> [String] {
                Toy(depth: 0).logLines(Toy.State(phase: before & 3, depth: 0, path: 0), action, Toy.State(phase: after & 3, depth: 0, path: 0), memory: &memory)
            }
            var initialLogMemory: NoLogMemory { NoLogMemory() }
            func freshBinding() -> Binding { Binding() }
            static func lineKind(_ line: String) -> String { line }
        }

        struct Binding: LogBinding {
            mutating func match(_ written: String, _ line: String, at index: Int, _ names: Names) -> Bool { written == line }
            mutating func follow(_ renaming: Void) {}
        }
        struct Names: LogNames {
            mutating func append(_ line: String) {}
            func canonical(_ line: String) -> String? { line }
        }
    }

    static let log = PlainTraceLog(["start", "a", "start", "b"])

    /// `log` diagnosed on `toy`, gaps of 16 system steps, no search answered by an earlier one.
    static func diagnose(_ toy: Toy, _ log: PlainTraceLog<String> = log, maxStates: Int) -> TraceDiagnosis<Toy> {
        var options = TraceSearch<Toy>.Options(gapWorldBudget: 0, gapSteps: 16, maxStates: maxStates)
        options.reuseRuns = false
        return TraceDiagnosis.make(toy, log, options: options)
    }

    /// Three episodes, `start a` each.
    static let threeStarts = PlainTraceLog(["start", "a", "start", "a", "start", "a"])

    /// The carried search stalls at line 3 (it wanders), episode 2 is stuck afresh at line 4: the
    /// carried behaviour searched to the end proves it breaks at line 3 (not at line 4, where the episode stuck afresh).
    @Test func carriedSearchedToTheEnd() {
        let d = Self.diagnose(Toy(depth: 9), maxStates: 100_000)
        #expect(d.verdict == .inconsistent(line: 3))
        #expect(d.results == [.consistent, .inconsistent(index: 2)])
    }

    /// The same with the carried search cut short (3^9 wanderings past --max-states): stuck
    /// afresh is no proof for the carried behaviour, so nothing is decided (it used to say
    /// INCONSISTENT at line 3).
    @Test func carriedCutShortIsNotDecided() {
        let d = Self.diagnose(Toy(depth: 9), maxStates: 5_000)
        guard case .cutShort(let why) = d.verdict else {
            Issue.record("verdict \(d.verdict)")
            return
        }
        #expect(why.contains("no behaviour from the model's initial states writes line 4 afresh"))
        #expect(why.contains("carried from line 1 was cut short"))
        guard case .notDecided? = d.results[1] else {
            Issue.record("episode 2: \(String(describing: d.results[1]))")
            return
        }
        if case .cutShort? = d.shown?.ending {} else { Issue.record("shown: \(String(describing: d.shown?.ending))") }
    }

    /// `start a start a`: each episode is written afresh, but the behaviour carried from line 1
    /// wanders in phase 2 and never starts again. Its search to the end (3^9 wanderings) is cut
    /// at 5,000 states; the toy's view (its phase alone) proves line 3 unwritable in 4 states.
    @Test func provedOnTheView() {
        let log = PlainTraceLog(["start", "a", "start", "a"])
        let d = Self.diagnose(Toy(depth: 9, viewed: true), log, maxStates: 5_000)
        #expect(d.verdict == .pieces(line: 3))
        #expect(d.shown?.proof == TraceDiagnosis<Toy>.proofWords)
        #expect(d.shown?.linesOfStep.flatMap { $0 } == [0, 1], "the longest prefix: lines 1-2")
        #expect(d.results == [.consistent, .fresh])
        // Without the view the same search is not decided.
        guard case .cutShort = Self.diagnose(Toy(depth: 9), log, maxStates: 5_000).verdict else {
            Issue.record("decided without the view")
            return
        }
    }

    /// `start a start a start a` on the coarse view, which writes lines 1-4 and is stuck at line 5,
    /// while the searches from line 1 stopped at line 3 (the carried one gave up wandering): the
    /// lines up to 5 are searched within the probe's budget for the exact line. Wandering 3^7
    /// states, the probe finds it (line 3, the model's own answer, not the view's proof).
    @Test func provedOnTheViewExactLine() {
        let d = Self.diagnose(Toy(depth: 7, viewed: true, coarse: true), Self.threeStarts, maxStates: 100_000)
        #expect(d.verdict == .pieces(line: 3))
        #expect(d.shown?.proof == nil, "the probe's outcome, not the view's")
        #expect(d.beyondOne == nil)
    }

    /// The same wandering 3^9 states within 5,000: the probe is cut short, so the answer is the
    /// view's line, said as "at line 5 or before"; without the view nothing is decided.
    @Test func provedOnTheViewOrBefore() {
        let d = Self.diagnose(Toy(depth: 9, viewed: true, coarse: true), Self.threeStarts, maxStates: 5_000)
        #expect(d.verdict == .pieces(line: 5))
        #expect(d.beyondOne?.index == 4)
        #expect(d.shown?.proof == TraceDiagnosis<Toy>.proofWords)
        guard case .cutShort = Self.diagnose(Toy(depth: 9), Self.threeStarts, maxStates: 5_000).verdict else {
            Issue.record("decided without the view")
            return
        }
    }
}
