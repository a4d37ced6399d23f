import Explorer

/// How a transaction manager's log names its resource managers (`TwoPhaseCommit+Log`): each
/// log name bound to one manager of the model and each manager to one name, as the lines come.
/// The model's managers keep their numbers, so a binding never follows a renaming.
public struct TMLogBinding: LogBinding {
    /// Model manager k → log name id + 1 (0: unbound).
    var managers: [UInt32]

    init(managers: Int) { self.managers = Array(repeating: 0, count: managers) }

    public mutating func match(_ written: TMLogLine<Int>, _ line: TMLogLine<String>, at index: Int, _ names: TMLogNames) -> Bool {
        switch (written, line) {
        case (.commit, .commit), (.abort, .abort): return true
        case (.prepared(let k), .prepared(let name)):
            guard k < managers.count, let id = names.id(name) else { return false }
            let want = UInt32(id + 1)
            if managers[k] == want { return true }
            guard managers[k] == 0, !managers.contains(want) else { return false }
            managers[k] = want
            return true
        default: return false
        }
    }

    public mutating func follow(_ renaming: Void) {}

    /// The log name id bound to model manager `k`, if any.
    func name(of k: Int) -> Int? { k < managers.count && managers[k] != 0 ? Int(managers[k]) - 1 : nil }
}
