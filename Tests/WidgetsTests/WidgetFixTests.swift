import PropertyTesting
import Testing
@testable import Widgets

/// Guard-off checks: with one shipped fix switched off, the property that protects it finds
/// the bug the spec says the fix removed; with every fix on, it passes.
@Suite struct WidgetFixTests {
    static func run(
        _ property: String, without fix: WidgetFix?, reactiveOn: Bool = false,
        _ body: @escaping (RenderCase, Check) throws -> Void
    ) -> PropertyResult<RenderCase> {
        let cases = Gens.render(traveller: false).map { c -> RenderCase in
            var c = c
            c.disabledFix = fix?.rawValue
            if reactiveOn { c.reactive = true }
            return c
        }
        return checkProperty(property, cases, body)
    }

    static func copyRules(_ c: RenderCase, _ check: Check) throws {
        try expectAllDoneCopyHonest(c, check, sites: { $0 != .android || $1 != .largeMotivator })
    }

    @Test("without the midnight rollover, a late check-in still claims today the next morning (OBJ-1350)")
    func newDayRollover() {
        #expect(Self.run("rollover on", without: nil, expectClaimIsAboutRenderDay).outcome == .passed)
        let off = Self.run("rollover off", without: .newDayRollover, expectClaimIsAboutRenderDay)
        #expect(off.outcome == .failed)
        #expect(off.failure?.hasPrefix("claim about") == true)
    }

    @Test("without the tap clearing coachLine, a stale Coach line survives the tap (OBJ-2436)")
    func clearsCoachLineOnTap() {
        #expect(Self.run("clear on", without: nil, expectCoachLineFresh).outcome == .passed)
        let off = Self.run("clear off", without: .clearsCoachLineOnTap, expectCoachLineFresh)
        #expect(off.outcome == .failed)
        #expect(off.failure?.contains("is stale") == true)
    }

    @Test("without the pending branch, ALL_DONE copy confirms an extension not yet observed (OBJ-3256)")
    func pendingAllDoneCopy() {
        #expect(Self.run("pending on", without: nil, Self.copyRules).outcome == .passed)
        let off = Self.run("pending off", without: .pendingAllDoneCopy, reactiveOn: true, Self.copyRules)
        #expect(off.outcome == .failed)
        #expect(off.failure?.contains("confirms at notYet") == true)
    }

    @Test("without the baseline branch, a flag-off render confirms an extension with no data (OBJ-3317, OBJ-3315)")
    func baselineBranch() {
        #expect(Self.run("baseline on", without: nil, Self.copyRules).outcome == .passed)
        let off = Self.run("baseline off", without: .baselineBranch, Self.copyRules)
        #expect(off.outcome == .failed)
        #expect(off.failure?.contains("confirms at baseline") == true)
    }
}
