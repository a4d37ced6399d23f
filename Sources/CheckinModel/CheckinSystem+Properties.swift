import Explorer
import Widgets

/// The spec's guarantees as named checks. A lost check-in is split by how it was lost, so the
/// documented design's own holes and a switched-off guard's bug are told apart by name.
extension CheckinSystem {
    /// How a check-in can vanish, each named after the step that dropped its last copy.
    public static let lossCauses = [
        "kill-mid-tap", "kill-mid-drain", "drain-before-hydration", "unflushed", "unlocked-drain",
        "blanket-clear", "unhydrated-overwrite", "credited-elsewhere", "other",
    ]

    public var properties: [Property<CheckinSystem>] {
        var out: [Property<CheckinSystem>] = Self.lossCauses.map { cause in
            .always("lost-checkin:\(cause)") { _, s in !s.lost.contains { $0.cause == cause } }
        }
        out += [
            .always("duplicate-completion") { _, s in
                // Exactly one completion per habit per local day on the server.
                zip(s.completions, s.completions.dropFirst()).allSatisfy { a, b in
                    a.goal != b.goal || a.creditedDay != b.creditedDay
                }
            },
            .always("queue-duplicate") { _, s in Set(s.queue.entries).count == s.queue.entries.count },
            .always("store-duplicate") { _, s in Set(s.store.queue.map(\.syncId)).count == s.store.queue.count },
            .always("credited-wrong-day") { _, s in s.completions.allSatisfy { $0.creditedDay == $0.tapDay } },
            .always("rejection-hidden") { _, s in s.silentlyDropped.isEmpty },
            .always("dead-token-post") { _, s in !s.postedWithDeadToken },
            .atQuiescence("queue-snapshot-disagree") { m, s in m.agrees(s) },
            .sometimes("reach:delivered") { _, s in !s.completions.isEmpty },
            .sometimes("reach:retried") { _, s in s.retriedDelivered },
            .sometimes("reach:rejected") { _, s in !s.rejectedVisible.isEmpty },
            .sometimes("reach:credited-across-midnight") { _, s in
                s.completions.contains { $0.deliveredDay > $0.tapDay && $0.creditedDay == $0.tapDay }
            },
        ]
        return out.filter { p in
            switch p.name {
            case "reach:retried": config.world.networkFails || config.world.lateAnswer
            case "reach:rejected": config.world.longGap
            case "reach:credited-across-midnight": config.world.midnight || config.world.longGap
            default: true
            }
        }
    }

    /// Whether `e` still exists somewhere: queued, mid-tap, mid-drain, in the store (memory
    /// or disk), on the server, or visibly (or silently) rejected.
    func present(_ s: CheckinState, _ e: PendingCheckin) -> Bool {
        let g = goal(of: e), d = day(of: e.localDate)
        // Only an iOS tap holds the entry alone (flipped, not yet appended).
        return s.queue.entries.contains(e) || (config.platform == .ios && s.taps.contains { $0.entry == e })
            || (s.app?.inFlight.contains(e) ?? false)
            || s.store.queue.contains(e) || s.store.persisted.contains(e)
            || s.completions.contains { $0.goal == g && $0.tapDay == d }
            || s.rejectedVisible.contains(e) || s.silentlyDropped.contains(e)
    }

    /// Records each tapped check-in that `a` removed the last copy of, with its cause.
    func recordLosses(_ s: CheckinState, _ a: CheckinAction, _ t: inout CheckinState) {
        for e in t.tapped where !t.lost.contains(where: { $0.entry == e }) && present(s, e) && !present(t, e) {
            t.lost.append(Loss(entry: e, cause: cause(s, a, e)))
        }
    }

    func cause(_ s: CheckinState, _ a: CheckinAction, _ e: PendingCheckin) -> String {
        switch a {
        case .kill:
            if s.app?.inFlight.contains(e) ?? false { return "kill-mid-drain" }
            if s.store.queue.contains(e) { return on(.awaitedFlush) ? "drain-before-hydration" : "unflushed" }
            if config.platform == .ios && s.taps.contains(where: { $0.entry == e }) { return "kill-mid-tap" }
            return "other"
        case _ where !on(.completedDatePayload) && s.completions.contains(where: { $0.goal == goal(of: e) }):
            // Answered success, but the row it matched is another day's: nothing credits its day.
            return "credited-elsewhere"
        case .clearDrained: return "unlocked-drain"
        case .post, .failPost, .answerLate: return on(.removeOnlySent) ? "other" : "blanket-clear"
        case .flush: return on(.hydrationGuard) ? "other" : "unhydrated-overwrite"
        default: return "other"
        }
    }

    /// The pending queue and the snapshot agree: every queued tap of the rendered day shows
    /// checked, and every checked habit's tap exists somewhere (only while the snapshot is today's).
    func agrees(_ s: CheckinState) -> Bool {
        guard s.snapshotDay == s.day else { return true }
        let today = dayKeys[s.day]
        let queuedShown = s.queue.entries.allSatisfy { e in e.localDate != today || s.checked[goal(of: e)] }
        let checkedBacked = (0..<config.goals).allSatisfy { g in !s.checked[g] || present(s, entry(g, s.day)) }
        return queuedShown && checkedBacked
    }
}
