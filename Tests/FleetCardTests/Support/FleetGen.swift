import FleetCard
import PropertyTesting

/// Generators of fleet-card inputs. Pools are small on purpose, so duplicates, ties, shared
/// hosts and hidden dirs happen often; every generator shrinks toward fewer, simpler sessions.
enum FleetGen {
    static let titles = ["", "Does codex work for lfg?", "Read SessionListView.swift", "In the iOS client, can you add…"]
    /// Titles where the two writers differ (the app shows them whole, the server trims and cuts
    /// past 80) beside ones where they agree.
    static let seamTitles = ["Fix it", "", " Fix it", "Fix it\n", String(repeating: "x", count: 81), String(repeating: "y", count: 80)]
    static let hosts = ["h1", "h2", "h3"]
    static let dirs = ["/a", "/b", "/c", "/a/x", "/ab", "/A/x", "/B"]
    /// The app's hidden-dir entries as typed: some padded (the app trims them), some with
    /// repeated or trailing slashes or another case (normalised, matched case-insensitively),
    /// some refused ("/", "~", relative).
    static let hiddenEntries = ["/a", "/b", "/c", " /a\n", "\t/c ", "//a/", "/B/", "/", "~", "a"]

    /// A session row with the given sid and random flags, title, host and dir.
    static func session(sid: Gen<String>) -> Gen<FleetSession> {
        .compose { draw in
            FleetSession(
                sid: try draw(sid), title: try draw(.element(of: titles)), host: try draw(.element(of: hosts)),
                dir: try draw(.element(of: dirs)), busy: try draw(.bool), paused: try draw(.bool),
                prompt: try draw(.bool),
                closed: try draw(.frequency([(9, .constant(false)), (1, .constant(true))])))
        }
    }

    /// Rows with distinct sids s1, s2, … in order.
    static let uniqueSessions: Gen<[FleetSession]> = Gen.array(of: session(sid: .constant("")), count: 0...8)
        .map { rows in rows.enumerated().map { index, row in var row = row; row.sid = "s\(index + 1)"; return row } }

    /// Rows whose sids come from a pool of four, so a sid is often duplicated.
    static let duplicatedSessions: Gen<[FleetSession]> =
        Gen.array(of: session(sid: .element(of: ["s1", "s2", "s3", "s4"])), count: 0...8)

    /// Duplicated rows as the app's store holds them: busy and prompts are keyed by sid there
    /// (spec: "The journal delta flips store.busy[sid]"), so every copy of a sid carries the
    /// flags of its first row.
    static let storeConsistentDuplicates: Gen<[FleetSession]> = duplicatedSessions.map { rows in
        rows.map { row in
            guard let first = rows.first(where: { $0.sid == row.sid }) else { return row }
            var copy = row
            (copy.busy, copy.paused, copy.prompt, copy.closed) = (first.busy, first.paused, first.prompt, first.closed)
            return copy
        }
    }

    /// One tick's observations, with the app's hidden dirs.
    static func observation(duplicates: Bool) -> Gen<Observation> {
        .compose { draw in
            Observation(
                sessions: try draw(duplicates ? duplicatedSessions : uniqueSessions),
                hiddenDirs: try draw(.array(of: .element(of: hiddenEntries), count: 0...2)))
        }
    }

    /// One edit between two moments.
    struct Edit: Sendable {
        var target: Int
        var kind: Int
        var fresh: FleetSession
    }

    /// A script: initial rows, then moments, each after a clock advance and a few edits
    /// (toggle busy / prompt / paused / closed, move a row to the end, add a row).
    static func script(duplicates: Bool, phoneEnds: Bool = false, moments: ClosedRange<Int> = 0...8) -> Gen<TickScript> {
        let edit = Gen<Edit>.compose { draw in
            Edit(target: try draw(.int(in: 0...7)), kind: try draw(.int(in: 0...5)),
                 fresh: try draw(session(sid: .element(of: ["s1", "s2", "s3", "s4", "s9"]))))
        }
        let step = Gen.zip(
            Gen.element(of: [1, 0, 2, 60, 600]), Gen.array(of: edit, count: 0...3),
            phoneEnds ? Gen.frequency([(4, .constant(false)), (1, .constant(true))]) : .constant(false))
        return Gen.zip(duplicates ? duplicatedSessions : uniqueSessions, Gen.array(of: step, count: moments))
            .map { initial, steps in
                var sessions = initial, at = 0.0
                var out = [Moment(at: 0, sessions: sessions)]
                for (advance, edits, ended) in steps {
                    at += Double(advance)
                    for edit in edits { apply(edit, to: &sessions, unique: !duplicates) }
                    out.append(Moment(at: at, sessions: sessions, phoneEnded: ended))
                }
                return TickScript(moments: out)
            }
    }

    static func apply(_ edit: Edit, to sessions: inout [FleetSession], unique: Bool) {
        if edit.kind == 5 || sessions.isEmpty {
            var row = edit.fresh
            if unique { row.sid = "s\(sessions.count + 1)" }
            sessions.append(row)
            return
        }
        let index = edit.target % sessions.count
        switch edit.kind {
        case 0: sessions[index].busy.toggle()
        case 1: sessions[index].prompt.toggle()
        case 2: sessions[index].paused.toggle()
        case 3: sessions[index].closed.toggle()
        default: sessions.append(sessions.remove(at: index))
        }
    }

    static let environment = Gen.element(of: ApnsEnvironment.allCases)
    static let tokenName = Gen.element(of: ["t1", "t2", "t3", "t4", "t5", "t6", "t7"])

    static let registryOps: Gen<[RegistryOp]> = Gen.array(
        of: Gen.frequency([
            (4, Gen.zip(tokenName, environment).map { RegistryOp.startToken($0, $1) }),
            (3, Gen.zip(tokenName, environment).map { RegistryOp.updateToken($0, $1) }),
            (1, tokenName.map { RegistryOp.gone($0) }),
        ]), count: 0...14)

    static let cards: Gen<[FleetCardRef]> = Gen.array(
        of: Gen.zip(Gen.element(of: ["a", "b", "c", "d", "e"]), Gen.int(in: 0...3))
            .map { FleetCardRef(id: $0, updatedAt: Double($1)) }, count: 0...5)
        .map { cards in  // ids are unique among live activities
            var seen: [String] = []
            return cards.filter { card in
                defer { seen.append(card.id) }
                return !seen.contains(card.id)
            }
        }

    /// A content state as a writer would have built it at some earlier tick.
    static let content: Gen<FleetContentState> = Gen.zip(uniqueSessions, Gen.int(in: 0...50))
        .map { sessions, at in
            reduceFleetLiveActivity(sessions, .empty, now: Double(at)).content
        }

    static let box: Gen<FleetBox> = Gen.compose { draw in
        let card: FleetCardMemory? = try draw(.frequency([
            (1, .constant(nil)),
            (1, .constant(FleetCardMemory(content: nil))),
            (2, content.map { FleetCardMemory(content: $0) }),
        ]))
        // A veto population (spec: "The start veto"), only with no card: /ended nulls the card.
        let population = Gen.array(of: .element(of: ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"]), count: 0...8)
        let veto: [String]? = card != nil ? nil : try draw(.frequency([
            (1, .constant(nil)), (2, population.map { Optional($0.sortedUnique) }),
        ]))
        return FleetBox(current: card, clientEnded: veto, vetoLogged: try draw(.bool) ? veto : nil)
    }

    static let deliveryCase: Gen<DeliveryCase> = Gen.compose { draw in
        let attempted = try draw(.int(in: 1...3))
        return DeliveryCase(
            box: try draw(box), sessions: try draw(uniqueSessions),
            delivery: FleetDelivery(attempted: attempted, accepted: try draw(.int(in: 0...attempted))))
    }

    static let vetoCase: Gen<VetoCase> = Gen.compose { draw in
        VetoCase(
            ended: try draw(.array(of: .element(of: ["s1", "s2", "s3", "s4", "s5"]), count: 0...5)).sortedUnique,
            script: try draw(script(duplicates: false, phoneEnds: true)),
            startAccepted: try draw(.array(of: .bool, count: 9...9)))
    }

    static let syncCase: Gen<SyncCase> = Gen.compose { draw in
        let store = FleetStoreView(
            sessions: try draw(uniqueSessions), hiddenDirs: try draw(.array(of: .element(of: hiddenEntries), count: 0...2)),
            knownDownHosts: try draw(.array(of: .element(of: hosts), count: 0...2)).sortedUnique,
            liveFetchedOnce: try draw(.bool), hydratedFromDisk: try draw(.bool))
        let zero = try draw(.optional(.int(in: 0...100)))
        return SyncCase(
            store: store, card: try draw(.optional(content)), gate: FleetEndGate(zeroSince: zero.map(Double.init)),
            now: Double(100 + (try draw(.int(in: 0...100)))), hold: try draw(.element(of: [0, 60])))
    }

    static let restartCase: Gen<RestartCase> = Gen.compose { draw in
        RestartCase(
            sessions: try draw(uniqueSessions), registerBeforeRestart: try draw(.bool), endedDuringLoad: try draw(.bool))
    }
}

extension Array where Element == String {
    var sortedUnique: [String] {
        var out: [String] = []
        for value in sorted() where out.last != value { out.append(value) }
        return out
    }
}
