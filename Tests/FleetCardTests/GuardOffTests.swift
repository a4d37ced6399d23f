import FleetCard
import PropertyTesting
import Testing

/// For each guard of the spec's table, switched off and on. Where the property shows the bug of
/// the table's "Without it" column, it is a guard check; where the property only restates the
/// switch, it is labelled a wiring check.
@Suite struct GuardOffTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let guardName: String
        /// For a wiring check: what switching the guard off visibly does.
        let wiring: String?
        let run: @Sendable (Guards) -> (passed: Bool, report: [String])
        var testDescription: String { wiring.map { "\(guardName) (wiring: \($0))" } ?? guardName }
    }

    static func check<Value>(_ guardName: String, _ property: FleetProperty<Value>, wiring: String? = nil) -> Case {
        Case(guardName: guardName, wiring: wiring) { guards in
            let result = property.check(guards: guards)
            return (result.outcome == .passed, result.report)
        }
    }

    /// The property fails with the guard off because the guard's bug happens.
    static let guardChecks: [Case] = [
        check("endGateTrustworthiness", ClientProperties.endGateNeverEndsOnUnknown),
        check("clientEndedVeto", ServerProperties.vetoHoldsUntilThePopulationChanges),
        check("supersedeUpdateToken", ServerProperties.oneUpdateTokenPerEnvironment),
        check("allAcceptedForUpdateAndEnd", ServerProperties.shortfallNeverAdvances),
        check("pushToStartCapPerEnv", ServerProperties.pushToStartCapped),
        check("dedupe", ClientProperties.dedupeKeepsTheRightCard),
        check("adoptOnTokenRegistration", ServerProperties.registrationAdoptsTheCard),
        check("seenSidSkip", ContentProperties.countsIncludeEveryActiveSession),
        check("updatedAtExcluded", SinceProperties.serverNeverPushesUnchangedContent),
        check("maxRows", ContentProperties.rowsWithinBudgets),
        check("fleetEndedReported", ServerProperties.endedDuringLoadWins),
        check("creationGatedOnTrust", ClientProperties.creationWaitsForTrust),
    ]

    /// The property only restates the switch, so these show it is wired, not the bug it prevents.
    // The bug each of these guards prevents is for the explorer's `mutants` run (notes/guards.md) to show, not here.
    static let wiringChecks: [Case] = [
        check("defaultHostOnly", ClientProperties.registersWithOneHost,
              wiring: "with defaultHostOnly off the phone registers with every configured host"),
        check("canonicalPortOnly", ServerProperties.onlyTheCanonicalPortPushes,
              wiring: "with canonicalPortOnly off a scratch port pushes"),
        check("pushTypeToken", ClientProperties.appCardsArePushCapable,
              wiring: "with pushTypeToken off the app requests its card with pushType nil"),
    ]

    @Test("every guard of the contract has a guard-off check or a wiring check")
    func everyGuardCovered() {
        let names = (Self.guardChecks + Self.wiringChecks).map(\.guardName)
        #expect(names.sorted() == Guards.names.sorted() && Set(names).count == names.count)
    }

    @Test("switched off, the guard's property fails; on, it passes", arguments: guardChecks)
    func guardEarnsItsPlace(_ testCase: Case) throws { try offFailsOnPasses(testCase) }

    @Test("wiring check: switched off, the switch changes what the code does; on, it does not", arguments: wiringChecks)
    func switchIsWired(_ testCase: Case) throws { try offFailsOnPasses(testCase) }

    func offFailsOnPasses(_ testCase: Case) throws {
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
