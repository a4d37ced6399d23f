/// The search of a log on a model's over-approximation (`LogOverApproximation`; Docs/diagnose.md,
/// "Split logs"): every state, binding and log memory at each position, with no gap bounds (every
/// unlogged step free between two lines), position by position. Its only verdict that says
/// something of the model is `stuck`: no behaviour of the over-approximation, so none of the
/// model's whatever the gap bounds, writes the lines up to that one.
public enum TraceOverApproximationSearch<A: LogOverApproximation> {
    public enum Ending: Equatable, Sendable {
        /// No behaviour writes line `index` (0-based in the lines given) after the lines before it.
        case stuck(index: Int)
        /// Some behaviour writes every line: nothing is proved.
        case passed
        /// Past `maxStates` or stopped: nothing is proved.
        case cutShort
    }

    struct Node: Hashable {
        var state: A.State
        var memory: A.LogMemory
        var binding: A.Binding
    }

    /// Searches `lines` on `approximation`. `window`: the first line may be written from any
    /// state it reaches (every step free before it, its lines not in the log), as a window of a
    /// log opens on the model. `events`: the kinds of line the build wrote (nil: all).
    public static func run(
        _ approximation: A, lines: [A.Binding.Line], window: Bool, events: Set<String>?, maxStates: Int,
        stop: StopSignal? = nil
    ) -> (ending: Ending, states: Int) {
        let kinds = events
        var names = A.Binding.Names()
        for line in lines { names.append(line) }
        let n = lines.count
        // The nodes at each position, in the order found; `seen` for lookup only.
        var levels = [[Node]](repeating: [], count: n + 1)
        var seen = [Set<Node>](repeating: [], count: n + 1)
        var states = 0
        func add(_ node: Node, at p: Int) {
            guard seen[p].insert(node).inserted else { return }
            levels[p].append(node)
            states += 1
        }
        for s in approximation.initialStates() {
            add(Node(state: s, memory: approximation.initialLogMemory, binding: approximation.freshBinding()), at: 0)
        }
        for p in 0..<n {
            var k = 0
            while k < levels[p].count {
                let node = levels[p][k]
                k += 1
                if states > maxStates || (k & 255 == 0 && stop?.isRaised == true) { return (.cutShort, states) }
                let before = window && p == 0
                for action in approximation.actions(in: node.state) {
                    guard let (next, renaming) = approximation.step(node.state, action) else { continue }
                    var memory = node.memory
                    var events = approximation.logLines(node.state, action, next, memory: &memory)
                    if let kinds, !events.isEmpty { events = events.filter { kinds.contains(A.lineKind($0)) } }
                    if events.isEmpty || before {
                        var b = node.binding
                        b.follow(renaming)
                        add(Node(state: next, memory: memory, binding: b), at: p)
                        if events.isEmpty { continue }
                    }
                    // A window may open on any of a step's lines (a file cut between two lines of one step).
                    for skip in 0..<(before ? events.count : 1) {
                        let tail = events[skip...]
                        guard p + tail.count <= n else { continue }
                        var b = node.binding
                        var matched = true
                        for (j, e) in tail.enumerated() where !b.match(e, lines[p + j], at: p + j, names) {
                            matched = false
                            break
                        }
                        guard matched else { continue }
                        b.follow(renaming)
                        add(Node(state: next, memory: memory, binding: b), at: p + tail.count)
                    }
                }
            }
            levels[p] = []
        }
        if !levels[n].isEmpty { return (.passed, states) }
        // Every node before the end expanded and none reached it: the furthest position with a node.
        var at = 0
        for p in 0..<n where !seen[p].isEmpty { at = p }
        return (.stuck(index: at), states)
    }
}
