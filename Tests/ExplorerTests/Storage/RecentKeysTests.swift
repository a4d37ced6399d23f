import Testing
@testable import Explorer

@Suite struct RecentKeysTests {
    @Test("a key repeated at once is not new; a key whose slot was overwritten is new again")
    func repeats() {
        var recent = RecentKeys()
        let answers = [42, 42, 42 + 4096, 42].map { recent.isNew(UInt64($0)) }
        // 42 + 4096 shares 42's slot: another key is never dropped, and it evicts 42.
        #expect(answers == [true, false, true, true])
    }

    @Test("key 0 is remembered like any other, not mistaken for an empty slot")
    func zero() {
        var recent = RecentKeys()
        let answers = [0, 0, 1].map { recent.isNew(UInt64($0)) }
        #expect(answers == [true, false, true])
    }
}
