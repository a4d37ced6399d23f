import Testing
@testable import Explorer

/// A run's 512-byte block: keys coded as the Rice codes of their gaps read back as written, and
/// a block that cannot be the keys of a run is refused, each way with its reason.
@Suite struct RunBlockTests {
    /// The block coded from `keys` (its scratch) and how many of them it holds.
    static func encoded(_ keys: [UInt64]) -> (block: [UInt8], count: Int) {
        var block = [UInt8](repeating: 0, count: RunBlock.scratchBytes)
        let count = keys.withUnsafeBufferPointer { keys in block.withUnsafeMutableBytes { RunBlock.encode(keys, into: $0) } }
        return (block, count)
    }

    /// The keys of `block` with first key `first`, or why not.
    static func decoded(_ block: [UInt8], first: UInt64, below next: UInt64? = nil) -> (keys: [UInt64], fault: RunBlock.Fault?) {
        var keys: [UInt64] = []
        let fault = block.withUnsafeBytes { RunBlock.decode($0, first: first, below: next) { keys.append($0); return true } }
        return (keys, fault)
    }

    @Test("keys read back as coded, the block holding as many as fit: gaps of 1, of 2^63, escaped gaps among small ones")
    func roundTrip() {
        let cases: [[UInt64]] = [
            [5], [0, .max], Array(0..<100), [0, 1 << 63, .max],
            // k from the first 64 gaps (19), so the last three are escaped; all fit.
            (0..<70).map { $0 * 1_000_003 } + [1 << 40, 1 << 62, .max - 1],
            (0..<5000).map { $0 * 977 },  // more than a block holds
        ]
        for keys in cases {
            let (block, count) = Self.encoded(keys)
            let (back, fault) = Self.decoded(block, first: keys[0])
            #expect(fault == nil && back == Array(keys[0..<count]), "\(keys.prefix(4))")
        }
        #expect(Self.encoded((0..<70).map { $0 * 1_000_003 } + [1 << 40, 1 << 62, .max - 1]).count == 73)
        // Gaps of 977: k = 9 and a quotient of 1, 11 bits a key, so 370 fit after the first in 4,072 bits.
        #expect(Self.encoded((0..<5000).map { $0 * 977 }).count == 371)
        #expect(Self.encoded(Array(0..<5000)).count == RunBlock.maximumKeys)
    }

    @Test("a block is refused when its count is 0 or past what a block holds, its parameter past 63, its codes past its end, or its keys not increasing or not below the next block's first")
    func refused() {
        var block = Self.encoded([10, 20, 30]).block
        #expect(Self.decoded(block, first: 10) == ([10, 20, 30], nil))
        #expect(Self.decoded(block, first: 10, below: 30).fault == .order)
        #expect(Self.decoded(block, first: .max - 15).fault == .order)  // past 2^64
        block[0] = 0
        #expect(Self.decoded(block, first: 10).fault == .count(0))
        block[0] = 0xFF
        block[1] = 0xFF
        #expect(Self.decoded(block, first: 10).fault == .count(65_535))
        block[0] = UInt8(RunBlock.maximumKeys & 0xFF)
        block[1] = UInt8(RunBlock.maximumKeys >> 8)
        // More keys than coded: zeros past the codes read as escaped gaps until past the end.
        #expect(Self.decoded(block, first: 10).fault == .pastEnd)
        // One key more than the 371 coded in 4,094 bits: its code (zeros: escaped) ends past the block.
        var full = Self.encoded((0..<5000).map { $0 * 977 }).block
        full[0] = UInt8(372 & 0xFF)
        full[1] = UInt8(372 >> 8)
        #expect(Self.decoded(full, first: 0).fault == .pastEnd)
        block[0] = 3
        block[1] = 0
        block[2] = 64
        #expect(Self.decoded(block, first: 10).fault == .parameter(64))
        #expect(RunBlock.Fault.count(0).message == "holds a block of 0 keys, not 1 to 4073")
        #expect(RunBlock.Fault.parameter(64).message == "holds a block coded with 64 low bits a key, not 0 to 63")
        #expect(RunBlock.Fault.pastEnd.message == "holds a block whose codes run past its end")
        #expect(RunBlock.Fault.order.message == "holds keys out of order")
    }

    @Test("decoding stops where its reader stops (a lookup, at the first key not below its own): no fault for codes it did not read")
    func stops() {
        let block = Self.encoded([10, 20, 30]).block
        var seen: [UInt64] = []
        let fault = block.withUnsafeBytes { RunBlock.decode($0, first: 10, below: 30) { seen.append($0); return $0 < 20 } }
        #expect(fault == nil && seen == [10, 20])
    }
}
