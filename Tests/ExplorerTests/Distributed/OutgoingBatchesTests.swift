import Testing
@testable import Explorer

/// A round's batches, written through pointers, hold the bytes `Varint` and plain appends give.
struct OutgoingBatchesTests {
    @Test("a batch holds its varints, parents (past 32 bits too) as differences, bytes and words in order, past its first 4,096 bytes")
    func sameBytesAsArrays() {
        let out = OutgoingBatches(ranks: 3)
        var expected: [UInt8] = []
        var last: NodeID = 0
        for i in 0..<3_000 {
            // Past 2^32 from the 1,500th on (40-bit node ids), as a jump and as steps.
            let parent = NodeID(i * 3) + (i >= 1_500 ? NodeID(1) << 38 : 0)
            out.put(parent: parent, to: 1)
            Varint.put(parent - last, into: &expected)
            last = parent
            out.put(varint: UInt64(i) << 20, to: 1)
            Varint.put(UInt64(i) << 20, into: &expected)
            out.put(byte: UInt8(truncatingIfNeeded: i), to: 1)
            expected.append(UInt8(truncatingIfNeeded: i))
            withUnsafeBytes(of: UInt64(i).littleEndian) {
                out.put($0, to: 1)
                expected.append(contentsOf: $0)
            }
        }
        #expect(expected.count > 4_096 * 4)
        #expect(out.batch(1) == expected)
        #expect(out.batch(1, after: [7, 8]) == [7, 8] + expected)
        #expect(out.batch(0).isEmpty && out.batch(2).isEmpty)
        out.reset()
        #expect(out.batch(1).isEmpty)
        // After a reset a parent goes as its difference from 0 again.
        out.put(parent: 200, to: 1)
        #expect(out.batch(1) == [200, 1])
    }
}
