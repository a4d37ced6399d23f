/// What the Coach row shows on Medium/Large for one render.
public enum CoachLine {
    /// Where the shown text came from.
    public enum Source: Equatable, Sendable {
        /// The JS-written Coach template.
        case snapshot(CoachLineState)
        /// iOS's fallback to the render-time reactive caption.
        case reactiveCaption(String)
    }

    /// The Coach row's content, or nil when the row is hidden. Android: showsCoachLine fails
    /// closed on STALE, on kindlingEnabled != true and on a null coachLine. iOS: suppressed on
    /// STALE, else coachLine ?? the reactive caption. Neither gate names NEW_DAY.
    public static func shown(on platform: Platform, state: WidgetState, snapshot: WidgetSnapshot?) -> Source? {
        guard let snapshot, state != .stale else { return nil }
        switch platform {
        case .android:
            guard snapshot.kindlingEnabled, let line = snapshot.coachLine else { return nil }
            return .snapshot(line)
        case .iOS:
            if let line = snapshot.coachLine { return .snapshot(line) }
            let caption = ReactiveTreatment.resolve(state: state, snapshot: snapshot)?.caption(on: .iOS)
            return caption.map(Source.reactiveCaption)
        }
    }
}
