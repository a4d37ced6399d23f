/// The ALL_DONE copy sites and their confirmed / pending / baseline branches (spec:
/// Pending-ALL_DONE copy fix, Baseline is its own branch (OBJ-3317), Fail-closed behavior,
/// RectangularAccessoryView.line3's .allDone copy contract).
public enum AllDoneCopy {
    /// A rendered ALL_DONE line location.
    public enum Site: String, CaseIterable, Sendable {
        case smallTitle, smallSubtitle, mediumTitle, mediumSubtitle, largeMotivator, lockScreenLine3
    }

    /// Which claim a line makes about the streak.
    public enum Branch: String, Sendable {
        /// Asserts the confirmed extension (may use the extension participle).
        case confirmed
        /// Celebrates the finished habits without claiming an extension.
        case pending
        /// Motif-neutral: asserts nothing about the streak.
        case baseline
    }

    /// One line: the branch its function took, and its text where the spec prints that cell
    /// (nil where the spec names the branch but not the string).
    public struct Line: Equatable, Sendable {
        public var branch: Branch
        public var text: String?
    }

    /// The Lock Screen line3 ceiling (.lineLimit(1), 16 characters).
    public static let lockScreenCeiling = 16

    /// The line at `site`, or nil where the spec documents no such site on `platform`
    /// (Android has no Lock Screen; only its Small subtitle and Large motivator are described).
    public static func line(
        at site: Site, on platform: Platform, motif: StreakMotif, reactive: ReactiveState,
        fixes: Set<WidgetFix> = WidgetFix.shipped
    ) -> Line? {
        // Each fix switched off brings back only its own bug: without OBJ-3256 not-yet reads
        // as confirmed; without OBJ-3317/OBJ-3315 baseline falls back to the two-way predicate.
        let pending = fixes.contains(.pendingAllDoneCopy), baseline = fixes.contains(.baselineBranch)
        let twoWay: Branch = pending && reactive == .notYet ? .pending : .confirmed
        let threeWay = baseline && reactive == .baseline ? Branch.baseline : twoWay
        switch (platform, site) {
        case (.iOS, .smallTitle), (.iOS, .mediumTitle):
            // Two outcomes: extended derives from == .extended (OBJ-3317), so baseline joins
            // pending; before, from != .notYet; before OBJ-3256 the title took no extended at all.
            let confirmed = !pending || (baseline ? reactive == .extended : reactive != .notYet)
            return confirmed ? Line(branch: .confirmed, text: nil) : Line(branch: .pending, text: "All done today")
        case (.iOS, .smallSubtitle), (.iOS, .mediumSubtitle):
            return subtitle(motif: motif, branch: threeWay)
        case (.android, .smallSubtitle):
            // The call site checks ReactiveFlame.BASELINE first (OBJ-3315). Before that it fed
            // treatment.metaphor, the fail-closed FLAME sentinel, to the two-way selector, so
            // every motif read "Fire's brighter. Rest easy.".
            let sentinel = reactive == .baseline && !baseline
            return subtitle(motif: sentinel ? .flame : motif, branch: threeWay)
        case (.iOS, .largeMotivator):
            return largeMotivator(motif: motif, branch: threeWay)
        case (.android, .largeMotivator):
            // Still the two-way != NOT_YET predicate: baseline reads as confirmed (OBJ-3316, open).
            return largeMotivator(motif: motif, branch: twoWay)
        case (.iOS, .lockScreenLine3):
            return lockScreenLine3(motif: motif, branch: threeWay)
        case (.android, .smallTitle), (.android, .mediumTitle), (.android, .mediumSubtitle),
             (.android, .lockScreenLine3):
            return nil
        }
    }

    static func subtitle(motif: StreakMotif, branch: Branch) -> Line {
        switch (branch, motif) {
        case (.baseline, _): return Line(branch: .baseline, text: "That's the day. Rest easy.")
        case (.confirmed, .stones): return Line(branch: .confirmed, text: "Tower's taller. Rest easy.")
        case (.confirmed, .flame): return Line(branch: .confirmed, text: "Fire's brighter. Rest easy.")
        case (.pending, .stones): return Line(branch: .pending, text: "Today's build. Rest easy.")
        default: return Line(branch: branch, text: nil)
        }
    }

    static func largeMotivator(motif: StreakMotif, branch: Branch) -> Line {
        switch (branch, motif) {
        case (.baseline, _): return Line(branch: .baseline, text: "That's the day. Rest easy.")
        case (.confirmed, .stones): return Line(branch: .confirmed, text: "Today's stone laid. Rest easy.")
        default: return Line(branch: branch, text: nil)
        }
    }

    static func lockScreenLine3(motif: StreakMotif, branch: Branch) -> Line {
        switch branch {
        case .baseline: return Line(branch: .baseline, text: "That's the day")
        case .confirmed: return Line(branch: .confirmed, text: lockScreenTable[motif]?.confirmed)
        case .pending: return Line(branch: .pending, text: lockScreenTable[motif]?.pending)
        }
    }

    /// The Lock Screen line3 table, as printed (confirmed, pending).
    static let lockScreenTable: [StreakMotif: (confirmed: String, pending: String)] = [
        .stones: ("Every stone laid", "Today's build"),
        .flame: ("Every log fed", "Today's burn"),
        .sprout: ("Every leaf out", "Today's growth"),
        .mountain: ("Every step up", "Today's climb"),
        .waves: ("Every wave in", "Today's tide"),
    ]
}
