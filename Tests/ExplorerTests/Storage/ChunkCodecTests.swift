import Testing
@testable import Explorer

/// The parent links' and action indices' chunks on disk as varints: what is written reads back,
/// in fewer bytes than the words, and bytes that are not such a chunk are refused.
@Suite struct ChunkCodecTests {
    @Test("parent links as deltas: a level's rising links take a byte each; roots, falls and wraps read back")
    func deltas() throws {
        let codec = ChunkCodec<UInt32>.deltas
        // A level's links: each parent 0-3 after the one before.
        var rising: [UInt32] = []
        var parent: UInt32 = 70_000
        for i in 0..<4_096 {
            parent += UInt32(i % 4)
            rising.append(parent)
        }
        let bytes = codec.encode(rising)
        #expect(bytes.count == 3 + 4_095)  // the first from 0 in 3 bytes, then a byte each
        #expect(codec.decode(bytes) == rising)
        for links: [UInt32] in [[], [.max, .max, 0, 5, 2, .max, 1], [0, .max, 0], [7]] {
            #expect(codec.decode(codec.encode(links)) == links, "\(links)")
        }
        let wide = ChunkCodec<UInt64>.deltas
        let far: [UInt64] = [1 << 40, (1 << 40) + 1, 3, .max, 0]
        #expect(wide.decode(wide.encode(far)) == far)
    }

    @Test("action indices as varints: a byte under 128, every value reads back")
    func varints() {
        let codec = ChunkCodec<UInt16>.varints
        let actions: [UInt16] = [0, 5, 127, 3, 128, 65_535, 1]
        let bytes = codec.encode(actions)
        #expect(bytes.count == 5 * 1 + 2 + 3)
        #expect(codec.decode(bytes) == actions)
        #expect(codec.encode([9, 1, 2]) == [9, 1, 2])
    }

    @Test("bytes that are not a chunk are refused: a varint cut short, a value past the word, past 64 bits")
    func refused() {
        #expect(ChunkCodec<UInt16>.varints.decode([5, 0x80]) == nil)
        #expect(ChunkCodec<UInt16>.varints.decode([0x80, 0x80, 0x04]) == nil)  // 65,536
        #expect(ChunkCodec<UInt16>.deltas.decode([0xFF, 0xFF, 0x03, 1]) == [65_535, 0])  // a wrap is a delta
        #expect(ChunkCodec<UInt32>.deltas.decode([0x80, 0x80, 0x80, 0x80, 0x10]) == nil)  // 2^32
        #expect(ChunkCodec<UInt64>.varints.decode(Array(repeating: 0xFF, count: 10) + [1]) == nil)
    }
}
