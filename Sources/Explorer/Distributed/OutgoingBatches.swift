/// The bytes a rank sends in one round, one batch per destination, appended through plain
/// pointers: batches kept as `[[UInt8]]` paid two uniqueness checks (runtime calls) for each
/// part of a message appended, three or four a successor sent (issue 52).
final class OutgoingBatches: @unchecked Sendable {
    let ranks: Int
    private let bases: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>>
    private let counts: UnsafeMutablePointer<Int>
    private let capacities: UnsafeMutablePointer<Int>
    /// Each batch's last parent: a message's parent goes as the difference from it.
    private let lastParents: UnsafeMutablePointer<NodeID>

    init(ranks: Int) {
        self.ranks = ranks
        bases = .allocate(capacity: ranks)
        counts = .allocate(capacity: ranks)
        capacities = .allocate(capacity: ranks)
        lastParents = .allocate(capacity: ranks)
        for r in 0..<ranks {
            (bases + r).initialize(to: .allocate(capacity: 4_096))
            (counts + r).initialize(to: 0)
            (capacities + r).initialize(to: 4_096)
            (lastParents + r).initialize(to: 0)
        }
    }

    deinit {
        for r in 0..<ranks { bases[r].deallocate() }
        bases.deallocate()
        counts.deallocate()
        capacities.deallocate()
        lastParents.deallocate()
    }

    /// Empties every batch for the next round.
    func reset() {
        for r in 0..<ranks {
            counts[r] = 0
            lastParents[r] = 0
        }
    }

    /// Makes room for `n` more bytes in batch `r`.
    @inline(__always) private func reserve(_ n: Int, to r: Int) {
        if counts[r] &+ n > capacities[r] { grow(r, to: counts[r] + n) }
    }

    @inline(never) private func grow(_ r: Int, to needed: Int) {
        let capacity = max(needed, 2 * capacities[r])
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        bigger.update(from: bases[r], count: counts[r])
        bases[r].deallocate()
        bases[r] = bigger
        capacities[r] = capacity
    }

    @inline(__always) func put(byte: UInt8, to r: Int) {
        reserve(1, to: r)
        bases[r][counts[r]] = byte
        counts[r] &+= 1
    }

    /// `value` as a varint (`Varint.put`'s bytes).
    @inline(__always) func put(varint value: UInt64, to r: Int) {
        reserve(10, to: r)
        var v = value, at = bases[r] + counts[r]
        while v >= 0x80 {
            at.pointee = UInt8(truncatingIfNeeded: v) | 0x80
            at += 1
            v >>= 7
        }
        at.pointee = UInt8(truncatingIfNeeded: v)
        counts[r] = at + 1 - bases[r]
    }

    /// `parent` as a varint difference from the batch's last parent (parents rise in a batch).
    @inline(__always) func put(parent: NodeID, to r: Int) {
        put(varint: parent &- lastParents[r], to: r)
        lastParents[r] = parent
    }

    @inline(__always) func put(_ bytes: UnsafeRawBufferPointer, to r: Int) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count, to: r)
        UnsafeMutableRawPointer(bases[r] + counts[r]).copyMemory(from: source, byteCount: bytes.count)
        counts[r] &+= bytes.count
    }

    /// The bytes of batch `r` so far, after `header`.
    func batch(_ r: Int, after header: [UInt8] = []) -> [UInt8] {
        header + UnsafeBufferPointer(start: bases[r], count: counts[r])
    }
}
