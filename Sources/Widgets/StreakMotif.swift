/// The five streak motifs (spec: Two new snapshot fields; The flame is not a paywall).
public enum StreakMotif: String, CaseIterable, Sendable {
    case stones, sprout, flame, mountain, waves

    /// Free to everyone; the others need isSupporter (useStreakMetaphor.ts FREE_METAPHORS).
    public var isFree: Bool { self == .stones || self == .sprout }

    /// What JS writes as streakMetaphor: a non-Supporter's saved Supporter motif, or an
    /// unknown saved key, resolves to stones (useStreakMetaphor().effectiveMetaphor).
    public static func effective(saved: String?, isSupporter: Bool) -> StreakMotif {
        let motif = resolve(saved)
        return motif.isFree || isSupporter ? motif : .stones
    }

    /// How native code reads streakMetaphor: absent or unrecognised renders stones
    /// (resolveMetaphor, fail-open-to-stones).
    public static func resolve(_ raw: String?) -> StreakMotif {
        raw.flatMap(StreakMotif.init(rawValue:)) ?? .stones
    }
}
