import Explorer

/// A tiny model for the engine's tests: the world queues additions, the system applies them.
/// Its properties are supplied by each test. A `PackedModel` keeping its states as they are,
/// only to name a fingerprint scheme (checkpoint tests change it).
struct Counter: PackedModel, Codable {
    typealias Stored = State

    var maxPending = 2
    /// Additions stop when value + pending reaches this, so the space is finite.
    var maxValue = 3
    var checks: [Property<Counter>] = []
    /// `fingerprintScheme`: checkpoint tests change it (not part of the configuration).
    var scheme = ""

    struct State: Hashable, Codable, Sendable {
        var value = 0
        var pending = 0
    }

    enum Action: String, Hashable, Codable, Sendable, CustomStringConvertible {
        case add, apply, reset
        var description: String { rawValue }
    }

    var name: String { "counter" }
    func initialStates() -> [State] { [State()] }
    func actions(in s: State) -> [Action] { [.add, .apply, .reset] }
    func next(_ s: State, _ a: Action) -> State? {
        switch a {
        case .add: s.pending < maxPending && s.value + s.pending < maxValue ? State(value: s.value, pending: s.pending + 1) : nil
        case .apply: s.pending > 0 ? State(value: s.value + 1, pending: s.pending - 1) : nil
        case .reset: s.value > 0 ? State(value: 0, pending: s.pending) : nil
        }
    }
    func kind(of a: Action) -> ActionKind { a == .apply ? .system : .world }
    /// add 0, apply 1, reset 2: what a property naming cases (`Property.cases`) refers to.
    func actionCase(of a: Action) -> Int { a == .add ? 0 : a == .apply ? 1 : 2 }
    var properties: [Property<Counter>] { checks }
    var fingerprintScheme: String { scheme }

    private enum CodingKeys: String, CodingKey { case maxPending, maxValue }
}

/// A model where the same state is reached with and without spending the world budget: a
/// search that keyed states without the budget used would prune the cheap path and miss 12.
struct Detour: Model {
    typealias State = Int
    enum Action: String, Hashable, Codable, Sendable, CustomStringConvertible {
        case detour, inc, boost
        var description: String { rawValue }
    }
    var name: String { "detour" }
    func initialStates() -> [Int] { [0] }
    func actions(in x: Int) -> [Action] { [.detour, .inc, .boost] }
    func next(_ x: Int, _ a: Action) -> Int? {
        switch a {
        case .detour: x == 0 ? 1 : nil
        case .inc: x == 0 || (10...11).contains(x) ? x + 1 : nil
        case .boost: (1..<10).contains(x) ? x + 10 : nil
        }
    }
    func kind(of a: Action) -> ActionKind { a == .inc ? .system : .world }
    var properties: [Property<Detour>] { [.sometimes("twelve") { _, x in x == 12 }] }
}

/// Interchangeable tokens 1...3: which ones are issued does not matter, only how many, so the
/// symmetry hook renames them in order of first appearance. `breakHook` makes the hook wrong.
struct Tokens: Model {
    var breakHook = false
    typealias State = [Int]
    struct Action: Hashable, Codable, Sendable, CustomStringConvertible {
        var token: Int
        var description: String { "issue t\(token)" }
    }
    var name: String { "tokens" }
    func initialStates() -> [[Int]] { [[]] }
    func actions(in s: [Int]) -> [Action] { (1...3).filter { !s.contains($0) }.map { Action(token: $0) } }
    func next(_ s: [Int], _ a: Action) -> [Int]? { s.contains(a.token) ? nil : (s + [a.token]).sorted() }
    func kind(of a: Action) -> ActionKind { .world }
    var properties: [Property<Tokens>] { [.always("fewer than two") { _, s in s.count < 2 }] }
    func canonicalized(_ trace: [Action]) -> [Action] {
        if breakHook { return trace.map { _ in Action(token: 1) } }
        var names: [Int: Int] = [:]
        return trace.map { a in
            if names[a.token] == nil { names[a.token] = names.count + 1 }
            return Action(token: names[a.token] ?? a.token)
        }
    }
}

/// Requests the system sends over a link that may go down, with at most `cap` in flight: a
/// bound of the model, not of the system. With the link down and the cap reached, a queued
/// request waits only because of the bound. `declaresBound` is the seam: off, the model does
/// not say so, and such a state looks quiescent.
struct Mailer: Model {
    var cap = 1
    var declaresBound = true
    /// What `refusingBound` names the cap.
    var boundName = "cap"

    struct State: Hashable, Codable, Sendable {
        var queued = 0
        var inFlight = 0
        var delivered = 0
        var linkDown = false
    }

    enum Action: String, Hashable, Codable, Sendable, CustomStringConvertible {
        case request, cut, send, arrive
        var description: String { rawValue }
    }

    var name: String { "mailer" }
    func initialStates() -> [State] { [State()] }
    func actions(in s: State) -> [Action] { [.request, .cut, .send, .arrive] }
    func kind(of a: Action) -> ActionKind { a == .request || a == .cut ? .world : .system }
    var properties: [Property<Mailer>] {
        [
            .atQuiescence("nothing queued when quiet") { _, s in s.queued == 0 },
            .atQuiescence("nothing in flight when quiet") { _, s in s.inFlight == 0 },
        ]
    }

    func next(_ s: State, _ a: Action) -> State? {
        var refused = false
        return step(s, a, refused: &refused)
    }

    func refusingBound(_ s: State, _ a: Action) -> String? {
        var refused = false
        return declaresBound && step(s, a, refused: &refused) == nil && refused ? boundName : nil
    }

    /// `next`; `refused` is set when only the cap stops the step.
    func step(_ s: State, _ a: Action, refused: inout Bool) -> State? {
        var t = s
        switch a {
        case .request:
            guard s.queued + s.inFlight + s.delivered < 2 else { return nil }
            t.queued += 1
        case .cut:
            guard !s.linkDown else { return nil }
            t.linkDown = true
        case .send:
            guard s.queued > 0 else { return nil }
            t.queued -= 1
            t.inFlight += 1
        case .arrive:
            guard s.inFlight > 0, !s.linkDown else { return nil }
            t.inFlight -= 1
            t.delivered += 1
        }
        guard t.inFlight <= cap else {
            refused = true
            return nil
        }
        return t
    }
}

/// A fan: the start state has `width` successors, each of which has one successor of its own.
/// Level 1 is as wide as asked, and each 1,024 of it adds exactly 1,024 states to level 2, so a
/// state limit can be placed in any batch of that level.
struct Fan: Model {
    var width = 17 * 1024

    typealias State = Int
    typealias Action = Int

    var name: String { "fan" }
    func initialStates() -> [State] { [0] }
    func actions(in s: State) -> [Action] { s == 0 ? Array(1...width) : s <= width ? [s + width] : [] }
    func next(_ s: State, _ a: Action) -> State? { a }
    func kind(of a: Action) -> ActionKind { .system }
    var properties: [Property<Fan>] { [] }
}
