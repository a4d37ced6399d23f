import Widgets

/// A check-in counterexample told as a story a reviewer reads without the tool: numbered
/// steps (who acted, what changed in the queue, the snapshot, the store, the server), the
/// broken property and why, and a Mermaid sequence diagram. Every change line is computed
/// from the states before and after the step.
public struct CheckinStory {
    public let model: CheckinSystem
    public let steps: [CheckinAction]
    public let property: String

    public init(model: CheckinSystem, steps: [CheckinAction], property: String) {
        self.model = model
        self.steps = steps
        self.property = property
    }

    /// The states s0 ... sn, stopping early at a disabled step.
    var states: [CheckinState] {
        var out = model.initialStates()
        for step in steps {
            guard let last = out.last, model.actions(in: last).contains(step), let next = model.next(last, step) else { break }
            out.append(next)
        }
        return out
    }

    public func markdown(title: String? = nil) -> String {
        let states = self.states
        let c = model.config
        var out = ["# \(title ?? property)", ""]
        out.append("Model `checkin`, configuration: \(c.description.isEmpty ? c.summary : c.description) (\(c.summary)).")
        let off = c.guardsOff
        out.append("Guards off: \(off.isEmpty ? "none (the documented design)" : off.joined(separator: ", ") + " (every other guard on)"). "
            + Self.flushText(c) + " Property broken: **\(property)**.")
        out.append("")
        out.append("Initial state: \(Self.describe(model, states[0])).")
        out.append("")
        out.append("## Steps")
        out.append("")
        for k in steps.indices where k + 1 < states.count {
            let changes = Self.changes(model, steps[k], states[k], states[k + 1])
            var text = "\(k + 1). **\(model.actorName(of: steps[k]) ?? "system")** — \(steps[k].description)."
            if !changes.isEmpty { text += " " + changes.joined(separator: "; ") + "." }
            out.append(text)
        }
        if states.count <= steps.count {
            out.append("")
            out.append("Step \(states.count) is not enabled in this model: the trace stops replaying there.")
        }
        out.append("")
        out.append("## What broke")
        out.append("")
        out.append(verdict(states.last ?? states[0]))
        out.append("")
        out.append("## Sequence")
        out.append("")
        out.append("```mermaid")
        out.append(mermaid(states))
        out.append("```")
        out.append("")
        return out.joined(separator: "\n")
    }

    /// When the app's awaited flush may run (the variant `flushWaitsForHydration`).
    static func flushText(_ c: CheckinConfig) -> String {
        c.variants.flushWaitsForHydration
            ? "The flush waits for hydration."
            : "The flush may run before hydration (its hydration guard then writes nothing)."
    }

    func mermaid(_ states: [CheckinState]) -> String {
        var out = ["sequenceDiagram"]
        let participants = ["User", "World", "Widget", "TapTime", "Scheduler", "App", "Server"]
        for p in participants { out.append("    participant \(p)") }
        for k in steps.indices where k + 1 < states.count {
            let (from, to) = Self.arrow(steps[k])
            let changes = Self.changes(model, steps[k], states[k], states[k + 1])
            let text = ([steps[k].description] + changes.prefix(2)).joined(separator: ", ")
                .replacingOccurrences(of: ";", with: ",").replacingOccurrences(of: "#", with: "")
            out.append(from == to ? "    Note over \(from): \(k + 1). \(text)" : "    \(from)->>\(to): \(k + 1). \(text)")
        }
        return out.joined(separator: "\n")
    }

    static func arrow(_ a: CheckinAction) -> (String, String) {
        switch a {
        case .tap: ("User", "Widget")
        case .openApp: ("User", "App")
        case .midnight, .longGap, .kill: ("World", "World")
        case .revokeToken: ("World", "Server")
        case .failPost(let p), .answerLate(let p), .post(let p): (p == 0 ? "TapTime" : "Scheduler", "Server")
        case .startDelivery(let p): (p == 0 ? "TapTime" : "Scheduler", "Widget")
        case .finishTap: ("Widget", "Widget")
        case .replay: ("App", "Server")
        case .drain, .clearDrained: ("App", "Widget")
        default: ("App", "App")
        }
    }
}
