/// Where in a sorted run's block index a key can lie, from the key's top bits: entry `t` counts
/// the blocks whose first key is below `t << shift`. Fingerprints are uniform, so each of the
/// 2^bits ranges (about one per one or two blocks) holds a block or two, and a lookup's search of
/// the index touches a cache line or two instead of some twenty-five at 10⁸ blocks. Any order of
/// keys gives the right bounds; a skewed one only searches more of the index.
struct BlockDirectory: Sendable {
    private let counts: [UInt32]
    private let shift: UInt64
    private let blocks: Int

    /// The directory of `firsts` (ascending); none (the whole index searched) past 2³² blocks.
    init(_ firsts: [UInt64]) {
        blocks = firsts.count
        guard firsts.count > 1, firsts.count < Int(UInt32.max) else {
            (counts, shift) = ([], 64)
            return
        }
        // 2^bits ranges, between half the blocks and the blocks.
        let bits = Int.bitWidth - 1 - firsts.count.leadingZeroBitCount
        shift = UInt64(64 - bits)
        var counts = [UInt32](repeating: 0, count: (1 << bits) + 1)
        var b = 0
        for t in 0..<counts.count {
            // Blocks whose first key's top bits are below t (every block for the last entry).
            while b < firsts.count && (t == counts.count - 1 || firsts[b] >> shift < UInt64(t)) { b += 1 }
            counts[t] = UInt32(b)
        }
        self.counts = counts
    }

    var bytes: Int { counts.capacity * MemoryLayout<UInt32>.stride }

    /// The range of block indexes (low...high) holding the last block whose first key is at most
    /// `key`, given that the first block's is.
    @inline(__always)
    func blocks(around key: UInt64) -> (low: Int, high: Int) {
        guard !counts.isEmpty else { return (0, blocks - 1) }
        let t = Int(truncatingIfNeeded: key >> shift)
        // Blocks below t's range start at most at key; those from t + 1's start past it.
        return (max(Int(counts[t]) - 1, 0), Int(counts[t + 1]) - 1)
    }
}
