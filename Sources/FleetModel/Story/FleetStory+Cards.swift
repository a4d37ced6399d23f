import FleetCard

/// Card identities across a story: a card keeps its number (phone1's card #2 is the second card
/// that phone ever showed) while the state only orders cards by updatedAt.
extension FleetStory {
    /// Per state, per phone, the number of each card in state order.
    static func numbers(_ model: FleetSystem, _ steps: [FleetSystem.Action], _ states: [FleetState]) -> [[[Int]]] {
        var next = Array(repeating: 1, count: model.config.devices.count)
        var out: [[[Int]]] = [states[0].devices.map { device in
            device.cards.indices.map { _ in 0 }
        }]
        for d in out[0].indices {
            for c in out[0][d].indices {
                out[0][d][c] = next[d]
                next[d] += 1
            }
        }
        for k in steps.indices where k + 1 < states.count {
            let old = states[k], new = states[k + 1]
            var ids = out[k]
            for d in ids.indices {
                ids[d] = Self.renumber(ids[d], steps[k], d, old, new, model, &next[d])
            }
            out.append(ids)
        }
        return out
    }

    /// Phone `d`'s card numbers after `action`, mirroring how the model reorders its cards.
    static func renumber(
        _ ids: [Int], _ action: FleetSystem.Action, _ d: Int, _ old: FleetState, _ new: FleetState,
        _ model: FleetSystem, _ next: inout Int
    ) -> [Int] {
        let before = old.devices[d].cards.count, after = new.devices[d].cards.count
        var out = ids
        switch action {
        case .deliverPush(let p) where Int(old.pushes[p].device) == d:
            let push = old.pushes[p]
            let hit = model.addressed(old.devices[d], push)
            switch push.action {
            case .start where after > before:
                out.append(next)
                next += 1
            case .update:
                for c in hit.reversed() { out.append(out.remove(at: c)) }
            case .end:
                for c in hit.reversed() { out.remove(at: c) }
            default: break
            }
        case .sync(let e) where e == d, .appHoldEnds(let e) where e == d:
            if after > before {
                out.append(next)
                next += 1
            } else if after == 0 {
                out = []
            }
        case .activityUpdates(let e) where e == d && after < before:
            out = Array(out.suffix(after))  // dedupe keeps the newest updatedAt, the last
        default: break
        }
        if out.count != after {  // never expected; keep the story readable rather than wrong
            out = (0..<after).map { _ in
                defer { next += 1 }
                return next
            }
        }
        return out
    }

    /// "phone1's card #2".
    static func cardName(_ d: Int, _ number: Int) -> String { "phone\(d + 1)'s card #\(number)" }
}

/// What a step put in flight, read off its successor before the tokens were renumbered: there a
/// token keeps its parent's number, so no card is matched by a token number across two states
/// (a renumbering gives a surviving card the number a removed one had).
extension FleetStory {
    /// Step `k`'s successor (0-based) as the step left it, tokens still numbered as in `old`.
    func rawSuccessor(_ old: FleetState, _ action: FleetSystem.Action) -> FleetState {
        var s = old
        var refused: FleetBound?
        _ = model.move(&s, action, refused: &refused)
        return s
    }

    /// The POSTs `action` sent from `old`, with the raw successor that holds their tokens' owners
    /// (its cards are in the order of the renumbered successor's).
    func postsSent(_ old: FleetState, _ action: FleetSystem.Action) -> (posts: [PostCell], raw: FleetState) {
        let raw = rawSuccessor(old, action)
        let removed: Int
        switch action {
        case .arrivePost, .losePost: removed = 1
        default: removed = 0
        }
        let kept = old.posts.count - removed
        return (raw.posts.count > kept ? Array(raw.posts.dropFirst(kept)) : [], raw)
    }

    /// "POST /update-token sent for the token of phone1's card #2" and the like: one phrase per
    /// endpoint (a POST to every registration host is one send).
    func sentText(_ old: FleetState, _ action: FleetSystem.Action, _ ids: CardIDs) -> [String] {
        let (posts, raw) = postsSent(old, action)
        var out: [String] = []
        for endpoint in [PostCell.Endpoint.startToken, .ended, .updateToken] {
            let these = posts.filter { $0.endpoint == endpoint }
            guard !these.isEmpty else { continue }
            if endpoint != .updateToken {
                out.append("POST \(endpointName(endpoint)) sent")
                continue
            }
            var names: [String] = []
            for p in these {
                let name: String
                if case .card(let d, let c)? = model.owner(of: p.token, in: raw) {
                    name = FleetStory.cardName(d, ids.new[d][c])
                } else {
                    name = "a card that is gone"
                }
                if !names.contains(name) { names.append(name) }
            }
            out.append("POST /update-token sent for the token of " + names.joined(separator: ", "))
        }
        return out
    }
}
