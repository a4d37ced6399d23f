import Testing
@testable import FleetCard

@Suite struct FleetStoreViewTests {
    @Test("hidden dirs are neither shown nor counted")
    func hiddenDirs() {
        let store = liveStore([working("s1", dir: "/a"), working("s2", dir: "/b")], hiddenDirs: ["/a"])
        #expect(store.filteredSessions.map(\.sid) == ["s2"])
    }

    @Test("a down host's sessions lose busy and prompt, so they never read as active")
    func downHostBlanked() {
        var store = liveStore([asking("s1", host: "h2"), working("s2", host: "h1")])
        store.knownDownHosts = ["h2"]
        #expect(store.filteredSessions.compactMap(\.activeState) == [.working])
    }

    @Test("trustworthy needs a live fetch and no host known down; hydration does not count")
    func trust() {
        #expect(liveStore([]).isCountTrustworthy)
        #expect(!FleetStoreView.coldLaunch.isCountTrustworthy)
        #expect(!FleetStoreView(hydratedFromDisk: true).isCountTrustworthy)
        #expect(!FleetStoreView(knownDownHosts: ["h2"], liveFetchedOnce: true).isCountTrustworthy)
    }
}
