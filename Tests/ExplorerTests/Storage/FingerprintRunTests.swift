import Foundation
import Testing
@testable import Explorer

@Suite struct FingerprintRunTests {
    /// `n` distinct table keys (never 0), from `seed`: a fixed sequence, no process seed.
    static func keys(_ n: Int, seed: UInt64) -> [UInt64] {
        (0..<UInt64(n)).map { Fingerprint.mix($0 &+ seed &* 0x1_0000_0000) | 1 }
    }

    /// A run of `old`'s keys and `keys`, with a filter of up to `filter` bytes (0: none).
    static func run(_ old: FingerprintRun?, _ keys: [UInt64], filter: Int = 0, failure: SpillFailure) -> FingerprintRun? {
        FingerprintRun.merged(old, with: keys.map(FingerprintRun.rotated).sorted(), filterBudget: filter, failure: failure) {
            SpillFile(directory: NSTemporaryDirectory(), name: "run-test")
        }
    }

    @Test("two merges hold every key of both and no other, across partial and whole blocks, with a filter and without",
          arguments: [0, 1 << 16])
    func merges(filter: Int) throws {
        let failure = SpillFailure()
        let first = Self.keys(1000, seed: 1), second = Self.keys(300, seed: 2), absent = Self.keys(500, seed: 3)
        let one = try #require(Self.run(nil, first, filter: filter, failure: failure))
        let two = try #require(Self.run(one, second, filter: filter, failure: failure))
        #expect(two.filterBytes == (filter == 0 ? 0 : (1300 * RunFilter.maximumBitsPerKey + 511) / 512 * 64))
        #expect(two.count == 1300)
        #expect(first.allSatisfy(two.contains) && second.allSatisfy(two.contains))
        #expect(!absent.contains(where: two.contains))
        #expect(!second.contains(where: one.contains))
        // The smallest and largest keys a run can hold, at its ends.
        let ends = try #require(Self.run(two, [1, UInt64.max], filter: filter, failure: failure))
        #expect(ends.contains(1) && ends.contains(.max) && !ends.contains(2))
        #expect(failure.message == nil)
        // Whole 512-byte blocks, in fewer bytes than the keys' 8 each.
        #expect(two.file.written == two.blocks * FingerprintRun.blockBytes && two.file.written < 1300 * 8)
    }

    @Test("a block whose bytes changed on disk is refused: the lookup says seen, the failure names the file and block")
    func damagedBlock() throws {
        let failure = SpillFailure()
        let keys = Self.keys(1000, seed: 4)
        let run = try #require(Self.run(nil, keys, failure: failure))
        // Block 2: one byte flipped.
        var byte: UInt8 = 0
        #expect(pread(run.file.fd, &byte, 1, off_t(2 * FingerprintRun.blockBytes + 5)) == 1)
        byte ^= 0x40
        #expect(pwrite(run.file.fd, &byte, 1, off_t(2 * FingerprintRun.blockBytes + 5)) == 1)
        let sorted = keys.sorted { FingerprintRun.rotated($0) < FingerprintRun.rotated($1) }
        #expect(run.contains(sorted[0]) && failure.message == nil)  // block 0 still reads
        // In order: blocks 0 and 1 read, block 2's keys are refused (and answer seen), then the rest read.
        #expect(run.blocks > 3 && sorted.allSatisfy(run.contains))
        #expect(failure.message == "\(NSTemporaryDirectory()): the visited set's file read back differs from what was written (block 2)")
        // A merge reading it back fails too, and writes no run.
        #expect(Self.run(run, Self.keys(10, seed: 5), failure: SpillFailure()) == nil)
    }

    @Test("a run whose blocks pass their checksums but hold keys out of order is refused")
    func outOfOrder() throws {
        let failure = SpillFailure()
        // Written from unsorted keys (as a faulty merge would): checksums match what was written.
        let keys = Self.keys(400, seed: 6).map(FingerprintRun.rotated)
        let run = try #require(FingerprintRun.merged(nil, with: keys, failure: failure) {
            SpillFile(directory: NSTemporaryDirectory(), name: "run-test")
        })
        // The largest key is at or past every block's first: a block is read.
        _ = run.contains(.max)
        #expect(failure.message?.hasPrefix("\(NSTemporaryDirectory()): the visited set's file holds keys out of order (block ") == true)
    }

    @Test("keys bunched under a few top bits are found and absent ones are not: the directory bounds the index search for any order")
    func bunchedKeys() throws {
        let failure = SpillFailure()
        // Rotated keys whose top 20 bits take three values (the run orders by the low 32 bits first).
        let present = Self.keys(3000, seed: 8).enumerated().map { i, k in k & 0xFFF_FFFF_FFFF | UInt64([0, 7, 0xFFFFF][i % 3]) << 44 }
        let held = Set(present)
        let absent = Self.keys(3000, seed: 9).map { $0 & 0xFFF_FFFF_FFFF | UInt64(7) << 44 }.filter { !held.contains($0) }
        let run = try #require(FingerprintRun.merged(nil, with: present.sorted(), failure: failure) {
            SpillFile(directory: NSTemporaryDirectory(), name: "run-test")
        })
        for k in present { #expect(run.contains(FingerprintRun.rotated(k)), "\(k)") }
        #expect(!absent.contains { run.contains(FingerprintRun.rotated($0)) })
        #expect(failure.message == nil)
    }

    @Test("with a filter, most lookups of absent keys read no block: in a run whose every block is damaged they answer absent, without a failure")
    func filterSparesReads() throws {
        let keys = Self.keys(5000, seed: 14), absent = Self.keys(5000, seed: 15)
        for filter in [0, 1 << 16] {
            let failure = SpillFailure()
            let run = try #require(Self.run(nil, keys, filter: filter, failure: failure))
            // Every block's first key's bytes flipped: any block read is refused (and answers seen).
            for b in 0..<run.blocks {
                var word: UInt64 = 0
                #expect(pread(run.file.fd, &word, 8, off_t(b * FingerprintRun.blockBytes)) == 8)
                word = ~word
                #expect(pwrite(run.file.fd, &word, 8, off_t(b * FingerprintRun.blockBytes)) == 8)
            }
            let read = absent.filter(run.contains).count
            if filter == 0 {
                // Every lookup past the first block's key reads: all but a few say seen.
                #expect(read > 4900 && failure.message != nil)
            } else {
                // 10 bits a key: about 1% pass the filter and read (a damaged block: seen).
                #expect(read < 100, "\(read) of 5,000 absent keys read a block")
            }
        }
    }

    @Test("a run's filter is in its bytes in memory, and is freed when a merge replaces the run")
    func filterBytesCounted() throws {
        let failure = SpillFailure()
        let keys = Self.keys(3000, seed: 16)
        let plain = try #require(Self.run(nil, keys, failure: failure))
        let filtered = try #require(Self.run(nil, keys, filter: 1 << 16, failure: failure))
        #expect(plain.filterBytes == 0 && filtered.filterBytes == (3000 * RunFilter.maximumBitsPerKey + 511) / 512 * 64)
        // The index alone is 16 bytes a block (more by its arrays' spare capacity, which the heap decides).
        let blocks = plain.blocks
        #expect(plain.bytes >= 16 * blocks && filtered.bytes >= 16 * blocks + filtered.filterBytes)
        // A budget for under a bit a key: no filter, every lookup reads (and still answers right).
        let none = try #require(Self.run(nil, keys, filter: 300, failure: failure))
        #expect(none.filterBytes == 0 && keys.allSatisfy(none.contains))
        let next = try #require(Self.run(filtered, Self.keys(10, seed: 17), filter: 1 << 16, failure: failure))
        #expect(filtered.filterBytes == 0 && next.filterBytes > 0)
        #expect(keys.allSatisfy(filtered.contains) && keys.allSatisfy(next.contains) && failure.message == nil)
    }

    @Test("a merge at the filters' cap keeps the old run's filter and adds the new keys: every key found, and the same absent keys pass as through a filter built from all of them")
    func keptFilter() throws {
        let failure = SpillFailure()
        let first = Self.keys(4000, seed: 18), second = Self.keys(200, seed: 19), absent = Self.keys(5000, seed: 20)
        // 2,048 bytes: 32 lines, 4.1 and 3.9 bits a key for 4,000 and 4,200 keys, 3 probes for both.
        let one = try #require(Self.run(nil, first, filter: 2048, failure: failure))
        let next = try #require(Self.run(one, second, filter: 2048, failure: failure))
        let whole = try #require(Self.run(nil, first + second, filter: 2048, failure: failure))
        let kept = try #require(next.filter), built = try #require(whole.filter)
        #expect(kept.bytes == 2048 && kept.probes == 3 && built.bytes == 2048 && built.probes == 3)
        #expect((first + second).allSatisfy { kept.mayContain(FingerprintRun.rotated($0)) })
        let passes = { (f: RunFilter) in absent.map { f.mayContain(FingerprintRun.rotated($0)) } }
        #expect(passes(kept) == passes(built))
        #expect(first.allSatisfy(next.contains) && second.allSatisfy(next.contains) && failure.message == nil)
        // 4,096 bytes: 8.2 and 7.8 bits a key, 6 probes then 5: rebuilt, as a filter for all of them.
        let six = try #require(Self.run(nil, first, filter: 4096, failure: failure))
        #expect(six.filter?.probes == 6)
        let five = try #require(Self.run(six, second, filter: 4096, failure: failure))
        let fresh = try #require(Self.run(nil, first + second, filter: 4096, failure: failure))
        #expect(five.filter?.probes == 5 && fresh.filter?.probes == 5)
        #expect(passes(try #require(five.filter)) == passes(try #require(fresh.filter)))
    }

    /// A run of the run keys `keys` (already rotated and sorted) with no filter.
    static func run(rotated keys: [UInt64], failure: SpillFailure) -> FingerprintRun? {
        FingerprintRun.merged(nil, with: keys, failure: failure) { SpillFile(directory: NSTemporaryDirectory(), name: "run-test") }
    }

    @Test("runs of extreme gaps read back: the ends of the key range, dense runs, gaps near 2^64, one key, none",
          arguments: [
              [0], [1], [UInt64.max], [0, 1, .max], [0, .max], [0, 1 << 63, .max - 1, .max],
              Array(0..<5000), Array(UInt64.max - 4999...UInt64.max),
              (0..<3000).map { $0 * 3 } + (0..<40).map { UInt64.max / 40 * ($0 + 1) - 7 },
          ] as [[UInt64]])
    func extremeGaps(keys: [UInt64]) throws {
        let failure = SpillFailure()
        let run = try #require(Self.run(rotated: keys, failure: failure))
        // A key as the table holds it: rotating is its own inverse.
        let held = Set(keys)
        let neighbours = keys.flatMap { [$0 &- 1, $0 &+ 1] }.filter { !held.contains($0) }
        #expect(run.count == keys.count && keys.allSatisfy { run.contains(FingerprintRun.rotated($0)) })
        #expect(!neighbours.contains { run.contains(FingerprintRun.rotated($0)) })
        // A merge reads every block back in order: the same keys, and one more.
        let extra: UInt64 = held.contains(2) ? 5001 : 2
        let merged = try #require(FingerprintRun.merged(run, with: held.contains(extra) ? [] : [extra], failure: failure) {
            SpillFile(directory: NSTemporaryDirectory(), name: "run-test")
        })
        #expect(keys.allSatisfy { merged.contains(FingerprintRun.rotated($0)) } && merged.contains(FingerprintRun.rotated(extra)))
        #expect(failure.message == nil)
    }

    @Test("an empty run holds nothing and writes no block")
    func empty() throws {
        let failure = SpillFailure()
        let run = try #require(Self.run(rotated: [], failure: failure))
        #expect(run.count == 0 && run.blocks == 0 && run.file.written == 0 && !run.contains(0) && !run.contains(.max))
        let next = try #require(FingerprintRun.merged(run, with: [7], failure: failure) {
            SpillFile(directory: NSTemporaryDirectory(), name: "run-test")
        })
        #expect(next.count == 1 && next.contains(FingerprintRun.rotated(7)) && failure.message == nil)
    }

    @Test("bytes a key of a uniform run, blocks included: at most 5.8 at 10^6 keys over the whole range (5.70 measured), 4.2 at the density of 2^33 keys (4.08); the index at most 0.25")
    func bytesPerKey() throws {
        let failure = SpillFailure()
        let n = 1_000_000
        let uniform = Self.keys(n, seed: 21).map(FingerprintRun.rotated).sorted()
        // The same keys squeezed into 2^-13 of the range: the gaps of 2^33 keys over all of it.
        let dense = uniform.map { $0 >> 13 }
        for (keys, most) in [(uniform, 5.8), (dense, 4.2)] {
            let run = try #require(Self.run(rotated: keys, failure: failure))
            let perKey = Double(run.file.written) / Double(n)
            #expect(perKey <= most, "\(perKey) bytes a key")
            #expect(Double(run.bytes) / Double(n) <= 0.25, "\(run.bytes) bytes in memory")
            #expect(keys[0..<1000].allSatisfy { run.contains(FingerprintRun.rotated($0)) })
        }
        #expect(failure.message == nil)
    }
}
