/// The reactive caption strings, two independently maintained platform tables (spec:
/// Reactive states; Android's are the shortened narrow-width forms).
public enum CaptionTable {
    /// The extended (celebratory) caption.
    public static func extended(_ motif: StreakMotif, on platform: Platform) -> String {
        switch (platform, motif) {
        case (.android, .flame): return "Locked in"
        case (.android, .stones): return "Stone laid"
        case (.android, .sprout): return "Leaf out"
        case (.android, .mountain): return "Step up"
        case (.android, .waves): return "Wave in"
        case (.iOS, .flame): return "Locked in today"
        case (.iOS, .stones): return "Today's stone laid"
        case (.iOS, .sprout): return "Today's leaf out"
        case (.iOS, .mountain): return "Today's step up"
        case (.iOS, .waves): return "Today's wave in"
        }
    }

    /// The not-yet (encouraging, gain-framed) caption.
    public static func notYet(_ motif: StreakMotif, on platform: Platform) -> String {
        switch (platform, motif) {
        case (_, .flame): return "Add today"
        case (.android, .stones): return "Add a stone"
        case (.android, .sprout): return "Add a leaf"
        case (.android, .mountain): return "Add a step"
        case (.android, .waves): return "Add a wave"
        case (.iOS, .stones): return "Add today's stone"
        case (.iOS, .sprout): return "Add today's leaf"
        case (.iOS, .mountain): return "Add today's step"
        case (.iOS, .waves): return "Add today's wave"
        }
    }

    /// Every extension participle the spec names for a confirmed extension: the ruling's
    /// "laid / lit / out / up / in", the Lock Screen table's "fed", and the captions' "in".
    public static let extensionParticiples: Set<String> = ["laid", "lit", "fed", "out", "up", "in"]

    /// Loss-aversion and empty-praise phrases the UI-SPECs reject (Anti-dark-pattern copy).
    public static let rejectedPhrases = [
        "Don't lose your streak", "Keep your streak alive", "1 day left to", "Your tower will fall",
        "Don't let the stack crumble", "Amazing job!", "Great stacking!",
    ]
}
