import Testing
@testable import Explorer

@Suite struct SpillChecksumTests {
    /// `count` bytes from a fixed sequence (no process seed).
    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: Fingerprint.mix(UInt64($0) &+ seed)) }
    }

    static func checksum(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes(SpillChecksum.of) }

    @Test("every single flipped bit of a run's block and of a chunk with a partial last word changes the checksum")
    func flippedBits() {
        for count in [FingerprintRun.blockBytes, 13] {
            let original = Self.bytes(count, seed: UInt64(count))
            let expected = Self.checksum(original)
            var flipped = original
            var missed: [Int] = []
            for bit in 0..<(count * 8) {
                flipped[bit / 8] ^= 1 << (bit % 8)
                if Self.checksum(flipped) == expected { missed.append(bit) }
                flipped[bit / 8] ^= 1 << (bit % 8)
            }
            #expect(missed.isEmpty, "\(count) bytes: bits \(missed.prefix(8)) not caught")
        }
    }

    @Test("two words swapped, a block zeroed or cut short by a byte (a misplaced or torn write) change the checksum")
    func misplacedWrites() {
        let original = Self.bytes(FingerprintRun.blockBytes, seed: 7)
        let expected = Self.checksum(original)
        var swapped = original
        for i in 0..<8 { swapped.swapAt(8 + i, original.count - 16 + i) }
        #expect(swapped != original && Self.checksum(swapped) != expected)
        #expect(Self.checksum([UInt8](repeating: 0, count: original.count)) != expected)
        #expect(Self.checksum(Array(original.dropLast())) != expected)
        // Zero bytes of different lengths differ too (the length is mixed in).
        #expect(Self.checksum([0, 0, 0]) != Self.checksum([0, 0, 0, 0]))
        #expect(Self.checksum(original) == expected)
    }
}
