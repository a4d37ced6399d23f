import Testing
@testable import PropertyEngine
@testable import PropertyTesting

@Suite struct GenCollectionsTests {
    @Test("array counts stay in their bounds and reach each of them")
    func arrayBounds() {
        let lists = sample(.array(of: .bool, count: 2...4), count: 300)
        #expect(lists.allSatisfy { (2...4).contains($0.count) })
        #expect(Set(lists.map(\.count)) == [2, 3, 4])
    }

    @Test("each optional array element is one span the shrinker can delete")
    func elementSpans() throws {
        let source = ChoiceSource(replaying: [1, 5, 1, 6, 0])
        #expect(try Gen.array(of: .int(in: 0...9)).generate(source) == [5, 6])
        #expect(source.spans.map(\.range) == [0..<2, 2..<4, 4..<5])
    }

    @Test("a full array records its forced \"no more\" flag, and elements below the minimum a forced \"one more\"")
    func forcedFlags() throws {
        let full = ChoiceSource(replaying: [1, 5, 1, 6, 1, 7])
        #expect(try Gen.array(of: .int(in: 0...9), count: 0...2).generate(full) == [5, 6])
        #expect(full.choices == [1, 5, 1, 6, 0])
        #expect(full.spans.map(\.range) == [0..<2, 2..<4, 4..<5])
        let minimum = ChoiceSource(replaying: [0, 5, 0, 6, 0])
        #expect(try Gen.array(of: .int(in: 0...9), count: 2...3).generate(minimum) == [5, 6])
        #expect(minimum.choices == [1, 5, 1, 6, 0])
    }

    @Test("optionals are sometimes nil, sometimes not; strings use only their alphabet")
    func optionalsAndStrings() {
        let optionals = sample(.optional(.int(in: 0...9)), count: 200)
        #expect(optionals.contains(nil) && optionals.contains { $0 != nil })
        let strings = sample(.string(from: "ab", count: 0...6), count: 200)
        #expect(strings.allSatisfy { $0.allSatisfy { "ab".contains($0) } && $0.count <= 6 })
    }
}
