/// What the spec's guard table says each guard's absence causes (fleet-model.md, "Guards"),
/// as the property class the explorer should break first, and the header a mutant's story gets.
extension FleetMutants {
    public static let specClass: [String: String] = [
        "endGateTrustworthiness": "false-end",
        "clientEndedVeto": "restart-loop",
        "supersedeUpdateToken": "zombie-card",
        "allAcceptedForUpdateAndEnd": "zombie-card",
        "pushToStartCapPerEnv": "push-to-start-fanout",
        "dedupe": "duplicate-card",
        "adoptOnTokenRegistration": "duplicate-card",
        "seenSidSkip": "double-counted-session",
        "updatedAtExcluded": "idle-push",
        "defaultHostOnly": "duplicate-card",
        "canonicalPortOnly": "duplicate-card",
        "maxRows": "row-budget",
        "fleetEndedReported": "missing-card",
        "pushTypeToken": "zombie-card",
        "creationGatedOnTrust": "zombie-card",
    ]

    /// The configuration line of a mutant's story: what was switched off and which world ran.
    /// With an override the configuration's own description is not repeated: it tells of a
    /// world (its sessions, hosts, world actions) that did not run.
    public static func describe(_ base: String, guardOff: String, override: FleetConfig.MutantOverride?) -> String {
        guard let override else {
            return "\(base) Mutant run: \(guardOff) switched off, every other guard on; the configuration's own bounds."
        }
        return "Mutant run: \(guardOff) switched off, every other guard on, in this configuration's world changed for "
            + "this guard (\(override.reason)); the World line below says what ran."
    }

    /// The spec's loop for the veto (guard table: "Phone ends card → server push-starts a
    /// replacement → phone ends that too").
    public static let vetoLoopMissing = "a different loop shown (the server push-starts again, but the phone never ends a push-started replacement); the spec's end, start, end loop is not shown within these bounds"

    /// nil when the trace shows what the spec's "Without it" names for `guardName`, else what the
    /// guard table says instead. Only the veto's row names more than a property class.
    public static func shapeMissing(_ guardName: String, model: FleetSystem, steps: [FleetSystem.Action]) -> String? {
        guard guardName == "clientEndedVeto" else { return nil }
        return showsVetoLoop(model, steps) ? nil : vetoLoopMissing
    }

    /// Whether the steps show the app ending cards on a phone, a push-to-start then making a
    /// replacement card there, and the app ending that replacement too, with the sessions and
    /// hosts left alone in between (the loop runs on a disagreement, not on the world's changes).
    static func showsVetoLoop(_ model: FleetSystem, _ steps: [FleetSystem.Action]) -> Bool {
        let story = FleetStory(model: model, steps: steps, property: "")
        let states = story.states, numbers = story.cardNumbers
        var endedOnce = Set<Int>()  // phones whose app has ended its cards
        var replacements: [Int: [Int]] = [:]  // phone → cards push-started after such an end
        for k in steps.indices where k + 1 < states.count {
            switch steps[k] {
            case .sync(let d), .openApp(let d), .backgroundLaunch(let d):
                guard !states[k].devices[d].cards.isEmpty, states[k + 1].devices[d].cards.isEmpty else { continue }
                if numbers[k][d].contains(where: { replacements[d, default: []].contains($0) }) { return true }
                endedOnce.insert(d)
            case .deliverPush(let p):
                let push = states[k].pushes[p], d = Int(push.device)
                guard push.action == .start, endedOnce.contains(d),
                    let made = numbers[k + 1][d].last, !numbers[k][d].contains(made)
                else { continue }
                replacements[d, default: []].append(made)
            case .setSession, .toggleDuplicateRow, .hostDown, .hostUp:
                endedOnce.removeAll()
                replacements.removeAll()
            default: continue
            }
        }
        return false
    }
}
