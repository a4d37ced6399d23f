import Foundation
import Synchronization
import Testing
@testable import Explorer

@Suite struct VisitedShardsTests {
    @Test("a shard is named by the fingerprint's top bits; counts round up to a power of two")
    func sharding() {
        let four = VisitedShards(count: 3)
        #expect(four.count == 4)
        #expect(four.shard(of: 0x0000_0000_0000_0001) == 0)
        #expect(four.shard(of: 0x4000_0000_0000_0000) == 1)
        #expect(four.shard(of: 0xC000_0000_0000_0000) == 3)
        #expect(VisitedShards(count: 1).shard(of: .max) == 0)
    }

    @Test("inserting through the shards is one set")
    func oneSet() {
        let shards = VisitedShards(count: 2)
        #expect(shards.insert(0x8000_0000_0000_0005))
        #expect(shards.insert(0x0000_0000_0000_0005))
        #expect(!shards.insert(0x8000_0000_0000_0005))
        #expect(shards.contains(0x0000_0000_0000_0005))
        #expect(!shards.contains(0x0000_0000_0000_0006))
    }

    @Test("eight shards filled evenly cost at most 16 bytes per state")
    func bytesPerState() {
        let shards = VisitedShards(count: 8)
        // 40,000 a shard: just past a growth, where doubling tables cost 20-26 bytes per state.
        for i in 1...320_000 { _ = shards.insert(Fingerprint.mix(UInt64(i))) }
        #expect(shards.bytes <= 16 * 320_000)
    }

    /// A reference that does not keep its file open.
    final class Held: @unchecked Sendable { weak var file: SpillFile? }

    @Test("a flush lets each shard's old run go as its own merge ends, not once every shard's has")
    func oldRunsGoEarly() {
        let shards = VisitedShards(count: 8)
        for i in 1...4_000 { _ = shards.insert(Fingerprint.mix(UInt64(i))) }
        let failure = SpillFailure()
        let old = (0..<8).map { _ in Held() }
        let next = Mutex(0)
        // The written hook is called shard by shard, in order.
        _ = shards.flush(directory: NSTemporaryDirectory(), failure: failure, written: { file, _ in
            next.withLock { old[$0].file = file; $0 += 1 }
        })
        #expect(next.withLock { $0 } == 8 && old.allSatisfy { $0.file != nil })
        for i in 4_001...8_000 { _ = shards.insert(Fingerprint.mix(UInt64(i))) }
        let stillHeld = Mutex<[Int]>([])
        _ = shards.flush(directory: NSTemporaryDirectory(), failure: failure, merged: { k in
            if old[k].file != nil { stillHeld.withLock { $0.append(k) } }
        })
        #expect(stillHeld.withLock { $0 }.isEmpty)
        #expect(failure.message == nil)
        #expect((1...8_000).allSatisfy { shards.contains(Fingerprint.mix(UInt64($0))) })
        #expect(!shards.contains(Fingerprint.mix(8_001)))
    }
}
