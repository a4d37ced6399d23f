import Explorer
import Widgets

extension CheckinSystem {
    public func actions(in s: CheckinState) -> [CheckinAction] {
        var out: [CheckinAction] = []
        let w = config.world
        // world
        for g in 0..<config.goals where tappable(s, g) { out.append(.tap(goal: g)) }
        if w.midnight && s.day + 1 <= lastDay { out.append(.midnight) }
        if w.longGap && s.day + CompletedDateWindow.days <= lastDay { out.append(.longGap) }
        if s.app?.drained ?? true { out.append(.openApp) }
        if w.kill && (s.app != nil || !s.taps.isEmpty || s.tapTimeArmed || s.runs.contains { $0 != nil }) {
            out.append(.kill)
        }
        if w.revokeToken && s.token != 0 && s.token == s.serverToken { out.append(.revokeToken) }
        for p in 0..<2 where s.runs[p] != nil {
            if w.networkFails { out.append(.failPost(path: p)) }
            if w.lateAnswer { out.append(.answerLate(path: p)) }
        }
        // system
        if !s.taps.isEmpty { out.append(.finishTap) }
        if s.tapTimeArmed && s.runs[0] == nil { out.append(.startDelivery(path: 0)) }
        if s.runs[1] == nil && s.token != 0 && !s.queue.isEmpty { out.append(.startDelivery(path: 1)) }
        for p in 0..<2 where s.runs[p] != nil { out.append(.post(path: p)) }
        if let app = s.app {
            if s.token == 0 { out.append(.mint) }
            if !s.store.hydrated { out.append(.hydrate) }
            switch app.drain {
            case nil: if !app.drained { out.append(.drain) }
            case .read: out.append(.clearDrained)
            case .returned: out.append(.enqueue)
            case .flushing:
                if s.store.hydrated || !config.variants.flushWaitsForHydration { out.append(.flush) }
            }
            if s.store.isDirty { out.append(.persist) }
            if s.store.hydrated && !s.store.queue.isEmpty { out.append(.replay) }
            if fresh(s) != (s.snapshotDay, s.checked) { out.append(.refresh) }
        }
        return out
    }

    /// Whether habit `g`'s row takes a tap: the widget's own gate (`TapTarget.checksOff`) on the
    /// model's widget (kindling on, iOS 17+, every habit due with a stable id). A snapshot of an
    /// earlier day renders NEW_DAY: the model's clock moves in whole days, the rollover is the
    /// render event it models, and NEW_DAY's rows are absent, so nothing checks off.
    func tappable(_ s: CheckinState, _ g: Int) -> Bool {
        let id = entries[g][0].goalId
        let habit = WidgetHabit(id: id, title: id, dueToday: true, checkedInToday: s.checked[g])
        let state: WidgetState = s.snapshotDay == s.day ? .defaultProgress : .newDay
        return TapTarget.checksOff(
            habit, on: .medium, platform: config.platform == .ios ? .iOS : .android, state: state, kindling: true)
    }

    /// The snapshot JS would write now: today, a habit checked when the server has today's row.
    func fresh(_ s: CheckinState) -> (Int, [Bool]) {
        (s.day, (0..<config.goals).map { g in s.completions.contains { $0.goal == g && $0.creditedDay == s.day } })
    }

    public func next(_ s: CheckinState, _ a: CheckinAction) -> CheckinState? {
        guard var t = step(s, a) else { return nil }
        recordLosses(s, a, &t)
        return t
    }

    func step(_ s: CheckinState, _ a: CheckinAction) -> CheckinState? {
        var t = s
        switch a {
        case .tap(let g):
            guard g < config.goals, tappable(s, g) else { return nil }
            let e = entry(g, s.day)
            if !t.tapped.contains(e) { t.tapped.append(e) }
            // iOS flips first and appends only if the flip succeeded; Android appends first.
            if config.platform == .ios { t.checked[g] = true } else { t.queue.append(e, dedup: on(.writeDedup)) }
            t.taps.append(Tap(goal: g, entry: e))
        case .finishTap:
            guard let tap = t.taps.first else { return nil }
            t.taps.removeFirst()
            if config.platform == .ios { t.queue.append(tap.entry, dedup: on(.writeDedup)) } else { t.checked[tap.goal] = true }
            t.tapTimeArmed = true
        case .midnight:
            guard s.day + 1 <= lastDay else { return nil }
            t.day += 1
        case .longGap:
            guard s.day + CompletedDateWindow.days <= lastDay else { return nil }
            t.day += CompletedDateWindow.days
        case .openApp:
            if var app = t.app { app.drained = false; t.app = app } else { t.app = AppProcess() }
        case .kill:
            t.taps = []
            t.tapTimeArmed = false
            t.runs = [nil, nil]
            t.app = nil
            t.store = t.store.killed()
        case .revokeToken:
            t.serverToken += 1
        case .mint:
            guard s.app != nil, s.token == 0 else { return nil }
            t.serverToken += 1
            t.token = t.serverToken
        case .startDelivery(let p):
            guard p < 2, s.runs[p] == nil else { return nil }
            if p == 0 { t.tapTimeArmed = false }
            // Both paths fail closed without a token (tap-time silently no-ops).
            guard s.token != 0, !s.queue.isEmpty else { return t }
            t.runs[p] = DeliveryRun(toPost: s.queue.read())
        case .post(let p), .failPost(let p), .answerLate(let p):
            guard p < 2, s.runs[p] != nil else { return nil }
            deliver(&t, path: p, action: a)
        case .hydrate, .drain, .clearDrained, .enqueue, .flush, .persist, .replay, .refresh:
            guard s.app != nil else { return nil }
            return appStep(t, a)
        }
        return t
    }

    /// One POST of path `p`'s next entry, its answer handled by the native contract.
    func deliver(_ t: inout CheckinState, path p: Int, action: CheckinAction) {
        guard var run = t.runs[p], !run.toPost.isEmpty else { return }
        // Each POST reads the cached token: with none left (wiped), the run stops, entries stay.
        guard t.token != 0 else {
            t.queue.remove(sent: run.sent, removeOnlySent: on(.removeOnlySent))
            t.runs[p] = nil
            return
        }
        let e = run.toPost.removeFirst()
        let exchange: CheckinExchange
        switch action {
        case .failPost:
            exchange = .noAnswer
        case .answerLate:
            _ = serverCheckIn(&t, e, nativeToken: t.token)
            exchange = .noAnswer
        default:
            exchange = serverCheckIn(&t, e, nativeToken: t.token)
        }
        // The client reads the answer by the per-status contract, as both platforms do.
        let response = CheckinResponse(classifying: exchange)
        // The client knows a token is dead only once it has read the UNAUTHORIZED.
        if response == .unauthorized && !t.deadTokens.contains(t.token) { t.deadTokens.append(t.token) }
        if response == .transient && !t.failedOnce.contains(e) { t.failedOnce.append(e) }
        if case .success = response, t.failedOnce.contains(e) { t.retriedDelivered = true }
        switch CheckinDelivery.decide(response, unauthorizedStopAndClear: on(.unauthorizedStopAndClear)) {
        case .removeAndContinue: run.sent.append(e)
        case .keepAndContinue: break
        case .stopAndClearToken:
            t.token = 0
            run.toPost = []
        }
        if run.toPost.isEmpty {
            t.queue.remove(sent: run.sent, removeOnlySent: on(.removeOnlySent))
            t.runs[p] = nil
        } else {
            t.runs[p] = run
        }
    }

    /// GoalTracking::CheckInHabit behind the GraphQL endpoint, answering as the server does: a
    /// GraphQL 200, with UNAUTHORIZED at the top level for a dead token and a payload error for
    /// a completedDate outside the window. `nativeToken`: the check-in token a native path sends
    /// (nil for the app, which uses the user's session).
    func serverCheckIn(_ t: inout CheckinState, _ e: PendingCheckin, nativeToken: Int?) -> CheckinExchange {
        if let token = nativeToken {
            if t.deadTokens.contains(token) { t.postedWithDeadToken = true }
            if token != t.serverToken { return .revokedToken }
        }
        // Before OBJ-1858 the payload carried only goalId: the server credits its own today.
        let date = on(.completedDatePayload) ? e.localDate : dayKeys[t.day]
        guard CompletedDateWindow.accepts(date, now: instants[t.day], timeZone: zone) else { return .outsideWindow }
        let g = goal(of: e), credited = day(of: date)
        if on(.serverIdempotency) && t.completions.contains(where: { $0.goal == g && $0.creditedDay == credited }) {
            return .ok()
        }
        t.completions.append(Completion(goal: g, creditedDay: credited, tapDay: day(of: e.localDate), deliveredDay: t.day))
        t.completions.sort { ($0.goal, $0.creditedDay, $0.tapDay, $0.deliveredDay) < ($1.goal, $1.creditedDay, $1.tapDay, $1.deliveredDay) }
        return .ok()
    }
}
