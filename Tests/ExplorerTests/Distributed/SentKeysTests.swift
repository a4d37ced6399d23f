import Testing
@testable import Explorer

/// A rank's memory of the keys it sent: exact keys, forgotten when another takes the slot.
struct SentKeysTests {
    @Test("a key sent is remembered until a key of the same slot takes it; a key never given is never taken for sent")
    func remembersUntilEvicted() {
        let sent = SentKeys(slotBits: 4)
        let key: UInt64 = 0x1234_5678_9ABC_DEF0
        let sameSlot = key ^ 1  // the same top bits
        #expect(sent.insert(key))
        #expect(!sent.insert(key))
        #expect(sent.contains(key))
        #expect(!sent.contains(sameSlot))
        #expect(sent.insert(sameSlot))
        #expect(!sent.contains(key))
        #expect(sent.insert(key))
    }

    @Test("keys 0, 1 and all ones are told apart from each other and from an empty slot")
    func emptySlotsAndSmallKeys() {
        let sent = SentKeys(slotBits: 4)
        #expect(!sent.contains(0))
        #expect(!sent.contains(.max))
        #expect(!sent.contains(0x0FFF_FFFF_FFFF_FFFF))
        #expect(sent.insert(0))
        // 1 shares 0's slot: it is new, and 0 is forgotten.
        #expect(sent.insert(1))
        #expect(!sent.contains(0))
        #expect(sent.insert(.max))
        #expect(!sent.insert(.max))
    }
}
