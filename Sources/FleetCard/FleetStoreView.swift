/// What the app's SessionStore knows, reduced to what the fleet card reads.
///
/// spec: "Update — what wakes each writer" (the snapshot reads `store.filteredSessions`) and
/// "Death", path 1 (`fleetCountIsTrustworthy`).
public struct FleetStoreView: Codable, Hashable, Sendable {
    /// Every session of every configured host, in the store's order.
    public var sessions: [FleetSession]
    /// settings.hiddenDirs as typed: a session in a listed dir or below one is not shown, nor
    /// counted (`isHidden`); entries the app refuses to store hide nothing (`storedHiddenDir`).
    public var hiddenDirs: [String]
    /// Hosts the store knows to be down, sorted.
    public var knownDownHosts: [String]
    /// liveSessionsFetchedOnce: a live fetch has completed since launch.
    public var liveFetchedOnce: Bool
    /// The store was seeded from the GRDB cache; deliberately not a live fetch.
    public var hydratedFromDisk: Bool
    /// The rule `isCountTrustworthy` follows (the spec's unless a configuration's variant says).
    public var countTrust: CountTrust

    public init(
        sessions: [FleetSession] = [], hiddenDirs: [String] = [], knownDownHosts: [String] = [],
        liveFetchedOnce: Bool = false, hydratedFromDisk: Bool = false, countTrust: CountTrust = .noHostKnownDown
    ) {
        self.sessions = sessions
        self.hiddenDirs = hiddenDirs
        self.knownDownHosts = knownDownHosts
        self.liveFetchedOnce = liveFetchedOnce
        self.hydratedFromDisk = hydratedFromDisk
        self.countTrust = countTrust
    }

    /// A background launch's store: nothing fetched yet, empty (spec: lifecycle C).
    public static let coldLaunch = FleetStoreView()

    /// `store.filteredSessions`: hidden dirs removed, and busy and prompt blanked for sessions
    /// on a down host, as rebuildSessions does (spec: lifecycle E), so a frozen busy never
    /// reads as working. Paused is kept: such a session reads blocked, not a row.
    public var filteredSessions: [FleetSession] {
        let hidden = Self.entries(hiddenDirs)
        return sessions.filter { !Self.isHidden($0.dir, entries: hidden) }.map { session in
            guard knownDownHosts.contains(session.host) else { return session }
            var blanked = session
            blanked.busy = false
            blanked.prompt = false
            return blanked
        }
    }

    /// The hidden-dir entries the real app keeps: each as `storedHiddenDir` stores it, the
    /// refused ones dropped.
    static func entries(_ hiddenDirs: [String]) -> [String] {
        hiddenDirs.compactMap(storedHiddenDir)
    }

    /// What the real app's settings store for a typed hidden-dir entry (issue 50, item 7), nil
    /// when it refuses it: trimmed of surrounding whitespace, repeated slashes collapsed, a
    /// trailing slash dropped. Refused: an empty entry, a relative one (not starting with "/",
    /// so "~" and "~/x" too: no tilde expansion) and "/" itself, which would hide every session.
    public static func storedHiddenDir(_ typed: String) -> String? {
        let entry = FleetRow.trimmed(typed)
        guard entry.hasPrefix("/") else { return nil }
        var out = ""
        for c in entry where !(c == "/" && out.hasSuffix("/")) { out.append(c) }
        if out.hasSuffix("/") { out.removeLast() }
        return out.isEmpty ? nil : out
    }

    /// Whether `dir` is hidden by one of `entries` (already stored by `entries(_:)`): it is the
    /// entry's dir or lies below it, so a hidden dir hides its subdirectories, compared
    /// case-insensitively (both lowercased) as the real app does. "/work" does not hide
    /// "/workshop": a prefix counts only at a path boundary. The session's dir is taken as the
    /// server reports it (not normalised).
    static func isHidden(_ dir: String, entries: [String]) -> Bool {
        let dir = dir.lowercased()
        return entries.contains { stored in
            let entry = stored.lowercased()
            return dir == entry || dir.hasPrefix(entry + "/")
        }
    }

    /// `fleetCountIsTrustworthy`: liveSessionsFetchedOnce && no host known down (`countTrust`
    /// `.liveFetchOfEveryUpHost`: a host known down is ignored). GRDB hydration does not count:
    /// it seeds the same storage, so it cannot tell a cold snapshot from an answer.
    public var isCountTrustworthy: Bool {
        switch countTrust {
        case .noHostKnownDown: liveFetchedOnce && knownDownHosts.isEmpty
        case .liveFetchOfEveryUpHost: liveFetchedOnce
        }
    }
}
