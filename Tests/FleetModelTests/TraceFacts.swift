import FleetCard
@testable import FleetModel

/// What a fleet trace did, derived for the story check without the story writer: each step is
/// taken again from its state up to the model's canonical form (`move`), where every token
/// keeps its parent's number. So a card is followed by its token, never by a number two states
/// gave to different cards, and the POSTs a step sent are what its successor holds beyond its
/// parent's.
struct TraceFacts {
    let model: FleetSystem
    let steps: [FleetSystem.Action]
    /// s0 ... sn, replayed through the model (each step must be enabled).
    let states: [FleetState]
    /// Per state, per phone, each card's number in state order (phone d's cards numbered 1, 2, ...
    /// in the order they first appeared).
    let numbers: [[[Int]]]
    /// Per step, the POSTs it sent, with the number of the card whose token each carries.
    let sent: [[SentPost]]

    struct SentPost: Equatable {
        let endpoint: PostCell.Endpoint
        /// nil: a sandbox dev build.
        let phone: Int?
        let host: Int
        let card: Int?
    }

    init?(model: FleetSystem, steps: [FleetSystem.Action]) {
        self.model = model
        self.steps = steps
        var states = [model.initialStates()[0]]
        var numbers: [[[Int]]] = []
        var next: [Int] = []
        var first: [[Int]] = []
        for d in states[0].devices.indices {
            first.append((0..<states[0].devices[d].cards.count).map { $0 + 1 })
            next.append(states[0].devices[d].cards.count + 1)
        }
        numbers.append(first)
        var sent: [[SentPost]] = []
        for step in steps {
            let old = states[states.count - 1]
            guard model.actions(in: old).contains(step), let new = model.next(old, step) else { return nil }
            var raw = old
            var refused: FleetBound?
            guard model.move(&raw, step, refused: &refused) else { return nil }
            let mine = numbers[numbers.count - 1]
            var now: [[Int]] = []
            for d in raw.devices.indices {
                let before = old.devices[d].cards, after = raw.devices[d].cards
                guard after.count == new.devices[d].cards.count else { return nil }
                // Token-less cards (created with pushType nil) have no token to follow: those that
                // stay are the newest ones, new ones come last.
                let oldBare = before.indices.filter { before[$0].token == 0 }
                let rawBare = after.indices.filter { after[$0].token == 0 }
                let keptBare = Array(oldBare.suffix(min(oldBare.count, rawBare.count)))
                var row: [Int] = []
                for c in after.indices {
                    let t = after[c].token
                    if t != 0, let o = before.firstIndex(where: { $0.token == t }) {
                        row.append(mine[d][o])
                    } else if t != 0, case .rotateToken(let e) = step, e == d, before.indices.contains(c),
                        before[c].token != 0, !after.contains(where: { $0.token == before[c].token })
                    {
                        row.append(mine[d][c])
                    } else if t == 0, let j = rawBare.firstIndex(of: c), j < keptBare.count {
                        row.append(mine[d][keptBare[j]])
                    } else {
                        row.append(next[d])
                        next[d] += 1
                    }
                }
                now.append(row)
            }
            // The POSTs in flight beyond the parent's (less the one that arrived or was lost).
            var remaining = old.posts.map { $0 }
            switch step {
            case .arrivePost(let p), .losePost(let p): remaining.remove(at: p)
            default: break
            }
            var added: [SentPost] = []
            for post in raw.posts {
                if let i = remaining.firstIndex(of: post) {
                    remaining.remove(at: i)
                    continue
                }
                var card: Int?
                if case .card(let d, let c)? = model.owner(of: post.token, in: raw) { card = now[d][c] }
                added.append(SentPost(
                    endpoint: post.endpoint, phone: post.device == 0xFF ? nil : Int(post.device), host: Int(post.host),
                    card: post.endpoint == .updateToken ? card : nil))
            }
            sent.append(added)
            numbers.append(now)
            states.append(new)
        }
        self.states = states
        self.numbers = numbers
        self.sent = sent
    }

    /// "phone1's card #2".
    static func name(_ d: Int, _ n: Int) -> String { "phone\(d + 1)'s card #\(n)" }

    /// What every phone shows after state `k`, as the story's lock-screen lines say it.
    func lockScreens(_ k: Int) -> String {
        states[k].devices.indices.map { d in
            let cards = states[k].devices[d].cards
            if cards.isEmpty { return "phone\(d + 1): no card" }
            return "phone\(d + 1): " + cards.indices.map { c in
                "card #\(numbers[k][d][c]) [\(FleetStory.describe(cards[c].content))]"
            }.joined(separator: ", ")
        }.joined(separator: "; ")
    }

    /// The diagram participant that sent `post`.
    static func sender(_ post: PostCell) -> String { post.device == 0xFF ? "DevBuild" : "Phone\(Int(post.device) + 1)" }

    static func server(_ m: FleetSystem, _ i: Int) -> String { i == m.scratch ? "Scratch_server" : "Server_h\(i + 1)" }

    /// The diagram's arrow for step `k` (0-based): who acted on whom (equal: a note).
    func arrow(_ k: Int) -> (from: String, to: String) {
        let old = states[k]
        switch steps[k] {
        case .setSession, .toggleDuplicateRow, .hostDown, .hostUp: return ("World", "World")
        case .openApp(let d), .leaveApp(let d): return ("World", "Phone\(d + 1)")
        case .terminateApp(let d), .declineWake(let d), .backgroundEnds(let d), .backgroundLaunch(let d):
            return ("iOS", "Phone\(d + 1)")
        case .rotateToken(let d), .refresh(let d), .sync(let d), .activityUpdates(let d), .appHoldEnds(let d):
            return ("Phone\(d + 1)", "Phone\(d + 1)")
        case .restartServer(let i): return ("World", Self.server(model, i))
        case .devBuildLaunch: return ("World", "DevBuild")
        case .losePost(let p): return ("World", Self.sender(old.posts[p]))
        case .dropPush: return ("APNs", "APNs")
        case .failSend(let i), .send(let i): return (Self.server(model, i), "APNs")
        case .tick(let i), .holdEnds(let i), .apply(let i), .bootLoad(let i): return (Self.server(model, i), Self.server(model, i))
        case .arrivePost(let p): return (Self.sender(old.posts[p]), Self.server(model, Int(old.posts[p].host)))
        case .deliverPush(let p): return ("APNs", "Phone\(Int(old.pushes[p].device) + 1)")
        }
    }
}
