import FleetCard
import PropertyTesting
import Testing

/// Every property of the spec's statements, with every guard on (the documented design), in the
/// profile the environment selects. Each first replays its corpus in Tests/Corpus/FleetCard.
@Suite struct FleetPropertiesTests {
    static let corpus = Corpus.tests(suite: "FleetCard")

    func holds<Value>(_ property: FleetProperty<Value>, sourceLocation: SourceLocation = #_sourceLocation) {
        forAll(property.name, property.gen, cover: property.cover, corpus: Self.corpus, sourceLocation: sourceLocation) {
            try property.body($0, $1, .all)
        }
    }

    @Test("counts include every active session, each session once")
    func counts() { holds(ContentProperties.countsIncludeEveryActiveSession) }

    @Test("the app counts its filtered view and nothing it hides")
    func appCounts() { holds(ContentProperties.appCountsItsFilteredView) }

    @Test("rows never exceed either budget")
    func budgets() { holds(ContentProperties.rowsWithinBudgets) }

    @Test("rows never contain blocked, idle or closed sessions")
    func onlyActiveRows() { holds(ContentProperties.rowsAreOnlyActiveSessions) }

    @Test("rows are needs-input first then oldest first")
    func order() { holds(ContentProperties.rowsInOrder) }

    @Test("more and the island's overflow count what the rows leave out")
    func more() { holds(ContentProperties.moreAndSurfaces) }

    @Test("accent and relevance follow needs-input")
    func accent() { holds(ContentProperties.accentFollowsNeedsInput) }

    @Test("the server's since is sticky and survives scrolling")
    func serverSince() { holds(SinceProperties.serverSinceIsSticky) }

    @Test("the server never pushes a change of only updatedAt")
    func serverIdlePush() { holds(SinceProperties.serverNeverPushesUnchangedContent) }

    @Test("the app never updates a change of only updatedAt")
    func appIdleUpdate() { holds(SinceProperties.appNeverUpdatesUnchangedContent) }

    @Test("the veto holds until the population changes, logged once per population and again after an unvetoed tick")
    func veto() { holds(ServerProperties.vetoHoldsUntilThePopulationChanges) }

    @Test("a delivery shortfall never advances state")
    func shortfall() { holds(ServerProperties.shortfallNeverAdvances) }

    @Test("an update-token registration adopts the card")
    func adoption() { holds(ServerProperties.registrationAdoptsTheCard) }

    @Test("an update-token registration clears the veto, with or without adoption")
    func registrationClearsTheVeto() throws {
        holds(ServerProperties.registrationClearsTheVeto)
        let off = try #require(Guards.allBut("adoptOnTokenRegistration"))
        let result = ServerProperties.registrationClearsTheVeto.check(guards: off)
        #expect(result.outcome == .passed, "\(result.report.joined(separator: "\n"))")
    }

    @Test("an /ended during the boot-time load wins")
    func bootLoad() { holds(ServerProperties.endedDuringLoadWins) }

    @Test("only the canonical port pushes")
    func canonicalPort() { holds(ServerProperties.onlyTheCanonicalPortPushes) }

    @Test("push-to-start is capped per environment, in first-registration order")
    func pushToStartCap() { holds(ServerProperties.pushToStartCapped) }

    @Test("one update token per environment")
    func updateToken() { holds(ServerProperties.oneUpdateTokenPerEnvironment) }

    @Test("the end gate never ends on an unknown count")
    func endGate() { holds(ClientProperties.endGateNeverEndsOnUnknown) }

    @Test("the app creates no card on an unknown count")
    func creationGate() { holds(ClientProperties.creationWaitsForTrust) }

    @Test("dedupe keeps exactly one card and the right one")
    func dedupe() { holds(ClientProperties.dedupeKeepsTheRightCard) }

    @Test("app-created cards are push-capable")
    func pushType() { holds(ClientProperties.appCardsArePushCapable) }

    @Test("tokens are registered with one host")
    func oneHost() { holds(ClientProperties.registersWithOneHost) }

    @Test("under the all-active reading of the app's since map, the two writers agree across ticks")
    func agreeAllActive() { holds(AgreementProperties.agreeAcrossTicks(scope: .allActive)) }
}
