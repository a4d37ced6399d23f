import Foundation
import Testing
@testable import PropertyTesting

@Suite struct GenChoicesTests {
    @Test("all-zero choices give each generator's simplest value")
    func zeroChoicesAreSimplest() throws {
        #expect(try replay(.int(in: 5...9), []) == 5)
        #expect(try replay(.int(in: -9...(-5)), []) == -5)
        #expect(try replay(.int(in: -3...7), []) == 0)
        #expect(try replay(.bool, []) == false)
        #expect(try replay(.array(of: .int(in: 0...9), count: 2...5), []) == [0, 0])
        #expect(try replay(.optional(.int(in: 1...3)), []) == nil)
        #expect(try replay(.oneOf([.constant("first"), .constant("second")]), []) == "first")
        #expect(try replay(.frequency([(1, .constant("rare")), (9, .constant("common"))]), []) == "rare")
        #expect(try replay(Gen.timeZone(), []).identifier == "GMT")
        #expect(try replay(.string(from: "xyz", count: 1...4), []) == "x")
    }

    @Test("integers straddling zero order 0, 1, -1, 2, -2, then the longer side")
    func integerOrder() throws {
        let values = try (0...7 as ClosedRange<UInt64>).map { try replay(.int(in: -2...5), [$0]) }
        #expect(values == [0, 1, -1, 2, -2, 3, 4, 5])
        #expect(try replay(.int(in: Int.min...Int.max), [UInt64.max]) == Int.min)
        #expect(throws: Rejection.choiceOutOfRange) { try replay(.int(in: 0...3), [4]) }
    }

    @Test("integers stay in their bounds and reach every value")
    func integerBounds() {
        let ints = sample(.int(in: -3...3), count: 500)
        #expect(ints.allSatisfy { (-3...3).contains($0) })
        #expect(Set(ints) == Set(-3...3))
    }

    @Test("frequency follows its weights; element and oneOf reach every alternative")
    func alternatives() {
        let picks = sample(Gen.frequency([(1, .constant("rare")), (9, .constant("common"))]), count: 1_000)
        #expect(picks.filter { $0 == "rare" }.count < picks.filter { $0 == "common" }.count / 3)
        #expect(Set(sample(.element(of: ["a", "b", "c"]), count: 100)) == ["a", "b", "c"])
        #expect(Set(sample(.oneOf([.constant(1), .constant(2)]), count: 100)) == [1, 2])
    }
}
