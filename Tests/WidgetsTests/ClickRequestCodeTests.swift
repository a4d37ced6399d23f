import PropertyTesting
import Testing
@testable import Widgets

@Suite struct ClickRequestCodeTests {
    @Test("codes are appWidgetId * 10 + rowIndex")
    func scheme() {
        #expect(ClickRequestCode.make(appWidgetId: 7, rowIndex: 3) == 73)
    }

    @Test("within 6 rows, the codes of widgets 1…300 never collide")
    func noCollisionsSmallIds() {
        var seen = Set<Int32>()
        for id in Int32(1)...300 {
            for row in Int32(0)..<Int32(ClickRequestCode.maxRows) {
                #expect(seen.insert(ClickRequestCode.make(appWidgetId: id, rowIndex: row)).inserted)
            }
        }
    }

    @Test("beyond the cap, row 10 of one widget is row 0 of the next")
    func tenthRowCollides() {
        #expect(ClickRequestCode.make(appWidgetId: 4, rowIndex: 10) == ClickRequestCode.make(appWidgetId: 5, rowIndex: 0))
        #expect(ClickRequestCode.make(appWidgetId: 4, rowIndex: 9) != ClickRequestCode.make(appWidgetId: 5, rowIndex: 0))
    }

    @Test("finding W-3: ids above 214,748,364 overflow the Java int and collide within 6 rows")
    func overflowCollides() {
        #expect(ClickRequestCode.make(appWidgetId: 1, rowIndex: 0) == ClickRequestCode.make(appWidgetId: 858_993_460, rowIndex: 2))
    }

    // MARK: properties

    /// No other (widget id ≤ `maxId`, row < 6) shares the pair's code.
    static func expectUnique(_ pair: [Int], maxId: Int, _ check: Check) throws {
        let id = Int32(clamping: pair[0]), row = Int32(clamping: pair[1])
        let code = ClickRequestCode.make(appWidgetId: id, rowIndex: row)
        let others = owners(of: code).filter { $0 != [Int(id), Int(row)] && $0[0] <= maxId }
        try check.expect(others.isEmpty, "widget \(id) row \(row) shares its code with \(others)")
    }

    @Test("within 6 rows and ids up to 214,748,364, no other (widget, row) has the same code")
    func uniqueProperty() {
        let pairs = Gen<[Int]>.compose { draw in [try draw(.int(in: 1...214_748_364)), try draw(.int(in: 0...5))] }
        forAll("request codes never collide", pairs) { pair, check in
            try Self.expectUnique(pair, maxId: 214_748_364, check)
        }
    }

    @Test("finding W-3: larger ids overflow and collide (corpus: expected failure)")
    func overflowFinding() {
        let pairs = Gen<[Int]>.compose { draw in [try draw(.int(in: 1...Int(Int32.max))), try draw(.int(in: 0...5))] }
        let result = checkProperty("request codes never collide for any id", pairs, corpus: .tests(suite: "Widgets")) { pair, check in
            try Self.expectUnique(pair, maxId: Int(Int32.max), check)
        }
        #expect(result.replays == [.knownFindingStillFails])
        #expect(result.outcome == .failed)
    }
}

/// Every (positive widget id, row < 6) whose request code is `code`: solves
/// 10·id ≡ code − row (mod 2³²) exactly instead of searching.
func owners(of code: Int32) -> [[Int]] {
    var inverse5: UInt32 = 1
    for _ in 0..<5 { inverse5 = inverse5 &* (2 &- 5 &* inverse5) }  // Newton: 5⁻¹ mod 2³²
    var found: [[Int]] = []
    for row in Int32(0)..<Int32(ClickRequestCode.maxRows) {
        let target = UInt32(bitPattern: code) &- UInt32(row)
        guard target % 2 == 0 else { continue }
        let base = ((target / 2) &* inverse5) & 0x7FFF_FFFF
        for candidate in [base, base | 0x8000_0000] {
            let id = Int32(bitPattern: candidate)
            if id >= 1, ClickRequestCode.make(appWidgetId: id, rowIndex: row) == code { found.append([Int(id), Int(row)]) }
        }
    }
    return found.sorted { $0.lexicographicallyPrecedes($1) }
}
