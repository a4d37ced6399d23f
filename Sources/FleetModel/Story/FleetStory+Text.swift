import FleetCard

extension FleetStory {
    func tickText(_ old: FleetState, _ new: FleetState, _ i: Int, _ guards: inout [String]) -> String {
        if let tick = new.servers[i].tick {
            let n = tick.targets.count
            let what = tick.action == .end ? "end" : "\(tick.action.rawValue) [\(FleetStory.describe(tick.content))]"
            if tick.action == .update, case .card(let shown) = old.servers[i].memory,
                FleetLogic.sameRenderable(shown, tick.content, guards: model.guards, titles: model.titles)
            {
                guards.append("updatedAtExcluded is off: only updatedAt moved, and that is a push")
            }
            return "decides \(what), addressed to \(n) \(tick.targets.first?.channel == true ? "channel(s)" : "token(s)")"
        }
        let decided = model.decide(old, server: i)
        if decided.vetoed {
            let population = FleetLogic.sids(old.servers[i].vetoMask ?? 0).joined(separator: ", ")
            guards.append("clientEndedVeto: start refused, population {\(population)} ended by phone")
            return "a start is due but vetoed"
        }
        if decided.action != .nothing { return "decides \(decided.action.rawValue), but there is no token to address (no-tokens)" }
        return "nothing to send (content unchanged)"
    }

    func sendText(_ old: FleetState, _ new: FleetState, _ i: Int, _ ids: CardIDs) -> String {
        guard let tick = old.servers[i].tick, let target = tick.targets.first(where: { $0.outcome == .pending })
        else { return "" }
        if target.channel { return "publishes \(tick.action.rawValue) to the \(target.env == 0 ? "production" : "sandbox") channel: 200" }
        switch model.owner(of: target.token, in: old) {
        case .install(let d)?:
            // Only with the variant olderPushToStartHonoured is a replaced token a phone's.
            let older = old.devices[d].pushToStartToken != target.token ? "older " : ""
            return "\(tick.action.rawValue) to phone\(d + 1)'s \(older)push-to-start token: 200"
        case .card(let d, let c)?: return "\(tick.action.rawValue) to the token of \(FleetStory.cardName(d, ids.old[d][c])): 200"
        case nil: return "\(tick.action.rawValue) to a dead token: 200, and APNs drops it"
        }
    }

    func applyText(_ old: FleetState, _ new: FleetState, _ i: Int, _ guards: inout [String]) -> String {
        guard let tick = old.servers[i].tick else { return "" }
        let accepted = tick.targets.count { $0.outcome == .accepted }
        let verdict = FleetDelivery(attempted: tick.targets.count, accepted: accepted)
            .verdict(for: tick.action, guards: model.guards)
        if tick.action != .start && accepted < tick.targets.count && accepted > 0 {
            guards.append(model.guards.allAcceptedForUpdateAndEnd
                ? "accepted == attempted: \(accepted) of \(tick.targets.count) accepted, state left for a re-send"
                : "allAcceptedForUpdateAndEnd is off: \(accepted) of \(tick.targets.count) accepted counts as delivered")
        }
        return "\(accepted) of \(tick.targets.count) accepted (\(verdict.rawValue)); server now remembers \(memoryText(new.servers[i].memory))"
    }

    func postText(_ post: PostCell, _ old: FleetState, _ new: FleetState, _ ids: CardIDs, _ guards: inout [String]) -> String {
        let h = Int(post.host)
        switch post.endpoint {
        case .startToken:
            let known = old.registries[h].pushToStart.contains { $0.token == post.token }
            let dropped = old.registries[h].pushToStart.count + (known ? 0 : 1) - new.registries[h].pushToStart.count
            if dropped > 0 && model.guards.pushToStartCapPerEnv {
                guards.append("pushToStartCapPerEnv: the oldest push-to-start token of the environment is dropped")
            }
            let who = post.device == 0xFF ? "a sandbox dev build's" : "phone\(Int(post.device) + 1)'s"
            return "/start-token: \(who) push-to-start token stored (\(new.registries[h].pushToStart.count) push-to-start tokens)"
        case .updateToken:
            let card: String
            if case .card(let d, let c)? = model.owner(of: post.token, in: old) {
                card = FleetStory.cardName(d, ids.old[d][c])
            } else {
                card = "a card that is gone"
            }
            var text = "/update-token: the token of \(card) is registered"
            let superseded = old.registries[h].update.filter { t in t.env == post.env && t.token != post.token }
            if model.guards.supersedeUpdateToken && !superseded.isEmpty && !model.config.variants.deviceIdOnWire {
                let names = superseded.map { t in
                    if case .card(let d, let c)? = model.owner(of: t.token, in: old) {
                        return "the token of \(FleetStory.cardName(d, ids.old[d][c]))"
                    }
                    return "a corpse token"
                }.joined(separator: ", ")
                guards.append("supersedeUpdateToken: \(names) superseded (one update token per environment)")
            }
            if model.guards.adoptOnTokenRegistration {
                if old.servers[h].memory == .none {
                    text += "; the server adopts the card (noteFleetActivityStarted)"
                    guards.append("adoptOnTokenRegistration: card adopted, veto cleared")
                } else {
                    text += "; the server already tracks a card, so its memory, veto and since stay as they are (re-registration)"
                }
            }
            return text
        case .ended:
            let population = FleetLogic.sids(new.servers[h].vetoMask ?? 0).joined(separator: ", ")
            let loading = old.servers[h].loading ? " while the boot-time load is in flight (fleetEndedReported raised)" : ""
            return "/ended: the server forgets its card and records the veto population {\(population)}\(loading)"
        }
    }

    func deliverText(_ push: PushCell, _ old: DeviceCell, _ new: DeviceCell, _ oldIDs: [Int], _ newIDs: [Int]) -> String {
        let d = Int(push.device)
        let hit = model.addressed(old, push).map { FleetStory.cardName(d, oldIDs[$0]) }.joined(separator: ", ")
        switch push.action {
        case .start:
            let name = newIDs.last.map { FleetStory.cardName(d, $0) } ?? "a card"
            return "push-to-start arrives: \(name) [\(FleetStory.describe(push.content))] appears"
                + (new.wakePending ? "; iOS may now launch the app in the background" : "")
        case .update:
            return hit.isEmpty
                ? "update arrives for a card that no longer exists"
                : "update [\(FleetStory.describe(push.content))] reaches \(hit)"
        case .end:
            return hit.isEmpty ? "end arrives for a card that no longer exists" : "end arrives: \(hit) is dismissed"
        case .nothing:
            return ""
        }
    }

    func syncText(_ old: FleetState, _ new: FleetState, _ d: Int, _ ids: CardIDs, _ guards: inout [String]) -> String {
        let before = old.devices[d].cards, after = new.devices[d].cards
        let store = FleetLogic.store(
            old.devices[d], sessions: old.sessions, specs: model.config.sessions, countTrust: model.config.variants.countTrust)
        if !before.isEmpty && after.isEmpty {
            if !store.isCountTrustworthy {
                guards.append("endGateTrustworthiness is off: an unknown count read as zero")
            }
            let names = ids.old[d].map { FleetStory.cardName(d, $0) }.joined(separator: ", ")
            return (["the end gate says end: \(names) ended"] + sentText(old, .sync(d), ids)).joined(separator: "; ")
        }
        if after.count > before.count {
            let capable = after.last?.pushCapable == true
            if !store.isCountTrustworthy { guards.append("creationGatedOnTrust is off: " + Self.unknownCount(store) + " requests a card") }
            if !capable { guards.append("pushTypeToken is off: the card is requested with pushType nil") }
            let name = ids.new[d].last.map { FleetStory.cardName(d, $0) } ?? "a card"
            return "no card and something active: Activity.request (Path A) makes \(name), \(capable ? "push-capable" : "not push-capable")"
        }
        if before != after {
            if !store.isCountTrustworthy { guards.append("endGateTrustworthiness is off: " + Self.unknownCount(store) + " updates the card") }
            return "its view differs from its last synced snapshot: update of "
                + ids.new[d].map { FleetStory.cardName(d, $0) }.joined(separator: ", ")
        }
        if !before.isEmpty && !store.isCountTrustworthy && model.guards.endGateTrustworthiness {
            guards.append("endGateTrustworthiness: the count is unknown, the card is left untouched")
            return "the end gate says untouched (count not trustworthy)"
        }
        if before.isEmpty && old.devices[d].app == .background && store.isCountTrustworthy
            && store.filteredSessions.contains(where: { $0.activeState != nil })
        {
            return "no card and something active, but the app is in the background: ActivityKit refuses Activity.request (a visibility error)"
        }
        return "nothing to change"
    }

    /// Why an untrusted store's count is unknown (spec: "fleetCountIsTrustworthy is
    /// liveSessionsFetchedOnce && hosts.allSatisfy(isNotKnownDown)").
    static func unknownCount(_ store: FleetStoreView) -> String {
        store.liveFetchedOnce ? "a count with a host known down" : "a store not yet live-fetched (hydrated from the cache)"
    }

    /// The last paragraph: which property broke, on which phone, and why (its cause, told from
    /// the steps that caused it: `causeText`).
    func verdict(_ states: [FleetState]) -> String {
        guard let last = states.last else { return "" }
        let cls = FleetSystem.propertyClass(property)
        let cause = property.contains(":") ? String(property.split(separator: ":").last ?? "") : ""
        let truth = model.truth(last)
        let numbers = cardNumbers
        var text = "After step \(states.count - 1): \(FleetStory.lockScreens(model, last, numbers[states.count - 1])). "
        if last.hostsDown != 0 { text += "Host(s) down: \(hostList(last.hostsDown)). " }
        text += "The truth (what the app would show awake with a fresh, trustworthy store) is "
            + (truth.activeTotal == 0 ? "nothing active. " : "[\(FleetStory.describe(truth))]. ")
        text += FleetStory.classMeaning[cls] ?? ""
        if let why = causeText(cls, cause) { text += " Cause `\(cause)`: \(why)" }
        if cls == "restart-loop", !restartLoopText.isEmpty { text += " " + restartLoopText }
        text += noTokensText(last)
        return text
    }

    /// The server's ticks in the final state when they decide something but have no token to
    /// address (the `no-tokens` log line), which a minimized trace does not show as a step.
    func noTokensText(_ s: FleetState) -> String {
        (0..<model.serverCount).compactMap { i -> String? in
            guard model.serverWatches(i), s.servers[i].tick == nil, !s.servers[i].loading else { return nil }
            let decided = model.decide(s, server: i)
            guard decided.action != .nothing, model.targets(of: decided.action, s, server: i).isEmpty else { return nil }
            return " \(FleetStory.serverName(model, i))'s ticks now decide \(decided.action.rawValue) but find no token to address (no-tokens): nothing is sent."
        }.joined()
    }

    static let classMeaning: [String: String] = [
        "duplicate-card": "**duplicate-card**: the system is quiescent (no system action changes anything) and a phone shows two fleet cards; it stays so until the world acts.",
        "zombie-card": "**zombie-card**: the system is quiescent and a phone shows a card whose content is not the truth; nothing will correct it until the world acts.",
        "missing-card": "**missing-card**: the system is quiescent, sessions are active, and no card is shown nor will one be started.",
        "duplicate-start": "**duplicate-start**: a server sent a push-to-start while it already tracked a card.",
        "false-end": "**false-end**: a card was ended while the truth still has active sessions.",
        "idle-push": "**idle-push**: the server pushed an update whose renderable content equals what it last sent.",
        "restart-loop": "**restart-loop**: a third push-started card arrived on a phone with no world action since the first of the three.",
        "double-counted-session": "**double-counted-session**: a card lists one session twice or counts more sessions than exist.",
        "row-budget": "**row-budget**: a card carries more rows than the lock screen's 3-row budget; the header is centre-clipped.",
        "push-to-start-fanout": "**push-to-start-fanout**: a start was addressed to more than 3 push-to-start tokens of one environment.",
        "update-fanout": "**update-fanout**: an update or end was addressed to more than one update token of one environment (the spec keeps exactly one; the rest are corpses that answer 200).",
    ]

    static let causeMeaning: [String: String] = [
        "idle-phone": "the card was push-started and its update token never reached the server (no background launch, or the registration POST failed): the documented idle-phone hole.",
        "two-phones": "the card's token was registered, then another phone on the same APNs environment took the single update-token slot: the documented two-phones hole.",
        "not-push-capable": "the card was created without a push token, so no server can reach it.",
        "unaddressable": "the server's token store holds no token of this card, so no update or end can reach it.",
        "server-forgot": "the server holds the card's token but believes there is no card, so it never updates it.",
        "advanced-despite-failure": "the send to the real card failed, yet the server counted the tick as delivered.",
        "other-writer-moved": "the last send to this card failed and the server did not count it delivered, so its memory is not what the card shows, and it sees nothing to re-send.",
        "resurrected": "a server restart's boot-time load put back a card the phone had reported ended.",
        "server-view": "the server's own view of the sessions (its host only, no hidden dirs) differs from the app's, so the server's idea of a correct card is not the truth.",
        "second-writer": "a second server (another host, or a scratch port) push-started its own card.",
        "started-beside-registered": "the server push-started a card beside one whose update token it already held.",
        "not-deduped": "the app is running and still shows two cards: dedupe did not end the loser.",
        "server-ghost": "the server believes a card is up that the phone does not show, so it never starts one.",
        "veto": "the clientEnded veto refuses the start although the phone's truth has active sessions.",
        "no-start-token": "the server holds no live push-to-start token for this phone.",
        "title-seam": "the card is right but for its titles: the server wrote them (trimmed of whitespace, a title past 80 UTF-16 units cut to its first 79 and …), the app writes them whole, and no sync of the app has rewritten the card since; the server sees nothing to push (its memory holds its own rendering). The spec says \"there is no fidelity seam: whichever writer last touched the card, it says the same thing\".",
        "app": "the app's end gate ended it.",
        "server": "a server end push was delivered.",
    ]
}
