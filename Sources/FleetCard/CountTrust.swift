/// When the app trusts its count of active sessions (its end gate's `trustworthy`).
///
/// spec: "Death", path 1: `fleetCountIsTrustworthy` is the contract and the default. The app
/// changed its rule on 2026-09-21; that rule is a variant here (issue 50, item 10), so what it
/// breaks is shown, not assumed.
public enum CountTrust: String, Hashable, Codable, Sendable, CaseIterable {
    /// The spec: liveSessionsFetchedOnce && hosts.allSatisfy(isNotKnownDown). One host known
    /// down makes the count unknown.
    case noHostKnownDown
    /// The app since 2026-09-21: a host known down is left out (its sessions blanked, as
    /// `filteredSessions` does) and every other host has been fetched live. SessionStore.refresh
    /// fetches every configured host at once, so `liveFetchedOnce` stands for every up host.
    case liveFetchOfEveryUpHost
}
