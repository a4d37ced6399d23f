import Foundation
import FleetCard
import PropertyTesting

/// A property of the fleet card's logic, run with every guard on by `FleetPropertiesTests` and
/// with one guard off by `GuardOffTests`. The body receives the guards it must pass to the code.
struct FleetProperty<Value: Codable & Sendable>: Sendable {
    let name: String
    let gen: Gen<Value>
    let cover: [String]
    let body: @Sendable (Value, Check, Guards) throws -> Void

    init(_ name: String, _ gen: Gen<Value>, cover: [String] = [],
         _ body: @escaping @Sendable (Value, Check, Guards) throws -> Void) {
        self.name = name
        self.gen = gen
        self.cover = cover
        self.body = body
    }

    /// Runs the property under `guards`, recording nothing (for guard-off checks).
    func check(guards: Guards, profile: Profile = .quietPR) -> PropertyResult<Value> {
        checkProperty(name, gen, profile: profile) { value, check in try body(value, check, guards) }
    }
}

extension Profile {
    /// The PR profile without the per-case seed lines: for guard-off runs that are expected to fail.
    static var quietPR: Profile {
        var profile = Profile.pr
        profile.logsCaseSeeds = false
        return profile
    }
}

/// The spec's definitions, restated independently of the code under test.
enum Spec {
    /// The real app's hidden dirs: an entry, trimmed, read as its path components (so repeated
    /// and trailing slashes do not count), hides its dir and every dir below it, letters
    /// compared in lower case. An entry that is not absolute, or names the root, is refused.
    static func hidden(_ dir: String, by entries: [String]) -> Bool {
        entries.contains { raw in
            let entry = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            let parts = entry.lowercased().split(separator: "/", omittingEmptySubsequences: true)
            guard entry.first == "/", !parts.isEmpty else { return false }
            let path = dir.lowercased().split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            return dir.first == "/" && path.count >= parts.count && zip(path, parts).allSatisfy { $0 == $1 }
        }
    }

    /// Equal on everything a card renders: counts, more, each row's sid/title/state/since.
    static func renderablyEqual(_ lhs: FleetContentState, _ rhs: FleetContentState) -> Bool {
        lhs.working == rhs.working && lhs.needsInput == rhs.needsInput && lhs.more == rhs.more
            && lhs.rows == rhs.rows
    }

    /// The server's active sessions: closed rows dropped, the first row of each sid kept.
    static func serverActive(_ sessions: [FleetSession]) -> [(sid: String, title: String, state: FleetRowState)] {
        var seen: [String] = []
        var out: [(sid: String, title: String, state: FleetRowState)] = []
        for session in sessions where !session.closed && !seen.contains(session.sid) {
            seen.append(session.sid)
            let state = SessionDisplayState.resolve(prompt: session.prompt, paused: session.paused, busy: session.busy)
            if state == .working { out.append((session.sid, session.title, .working)) }
            if state == .needsInput { out.append((session.sid, session.title, .needsInput)) }
        }
        return out
    }

    /// Whether `row` may come before `other`: needs-input first, then oldest since first.
    static func ranksNoLater(_ row: FleetRow, _ other: FleetRow) -> Bool {
        row.state == other.state ? row.since <= other.since : row.state == .needsInput
    }
}

/// Runs the server over `script`, every send accepted: (box before, tick, box after) per moment.
func runServer(_ script: TickScript, guards: Guards) -> [(before: FleetBox, tick: FleetTick, after: FleetBox)] {
    var box = FleetBox.empty
    var out: [(before: FleetBox, tick: FleetTick, after: FleetBox)] = []
    for moment in script.moments {
        if moment.phoneEnded { box = box.noteFleetActivityEnded().box }
        let tick = reduceFleetLiveActivity(moment.sessions, box, now: moment.at, guards: guards)
        let after = box.applying(tick, FleetDelivery(attempted: 1, accepted: 1), guards: guards).box
        out.append((box, tick, after))
        box = after
    }
    return out
}

/// Runs the app's snapshot over `script` (its rows taken as the app's filtered view).
func runClient(_ script: TickScript, scope: ClientSinceScope = .renderedRows, guards: Guards) -> [FleetActivitySnapshot] {
    var carry = SinceMap()
    return script.moments.map { moment in
        let snapshot = FleetActivitySnapshot.make(from: moment.sessions, carrying: carry, now: moment.at, scope: scope, guards: guards)
        carry = snapshot.carry
        return snapshot
    }
}
