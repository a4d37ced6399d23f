import FleetCard
import PropertyTesting
import Testing

/// For each guard of the spec's table: with it off the property it protects fails (the bug of
/// the table's "Without it" column is found), with it on the same property passes.
@Suite struct GuardOffTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let guardName: String
        let run: @Sendable (Guards) -> (passed: Bool, report: [String])
        var testDescription: String { guardName }
    }

    static func check<Value>(_ guardName: String, _ property: FleetProperty<Value>) -> Case {
        Case(guardName: guardName) { guards in
            let result = property.check(guards: guards)
            return (result.outcome == .passed, result.report)
        }
    }

    static let cases: [Case] = [
        check("endGateTrustworthiness", ClientProperties.endGateNeverEndsOnUnknown),
        check("clientEndedVeto", ServerProperties.vetoHoldsUntilThePopulationChanges),
        check("supersedeUpdateToken", ServerProperties.oneUpdateTokenPerEnvironment),
        check("allAcceptedForUpdateAndEnd", ServerProperties.shortfallNeverAdvances),
        check("pushToStartCapPerEnv", ServerProperties.pushToStartCapped),
        check("dedupe", ClientProperties.dedupeKeepsTheRightCard),
        check("adoptOnTokenRegistration", ServerProperties.registrationAdoptsTheCard),
        check("seenSidSkip", ContentProperties.countsIncludeEveryActiveSession),
        check("updatedAtExcluded", SinceProperties.serverNeverPushesUnchangedContent),
        check("defaultHostOnly", ClientProperties.registersWithOneHost),
        check("canonicalPortOnly", ServerProperties.onlyTheCanonicalPortPushes),
        check("maxRows", ContentProperties.rowsWithinBudgets),
        check("fleetEndedReported", ServerProperties.endedDuringLoadWins),
        check("pushTypeToken", ClientProperties.appCardsArePushCapable),
    ]

    @Test("every guard of the contract has a guard-off check")
    func everyGuardCovered() {
        #expect(Self.cases.map(\.guardName) == Guards.names)
    }

    @Test("switched off, the guard's property fails; on, it passes", arguments: cases)
    func guardEarnsItsPlace(_ testCase: Case) throws {
        let off = try #require(Guards.allBut(testCase.guardName))
        let without = testCase.run(off)
        #expect(!without.passed, "with \(testCase.guardName) off the property still passed")
        if !without.passed { print("[\(testCase.guardName) off] " + without.report.joined(separator: "\n")) }
        #expect(testCase.run(.all).passed, "with every guard on the property failed")
    }

    @Test("without updatedAtExcluded the app re-pushes every sync too")
    func appUpdatedAt() throws {
        let off = try #require(Guards.allBut("updatedAtExcluded"))
        #expect(SinceProperties.appNeverUpdatesUnchangedContent.check(guards: off).outcome == .failed)
        #expect(SinceProperties.appNeverUpdatesUnchangedContent.check(guards: .all).outcome == .passed)
    }
}
