import Explorer

/// A mutual exclusion protocol with a known bug: Ben-Ari's "second attempt" (Principles of
/// Concurrent and Distributed Programming, ch. 3) for `processes` processes. A process waits
/// until no other flag is up, *then* raises its own: two can pass the wait before either
/// raises, and both enter the critical section.
///
/// Each process cycles idle → waiting → passed → critical → idle, its flag up exactly while
/// critical, so every combination of locations is reachable: 4^n states. The shortest
/// violation takes 6 steps (each of two processes: try, pass, enter).
public struct FlagMutex: Model, Codable {
    public var processes: Int

    public init(processes: Int = 2) {
        precondition((1...16).contains(processes), "flag mutex takes 1 to 16 processes")
        self.processes = processes
    }

    public var name: String { "flag-mutex" }

    public enum Location: String, Hashable, Sendable, Codable, CaseIterable {
        case idle, waiting, passed, critical

        /// Two bits per process in the fingerprint word.
        var code: UInt64 {
            switch self {
            case .idle: 0
            case .waiting: 1
            case .passed: 2
            case .critical: 3
            }
        }
    }

    public struct State: Hashable, Sendable, Codable {
        public var locations: [Location]
        func flagUp(_ i: Int) -> Bool { locations[i] == .critical }
    }

    public struct Action: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The process (0-based) that moves.
        public let process: Int
        /// True for leaving idle (the world wanting the critical section), false for the
        /// protocol's own steps.
        public let wants: Bool
        public init(process: Int, wants: Bool) {
            self.process = process
            self.wants = wants
        }
        public var description: String { wants ? "p\(process.oneBased) wants in" : "p\(process.oneBased) steps" }
    }

    public func initialStates() -> [State] { [State(locations: Array(repeating: .idle, count: processes))] }

    public func actions(in state: State) -> [Action] {
        (0..<processes).map { Action(process: $0, wants: state.locations[$0] == .idle) }
            .filter { next(state, $0) != nil }
    }

    public func next(_ s: State, _ a: Action) -> State? {
        guard s.locations.indices.contains(a.process), a.wants == (s.locations[a.process] == .idle) else {
            return nil
        }
        var t = s
        switch s.locations[a.process] {
        case .idle: t.locations[a.process] = .waiting
        case .waiting:
            // await: no other flag up (the check and the raise below are separate steps: the bug)
            let othersDown = s.locations.indices.allSatisfy { $0 == a.process || !s.flagUp($0) }
            guard othersDown else { return nil }
            t.locations[a.process] = .passed
        case .passed: t.locations[a.process] = .critical
        case .critical: t.locations[a.process] = .idle
        }
        return t
    }

    /// Wanting the critical section is the world's choice; the protocol does the rest.
    public func kind(of action: Action) -> ActionKind { action.wants ? .world : .system }

    public func actorName(of action: Action) -> String? { "p\(action.process.oneBased)" }

    public func actorOutOfRange(_ action: Action) -> String? {
        (0..<processes).contains(action.process)
            ? nil : "process index \(action.process) out of range: the model has \(processes) (0...\(processes - 1))"
    }

    public var properties: [Property<Self>] {
        [
            .always("mutual exclusion") { _, s in s.locations.filter { $0 == .critical }.count <= 1 },
            .sometimes("someone enters") { _, s in s.locations.contains(.critical) },
        ]
    }

    public func fingerprint(of s: State) -> UInt64 {
        var word: UInt64 = 0
        for (i, l) in s.locations.enumerated() { word |= l.code << UInt64(2 * i) }
        return Fingerprint.mix(word)
    }
}
