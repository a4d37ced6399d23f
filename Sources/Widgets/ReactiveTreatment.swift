/// The same-day reactive layer on the streak block (spec: Same-day reactive layer (v4.2),
/// Composition with the habit-progress state catalog, Fail-closed behavior).
public enum ReactiveState: String, CaseIterable, Sendable {
    /// extendedToday == true: lit glyph, celebratory caption.
    case extended
    /// extendedToday == false: muted glyph, encouraging caption.
    case notYet
    /// extendedToday absent (flag off): the classic v4.1 flame, no caption, motif ignored.
    case baseline
}

/// The glyph the streak block draws.
public enum StreakGlyph: Equatable, Sendable {
    case classicFlame
    case lit(StreakMotif)
    case muted(StreakMotif)
}

/// The resolved reactive treatment: what the streak block shows for one render.
public struct ReactiveTreatment: Equatable, Sendable {
    public var state: ReactiveState
    public var motif: StreakMotif

    /// The treatment for `state`, or nil where the layer is suppressed (empty, stale,
    /// first-run). NEW_DAY forces extendedToday to false: dueToday is unknowable after a
    /// rollover, so the caption is the not-yet default (OBJ-1382).
    public static func resolve(state: WidgetState, snapshot: WidgetSnapshot?) -> ReactiveTreatment? {
        guard let snapshot else { return nil }
        let motif = StreakMotif.resolve(snapshot.streakMetaphor)
        switch state {
        case .firstRun, .stale, .empty:
            return nil
        case .newDay:
            return ReactiveTreatment(state: .notYet, motif: motif)
        case .allDone, .defaultProgress:
            switch snapshot.extendedToday {
            case nil: return ReactiveTreatment(state: .baseline, motif: motif)
            case true?: return ReactiveTreatment(state: .extended, motif: motif)
            case false?: return ReactiveTreatment(state: .notYet, motif: motif)
            }
        }
    }

    /// The streak-block glyph; the fail-closed path ignores streakMetaphor entirely.
    public var glyph: StreakGlyph {
        switch state {
        case .baseline: return .classicFlame
        case .extended: return .lit(motif)
        case .notYet: return .muted(motif)
        }
    }

    /// The reactive caption on `platform`, nil at baseline (no caption).
    public func caption(on platform: Platform) -> String? {
        switch state {
        case .baseline: return nil
        case .extended: return CaptionTable.extended(motif, on: platform)
        case .notYet: return CaptionTable.notYet(motif, on: platform)
        }
    }
}
