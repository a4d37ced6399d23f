import Foundation
import Testing
@testable import PropertyEngine
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

    @Test("integers straddling zero are a magnitude then a sign: 0, 1, -1, 2, -2 in shortlex order, the longer side's sign forced")
    func integerOrder() throws {
        let pairs: [[UInt64]] = [[0, 0], [1, 0], [1, 1], [2, 0], [2, 1], [3, 0], [4, 0], [5, 0]]
        #expect(try pairs.map { try replay(.int(in: -2...5), $0) } == [0, 1, -1, 2, -2, 3, 4, 5])
        // Past the shorter side the sign is forced: the recorded choice is not read.
        #expect(try replay(.int(in: -2...5), [4, 1]) == 4)
        #expect(try replay(.int(in: -5...2), [4, 0]) == -4)
        #expect(try replay(.int(in: Int.min...Int.max), [UInt64(1) << 63, 0]) == Int.min)
        #expect(try replay(.int(in: Int.min...Int.max), [UInt64(1) << 63 - 1, 0]) == Int.max)
        #expect(throws: Rejection.choiceOutOfRange) { try replay(.int(in: 0...3), [4]) }
        #expect(throws: Rejection.choiceOutOfRange) { try replay(.int(in: -2...5), [6, 0]) }
    }

    @Test("a random integer repeats or nudges one the case already drew: equal and neighbouring pairs are common")
    func repeatsAndNeighbours() {
        let pairs = sample(Gen.zip(Gen.int(in: 1...Int.max), Gen.int(in: 1...Int.max)), count: 1_000)
        let equal = pairs.filter { $0.0 == $0.1 }.count
        let neighbours = pairs.filter { $0.0 != $0.1 && ($0.0 - $0.1).magnitude <= 5 }.count
        // A roll of 4…7 in 16 reuses the first value: half of those exactly, the rest within 5.
        #expect(equal > 80 && equal < 220)
        #expect(neighbours > 60)
        #expect(pairs.filter { $0.0 > 1_000_000 }.count > 500)
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
