/// The shared precedence ladder both writers derive a session's verdict from.
///
/// spec: "One card, two writers" — `SessionDisplayState.resolve` on the client,
/// `sessionDisplayState` on the server. A prompt beats paused, paused beats busy.
public enum SessionDisplayState: String, Codable, Hashable, Sendable, CaseIterable {
    /// Parked on a question, permission prompt, plan approval or phone sign-in request.
    case needsInput
    /// Paused: neither making progress nor asking anything, so never a card row.
    case blocked
    /// Mid-turn.
    case working
    /// Nothing happening; unread lives here, which is why the card has no unread count.
    case idle

    /// The ladder: a pending prompt is needs-input (even when paused or busy); otherwise paused
    /// is blocked (even when busy); otherwise busy is working; otherwise idle.
    public static func resolve(prompt: Bool, paused: Bool, busy: Bool) -> SessionDisplayState {
        if prompt { return .needsInput }
        if paused { return .blocked }
        if busy { return .working }
        return .idle
    }

    /// The card row state, or nil for the states that are never rows (blocked, idle).
    public var rowState: FleetRowState? {
        switch self {
        case .needsInput: .needsInput
        case .working: .working
        case .blocked, .idle: nil
        }
    }
}

/// The only two states a card row can have (spec: "A Row is { sid, title, state, since }").
public enum FleetRowState: String, Codable, Hashable, Sendable, CaseIterable, Comparable {
    case needsInput
    case working

    /// Needs-input rows come first on the card.
    var rank: Int { self == .needsInput ? 0 : 1 }

    public static func < (lhs: FleetRowState, rhs: FleetRowState) -> Bool { lhs.rank < rhs.rank }
}
