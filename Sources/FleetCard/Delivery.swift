/// The outcome of a tick's sends: how many tokens were addressed and how many answered 200.
///
/// A 200 from a corpse token counts as accepted: APNs cannot tell (spec: "The reason
/// superseding is not housekeeping").
public struct FleetDelivery: Codable, Hashable, Sendable {
    public var attempted: Int
    public var accepted: Int

    public init(attempted: Int, accepted: Int) {
        self.attempted = attempted
        self.accepted = accepted
    }

    /// No send at all (an action of `.nothing`).
    public static let none = FleetDelivery(attempted: 0, accepted: 0)

    /// Whether the delivery meets the action's threshold, and the log line when it does not.
    ///
    /// start needs one accepted send (spec: "Delivery threshold, for start only"); update and end
    /// need every send accepted, else "any accepted" without the guard (spec: "Delivery threshold
    /// for update and end"). No token at all is never met: the spec's "no-tokens" log line says
    /// the action was due but the card could not be addressed.
    public func verdict(for action: FleetAction, guards: Guards = .all) -> DeliveryVerdict {
        if action == .nothing { return .met }
        if attempted == 0 { return .noTokens }
        if accepted == 0 { return .noneAccepted }
        switch action {
        case .start, .nothing:
            return .met
        case .update, .end:
            return accepted >= attempted || !guards.allAcceptedForUpdateAndEnd ? .met : .partial
        }
    }
}

/// Whether a tick's sends advance the server's state, named after the spec's log events.
public enum DeliveryVerdict: String, Codable, Hashable, Sendable {
    /// The threshold is met: the box advances.
    case met
    /// An action was due but there was no token to address the card.
    case noTokens = "no-tokens"
    /// Every send failed.
    case noneAccepted = "none-accepted"
    /// Some but not all update/end sends were accepted.
    case partial
}
