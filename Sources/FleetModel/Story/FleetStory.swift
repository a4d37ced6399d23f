import FleetCard

/// A counterexample told as a story a reviewer reads without the tool: numbered steps (actor,
/// action, what changed, which guard decided what, the lock screens after it), the broken
/// property and why, and a Mermaid sequence diagram.
public struct FleetStory {
    public let model: FleetSystem
    public let steps: [FleetSystem.Action]
    public let property: String

    /// The states s0 ... sn (stopping early if a step is disabled or names nothing in the state:
    /// a story is also rendered for a trace that diverged), replayed once.
    let states: [FleetState]
    /// Per state, per phone, the number of each card in state order (`FleetStory+Cards`).
    let cardNumbers: [[[Int]]]

    public init(model: FleetSystem, steps: [FleetSystem.Action], property: String) {
        self.model = model
        self.steps = steps
        self.property = property
        var out = [model.initialStates()[0]]
        for step in steps {
            guard let last = out.last, model.actions(in: last).contains(step), let next = model.next(last, step) else { break }
            out.append(next)
        }
        states = out
        cardNumbers = Self.numbers(model, steps, out)
    }

    /// One replayed step: the states around it and what it meant.
    struct Line {
        let number: Int
        let actor: String
        let action: String
        let changes: [String]
        var guards: [String]
        let lockScreens: String
        let arrow: (from: String, to: String, text: String)
    }

    var lines: [Line] {
        let states = self.states
        let numbers = cardNumbers
        let on = Self.guardOnModels(model)
        return steps.indices.compactMap { k in
            guard k + 1 < states.count else { return nil }
            var l = line(k + 1, steps[k], states[k], states[k + 1], ids: (numbers[k], numbers[k + 1]))
            l.guards += offGuardNotes(on, steps[k], states[k], states[k + 1], l.guards)
            return l
        }
    }

    /// Card numbers before and after a step, per phone in state order.
    typealias CardIDs = (old: [[Int]], new: [[Int]])

    /// The whole Markdown document.
    public func markdown(title: String? = nil) -> String {
        let states = self.states
        var out: [String] = []
        out.append("# \(title ?? property)")
        out.append("")
        out.append("Model `fleet-card`, configuration: \(model.config.description)")
        let off = model.config.guards.switchedOff
        out.append("Guards off: \(off.isEmpty ? "none (the documented design)" : off.joined(separator: ", ") + " (every other guard on)"). "
            + "Variants: \(variantText). World: \(worldText). Property broken: **\(property)** (class `\(FleetSystem.propertyClass(property))`).")
        out.append("")
        out.append(namesText)
        out.append("")
        if let titles = titlesText {
            out.append(titles)
            out.append("")
        }
        out.append("Initial state: \(FleetStory.lockScreens(model, states[0], cardNumbers[0])); every phone has run the app before, "
            + "its push-to-start token is registered, and iOS has since reclaimed the app.")
        out.append("")
        out.append("## Steps")
        out.append("")
        for l in lines {
            var text = "\(l.number). **\(l.actor)** — \(l.action)."
            if !l.changes.isEmpty { text += " " + l.changes.joined(separator: "; ") + "." }
            out.append(text)
            for g in l.guards { out.append("   - guard: \(g)") }
            out.append("   - lock screen: \(l.lockScreens)")
        }
        out.append("")
        out.append("## What broke")
        out.append("")
        out.append(verdict(states))
        out.append("")
        out.append("## Sequence")
        out.append("")
        out.append("```mermaid")
        out.append(mermaid())
        out.append("```")
        out.append("")
        return out.joined(separator: "\n")
    }

    var variantText: String {
        let v = model.config.variants
        var parts = ["server view \(v.serverView.rawValue)"]
        if v.broadcastChannel { parts.append("broadcast channel") }
        if v.deviceIdOnWire { parts.append("device id on the wire") }
        if v.keepUnfilledCards { parts.append("a server never ends a card it never filled") }
        if v.countTrust == .liveFetchOfEveryUpHost {
            parts.append("count trust liveFetchOfEveryUpHost (the app's rule since 2026-09-21: hosts known down ignored)")
        }
        if v.olderPushToStartHonoured { parts.append("a phone's older push-to-start tokens still start cards") }
        return parts.joined(separator: ", ")
    }

    /// How the trace JSON's 0-based indices map to the names the story uses.
    var namesText: String {
        var names = (0..<model.serverCount).map { i in "server \(i) = \(FleetStory.serverName(model, i))" }
        names += (0..<model.config.hosts).map { h in "host \(h) = h\(h + 1)" }
        names += model.config.devices.indices.map { d in "phone \(d) = phone\(d + 1)" }
        names += model.config.sessions.indices.map { k in "session \(k) = s\(k + 1)" }
        return "Names (the trace JSON counts from 0): " + names.joined(separator: ", ") + "."
    }

    /// Each session's row title as each writer writes it, when some title renders differently
    /// (`FleetTitles`); a row marked "(the server's title)" shows the server's.
    var titlesText: String? {
        guard let t = model.titles else { return nil }
        let each = t.app.indices.map { k in "s\(k + 1): app \(t.app[k].debugDescription), server \(t.server[k].debugDescription)" }
        return "Titles (a row marked \"the server's title\" shows the server's): " + each.joined(separator: "; ") + "."
    }

    /// The bounds and the world faults this run allowed.
    var worldText: String {
        let c = model.config, w = c.world
        var faults: [String] = []
        if w.hostOutage { faults.append("host outages") }
        if w.serverRestart { faults.append("server restarts") }
        if w.appTerminated { faults.append("app terminations") }
        if w.postLost { faults.append("lost POSTs") }
        if w.sendFails { faults.append("failed sends") }
        if w.pushDropped { faults.append("dropped pushes") }
        if w.noBackgroundLaunch { faults.append("iOS may decline a background launch") }
        if w.tokenRotation { faults.append("token rotation") }
        if w.duplicateRows { faults.append("duplicate session rows") }
        if w.devBuildLaunch { faults.append("dev builds") }
        return "\(c.sessions.count) session(s), \(c.hosts) host(s), \(c.devices.count) phone(s), world budget "
            + "\(c.bounds.worldBudget), faults: \(faults.isEmpty ? "none" : faults.joined(separator: ", "))"
    }

    /// The Mermaid sequence diagram: one message per step.
    public func mermaid() -> String {
        var out = ["sequenceDiagram"]
        var participants = ["World", "iOS"]
        for d in model.config.devices.indices { participants.append("Phone\(d + 1)") }
        if model.config.world.devBuildLaunch { participants.append(FleetStory.devBuild) }
        participants.append("APNs")
        for i in 0..<model.serverCount { participants.append(FleetStory.serverName(model, i).replacingOccurrences(of: " ", with: "_")) }
        for p in participants { out.append("    participant \(p)") }
        for l in lines {
            let text = l.arrow.text.replacingOccurrences(of: ";", with: ",").replacingOccurrences(of: "#", with: "")
            if l.arrow.from == l.arrow.to {
                out.append("    Note over \(l.arrow.from): \(l.number). \(text)")
            } else {
                out.append("    \(l.arrow.from)->>\(l.arrow.to): \(l.number). \(text)")
            }
            for g in l.guards {
                let note = g.replacingOccurrences(of: ";", with: ",").replacingOccurrences(of: "#", with: "")
                out.append("    Note over \(l.arrow.to): guard: \(note)")
            }
        }
        return out.joined(separator: "\n")
    }

    static func serverName(_ m: FleetSystem, _ i: Int) -> String {
        i == m.scratch ? "Scratch server" : "Server h\(i + 1)"
    }

    /// What each phone shows, e.g. `phone1: 1 card [1 working, 0 needs input: s1 working]`.
    static func lockScreens(_ m: FleetSystem, _ s: FleetState, _ ids: [[Int]]) -> String {
        s.devices.indices.map { d in
            let cards = s.devices[d].cards
            if cards.isEmpty { return "phone\(d + 1): no card" }
            return "phone\(d + 1): " + cards.indices.map { c in
                "card #\(ids[d][c]) [\(describe(cards[c].content))]"
            }.joined(separator: ", ")
        }.joined(separator: "; ")
    }

    static func describe(_ c: CardContent) -> String {
        let rows = c.rows.map { r in
            "s\(FleetTitles.index(r) + 1) \(r & 1 == 1 ? "needs input" : "working")"
                + (r & FleetTitles.serverBit != 0 ? " (the server's title)" : "")
        }
        var text = "\(c.working) working, \(c.needsInput) needs input"
        if !rows.isEmpty { text += ": " + rows.joined(separator: ", ") }
        if c.more > 0 { text += ", \(c.more) more" }
        return text
    }
}
