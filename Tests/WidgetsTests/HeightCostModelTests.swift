import BigNum
import Foundation
import PropertyTesting
import Testing
@testable import Widgets

/// The method for costs the spec does not print: the consistent set, one chosen model, a safe
/// gate over all of them, and the cells that depend on the choice.
@Suite struct HeightCostModelTests {
    /// The printed cells, transcribed here independently of Sources:
    /// (fontScale, mode, core or nil, DAY STREAK ≥, Longest N ≥).
    static let printed: [(String, ColumnMode, Int?, Int?, Int?)] = [
        ("1.0", .captionOn, 63, 124, 147), ("1.15", .captionOn, nil, 135, 160), ("1.3", .captionOn, 71, 137, 165),
        ("1.0", .stale, 72, 133, 156), ("1.3", .stale, 80, 146, 174),
    ]

    static func reproduces(_ costs: HeightCosts) -> Bool {
        printed.allSatisfy { fs, mode, core, dayStreak, longest in
            let scale = Fixtures.scale(fs)
            let coreOK = core.map { HeightPlan.core(fontScale: scale, mode: mode, costs: costs) == Rational($0) } ?? true
            return coreOK && costs.threshold(.dayStreak, mode, fontScale: scale) == dayStreak
                && costs.threshold(.longest, mode, fontScale: scale) == longest
        }
    }

    @Test("the consistent set: 9,810 models of about 47.5 billion candidates; none reads every line box exactly")
    func consistentSet() {
        let set = HeightCostModel.consistent
        #expect(set.count == 9_810)
        #expect(Set(set).count == set.count)
        #expect(!set.contains { m in [m.head, m.caption, m.dayStreak, m.longest, m.footer].allSatisfy { $0.rounding == .exact } })
        // Readings that occur: per element, which roundings some consistent model uses.
        let longestReadings = Set(set.map { "\($0.longest.size) \($0.longest.rounding.rawValue)" })
        #expect(longestReadings.contains("sp(13) up") && longestReadings.contains("sp(13) exact"))
        // The project's earlier guess (exact line boxes, head + 3, Longest N a 13sp line + 6) is not in it.
        let old = HeightCostModel(
            head: LineCost(.exact, .mediumNumeral, margin: 3), caption: LineCost(.exact, .sp(11), margin: 0),
            dayStreak: LineCost(.exact, .sp(11), margin: 0), longest: LineCost(.exact, .sp(13), margin: 6),
            footer: LineCost(.exact, .sp(11), margin: 9))
        #expect(!set.contains(old))
        #expect(!Self.reproduces(HeightCosts(models: [old])))
    }

    @Test("every consistent model reproduces every printed cell, checked against the test's own transcription")
    func everyModelReproduces() {
        // A spread of the set (first, every 997th, last): each one alone reproduces the table.
        let set = HeightCostModel.consistent
        let sample = stride(from: 0, to: set.count, by: 997).map { set[$0] } + [set[set.count - 1]]
        for model in sample { #expect(Self.reproduces(HeightCosts(models: [model])), "\(model)") }
    }

    @Test("the chosen model is consistent and reproduces every printed cell; so does the safe gate")
    func chosenAndSafe() {
        #expect(HeightCostModel.consistent.contains(HeightCostModel.chosen))
        #expect(Self.reproduces(HeightCosts(models: [HeightCostModel.chosen])))
        #expect(Self.reproduces(.safe))
    }

    /// The cells that depend on the choice: every scale of the recomputation grid and mode, the
    /// least / chosen / safe threshold where models disagree.
    static func choiceDependentCells() -> String {
        let grid = (0...24).map { Rational(85 + 5 * $0, 100) } + [Rational(1_149_999, 1_000_000), Rational(1_150_001, 1_000_000), Rational(17, 14)]
        let chosen = HeightCosts(models: [HeightCostModel.chosen])
        var lines = ["# fontScale mode part: least chosen safe (granted dp at which the part shows)"]
        for fs in grid.sorted(by: <) {
            for mode in ColumnMode.allCases {
                for part in [HeightPart.dayStreak, .longest] {
                    let all = HeightCosts.safe.needs(part, mode, fontScale: fs).map(HeightCosts.threshold(need:))
                    guard let least = all.min(), let most = all.max(), least != most else { continue }
                    let name = "\(fs.decimalString(digits: 6)) \(mode.rawValue) \(part.rawValue)"
                    lines.append("\(name): \(least) \(chosen.threshold(part, mode, fontScale: fs)) \(most)")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("the cells that depend on the choice are listed in Tests/Corpus/Widgets/choice-dependent-cells.txt")
    func choiceDependentList() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Corpus/Widgets/choice-dependent-cells.txt")
        let computed = Self.choiceDependentCells()
        if ProcessInfo.processInfo.environment["CARDCHECK_WRITE_CELLS"] == "1" {
            try computed.write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == computed)
    }

    @Test("the safe gate never shows a part the chosen model would hide, at any grid scale and mode")
    func safeIsAtLeastChosen() {
        let chosen = HeightCosts(models: [HeightCostModel.chosen])
        for hundredths in stride(from: 85, through: 205, by: 5) {
            let fs = Rational(hundredths, 100)
            for mode in ColumnMode.allCases {
                for part in HeightPart.allCases {
                    #expect(HeightCosts.safe.need(part, mode, fontScale: fs) >= chosen.need(part, mode, fontScale: fs))
                }
            }
        }
    }

    @Test("the column mode of a render: STALE, caption on with the reactive layer's caption, else off")
    func modeOfRender() {
        let synced = Fixtures.utc(2026, 3, 10, 9)
        let on = Fixtures.snapshot(syncedAt: synced, habits: [Fixtures.habit("a")], extendedToday: false)
        let off = Fixtures.snapshot(syncedAt: synced, habits: [Fixtures.habit("a")])
        #expect(ColumnMode.of(state: .stale, snapshot: on) == .stale)
        #expect(ColumnMode.of(state: .defaultProgress, snapshot: on) == .captionOn)
        #expect(ColumnMode.of(state: .newDay, snapshot: on) == .captionOn)
        #expect(ColumnMode.of(state: .defaultProgress, snapshot: off) == .captionOff)
        #expect(ColumnMode.of(state: .empty, snapshot: on) == .captionOff)
    }

    @Test("fontScale 1.15 · caption on: Longest N hides at 159dp and shows at 160dp, as printed")
    func longestAt115() {
        let fs = Fixtures.scale("1.15")
        #expect(!HeightPlan(height: 159, fontScale: fs, stale: false).showsLongest)
        #expect(HeightPlan(height: 160, fontScale: fs, stale: false).showsLongest)
    }

    @Test("caption off (not STALE): the core is the head row alone, and DAY STREAK shows no later than with the caption")
    func captionOffCore() {
        for hundredths in stride(from: 85, through: 205, by: 5) {
            let fs = Rational(hundredths, 100)
            #expect(HeightPlan.core(fontScale: fs, mode: .captionOff) < HeightPlan.core(fontScale: fs, mode: .captionOn))
            for part in [HeightPart.dayStreak, .longest] {
                #expect(HeightCosts.safe.threshold(part, .captionOff, fontScale: fs) <= HeightCosts.safe.threshold(part, .captionOn, fontScale: fs))
            }
        }
        // At fontScale 1.0 the head row alone is at most 48.22dp (45.22 exact + 3) under the consistent models.
        #expect(HeightPlan.core(fontScale: 1, mode: .captionOff) == 49)
    }
}

/// The safety of the gates: wherever a plan shows an element, every consistent model seats it.
@Suite struct SafeGateTests {
    @Test("property: where the left column shows a part, the sampled consistent model seats it too")
    func heightPlanIsSafe() {
        let models = HeightCostModel.consistent
        let gen = Gen<(BudgetCase, Int)>.compose { draw in
            (try draw(BudgetCase.gen(scales: Gens.anyScale, heights: 110...260)), try draw(.int(in: 0...(models.count - 1))))
        }
        forAll("every shown part fits every consistent model", gen.map { SafeCase(budget: $0.0, model: $0.1) },
               cover: ["longest shown"]) { c, check in
            let model = HeightCosts(models: [models[c.model]])
            for mode in ColumnMode.allCases {
                let plan = HeightPlan(height: c.budget.height, fontScale: c.budget.fs, mode: mode)
                let alone = HeightPlan(height: c.budget.height, fontScale: c.budget.fs, mode: mode, costs: model)
                check.label("longest shown", when: plan.showsLongest)
                try check.expect(!plan.showsDayStreak || alone.showsDayStreak, "DAY STREAK shown where model \(c.model) overflows")
                try check.expect(!plan.showsLongest || alone.showsLongest, "Longest N shown where model \(c.model) overflows")
            }
        }
    }

    @Test("the check can fail: a gate on the chosen model alone shows parts some consistent model cannot seat")
    func chosenAloneIsNotSafe() {
        let models = HeightCostModel.consistent
        let chosen = HeightCosts(models: [HeightCostModel.chosen])
        let unsafe = (110...260).contains { h in
            stride(from: 85, through: 205, by: 5).contains { hundredths in
                let fs = Rational(hundredths, 100)
                let plan = HeightPlan(height: h, fontScale: fs, mode: .stale, costs: chosen)
                return plan.showsLongest && !HeightPlan(height: h, fontScale: fs, mode: .stale).showsLongest
            }
        }
        #expect(unsafe)
        #expect(models.count > 1)
    }

    @Test("property: where the small stack shows the pip row, the sampled consistent model seats it too")
    func smallStackIsSafe() {
        let models = SmallStackCostModel.consistent
        let gen = Gen<(BudgetCase, Int)>.compose { draw in
            (try draw(BudgetCase.gen(scales: Gens.anyScale, heights: 110...260)), try draw(.int(in: 0...(models.count - 1))))
        }
        forAll("the pip row fits every consistent stack model", gen.map { SafeCase(budget: $0.0, model: $0.1) },
               cover: ["pips shown"]) { c, check in
            let plan = SmallStackPlan(height: c.budget.height, fontScale: c.budget.fs, caption: !c.budget.stale)
            check.label("pips shown", when: plan.showsPipRow)
            let need = models[c.model].stack(c.budget.fs, caption: !c.budget.stale, pips: true)
            try check.expect(!plan.showsPipRow || need <= HostBox.contentBox(height: c.budget.height), "pip row shown where model \(c.model) overflows")
        }
    }
}

struct SafeCase: Codable, Sendable {
    var budget: BudgetCase
    var model: Int
}
