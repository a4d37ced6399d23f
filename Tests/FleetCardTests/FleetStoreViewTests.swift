import Testing
@testable import FleetCard

@Suite struct FleetStoreViewTests {
    @Test("hidden dirs are neither shown nor counted")
    func hiddenDirs() {
        let store = liveStore([working("s1", dir: "/a"), working("s2", dir: "/b")], hiddenDirs: ["/a"])
        #expect(store.filteredSessions.map(\.sid) == ["s2"])
    }

    @Test("hidden-dir entries are stored normalised: trimmed, repeated slashes collapsed, no trailing slash (issue 50, item 7)")
    func entriesNormalised() {
        #expect(FleetStoreView.storedHiddenDir(" /work//app/ \n") == "/work/app")
        #expect(FleetStoreView.storedHiddenDir("///work///") == "/work")
        #expect(FleetStoreView.storedHiddenDir("/Work") == "/Work", "stored as typed; matched case-insensitively")
        let sessions = [working("a", dir: "/work/app"), working("b", dir: "/work/app/src"), working("c", dir: "/work/apps")]
        let store = liveStore(sessions, hiddenDirs: ["/work//app/"])
        #expect(store.filteredSessions.map(\.sid) == ["c"])
    }

    @Test("the app refuses to store \"/\", \"~\" and relative entries: they hide nothing (issue 50, item 7)")
    func refusedEntries() {
        for typed in ["/", "//", " / ", "~", "~/work", "work", "./work", "", "  "] {
            #expect(FleetStoreView.storedHiddenDir(typed) == nil, "\(typed.debugDescription) is refused")
        }
        let sessions = [working("a", dir: "/work"), working("b", dir: "/Users/me"), working("c", dir: "/")]
        let store = liveStore(sessions, hiddenDirs: ["/", "~", "work", "Users/me"])
        #expect(store.filteredSessions.map(\.sid) == ["a", "b", "c"], "an entry \"/\" used to hide every session")
    }

    @Test("hidden dirs match case-insensitively, at a path boundary (issue 50, item 7)")
    func caseInsensitive() {
        let sessions = [working("a", dir: "/Work/App"), working("b", dir: "/work/app/SRC"), working("c", dir: "/WORK/APPS"), working("d", dir: "/other")]
        let store = liveStore(sessions, hiddenDirs: ["/WORK/app"])
        #expect(store.filteredSessions.map(\.sid) == ["c", "d"])
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

    @Test("countTrust liveFetchOfEveryUpHost (the app since 2026-09-21): a host known down is ignored, the live fetch still needed")
    func trustLiveFetchOfEveryUpHost() {
        let rule = CountTrust.liveFetchOfEveryUpHost
        var down = liveStore([working("s1", host: "h2")])
        down.knownDownHosts = ["h2"]
        #expect(!down.isCountTrustworthy, "the spec's rule: unknown")
        down.countTrust = rule
        #expect(down.isCountTrustworthy && down.filteredSessions.allSatisfy { $0.activeState == nil })
        // So the end gate ends a card whose only working session is on the down host.
        let (action, _) = FleetClientSync(last: nil).syncing(down, card: .zero(at: 0), now: 1)
        #expect(action == .end)
        #expect(!FleetStoreView(hydratedFromDisk: true, countTrust: rule).isCountTrustworthy)
        #expect(!FleetStoreView(knownDownHosts: ["h2"], countTrust: rule).isCountTrustworthy)
    }
}
