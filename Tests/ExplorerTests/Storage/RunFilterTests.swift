import Testing
@testable import Explorer

@Suite struct RunFilterTests {
    /// `n` distinct keys from `seed` (a fixed sequence, no process seed).
    static func keys(_ n: Int, seed: UInt64) -> [UInt64] { FingerprintRunTests.keys(n, seed: seed) }

    @Test("every key inserted tests true, from under 2 bits a key to the most, at several sizes: no false negative",
          arguments: [1, 3, 700, 20_000])
    func noFalseNegative(count: Int) throws {
        let keys = Self.keys(count, seed: 11)
        for budget in [count / 8 + 64, count / 2 + 64, 1 << 20] {  // about 1, 4 and 10 bits a key
            let filter = try #require(RunFilter(keys: count, budget: budget), "budget \(budget)")
            defer { filter.release() }
            for key in keys { filter.insert(key) }
            #expect(keys.allSatisfy(filter.mayContain), "\(count) keys in \(filter.bytes) bytes, \(filter.probes) probes")
        }
    }

    @Test("absent keys pass about as often as the bits a key predict: ~1% at 10 bits, ~15% at 4, ~40% at 2")
    func falsePositives() throws {
        let n = 50_000
        let present = Self.keys(n, seed: 12), absent = Self.keys(n, seed: 13)
        // Budget in bytes for `bits` a key; the bound each rate must stay under (a blocked
        // filter passes a little more than a plain one: a key's bits share one line).
        for (bits, bound) in [(10, 0.02), (4, 0.20), (2, 0.45)] {
            let filter = try #require(RunFilter(keys: n, budget: n * bits / 8))
            defer { filter.release() }
            for key in present { filter.insert(key) }
            let passed = Double(absent.filter(filter.mayContain).count) / Double(n)
            #expect(passed < bound, "\(bits) bits a key: \(passed)")
            #expect(passed > bound / 10, "\(bits) bits a key: \(passed) (the filter cannot beat its bits)")
        }
    }

    @Test("the filter takes the most bits a key it may within its budget, fewer to fit, and none under one bit a key")
    func sizes() throws {
        let full = try #require(RunFilter(keys: 1000, budget: 1 << 20))
        defer { full.release() }
        #expect(full.bytes == (1000 * RunFilter.maximumBitsPerKey + 511) / 512 * 64 && full.probes == 7)
        let small = try #require(RunFilter(keys: 1000, budget: 320))  // 5 lines: 2.56 bits a key
        defer { small.release() }
        #expect(small.bytes == 320 && small.probes == 2)
        #expect(RunFilter(keys: 1000, budget: 64) == nil)  // 512 bits for 1,000 keys
        #expect(RunFilter(keys: 1000, budget: 0) == nil)
    }
}
