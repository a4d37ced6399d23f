/// The app's end gate, `FleetEndGate.step` (spec: "Death", path 1): when ending is allowed.
public struct FleetEndGate: Codable, Hashable, Sendable {
    /// The hold the app ships with: 0, end the moment nothing is running (2026-09-19).
    public static let defaultHold: Double = 0

    /// When a trustworthy zero was first seen, or nil.
    public var zeroSince: Double?

    public init(zeroSince: Double? = nil) { self.zeroSince = zeroSince }

    /// The gate's answer for one sync.
    public enum Verdict: String, Codable, Hashable, Sendable {
        /// Leave the card exactly as the server left it: no end, no zeroed update.
        case untouched
        /// Update if the renderable content differs.
        case keep
        /// A trustworthy zero inside the hold: the card is zeroed (updated to the zeroed content),
        /// and ended when the hold runs out (the real app's reading, issue 27).
        case zeroed
        /// End the card now and POST /ended.
        case end
    }

    /// The verdict for a count that is `trustworthy` (or not) and reads `activeTotal`.
    ///
    /// Without the endGateTrustworthiness guard an untrustworthy count is taken at face value,
    /// so an empty cold store reads as zero; with it an untrustworthy count resets the zero timer
    /// (the real app's `fleet end gate clock` reading). While a trustworthy zero has not yet been held
    /// for `hold` the verdict is zeroed (the real app's `zeroed inside the hold` reading: the card
    /// shows zero until it ends). After the end the caller resets the gate (`FleetClientSync`).
    public func step(
        trustworthy: Bool, activeTotal: Int, now: Double, hold: Double = defaultHold,
        guards: Guards = .all
    ) -> (verdict: Verdict, gate: FleetEndGate) {
        // An unknown count resets the zero timer: a zero must be held while trusted (Models/README.md).
        guard trustworthy || !guards.endGateTrustworthiness else { return (.untouched, FleetEndGate()) }
        guard activeTotal == 0 else { return (.keep, FleetEndGate()) }
        let zeroSince = self.zeroSince ?? now
        let gate = FleetEndGate(zeroSince: zeroSince)
        return (now - zeroSince >= hold ? .end : .zeroed, gate)
    }
}
