extension FleetSystem {
    /// How one step renumbered the tokens (`canonicalize`): `map[t]` is the number token `t` of
    /// the state the step was taken in has after it (0: gone, or never a token). Tokens the
    /// step created have no preimage. Diagnosis carries its log-token binding through it.
    public struct TokenRenaming: Sendable {
        var map: InlineArray<256, UInt8>
        /// No token past this one is mapped.
        var top: UInt8 = 255

        public subscript(_ t: UInt8) -> UInt8 { map[Int(t)] }
    }

    /// `next(state, action)` together with the renaming of its tokens: the step taken, then
    /// the canonical form built as `canonicalize` builds it, with the numbers followed through.
    /// Nil when the step is disabled or a bound refuses it.
    public func stepRenaming(_ state: FleetState, _ action: Action) -> (state: FleetState, renaming: TokenRenaming)? {
        var s = state
        var refused: FleetBound?
        guard move(&s, action, refused: &refused) else { return nil }
        // A token the step made is new (`freshToken`: past every token of `state`): it maps
        // from nothing of `state`; a token of `state` the step dropped maps to 0.
        var map = InlineArray<256, UInt8>(repeating: 0)
        // Only numbers up to the largest token either state holds move (a fresh one is past all).
        var top: UInt8 = 0
        Self.forEachToken(state) {
            map[Int($0)] = $0
            top = max(top, $0)
        }
        Self.forEachToken(s) { top = max(top, $0) }
        let first = Self.firstAppearance(s)
        renumberTokens(&s)
        for t in 0...Int(top) { map[t] = first[Int(map[t])] }
        if sortInFlight(&s) {
            let second = Self.firstAppearance(s)
            renumberTokens(&s)
            for t in 0...Int(top) { map[t] = second[Int(map[t])] }
        }
        return (s, TokenRenaming(map: map, top: top))
    }

    /// The numbering `renumberTokens` gives `s`: token → its number in order of first appearance.
    static func firstAppearance(_ s: FleetState) -> InlineArray<256, UInt8> {
        var map = InlineArray<256, UInt8>(repeating: 0)
        var next: UInt8 = 1
        forEachToken(s) { t in
            guard t != 0, map[Int(t)] == 0 else { return }
            map[Int(t)] = next
            next &+= 1
        }
        return map
    }
}
