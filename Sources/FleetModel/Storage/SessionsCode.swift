/// Storage: a memo finds the sessions by one word; SessionsCodeTests and FleetFieldStorageTests
/// pin that equal words are equal sessions.
///
/// The sessions as one word (5 bits each: activity, duplicated and the since order, then the
/// count), a cheap memo key; equal words are equal session lists (up to 12 sessions whose
/// since order is below 4; the configuration allows 4 sessions).
struct SessionsCode: Hashable, Sendable {
    let word: UInt64

    init(_ sessions: FleetState.Sessions) {
        precondition(sessions.count <= Self.maxSessions, "SessionsCode holds at most 12 sessions")
        var w = UInt64(sessions.count)
        for (k, c) in sessions.enumerated() {
            let code = FleetSystem.activityCode(c.activity) | (c.duplicated ? 4 : 0) | (c.since & 3) << 3
            w |= UInt64(code) << (4 + 5 * k)
        }
        word = w
    }

    static let maxSessions = 12
}
