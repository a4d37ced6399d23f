import Foundation
import Synchronization

/// One shard's visited fingerprints on disk, past the search's memory mark: a sorted run (TLC's
/// disk fingerprint set) that the shard's in-memory table is merged into whenever it is flushed.
/// A key missing from the table is looked up here: its block found from a directory by the key's
/// top bits (fingerprints are uniform), then one 512-byte block read and searched. A filter in
/// memory (`RunFilter`) answers most lookups of keys the run lacks without the read.
///
/// The run holds keys rotated by 32 bits (`rotated`): the table places a key by its low 32 bits,
/// so its slots drained in order are nearly sorted in that order, and sorting them costs little.
/// The file is external input when read back: each block is checked against the checksum and
/// first key kept in memory for it, and its keys must be strictly increasing and below the next
/// block's first key; a block that is not is refused (`failure` set: the search stops).
final class FingerprintRun: @unchecked Sendable {
    /// Keys a block: each lookup reads and checks one block, so a smaller block costs less to read
    /// (the copy and the checksum were a third of a search on disk at 1 KiB) and more index memory.
    static var blockKeys: Int { 64 }
    static var blockBytes: Int { blockKeys * MemoryLayout<UInt64>.stride }
    /// Blocks read or written at once when merging (256 KiB).
    static var mergeBlocks: Int { 256 }

    let file: SpillFile
    let count: Int
    /// The first key of each block, and each block's checksum: 16 bytes a block of 64 keys.
    private let firsts: [UInt64]
    private let checksums: [UInt64]
    /// `directory[t]`: the blocks whose first key's top `directoryBits` bits are below `t`
    /// (`BlockDirectory`), so a lookup searches `firsts` over a block or two, not all of it.
    private let directory: BlockDirectory
    /// Every key of the run, as a filter (nil: none fitted its budget, or a merge dropped it).
    /// Changed only by a merge, while no other thread uses the set.
    private(set) var filter: RunFilter?
    let failure: SpillFailure

    private init(
        file: SpillFile, count: Int, firsts: [UInt64], checksums: [UInt64], filter: RunFilter?, failure: SpillFailure
    ) {
        self.file = file
        self.count = count
        self.firsts = firsts
        self.checksums = checksums
        self.directory = BlockDirectory(firsts)
        self.filter = filter
        self.failure = failure
    }

    deinit { filter?.release() }

    /// Bytes the run keeps in memory (its index of blocks, their directory and its filter).
    var bytes: Int { (firsts.capacity + checksums.capacity) * MemoryLayout<UInt64>.stride + directory.bytes + filterBytes }

    /// Bytes of the run's filter.
    var filterBytes: Int { filter?.bytes ?? 0 }

    /// Frees the filter (a merge replacing the run builds its own): lookups then read the disk.
    func dropFilter() {
        filter?.release()
        filter = nil
    }

    /// The filter, no longer this run's (a merge keeping it): lookups then read the disk.
    private func takeFilter() -> RunFilter? {
        defer { filter = nil }
        return filter
    }

    /// A table key as the run orders it: its low 32 bits first.
    @inline(__always)
    static func rotated(_ key: UInt64) -> UInt64 { key << 32 | key >> 32 }

    private var blocks: Int { firsts.count }

    /// Keys in block `b` (the last may be partial).
    private func keys(inBlock b: Int) -> Int { min(Self.blockKeys, count - b * Self.blockKeys) }

    /// Whether the table key `key` is in the run. A block that cannot be read back whole and
    /// right sets `failure` and answers true: the search drops the state and stops at its next
    /// batch, marked as failed, rather than store a state twice.
    func contains(_ key: UInt64) -> Bool {
        let r = Self.rotated(key)
        guard let first = firsts.first, r >= first else { return false }
        if let filter, !filter.mayContain(r) { return false }
        // The last block whose first key is at most r: among those the directory leaves.
        var (low, high) = directory.blocks(around: r)
        while low < high {
            let mid = (low + high + 1) / 2
            if firsts[mid] <= r { low = mid } else { high = mid - 1 }
        }
        let n = keys(inBlock: low)
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: Self.blockKeys) { buffer in
            guard read(block: low, keys: n, into: UnsafeMutableBufferPointer(rebasing: buffer[0..<n])) else { return true }
            var lo = 0, hi = n
            while lo < hi {
                let mid = (lo + hi) / 2
                if buffer[mid] < r { lo = mid + 1 } else { hi = mid }
            }
            return lo < n && buffer[lo] == r
        }
    }

    /// Reads block `b` (`n` keys) into `buffer` and checks it; false (and `failure` set) otherwise.
    private func read(block b: Int, keys n: Int, into buffer: UnsafeMutableBufferPointer<UInt64>) -> Bool {
        let raw = UnsafeMutableRawBufferPointer(buffer)
        if let problem = file.read(into: raw, at: b * Self.blockBytes) {
            failure.note("\(file.directory): cannot read the visited set's file back: \(problem)")
            return false
        }
        guard SpillChecksum.of(UnsafeRawBufferPointer(raw)) == checksums[b] else {
            failure.note("\(file.directory): the visited set's file read back differs from what was written (block \(b))")
            return false
        }
        // Range-checked as well: keys strictly increasing, from the block's first to below the next block's.
        var ordered = buffer[0] == firsts[b]
        var i = 1
        while ordered && i < n {
            ordered = buffer[i - 1] < buffer[i]
            i += 1
        }
        guard ordered && (b + 1 == blocks || buffer[n - 1] < firsts[b + 1]) else {
            failure.note("\(file.directory): the visited set's file holds keys out of order (block \(b))")
            return false
        }
        return true
    }

    /// A run holding `old`'s keys and `keys` (rotated, sorted, none in `old`), written to a new
    /// file from `open`, with a filter of at most `filterBudget` bytes built from the keys as they
    /// are written; nil (and `failure` set) when a block cannot be read or written. `old`'s filter
    /// is freed first (the two are never held at once; `old` stays right without it), or, when a
    /// rebuild would make the same one (`RunFilter.isSized`), taken over with `keys` added.
    static func merged(
        _ old: FingerprintRun?, with keys: [UInt64], filterBudget: Int = 0, failure: SpillFailure, open: () -> SpillFile?
    ) -> FingerprintRun? {
        let total = (old?.count ?? 0) + keys.count
        var kept: RunFilter?
        if let old, let filter = old.filter, filter.isSized(keys: total, budget: filterBudget) {
            kept = old.takeFilter()
        } else {
            old?.dropFilter()
        }
        let filter = kept ?? RunFilter(keys: total, budget: filterBudget)
        var built = false
        defer { if !built { filter?.release() } }
        guard let file = open() else { return nil }
        if let kept { for key in keys { kept.insert(key) } }
        var firsts: [UInt64] = [], checksums: [UInt64] = []
        firsts.reserveCapacity((total + blockKeys - 1) / blockKeys)
        checksums.reserveCapacity(firsts.capacity)
        var out: [UInt64] = []
        out.reserveCapacity(mergeBlocks * blockKeys)
        var written = 0
        /// Writes `out`'s keys (whole blocks unless `last`), keeping each block's first key and checksum.
        func flush(last: Bool) -> Bool {
            let whole = last ? out.count : out.count / blockKeys * blockKeys
            guard whole > 0 else { return true }
            // Every key written goes into the filter: none of the run's keys can test absent.
            if let filter, kept == nil { for key in out[0..<whole] { filter.insert(key) } }
            let ok = out.withUnsafeBytes { bytes -> Bool in
                var start = 0
                while start < whole * 8 {
                    let end = min(start + blockBytes, whole * 8)
                    let block = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
                    firsts.append(block.load(as: UInt64.self))
                    checksums.append(SpillChecksum.of(block))
                    start = end
                }
                return file.write(UnsafeRawBufferPointer(rebasing: bytes[0..<(whole * 8)]), at: written * 8)
            }
            guard ok else {
                failure.note(file.failure ?? "\(file.directory): cannot write the visited set's file")
                return false
            }
            written += whole
            out.removeFirst(whole)
            return true
        }
        var k = 0
        var oldKeys = [UInt64](repeating: 0, count: mergeBlocks * blockKeys)
        if let old {
            var b = 0
            while b < old.blocks {
                let last = min(b + mergeBlocks, old.blocks)
                let n = (last == old.blocks ? old.count : last * blockKeys) - b * blockKeys
                let read = oldKeys.withUnsafeMutableBufferPointer { buffer -> Bool in
                    var start = 0
                    for block in b..<last {
                        let m = old.keys(inBlock: block)
                        guard old.read(block: block, keys: m, into: UnsafeMutableBufferPointer(rebasing: buffer[start..<(start + m)]))
                        else { return false }
                        start += m
                    }
                    return true
                }
                guard read else { return nil }
                for i in 0..<n {
                    let key = oldKeys[i]
                    while k < keys.count && keys[k] < key {
                        out.append(keys[k])
                        k += 1
                    }
                    out.append(key)
                    if out.count >= mergeBlocks * blockKeys { guard flush(last: false) else { return nil } }
                }
                b = last
            }
        }
        while k < keys.count {
            out.append(keys[k])
            k += 1
            if out.count >= mergeBlocks * blockKeys { guard flush(last: false) else { return nil } }
        }
        guard flush(last: true) else { return nil }
        built = true
        return FingerprintRun(file: file, count: total, firsts: firsts, checksums: checksums, filter: filter, failure: failure)
    }
}

/// The first failure of a search's disk files that several threads may read at once (the
/// visited set's runs are read by every worker at the depth bound).
final class SpillFailure: Sendable {
    private let first = Mutex<String?>(nil)

    var message: String? { first.withLock { $0 } }

    func note(_ message: String) {
        first.withLock { if $0 == nil { $0 = message } }
    }
}
