import Dispatch
import Synchronization
import Testing
@testable import FleetModel

@Suite("Memo")
struct MemoTests {
    static func key(_ n: UInt64) -> MemoKey<2> {
        var k = MemoKey<2>()
        k.words[0] = n
        k.words[1] = n &* 3
        return k
    }

    @Test("a key's value is computed once and found again after the index has grown many times")
    func computedOnce() {
        let memo = Memo<2, UInt64>()
        var computed = 0
        for n in 0..<5_000 as Range<UInt64> {
            #expect(memo.value(Self.key(n)) { computed += 1; return n &* 7 } == n &* 7)
        }
        for n in 0..<5_000 as Range<UInt64> {
            #expect(memo.value(Self.key(n)) { computed += 1; return 0 } == n &* 7)
        }
        #expect(computed == 5_000)
    }

    @Test("keys that differ in one word only are different keys")
    func wordByWord() {
        let memo = Memo<2, Int>()
        var a = MemoKey<2>(), b = MemoKey<2>()
        a.words[1] = 1
        b.words[0] = 1
        #expect(memo.value(a) { 1 } == 1)
        #expect(memo.value(b) { 2 } == 2)
        #expect(memo.value(a) { 3 } == 1)
    }

    @Test("two threads reading and adding the same keys (lock-free reads while the index grows) see one value per key")
    func concurrent() {
        let memo = Memo<2, UInt64>()
        let wrong = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 2) { t in
            // The threads walk the keys in opposite orders, so each finds keys the other added.
            for i in 0..<20_000 as Range<UInt64> {
                let n = t == 0 ? i : 19_999 - i
                if memo.value(Self.key(n), { n &+ 1 }) != n &+ 1 { wrong.withLock { $0 += 1 } }
            }
        }
        #expect(wrong.withLock { $0 } == 0)
    }
}
