/// What a server tick decided to do (spec: the table in "The server").
public enum FleetAction: String, Codable, Hashable, Sendable {
    case start
    case update
    case end
    case nothing
}

/// The decide half of a server tick: the action, the content it would send, and the memory the
/// tick refreshes whatever the sends do. `FleetBox.applying(_:_:guards:)` is the apply half.
public struct FleetTick: Codable, Hashable, Sendable {
    public var action: FleetAction
    /// The content state built this tick (zeroed when nothing is active).
    public var content: FleetContentState
    /// The refreshed since map: every active session, kept even when nothing is sent.
    public var since: SinceMap
    /// The zero timer this tick applies to the card memory (nil once anything is active).
    public var zeroSince: Double?
    /// A start was due and the clientEnded veto refused it.
    public var vetoed: Bool
    /// This tick writes the start-vetoed log line (once per population, not once per tick).
    public var logsVeto: Bool
    /// The active sids this tick counted, sorted and unique.
    public var activeSids: [String]
}

/// The server's end debounce, FLEET_END_DEBOUNCE_S (spec: "hold is 0 ... the server's
/// FLEET_END_DEBOUNCE_S is 0 to match").
public let fleetEndDebounce: Double = 0

/// The server reducer (`reduceFleetLiveActivity` in src/push/watcher.ts): observations + the
/// fleet box + now → the tick's decision.
///
/// - Closed rows and rows with an empty sid are dropped first; then, with `seenSidSkip`, a sid already seen this tick is
///   skipped whatever its state (first row wins). Without it every duplicate counts and takes
///   a row (spec: "One session rendered twice in conflicting states, double-counted").
/// - The server does not apply the app's hidden dirs: it observes every session it is given.
/// - The veto refuses a start when every active sid is in `box.clientEnded`.
/// - With a card and nothing active the card ends once zero has held for `endDebounce` (0:
///   at once); while the hold runs the tick sends the zeroed content as an update.
/// - `endUnfilledCards` false (a variant, not the real server) keeps an adopted card this server
///   never filled instead of ending it when its own view counts zero.
/// - While `box.loadInFlight` the tick is skipped: action `.nothing`, memory untouched. The
///   spec loads the file "at watcher start"; that the watcher does not tick before the load
///   completes is an assumption, enforced here rather than left to callers.
/// - `baselines` (nil in the real server): since stamps shared by both writers, a model's
///   abstraction of time (Models/README.md, "Time"); when given, every row's since is read
///   from it (else `now`) instead of from the box's map or fresh baselines.
public func reduceFleetLiveActivity(
    _ observations: [FleetSession], _ box: FleetBox, now: Double, guards: Guards = .all,
    endDebounce: Double = fleetEndDebounce, endUnfilledCards: Bool = true, baselines: SinceMap? = nil
) -> FleetTick {
    if box.loadInFlight {
        return FleetTick(
            action: .nothing, content: .zero(at: now), since: box.since, zeroSince: box.current?.zeroSince,
            vetoed: false, logsVeto: false, activeSids: [])
    }
    var seen: Set<String> = []  // lookup only; never iterated
    var active: [FleetTally.Entry] = []
    for session in observations where !session.closed && !session.sid.isEmpty {
        if guards.seenSidSkip {
            guard seen.insert(session.sid).inserted else { continue }
        }
        if let state = session.activeState {
            active.append(FleetTally.Entry(sid: session.sid, title: session.title, state: state))
        }
    }
    // No card tracked, or one adopted and never filled: every row's since starts now (the real
    // server's `fresh baselines` reading, Models/README.md).
    let prior = baselines ?? (box.current?.content == nil ? SinceMap() : box.since)
    let (content, since) = FleetTally.build(active, prior: prior, now: now, writer: .server, guards: guards)
    let activeSids = since.sids
    var tick = FleetTick(
        action: .nothing, content: content, since: since, zeroSince: nil, vetoed: false,
        logsVeto: false, activeSids: activeSids)

    switch (box.current, content.activeTotal) {
    case (nil, 0):
        break
    case (nil, _):
        if guards.clientEndedVeto, let ended = box.clientEnded,
            activeSids.allSatisfy({ ended.contains($0) })
        {
            tick.vetoed = true
            tick.logsVeto = !box.vetoLogged
        } else {
            tick.action = .start
        }
    case (.some(let card), 0):
        // A variant (not the real server): never end a card this server adopted and never filled.
        if !endUnfilledCards && card.content == nil { break }
        // The card memory's timer (issue 50): none yet (or dropped by a failed zeroed update) starts now.
        let zeroSince = card.zeroSince ?? now
        tick.zeroSince = zeroSince
        if now - zeroSince >= endDebounce {
            tick.action = .end
        } else if !FleetContentState.sameFleetContentState(card.content, content, guards: guards) {
            // Inside a hold the card is zeroed first, then ended when the hold runs out (the
            // real server's reading, issue 27; Models/README.md "End hold").
            tick.action = .update
        }
    case (let card?, _):
        let same = FleetContentState.sameFleetContentState(card.content, content, guards: guards)
        tick.action = same ? .nothing : .update
    }
    return tick
}
