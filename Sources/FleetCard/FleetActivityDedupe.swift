/// A fleet card as the app sees it in `Activity.activities`: no creation time, only an id and
/// the updatedAt of its current content.
public struct FleetCardRef: Codable, Hashable, Sendable {
    public var id: String
    public var updatedAt: Double

    public init(id: String, updatedAt: Double) {
        self.id = id
        self.updatedAt = updatedAt
    }
}

/// `FleetActivityDedupe` (spec: "3 · Dedupe ends the losers"): the one place the one-card
/// invariant is enforced, on every activityUpdates arrival.
public enum FleetActivityDedupe {
    /// The survivor and the losers among `cards`.
    ///
    /// Survivor: the newest updatedAt, the card both writers most recently addressed; ties
    /// break on the larger id (compared as strings), because `Activity.activities` has no
    /// stable order. Losers are sorted by id. Empty input → no survivor.
    public static func partition(_ cards: [FleetCardRef]) -> (survivor: FleetCardRef?, losers: [FleetCardRef]) {
        let survivor = cards.max { ($0.updatedAt, $0.id) < ($1.updatedAt, $1.id) }
        var losers = cards
        if let survivor, let index = losers.firstIndex(of: survivor) { losers.remove(at: index) }
        return (survivor, losers.sorted { ($0.id, $0.updatedAt) < ($1.id, $1.updatedAt) })
    }

    /// The cards the app ends on this arrival: the losers, or none without the dedupe guard.
    public static func cardsToEnd(_ cards: [FleetCardRef], guards: Guards = .all) -> [FleetCardRef] {
        guard guards.dedupe, cards.count > 1 else { return [] }
        return partition(cards).losers
    }
}
