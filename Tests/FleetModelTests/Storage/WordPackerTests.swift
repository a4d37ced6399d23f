import SeededRandom
import Testing
@testable import FleetModel

/// `WordPacker.add(bytes:count:)` is a faster spelling of `count` single-byte adds: the same
/// fingerprint for every split of the same bytes (so the fingerprints, and the visited set,
/// do not depend on which spelling a packer uses).
@Suite struct WordPackerTests {
    @Test func multiByteAddsMatchSingleByteAdds() {
        var random = Xoshiro256(seed: 10)
        for _ in 0..<2000 {
            var bytewise = WordPacker(), chunked = WordPacker()
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                let count = Int.random(in: 1...8, using: &random)
                var bytes: UInt64 = 0
                for k in 0..<count {
                    let b = UInt8.random(in: 0...255, using: &random)
                    bytes |= UInt64(b) << (8 * UInt64(k))
                    bytewise.add(b)
                }
                chunked.add(bytes: bytes, count: count)
            }
            #expect(chunked.finish() == bytewise.finish())
        }
    }

    /// The words are summed after a multiply each: the multiplier depends on the position, so
    /// the same words in another order are another fingerprint (a plain sum would not see it).
    @Test func wordsInAnotherOrderGiveAnotherFingerprint() {
        var random = Xoshiro256(seed: 11)
        for round in 0..<2000 {
            // Half small, like a state's bytes; half anything.
            let x = round.isMultiple(of: 2) ? UInt64.random(in: 0...15, using: &random) : random.next()
            let y = round.isMultiple(of: 2) ? UInt64.random(in: 0...15, using: &random) : random.next()
            guard x != y else { continue }
            var a = WordPacker(), b = WordPacker()
            a.add(bytes: x, count: 8); a.add(bytes: y, count: 8)
            b.add(bytes: y, count: 8); b.add(bytes: x, count: 8)
            #expect(a.finish() != b.finish())
        }
    }

    @Test func aDifferentByteGivesADifferentFingerprint() {
        var a = WordPacker(), b = WordPacker()
        a.add(bytes: 0x0102_0304_0506, count: 6)
        b.add(bytes: 0x0102_0304_0507, count: 6)
        #expect(a.finish() != b.finish())
    }
}
