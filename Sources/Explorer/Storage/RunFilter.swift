/// A blocked Bloom filter in front of a shard's run on disk: most lookups of keys the run lacks
/// (new states, about 60% of them on the wide nightly) end here instead of reading a block. Each
/// key sets and tests `probes` bits of one 64-byte line, so a test costs one cache miss. Built as
/// a merge writes the run, from every key written: a key of the run always tests true (no false
/// negative can exist), and an absent key tests true about 1% of the time at 10 bits a key (30%
/// at 2.5, 60% at 1.1), which only costs the read the filter did not spare.
struct RunFilter {
    /// A line of 512 bits (8 words), one cache line: a key's bits all lie in one.
    static var lineWords: Int { 8 }
    /// Bits a key at most: 10 bits and 7 probes leave about 1% false positives in lines this
    /// size; more memory would spare few reads (each one already rare).
    static var maximumBitsPerKey: Int { 10 }

    private let words: UnsafeMutableBufferPointer<UInt64>
    private let lines: UInt64
    /// Bits set and tested a key (1-7: seven 9-bit positions fit in a 64-bit hash).
    let probes: Int

    /// A filter for `keys` keys in at most `budget` bytes: `maximumBitsPerKey` a key, or fewer to
    /// fit; nil when the budget holds under one bit a key (a filter that small would pass most
    /// absent keys anyway: every lookup then reads, as without one).
    init?(keys: Int, budget: Int) {
        let lines = Self.lines(keys: keys, budget: budget)
        guard lines > 0 else { return nil }
        self.lines = UInt64(lines)
        words = PageMemory.allocate(UInt64.self, count: lines * Self.lineWords)
        probes = Self.probes(lines: lines, keys: keys)
    }

    /// The lines of the filter for `keys` keys within `budget` bytes; 0 for none.
    static func lines(keys: Int, budget: Int) -> Int {
        let lineBits = lineWords * 64
        let wanted = (max(keys, 1) * maximumBitsPerKey + lineBits - 1) / lineBits
        let lines = min(wanted, budget / (lineWords * 8))
        return lines > 0 && lines * lineBits >= keys && lines < Int(UInt32.max) ? lines : 0
    }

    /// k = ln 2 · bits a key, which minimizes false positives (rounded; at least 1, at most 7).
    static func probes(lines: Int, keys: Int) -> Int {
        let bitsPerKey = Double(lines * lineWords * 64) / Double(max(keys, 1))
        return min(7, max(1, Int((bitsPerKey * 0.693).rounded())))
    }

    /// Whether this is the filter `init(keys:budget:)` would make for `keys` (as many lines and
    /// probes: once the budget caps the size, until the probes change): a merge then adds its new
    /// keys to it and has the bits a rebuild from every key would set, without the rebuild.
    func isSized(keys: Int, budget: Int) -> Bool {
        Int(lines) == Self.lines(keys: keys, budget: budget) && probes == Self.probes(lines: Int(lines), keys: keys)
    }

    /// Frees the lines; the filter must not be used afterwards.
    func release() { PageMemory.release(words) }

    var bytes: Int { words.count * MemoryLayout<UInt64>.stride }

    /// The line and the positions of `key`'s bits: the line from the mixed key's low 32 bits
    /// (multiply-high by the line count), the positions from the top of a second product.
    @inline(__always)
    private func place(_ key: UInt64) -> (line: Int, bits: UInt64) {
        let h = Fingerprint.mix(key)
        let line = Int(truncatingIfNeeded: ((h & 0xFFFF_FFFF) &* lines) >> 32)
        return (line * Self.lineWords, h &* 0x9E37_79B9_7F4A_7C15)
    }

    /// Records `key` (a run's key, rotated).
    @inline(__always)
    func insert(_ key: UInt64) {
        var (line, bits) = place(key)
        for _ in 0..<probes {
            let p = Int(truncatingIfNeeded: bits >> 55)
            words[line + p >> 6] |= 1 << UInt64(p & 63)
            bits <<= 9
        }
    }

    /// False only when `key` was never inserted.
    @inline(__always)
    func mayContain(_ key: UInt64) -> Bool {
        var (line, bits) = place(key)
        for _ in 0..<probes {
            let p = Int(truncatingIfNeeded: bits >> 55)
            if words[line + p >> 6] & 1 << UInt64(p & 63) == 0 { return false }
            bits <<= 9
        }
        return true
    }
}
