import Testing
@testable import PropertyEngine
@testable import PropertyTesting

@Suite struct GenFixedWidthTests {
    @Test("full-range generators reach both ends of their type")
    func fullRange() {
        let bytes = sample(Gen<Int8>.int8, count: 500)
        #expect(bytes.contains(.min) && bytes.contains(.max) && bytes.contains(0))
        let words = sample(Gen<UInt16>.uint16, count: 500)
        #expect(words.contains(.min) && words.contains(.max))
        #expect(sample(Gen<UInt64>.uint64, count: 500).contains(.max))
        #expect(sample(Gen<Int32>.int32, count: 500).contains(.min))
    }

    @Test("fixed-width integers shrink toward 0 and read their choices as Gen.int does")
    func choices() throws {
        #expect(try replay(Gen<Int16>.int16, []) == 0)
        #expect(try replay(Gen<Int16>.int16, [32768, 0]) == .min)
        #expect(try replay(Gen<Int16>.int16, [1, 1]) == -1)
        #expect(try replay(Gen<UInt64>.uint64, [.max]) == .max)
        #expect(try replay(Gen<UInt8>.integer(in: 10...20), [3]) == 13)
        #expect(throws: Rejection.choiceOutOfRange) { try replay(Gen<UInt8>.uint8, [256]) }
    }

    @Test("a 16-bit overflow shrinks to the smallest pair that wraps")
    func overflowShrinks() {
        var profile = Profile.pr
        profile.logsCaseSeeds = false
        let result = checkProperty("no 16-bit sum wraps", Gen.zip(Gen<Int16>.int16, Gen<Int16>.int16), profile: profile) { pair in
            !pair.0.addingReportingOverflow(pair.1).overflow
        }
        #expect(result.outcome == .failed)
        #expect(result.counterexample.map { [$0.0, $0.1] } == [1, 32767])
    }
}
