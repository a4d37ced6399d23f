import Dispatch
import Foundation

/// The visited set split by the top bits of the fingerprint: shard k holds the fingerprints
/// whose top bits are k, so each worker of a parallel level inserts into its own shard without
/// locks. A sequential search has one shard.
final class VisitedShards: @unchecked Sendable {
    /// The shards as a plain value (pointers, no reference to count), valid while this set lives:
    /// what the search's per-step test holds, where a class reference is retained and released
    /// around each use.
    struct Tables {
        let count: Int
        fileprivate let shift: UInt64
        fileprivate let tables: UnsafeMutableBufferPointer<FingerprintSet>

        @inline(__always) func shard(of key: UInt64) -> Int {
            count == 1 ? 0 : Int(truncatingIfNeeded: key >> shift)
        }

        /// Inserts into the key's shard; only the shard's owner may call this while others run.
        @inline(__always) func insert(_ key: UInt64) -> Bool { tables[shard(of: key)].insert(key) }

        @inline(__always) func contains(_ key: UInt64) -> Bool { tables[shard(of: key)].contains(key) }

        /// Whether the table in memory holds `key` (the run on disk is not read).
        @inline(__always) func containsInMemory(_ key: UInt64) -> Bool { tables[shard(of: key)].containsInMemory(key) }

        /// A hint that `contains(key)` comes soon (no result; see `FingerprintSet.prefetch`).
        @inline(__always) func prefetch(_ key: UInt64) { tables[shard(of: key)].prefetch(key) }
    }

    let view: Tables
    /// Each shard's run on disk, held here: the shard's table refers to it unretained.
    private var runs: [FingerprintRun?]
    var count: Int { view.count }
    private var tables: UnsafeMutableBufferPointer<FingerprintSet> { view.tables }

    /// `count` is rounded up to a power of two.
    /// With `ids`, each shard keeps the node id of every state it holds (behaviour counting).
    init(count requested: Int, ids: Bool = false) {
        var n = 1
        var bits: UInt64 = 0
        while n < requested { n <<= 1; bits += 1 }
        let tables = UnsafeMutableBufferPointer<FingerprintSet>.allocate(capacity: n)
        _ = tables.initialize(from: (0..<n).map { _ in FingerprintSet(ids: ids) })
        view = Tables(count: n, shift: 64 - bits, tables: tables)
        runs = Array(repeating: nil, count: n)
    }

    deinit {
        for table in tables { table.release() }
        tables.baseAddress?.deinitialize(count: count)
        tables.deallocate()
    }

    @inline(__always) func shard(of key: UInt64) -> Int { view.shard(of: key) }

    /// Inserts into the key's shard; only the shard's owner may call this while others run.
    @inline(__always) func insert(_ key: UInt64) -> Bool { view.insert(key) }

    /// Inserts into shard `k`, which must be the key's shard.
    @inline(__always) func insert(_ key: UInt64, shard k: Int) -> Bool { tables[k].insert(key) }

    @inline(__always) func contains(_ key: UInt64) -> Bool { view.contains(key) }

    /// A hint that `contains(key)` comes soon (no result; see `FingerprintSet.prefetch`).
    @inline(__always) func prefetch(_ key: UInt64) { view.prefetch(key) }

    /// Inserts `key` with node id `id` unless it is there; returns the id stored for it.
    @inline(__always) func insert(_ key: UInt64, id: UInt32) -> UInt32 { tables[shard(of: key)].insert(key, id: id) }

    /// The node id stored with `key` (in the set).
    @inline(__always) func id(of key: UInt64) -> UInt32 { tables[shard(of: key)].id(of: key) }

    /// Sets the node id of `key` (in the set); only its slot's id is written.
    @inline(__always) func setID(_ key: UInt64, _ id: UInt32) { tables[shard(of: key)].setID(key, id) }

    var hasIDs: Bool { tables[0].hasIDs }

    /// At the depth bound: records in `findings` whether a successor is new, i.e. whether the
    /// bound cut the search short (so the run is not exhaustive).
    @inline(__always) func noteBeyondBound<State>(_ successors: [Successor<State>], in findings: inout Findings) {
        if !findings.beyondBound && successors.contains(where: { !contains($0.key) }) {
            findings.beyondBound = true
        }
    }

    /// Prefetches the first slot of each key, so the misses of a batch overlap.
    @inline(__always) func prefetch<S>(_ batch: UnsafeBufferPointer<Successor<S>>) {
        for s in batch { prefetch(s.key) }
    }

    /// `prefetch` for keys all of shard `k`.
    @inline(__always) func prefetch(keys: [UInt64], shard k: Int) {
        for key in keys { tables[k].prefetch(key) }
    }

    var bytes: Int { tables.reduce(0) { $0 + $1.bytes } }

    /// Bytes of the tables in memory, without the runs' indexes.
    var tableBytes: Int { tables.reduce(0) { $0 + $1.tableBytes } }

    /// Bytes of the runs' filters (in `bytes`, not in `tableBytes`).
    var filterBytes: Int { tables.reduce(0) { $0 + ($1.run?.filterBytes ?? 0) } }

    /// Every stored key, shard by shard (for a checkpoint).
    func forEachKey(_ body: (UInt64) -> Void) {
        for table in tables { for key in table.slots where key != 0 { body(key) } }
    }

    /// The keys in the tables in memory (with `runCount`, every key stored).
    var storedCount: Int { tables.reduce(0) { $0 + $1.count } }

    /// Bytes the runs take on disk now.
    var runBytesOnDisk: Int { runs.reduce(0) { $0 + ($1?.file.bytesOnDisk ?? 0) } }

    /// The keys in the runs on disk.
    var runCount: Int { tables.reduce(0) { $0 + ($1.run?.count ?? 0) } }

    /// Moves every shard's table into its run on disk, a new file per shard holding the old run
    /// and the table merged (the shards in parallel; no other thread may use the set meanwhile),
    /// the runs' filters sharing `filterBytes` equally (shards hold about as many keys: the top
    /// bits of uniform fingerprints; a steady share lets a capped filter be kept, not rebuilt).
    /// Returns the bytes written; a failure is noted in `failure` (the search stops on it).
    /// Each shard's old run is let go as soon as its own merge ends (its file's space given
    /// back), so the disk holds the runs and the new runs of the merges under way, not every
    /// run twice. `merged` (tests only) is called from the merging thread once shard k's is done.
    /// A set with ids keeps the keys placed `keepingPlacesFrom` or later in memory (`drain`).
    func flush(
        directory: String, failure: SpillFailure, filterBytes: Int = 0, keepingPlacesFrom first: UInt32 = .max,
        written hook: (@Sendable (SpillFile, String) -> Void)? = nil,
        merged mergedHook: (@Sendable (Int) -> Void)? = nil
    ) -> Int {
        nonisolated(unsafe) let tables = self.tables
        let budget = filterBytes / count
        nonisolated(unsafe) let merged = UnsafeMutableBufferPointer<FingerprintRun?>.allocate(capacity: count)
        merged.initialize(repeating: nil)
        defer {
            merged.baseAddress?.deinitialize(count: count)
            merged.deallocate()
        }
        runs.withUnsafeMutableBufferPointer { held in
            nonisolated(unsafe) let held = held
            DispatchQueue.concurrentPerform(iterations: count) { k in
                let keys = tables[k].drain(keepingPlacesFrom: first)
                let run = FingerprintRun.merged(tables[k].run, with: keys, filterBudget: budget, failure: failure) {
                    let file = SpillFile(directory: directory, name: "visited")
                    if file == nil {
                        failure.note("\(directory): cannot create the visited set's file: \(String(cString: strerror(errno)))")
                    }
                    return file
                }
                // A shard whose merge failed keeps its old run: the search stops on the failure.
                if let run {
                    tables[k].runReference = Unmanaged.passUnretained(run)
                    held[k] = run  // the old run, no longer referred to, closes its file
                    merged[k] = run
                }
                mergedHook?(k)
            }
        }
        var written = 0
        for k in 0..<count {
            if let run = merged[k] {
                written += run.file.written
                hook?(run.file, "visited")
            }
        }
        return written
    }
}
