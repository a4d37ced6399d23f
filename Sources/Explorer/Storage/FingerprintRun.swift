import Foundation
import Synchronization

/// One shard's visited fingerprints on disk, past the search's memory mark: a sorted run (TLC's
/// disk fingerprint set) that the shard's in-memory table is merged into whenever it is flushed.
/// A key missing from the table is looked up here: its block found from a directory by the key's
/// top bits (fingerprints are uniform), then one 512-byte block read and decoded. A filter in
/// memory (`RunFilter`) answers most lookups of keys the run lacks without the read.
///
/// A block holds as many keys as fit, each as the Rice code of its gap from the one before
/// (`RunBlock`): about 4-6 bytes a key instead of 8, so the runs and a merge's writes shrink.
/// The run holds keys rotated by 32 bits (`rotated`): the table places a key by its low 32 bits,
/// so its slots drained in order are nearly sorted in that order, and sorting them costs little.
/// The file is external input when read back: each block is checked against the checksum and
/// first key kept in memory for it, its count and codes must lie within it, and its keys must be
/// strictly increasing and below the next block's first key; a block that is not is refused
/// (`failure` set: the search stops).
final class FingerprintRun: @unchecked Sendable {
    static var blockBytes: Int { RunBlock.bytes }
    /// Blocks read or written at once when merging (256 KiB).
    static var mergeBlocks: Int { 256 }

    let file: SpillFile
    let count: Int
    /// The first key of each block, and each block's checksum: 16 bytes a block of about 100 keys.
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

    /// The blocks of the run's file.
    var blocks: Int { firsts.count }

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
        let b = low
        return withUnsafeTemporaryAllocation(byteCount: RunBlock.scratchBytes, alignment: 8) { scratch in
            // Only the bytes past the block need be zeros: the read fills the rest.
            UnsafeMutableRawBufferPointer(rebasing: scratch[Self.blockBytes...]).initializeMemory(as: UInt8.self, repeating: 0)
            if let problem = file.read(into: UnsafeMutableRawBufferPointer(rebasing: scratch[0..<Self.blockBytes]), at: b * Self.blockBytes) {
                failure.note("\(file.directory): cannot read the visited set's file back: \(problem)")
                return true
            }
            // Decoded up to the first key not below r (half the block, on average: the decoding
            // was a tenth of a spilled search's CPU); the checksum covers the whole block.
            var found = false
            guard check(block: b, UnsafeRawBufferPointer(scratch), { key in
                found = key == r
                return key < r
            }) else { return true }
            return found
        }
    }

    /// Checks block `b` in `scratch` (its bytes first, `RunBlock.scratchBytes` readable) and
    /// passes its keys to `body` until it returns false; false (and `failure` set) when the
    /// block's bytes, or its codes read, are not as written.
    @inline(__always)
    private func check(block b: Int, _ scratch: UnsafeRawBufferPointer, _ body: (UInt64) -> Bool) -> Bool {
        guard SpillChecksum.of(UnsafeRawBufferPointer(rebasing: scratch[0..<Self.blockBytes])) == checksums[b] else {
            failure.note("\(file.directory): the visited set's file read back differs from what was written (block \(b))")
            return false
        }
        if let fault = RunBlock.decode(scratch, first: firsts[b], below: b + 1 < blocks ? firsts[b + 1] : nil, body) {
            failure.note("\(file.directory): the visited set's file \(fault.message) (block \(b))")
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
        let writer = RunWriter(file: file, filter: kept == nil ? filter : nil, failure: failure)
        var k = 0
        if let old {
            let read = old.forEachKey { key in
                while k < keys.count && keys[k] < key {
                    writer.append(keys[k])
                    k += 1
                }
                writer.append(key)
                return !writer.isFull || writer.flush(last: false)
            }
            guard read else { return nil }
        }
        while k < keys.count {
            writer.append(keys[k])
            k += 1
            if writer.isFull { guard writer.flush(last: false) else { return nil } }
        }
        guard writer.flush(last: true) else { return nil }
        built = true
        let (firsts, checksums) = writer.index()
        return FingerprintRun(file: file, count: total, firsts: firsts, checksums: checksums, filter: filter, failure: failure)
    }

    /// Passes every key of the run to `body` in order (false from it stops), reading
    /// `mergeBlocks` blocks at a time; false (and `failure` set, unless `body` stopped) when a
    /// block is not as written or the blocks do not hold `count` keys.
    private func forEachKey(_ body: (UInt64) -> Bool) -> Bool {
        let span = Self.mergeBlocks * Self.blockBytes
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: span + RunBlock.scratchBytes, alignment: 8)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        var seen = 0
        var b = 0
        while b < blocks {
            let last = min(b + Self.mergeBlocks, blocks)
            let read = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<((last - b) * Self.blockBytes)])
            if let problem = file.read(into: read, at: b * Self.blockBytes) {
                failure.note("\(file.directory): cannot read the visited set's file back: \(problem)")
                return false
            }
            for block in b..<last {
                let start = (block - b) * Self.blockBytes
                let scratch = UnsafeRawBufferPointer(rebasing: buffer[start..<(start + RunBlock.scratchBytes)])
                var going = true
                guard check(block: block, scratch, { key in
                    seen += 1
                    going = body(key)
                    return going
                }), going else { return false }
            }
            b = last
        }
        guard seen == count else {
            failure.note("\(file.directory): the visited set's file holds \(seen) keys, not the \(count) written")
            return false
        }
        return true
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
