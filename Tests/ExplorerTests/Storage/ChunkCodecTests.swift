import SeededRandom
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

    /// A packed state of 32 bytes, like a fleet state's.
    struct Packed32: Equatable { var words: (UInt64, UInt64, UInt64, UInt64)
        static func == (a: Self, b: Self) -> Bool { a.words == b.words }
    }
    /// 72 bytes: two masks an element.
    struct Packed72: Equatable { var head: (UInt64, UInt64, UInt64, UInt64); var middle: (UInt64, UInt64, UInt64, UInt64); var tail: UInt64
        static func == (a: Self, b: Self) -> Bool { a.head == b.head && a.middle == b.middle && a.tail == b.tail }
    }
    /// 4 bytes with a padding byte.
    struct Padded: Equatable { var a: UInt16; var b: UInt8 }

    @Test("a level's states as their changed bytes: siblings differing in a byte take two, every state reads back")
    func changedBytes() throws {
        let codec = try #require(ChunkCodec<Packed32>.changedBytes)
        var siblings: [Packed32] = []
        var s = Packed32(words: (0x0102_0304_0506_0708, 9, 0, 1 << 63))
        for i in 0..<4_096 {
            s.words.0 = (s.words.0 & ~0xFF) | UInt64(i % 200 + 1)  // the first byte changes each time
            siblings.append(s)
        }
        let bytes = codec.encode(siblings)
        #expect(bytes.count == (5 + 8 + 1 + 1) + 4_095 * 2)  // the first: its 14 nonzero bytes under a 5-byte mask
        #expect(codec.decode(bytes) == siblings)
        var random = Xoshiro256(seed: 7)
        let mixed = (0..<500).map { _ in Packed32(words: (random.next() & 0xFFFF, random.next(), 0, random.next() >> 60)) }
        #expect(codec.decode(codec.encode(mixed)) == mixed)
        let wide = try #require(ChunkCodec<Packed72>.changedBytes)
        let far = (0..<50).map { i in
            Packed72(head: (UInt64(i), 0, 0, 0), middle: (0, 0, 0, random.next()), tail: i % 3 == 0 ? random.next() : 5)
        }
        #expect(wide.decode(wide.encode(far)) == far)
        let padded = try #require(ChunkCodec<Padded>.changedBytes)
        let small = (0..<300).map { Padded(a: UInt16($0 * 7), b: UInt8($0 % 5)) }
        #expect(padded.decode(padded.encode(small))?.map { [$0.a, UInt16($0.b)] } == small.map { [$0.a, UInt16($0.b)] })
        #expect(ChunkCodec<[Int]>.changedBytes == nil)
    }

    @Test("changed bytes that are not a chunk are refused: a mask past the element, the bytes ending first")
    func changedBytesRefused() throws {
        let codec = try #require(ChunkCodec<Padded>.changedBytes)
        #expect(codec.decode([0x10, 1]) == nil)  // byte 4 of a 4-byte element
        #expect(codec.decode([0x03, 1]) == nil)  // two bytes named, one given
        #expect(codec.decode([0x80]) == nil)  // a mask cut short
        #expect(codec.decode([0x01, 9, 0x00])?.map(\.a) == [9, 9])
    }
}
