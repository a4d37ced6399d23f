import FleetCard

extension FleetStory {
    func line(_ n: Int, _ action: FleetSystem.Action, _ old: FleetState, _ new: FleetState, ids: CardIDs) -> Line {
        var changes: [String] = []
        var guards: [String] = []
        let actor: String
        var arrow: (from: String, to: String, text: String)
        let server = { (i: Int) in FleetStory.serverName(model, i).replacingOccurrences(of: " ", with: "_") }
        switch action {
        case .setSession, .toggleDuplicateRow, .hostDown, .hostUp:
            actor = "world"
            arrow = ("World", "World", action.description)
        case .openApp(let d), .leaveApp(let d):
            actor = "user"
            arrow = ("World", "Phone\(d + 1)", action.description)
            if case .openApp = action, old.devices[d].app == .notRunning {
                changes.append(launchText(old, new, d, ids, sentText(old, action, ids), &guards))
            }
        case .terminateApp(let d), .declineWake(let d), .backgroundEnds(let d), .backgroundLaunch(let d):
            actor = "iOS"
            arrow = ("iOS", "Phone\(d + 1)", action.description)
            if case .backgroundLaunch = action {
                changes.append(old.devices[d].app == .notRunning
                    ? "in the background, " + launchText(old, new, d, ids, sentText(old, action, ids), &guards)
                    : "the app resumes in the background")
            }
        case .rotateToken(let d):
            actor = "ActivityKit"
            arrow = ("Phone\(d + 1)", "Phone\(d + 1)", action.description)
        case .restartServer(let i):
            actor = FleetStory.serverName(model, i)
            arrow = ("World", server(i), "restart")
            changes.append("memory lost, fleet-activity-state.json kept, boot-time load in flight")
        case .devBuildLaunch:
            actor = "world"
            arrow = ("World", FleetStory.devBuild, "a sandbox dev build launches: POST /start-token sent")
            changes.append("POST /start-token sent by a sandbox dev build, with a sandbox push-to-start token (not a modelled phone)")
        case .losePost(let p):
            actor = "network"
            let post = old.posts[p]
            arrow = ("World", FleetStory.sender(post), "POST \(endpointName(post.endpoint)) lost")
            changes.append("the POST \(endpointName(post.endpoint)) never arrives")
        case .dropPush(let p):
            actor = "APNs"
            arrow = ("APNs", "APNs", "drops the \(old.pushes[p].action.rawValue) push for phone\(Int(old.pushes[p].device) + 1)")
            changes.append("the push was accepted (200) but never reaches the phone")
        case .failSend(let i):
            actor = "APNs"
            arrow = (server(i), "APNs", "send fails")
            changes.append("the send to the live token fails (not accepted)")
        case .tick(let i), .holdEnds(let i):
            actor = FleetStory.serverName(model, i)
            let text = tickText(old, new, i, &guards)
            changes.append(text)
            arrow = (server(i), server(i), text)
        case .send(let i):
            actor = FleetStory.serverName(model, i)
            let text = sendText(old, new, i, ids)
            changes.append(text)
            arrow = (server(i), "APNs", text)
        case .apply(let i):
            actor = FleetStory.serverName(model, i)
            let text = applyText(old, new, i, &guards)
            changes.append(text)
            arrow = (server(i), server(i), text)
        case .bootLoad(let i):
            actor = FleetStory.serverName(model, i)
            let text = "boot-time load completes: server now remembers \(memoryText(new.servers[i].memory))"
            if old.servers[i].endedDuringLoad {
                guards.append(model.guards.fleetEndedReported
                    ? "fleetEndedReported: the /ended that arrived mid-load wins over the on-disk snapshot"
                    : "fleetEndedReported is off: the on-disk snapshot overwrites the /ended report")
            }
            changes.append(text)
            arrow = (server(i), server(i), text)
        case .arrivePost(let p):
            let post = old.posts[p]
            actor = "server h\(Int(post.host) + 1)"
            let text = postText(post, old, new, ids, &guards)
            changes.append(text)
            arrow = (FleetStory.sender(post), server(Int(post.host)), text)
        case .deliverPush(let p):
            let push = old.pushes[p]
            let d = Int(push.device)
            actor = "APNs"
            let text = deliverText(push, old.devices[d], new.devices[d], ids.old[d], ids.new[d])
            changes.append(text)
            arrow = ("APNs", "Phone\(d + 1)", text)
        case .refresh(let d):
            actor = "app on phone\(d + 1)"
            let down = new.devices[d].knownDown
            let text = "a live fetch completes" + (down == 0 ? "" : "; hosts known down: \(hostList(down))")
            changes.append(text)
            arrow = ("Phone\(d + 1)", "Phone\(d + 1)", text)
        case .sync(let d), .appHoldEnds(let d):
            actor = "app on phone\(d + 1)"
            let text = syncText(old, new, d, ids, &guards)
            changes.append(text)
            arrow = ("Phone\(d + 1)", "Phone\(d + 1)", text)
        case .activityUpdates(let d):
            actor = "app on phone\(d + 1)"
            let gone = ids.old[d].filter { !ids.new[d].contains($0) }
            var parts: [String] = []
            if !gone.isEmpty {
                let kept = ids.new[d].map { "#\($0)" }.joined(separator: ", ")
                parts.append("dedupe ends card \(gone.map { "#\($0)" }.joined(separator: ", ")), keeping card \(kept) (the newest updatedAt)")
                guards.append("dedupe: \(gone.count) loser(s) ended")
            }
            parts += sentText(old, action, ids)
            let text = parts.joined(separator: "; ")
            changes.append(text)
            arrow = ("Phone\(d + 1)", "Phone\(d + 1)", text)
        }
        return Line(
            number: n, actor: actor, action: Self.phrase(action), changes: changes.filter { !$0.isEmpty },
            guards: guards, lockScreens: FleetStory.lockScreens(model, new, ids.new), arrow: arrow)
    }

    /// The diagram's participant for sandbox dev builds (their POSTs come from no modelled phone).
    static let devBuild = "DevBuild"

    /// The participant that sent `post`: its phone, or a sandbox dev build.
    static func sender(_ post: PostCell) -> String {
        post.device == 0xFF ? devBuild : "Phone\(Int(post.device) + 1)"
    }

    /// A cold launch: configure() syncs on the empty store, then the cache hydrates it.
    func launchText(
        _ old: FleetState, _ new: FleetState, _ d: Int, _ ids: CardIDs, _ sent: [String], _ guards: inout [String]
    ) -> String {
        var text = "the app launches: configure() syncs on the still empty store"
        if !old.devices[d].cards.isEmpty && new.devices[d].cards.isEmpty {
            let names = ids.old[d].map { FleetStory.cardName(d, $0) }.joined(separator: ", ")
            text += ", whose zero ends \(names)"
            guards.append("endGateTrustworthiness is off: an unknown count read as zero")
        } else if !old.devices[d].cards.isEmpty {
            guards.append("endGateTrustworthiness: the count is unknown, the card is left untouched")
        }
        return ([text + "; the store is then hydrated from the cache (not trusted)"] + sent).joined(separator: "; ")
    }

    /// The action as the story says it: the actor column already names the server, and POST
    /// and push positions in the state mean nothing to a reader.
    static func phrase(_ action: FleetSystem.Action) -> String {
        switch action {
        case .tick: "ticks (decide)"
        case .holdEnds: "ticks once its end hold has run out (decide)"
        case .appHoldEnds: "syncs once its end hold has run out"
        case .send: "sends to its next token"
        case .apply: "applies the tick"
        case .bootLoad: "the boot-time load completes"
        case .restartServer: "restarts"
        case .failSend: "the server's next send fails"
        case .arrivePost: "a POST arrives"
        case .losePost: "a POST is lost"
        case .deliverPush: "APNs delivers a push"
        case .dropPush: "APNs drops a push"
        default: action.description
        }
    }

    func endpointName(_ e: PostCell.Endpoint) -> String {
        switch e {
        case .startToken: "/start-token"
        case .updateToken: "/update-token"
        case .ended: "/ended"
        }
    }

    func hostList(_ mask: UInt8) -> String {
        (0..<8).filter { mask & (1 << $0) != 0 }.map { "h\($0 + 1)" }.joined(separator: ", ")
    }

    func memoryText(_ m: CardMemory) -> String {
        switch m {
        case .none: "no card"
        case .adopted: "a card adopted without content"
        case .card(let c): "a card showing [\(FleetStory.describe(c))]"
        }
    }
}
