import FleetCard

/// Why a property broke, told from the trace: texts that name a fault say which step did it, and
/// a text is only chosen when the steps contain what it claims (FleetStoryTests checks this on
/// every committed story).
extension FleetStory {
    /// The first step (1-based) whose action satisfies `match`, if any.
    func firstStep(_ match: (FleetSystem.Action) -> Bool) -> Int? {
        steps.firstIndex(where: match).map { $0 + 1 }
    }

    var declinedWake: Int? { firstStep { if case .declineWake = $0 { true } else { false } } }
    var lostPost: Int? { firstStep { if case .losePost = $0 { true } else { false } } }
    var droppedPush: Int? { firstStep { if case .dropPush = $0 { true } else { false } } }
    var suspendedBackground: Int? { firstStep { if case .backgroundEnds = $0 { true } else { false } } }

    /// The first adoption that landed between a server tick's decide and its apply, as
    /// (decide step, adoption step, apply step).
    var adoptionInsideTick: (Int, Int, Int)? {
        let states = self.states
        var decided: [Int: Int] = [:]  // server → decide step
        var adopted: [Int: Int] = [:]  // server → adoption step inside the open tick
        for k in steps.indices where k + 1 < states.count {
            switch steps[k] {
            case .tick(let i) where states[k + 1].servers[i].tick != nil:
                decided[i] = k + 1
                adopted[i] = nil
            case .arrivePost(let p):
                let post = states[k].posts[p]
                let h = Int(post.host)
                if post.endpoint == .updateToken, decided[h] != nil, states[k].servers[h].memory == .none,
                    states[k + 1].servers[h].memory == .adopted, adopted[h] == nil
                {
                    adopted[h] = k + 1
                }
            case .apply(let i):
                if let d = decided[i], let a = adopted[i] { return (d, a, k + 1) }
                decided[i] = nil
            default: break
            }
        }
        return nil
    }

    /// The first /update-token that landed while its server tracked a card filled with content
    /// the registering card did not show: (step, the tracked content).
    var reRegistrationOverOtherContent: (Int, CardContent)? {
        let states = self.states
        for k in steps.indices where k + 1 < states.count {
            guard case .arrivePost(let p) = steps[k] else { continue }
            let post = states[k].posts[p]
            guard post.endpoint == .updateToken, case .card(let tracked) = states[k].servers[Int(post.host)].memory,
                case .card(let d, let c)? = model.owner(of: post.token, in: states[k]),
                states[k].devices[d].cards[c].content != tracked
            else { continue }
            return (k + 1, tracked)
        }
        return nil
    }

    /// The last failed send to a card whose tick was then applied without moving the server's
    /// memory (the delivery threshold held): (fail step, apply step, the memory it kept).
    var failedSendHeld: (Int, Int, CardContent)? {
        let states = self.states
        var failed: [Int: Int] = [:]  // server → its failed send's step, in the open tick
        var found: (Int, Int, CardContent)?
        for k in steps.indices where k + 1 < states.count {
            switch steps[k] {
            case .failSend(let i):
                if let t = states[k].servers[i].tick?.targets.first(where: { $0.outcome == .pending }),
                    case .card? = model.owner(of: t.token, in: states[k])
                {
                    failed[i] = k + 1
                }
            case .apply(let i):
                if let f = failed[i], case .card(let m) = states[k + 1].servers[i].memory,
                    states[k + 1].servers[i].memory == states[k].servers[i].memory
                {
                    found = (f, k + 1, m)
                }
                failed[i] = nil
            case .tick(let i): failed[i] = nil
            default: break
            }
        }
        return found
    }

    /// The last step at which the app (a sync, or a launch's own sync) changed a card's content on
    /// phone `d`: (step, the content it wrote).
    func appWrite(_ d: Int) -> (Int, CardContent)? {
        let states = self.states
        for k in steps.indices.reversed() where k + 1 < states.count {
            switch steps[k] {
            case .sync(d), .openApp(d), .backgroundLaunch(d), .appHoldEnds(d):
                let before = states[k].devices[d].cards.map(\.content), after = states[k + 1].devices[d].cards.map(\.content)
                if before != after, let written = after.last { return (k + 1, written) }
            default: continue
            }
        }
        return nil
    }

    /// The last world step after `step` that brought the truth back to `content`.
    func sessionsReturned(to content: CardContent, after step: Int) -> Int? {
        let states = self.states
        return steps.indices.last { k in
            guard k + 1 > step, k + 1 < states.count, case .setSession = steps[k] else { return false }
            return model.truth(states[k + 1]) == content
        }.map { $0 + 1 }
    }

    /// other-writer-moved, told from the steps: the failed send, the held memory, the app's write
    /// and the sessions' return, each named only when the trace contains it.
    var otherWriterMovedText: String {
        let final = states.last
        guard let (f, a, kept) = failedSendHeld else {
            return FleetStory.causeMeaning["other-writer-moved"] ?? ""
        }
        var text = "the server's update to this card failed (step \(f)) and the delivery threshold kept its memory at [\(FleetStory.describe(kept))] when it applied the tick (step \(a)), as the spec says"
        let phone = final.flatMap { s in s.devices.indices.first { d in s.devices[d].cards.contains { $0.content != kept } } }
        if let d = phone, let (w, written) = appWrite(d) {
            text += "; the app had written [\(FleetStory.describe(written))] to the card (step \(w))"
            if let s = final, !s.devices[d].app.isAlive { text += " and is no longer running, so it does not sync again" }
        }
        if let r = sessionsReturned(to: kept, after: a) {
            text += "; the sessions returned to [\(FleetStory.describe(kept))] (step \(r)), so the server sees no change and never re-sends: the card keeps what the app wrote."
        } else {
            text += "; the server's memory matches its view of the sessions, so it sees no change and never re-sends."
        }
        return text
    }

    /// The wrong card `zombieCause` names `cause` for in the last state: (phone, its number).
    func zombieCard(_ cause: String) -> (Int, Int)? {
        let states = self.states
        guard let last = states.last else { return nil }
        let truth = model.truth(last)
        guard let d = last.devices.indices.first(where: { model.zombieCause(last, $0) == cause }),
            let c = last.devices[d].cards.firstIndex(where: { truth.activeTotal == 0 || $0.content != truth })
        else { return nil }
        return (d, cardNumbers[states.count - 1][d][c])
    }

    /// What last happened to a card's update-token registration at the default host.
    enum Registration {
        case registered(Int)
        case superseded(Int, by: String)
        case lost(Int)
        case rotated(Int)
    }

    /// The registration events of phone `d`'s card `number` at the default host, in step order.
    func registrations(_ d: Int, _ number: Int) -> [Registration] {
        let states = self.states, numbers = cardNumbers
        func token(_ k: Int) -> UInt8? {
            numbers[k][d].firstIndex(of: number).map { states[k].devices[d].cards[$0].token }
        }
        var out: [Registration] = []
        for k in steps.indices where k + 1 < states.count {
            let old = states[k], new = states[k + 1]
            guard let mine = token(k), mine != 0 else { continue }
            switch steps[k] {
            case .arrivePost(let p):
                let post = old.posts[p]
                guard post.endpoint == .updateToken, post.host == 0 else { continue }
                if post.token == mine {
                    out.append(.registered(k + 1))
                } else if old.registries[0].update.contains(where: { $0.token == mine }),
                    let now = token(k + 1), !new.registries[0].update.contains(where: { $0.token == now })
                {
                    out.append(.superseded(k + 1, by: tokenName(post.token, old, numbers[k])))
                }
            case .losePost(let p):
                let post = old.posts[p]
                if post.endpoint == .updateToken, post.host == 0, post.token == mine { out.append(.lost(k + 1)) }
            case .rotateToken(let e) where e == d:
                if let now = token(k + 1), now != mine { out.append(.rotated(k + 1)) }
            default: continue
            }
        }
        return out
    }

    /// "the token of phone1's card #2", or of a card no phone shows any more.
    func tokenName(_ token: UInt8, _ s: FleetState, _ numbers: [[Int]]) -> String {
        guard case .card(let d, let c)? = model.owner(of: token, in: s) else { return "the token of a card that is gone" }
        return "the token of " + FleetStory.cardName(d, numbers[d][c])
    }

    /// unaddressable, told from the steps: what became of the card's registration.
    var unaddressableText: String {
        let generic = "the server's token store holds no token of this card, so no update or end can reach it."
        guard let (d, n) = zombieCard("unaddressable") else { return generic }
        let name = FleetStory.cardName(d, n)
        if let last = states.last, let c = cardNumbers[states.count - 1][d].firstIndex(of: n),
            let post = last.posts.first(where: { $0.endpoint == .updateToken && $0.token == last.devices[d].cards[c].token })
        {
            let down = last.hostsDown & (1 << post.host) != 0
            return "the app sent \(name)'s token (POST /update-token), and it has not arrived: it waits at h\(Int(post.host) + 1)"
                + (down ? ", which is down" : "") + ", so the server holds no token of this card and no update or end can reach it."
        }
        let events = registrations(d, n)
        let registered = events.last { if case .registered = $0 { true } else { false } }
        let since = registered.map { " after its token was registered (step \($0.step))" } ?? ""
        switch events.last {
        case .superseded(let k, let other)?:
            return "\(name)'s token was registered (step \(registered?.step ?? 0)), then a POST /update-token carrying \(other) "
                + "arrived (step \(k)) and superseded it (supersedeUpdateToken keeps one update token per environment): "
                + "the server holds no token of this card, so no update or end can reach it."
        case .rotated(let k)?:
            return "\(name)'s update token rotated (step \(k))\(since), and the new token never reached the server: no update or end can reach it."
        case .lost(let k)?:
            return "\(name)'s POST /update-token was lost (step \(k))\(since), so the server holds no token of this card: no update or end can reach it."
        case nil:
            return "no POST /update-token of \(name)'s token ever reached the server, so no update or end can reach it."
        case .registered?:
            return generic
        }
    }

    /// Why the idle-phone card's update token never reached the server, told from that card's own
    /// registration: its lost POST /update-token, or the declined launch that sent none.
    var idlePhoneHow: String {
        let generic = "its update token never reached the server"
        guard let (d, n) = zombieCard("idle-phone") else { return generic }
        if case .lost(let k)? = registrations(d, n).last {
            return "its POST /update-token was lost (step \(k))"
        }
        let launched = steps.contains { if case .backgroundLaunch(d) = $0 { true } else { false } }
        if !launched, let k = firstStep({ if case .declineWake(d) = $0 { true } else { false } }) {
            return "iOS did not launch the app after the push-to-start (step \(k)), so its update token never reached the server"
        }
        return generic
    }

    /// What comes of the start sent at the last step: a second card only when it went to a live
    /// push-to-start token of a phone that already shows a card.
    var decisiveStartText: String {
        let states = self.states
        guard states.count == steps.count + 1, let last = steps.last, case .send(let i) = last,
            let tick = states[steps.count - 1].servers[i].tick, let target = tick.targets.first(where: { $0.outcome == .pending })
        else { return "" }
        let old = states[steps.count - 1]
        if target.channel { return "It was published to a broadcast channel." }
        switch model.owner(of: target.token, in: old) {
        case .install(let d)?:
            let shown = old.devices[d].cards.count
            if shown > 0 {
                return "It went to phone\(d + 1)'s live push-to-start token while phone\(d + 1) shows \(shown) card(s): a second card is on its way."
            }
            return "It went to phone\(d + 1)'s push-to-start token, and phone\(d + 1) shows no card: this start makes no second card beside another on that phone."
        case .card?:
            return "It went to a card's update token, which does not start a card."
        case nil:
            return "It went to a dead token, which APNs accepts with 200 and drops: no second card comes of this send."
        }
    }

    /// restart-loop, told from the steps: the three push-started cards that arrived on the phone
    /// with no world action between them, and the world actions between their sends, if any.
    var restartLoopText: String {
        let states = self.states
        var arrivals: [Int] = []  // the step of each push-to-start arrival since the last world action
        for k in steps.indices where k + 1 < states.count {
            if steps[k].isWorld { arrivals.removeAll() }
            if case .deliverPush(let p) = steps[k], states[k].pushes[p].action == .start {
                arrivals.append(k + 1)
            }
        }
        guard arrivals.count >= 3 else { return "" }
        let three = Array(arrivals.suffix(3))
        var text = "Push-started cards arrived at steps \(three.map(String.init).joined(separator: ", ")), with no world action between them."
        if let first = steps.indices.first(where: { k in
            if case .send(let i) = steps[k], states[k].servers[i].tick?.action == .start { return true }
            return false
        }) {
            let world = steps.indices.filter { $0 > first && $0 + 1 < three[0] && steps[$0].isWorld }.map { String($0 + 1) }
            if !world.isEmpty {
                text += " World action(s) (step(s) \(world.joined(separator: ", "))) came after the first start was sent and before the first of these arrivals: the loop is counted from the arrivals, not the sends."
            }
        }
        return text
    }

    /// The cause text for `cls`:`cause`, or nil when the cause has none.
    func causeText(_ cls: String, _ cause: String) -> String? {
        switch (cls, cause) {
        case ("zombie-card", "idle-phone"):
            return "the card was push-started and \(idlePhoneHow): the documented idle-phone hole."
        case ("zombie-card", "stale-delivery"):
            if let (d, a, p) = adoptionInsideTick {
                return "an update-token registration was adopted (step \(a)) between the server's decide (step \(d)) and its apply (step \(p)); apply recorded content the adopted card never received, so the server believes the card shows it."
            }
            if let (k, tracked) = reRegistrationOverOtherContent {
                return "a card's token was registered (step \(k)) while the server tracked a card showing [\(FleetStory.describe(tracked))]; a re-registration leaves the memory as it is (the real handler returns early), so the server believes the newly registered card shows that content and never corrects it."
            }
            if let k = droppedPush { return "APNs dropped a push after accepting it (step \(k)); the server counted it delivered." }
            return "the server's memory says the card shows content this card never received."
        case ("duplicate-card", "no-wake"), ("duplicate-card", "start-raced-registration"):
            let lead = cause == "no-wake"
                ? "the second card arrived while the app was not running"
                : "a start decided before the app's own card registered its token arrived after it, while the app was not running"
            if let k = declinedWake { return "\(lead) and iOS did not launch it (step \(k)), so dedupe never ran." }
            return "\(lead), and no launch followed, so dedupe never ran."
        case ("missing-card", "two-phones"):
            return "the server's single card memory is the other phone's card (one slot per APNs environment, no device id on the wire), so it never push-starts a card for this phone."
        case ("missing-card", "host-down"):
            if model.config.variants.countTrust == .liveFetchOfEveryUpHost {
                return "the app knows a host is down and (variant countTrust liveFetchOfEveryUpHost) counts without that host's sessions, a count it trusts: it ends its card or creates none, and no server starts one."
            }
            return "the app knows a host is down, so its count is untrusted and it creates no card; the default host's server does not start one either."
        case ("zombie-card", "host-down"):
            if model.config.variants.countTrust == .liveFetchOfEveryUpHost {
                return "the app knows a host is down and (variant countTrust liveFetchOfEveryUpHost) leaves that host's sessions out of a count it trusts, so the card shows the reachable hosts only."
            }
            return "the app knows a host is down, so its end gate leaves the card untouched (spec E: unknown is not zero), whatever the reachable hosts say."
        case ("zombie-card", "other-writer-moved"):
            return otherWriterMovedText
        case ("zombie-card", "unaddressable"):
            return unaddressableText
        case ("zombie-card", "adopted-never-filled"):
            return "the server adopted this card and never filled it, and (the variant) never ends such a card."
        case ("false-end", "server"):
            let states = self.states
            let ends = steps.indices.filter { k in
                if case .tick(let i) = steps[k], k + 1 < states.count, states[k + 1].servers[i].tick?.action == .end { return true }
                return false
            }
            if let k = ends.last, case .tick(let i) = steps[k] {
                let unfilled = states[k].servers[i].memory == .adopted
                    ? "a card it had adopted and never filled" : "its card"
                return "the server decided end (step \(k + 1)) for \(unfilled) because the sessions it sees count zero; the end push was delivered while the truth has active sessions."
            }
            return FleetStory.causeMeaning[cause]
        case ("duplicate-start", "raced-adoption"):
            return "an update-token registration was adopted between the server's start decide and its send; the send still went out. "
                + decisiveStartText
        case ("restart-loop", _):
            return nil
        default:
            return FleetStory.causeMeaning[cause]
        }
    }
}

extension FleetStory.Registration {
    /// The step (1-based) of the event.
    var step: Int {
        switch self {
        case .registered(let k), .superseded(let k, _), .lost(let k), .rotated(let k): k
        }
    }
}
