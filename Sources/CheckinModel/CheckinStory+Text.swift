import Widgets

extension CheckinStory {
    static func list(_ l: [PendingCheckin]) -> String { "[" + l.map(\.description).joined(separator: ", ") + "]" }

    static func snapshot(_ m: CheckinSystem, _ s: CheckinState) -> String {
        let rows = (0..<m.config.goals).map { "g\($0 + 1) \(s.checked[$0] ? "checked" : "due")" }.joined(separator: ", ")
        return s.snapshotDay == s.day ? rows : "NEW_DAY (snapshot of \(m.dayKeys[s.snapshotDay]), rows hidden)"
    }

    static func describe(_ m: CheckinSystem, _ s: CheckinState) -> String {
        "local day \(m.dayKeys[s.day]), widget \(snapshot(m, s)), pending queue \(list(s.queue.entries)), "
            + "check-in token \(s.token == 0 ? "none" : "#\(s.token)") (server accepts #\(s.serverToken)), app not running, "
            + "sync store empty on disk, no completions on the server"
    }

    /// What a step changed, each phrase read off the two states.
    static func changes(_ m: CheckinSystem, _ action: CheckinAction, _ a: CheckinState, _ b: CheckinState) -> [String] {
        var out: [String] = []
        if a.day != b.day { out.append("it is now \(m.dayKeys[b.day])") }
        if a.checked != b.checked || a.snapshotDay != b.snapshotDay { out.append("widget: \(snapshot(m, b))") }
        if a.queue != b.queue { out.append("pending queue \(list(a.queue.entries)) → \(list(b.queue.entries))") }
        if action == .kill && !a.taps.isEmpty { out.append("\(a.taps.count) tap(s) die between their two writes") }
        for p in 0..<2 where a.runs[p] != b.runs[p] {
            let name = CheckinAction.pathName(p)
            if let run = b.runs[p], a.runs[p] == nil { out.append("\(name) read \(list(run.toPost))") }
            if b.runs[p] == nil && action != .kill {
                out.append("\(name) run ends, \(m.on(.removeOnlySent) ? "removing only what it sent" : "clearing the whole queue")")
            }
            if b.runs[p] == nil && action == .kill { out.append("the \(name) run dies") }
        }
        if a.token != b.token { out.append(b.token == 0 ? "check-in token wiped" : "token #\(b.token) cached") }
        if a.serverToken != b.serverToken { out.append("server now accepts only #\(b.serverToken)") }
        if (a.app == nil) != (b.app == nil) { out.append(b.app == nil ? "app and widget processes gone" : "the app starts with a cold store") }
        if a.app?.inFlight != b.app?.inFlight, let l = b.app?.inFlight, !l.isEmpty { out.append("in JS memory: \(list(l))") }
        if a.store.hydrated != b.store.hydrated && b.store.hydrated { out.append("store hydrated") }
        if a.store.queue != b.store.queue { out.append("store memory \(list(b.store.queue))") }
        if a.store.persisted != b.store.persisted { out.append("store disk \(list(b.store.persisted))") }
        if case .flushing = a.app?.drain, a.store.persisted == b.store.persisted { out.append("the flush writes nothing (store not hydrated)") }
        for c in b.completions where !a.completions.contains(c) {
            out.append("server records g\(c.goal + 1) for \(m.dayKeys[c.creditedDay])")
        }
        if b.rejectedVisible.count > a.rejectedVisible.count { out.append("rejected: permanent_error reported to Sentry") }
        if b.silentlyDropped.count > a.silentlyDropped.count { out.append("rejected, read as success and dropped with no record") }
        if b.deadTokens.count > a.deadTokens.count { out.append("the server answers UNAUTHORIZED") }
        if b.postedWithDeadToken && !a.postedWithDeadToken { out.append("posted with a token already answered UNAUTHORIZED") }
        for l in b.lost where !a.lost.contains(l) { out.append("**\(l.entry) now exists nowhere** (\(l.cause))") }
        return out
    }

    func verdict(_ last: CheckinState) -> String {
        let cause = property.hasPrefix("lost-checkin:") ? String(property.dropFirst("lost-checkin:".count)) : ""
        var text = "After step \(states.count - 1): \(Self.describe(model, last).replacingOccurrences(of: ", app not running, sync store empty on disk, no completions on the server", with: "")); "
        text += "store memory \(Self.list(last.store.queue)), disk \(Self.list(last.store.persisted)); server rows "
            + (last.completions.isEmpty ? "none" : last.completions.map { "g\($0.goal + 1)@\(model.dayKeys[$0.creditedDay])" }.joined(separator: ", ")) + ". "
        text += Self.meaning[cause.isEmpty ? property : "lost-checkin"] ?? ""
        if let why = Self.causeMeaning[cause] { text += " Cause `\(cause)`: \(why)" }
        return text
    }

    static let meaning: [String: String] = [
        "lost-checkin": "**lost-checkin**: a tapped check-in is in no queue, no store, not on the server and not visibly rejected; nothing can deliver it any more.",
        "duplicate-completion": "**duplicate-completion**: the server holds two completions for one habit on one local day.",
        "queue-duplicate": "**queue-duplicate**: the native pending queue holds one habit-day twice (dedup layer 1).",
        "store-duplicate": "**store-duplicate**: the sync store holds two entries with one deterministic id (dedup layer 2).",
        "credited-wrong-day": "**credited-wrong-day**: a completion is credited to a day other than the one it was tapped on.",
        "rejection-hidden": "**rejection-hidden**: a rejected check-in was dropped with no record and no signal.",
        "dead-token-post": "**dead-token-post**: a delivery POSTed with a token the server had already answered UNAUTHORIZED.",
        "queue-snapshot-disagree": "**queue-snapshot-disagree**: the system is quiescent and the widget shows a habit checked whose check-in exists nowhere, or a queued tap of today unchecked.",
    ]

    static let causeMeaning: [String: String] = [
        "kill-mid-tap": "the widget process died between the snapshot flip and the durable append (iOS order).",
        "kill-mid-drain": "the process died after the native destructive clear and before the awaited flush wrote the store to disk: the window the awaited flush narrows but cannot close.",
        "drain-before-hydration": "the drain ran before the store had loaded from disk, so the awaited flush skipped its write (hydration guard); the check-in lived in memory only when the process died.",
        "unflushed": "the drain resolved without awaiting a flush; the process died before the store's own persistence ran.",
        "unlocked-drain": "without the lock, a tap's append landed between the drain's read and its clear, and the clear wiped it.",
        "blanket-clear": "the delivery run cleared the whole queue, wiping an entry appended after it read the queue.",
        "unhydrated-overwrite": "a flush before hydration overwrote the disk copy with a queue that had never read it.",
        "credited-elsewhere": "without completedDate the server matched it to a row of another day and answered success, so it was removed while its own day has no completion.",
        "other": "a path this model does not name.",
    ]
}
