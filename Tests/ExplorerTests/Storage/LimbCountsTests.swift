import BigNum
import Testing
@testable import Explorer

@Suite struct LimbCountsTests {
    @Test("adding along edges carries across words and widening keeps the values")
    func carries() {
        var a = LimbCounts(count: 2)
        a.setOne(0)
        var b = LimbCounts(count: 2)
        // Doubling 200 times via two parallel edges: 2^200 needs four words.
        for _ in 0..<200 {
            b.clear()
            b.addAlong(degrees: [2], targets: [0, 0], nodes: 1, source: a)
            swap(&a, &b)
            if a.nearFull { a.widen(); b.widen() }
        }
        var total: [UInt64] = []
        a.addAll(into: &total)
        a.addAll(into: &total)
        #expect(LimbCounts.bigInt(total) == BigInt.power(BigInt(2), 201))
        #expect(a.width == 4)
    }
}
