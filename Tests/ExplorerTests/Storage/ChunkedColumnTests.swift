import Testing
@testable import Explorer

@Suite struct ChunkedColumnTests {
    @Test("a column across several chunks reads back what was appended, in order")
    func readsBack() {
        var column = ChunkedColumn<UInt32>()
        let n = ChunkedColumn<UInt32>.chunkSize * 2 + 17
        for i in 0..<n { column.append(UInt32(i) &* 2_654_435_761) }
        column.append(contentsOf: [7, 8, 9])
        #expect(column.count == n + 3)
        #expect((0..<n).allSatisfy { column[$0] == UInt32($0) &* 2_654_435_761 })
        #expect(column[n + 2] == 9)
        #expect(column.array == (0..<n).map { UInt32($0) &* 2_654_435_761 } + [7, 8, 9])
        #expect(column.bytes == 3 * ChunkedColumn<UInt32>.chunkSize * 4)
    }

    @Test("replacing an element in a whole chunk and in the chunk being filled changes that element only")
    func replaces() {
        var column = ChunkedColumn<UInt32>()
        let size = ChunkedColumn<UInt32>.chunkSize
        for i in 0..<(size + 10) { column.append(UInt32(i)) }
        column.replace(3, with: 1_000_003)
        column.replace(size + 4, with: 1_000_004)
        var expected = (0..<(size + 10)).map { UInt32($0) }
        expected[3] = 1_000_003
        expected[size + 4] = 1_000_004
        #expect(column.array == expected)
        column.append(7)
        #expect(column.count == size + 11 && column[size + 10] == 7)
    }

    @Test("discarding frees only whole chunks below the index; the rest still reads back")
    func discards() {
        var column = ChunkedColumn<UInt64>()
        let size = ChunkedColumn<UInt64>.chunkSize
        for i in 0..<(size * 3) { column.append(UInt64(i)) }
        column.discard(before: size + size / 2)  // frees chunk 0 only
        #expect(column.bytes == 2 * size * 8)
        #expect(column.count == size * 3)
        #expect((size..<(size * 3)).allSatisfy { column[$0] == UInt64($0) })
        column.discard(before: size * 3)
        #expect(column.bytes == 0)
        column.removeAll()
        #expect(column.isEmpty)
        column.append(5)
        #expect(column[0] == 5 && column.count == 1)
    }

    @Test("a column whose chunk being filled is full, then discarded, goes on appending into a new chunk")
    func discardsAFullLastChunk() {
        var column = ChunkedColumn<UInt32>()
        let size = ChunkedColumn<UInt32>.chunkSize
        for i in 0..<(size * 2) { column.append(UInt32(i)) }
        #expect(column.bytes == 2 * size * 4)
        column.discard(before: size * 2)  // both chunks, the one being filled included
        #expect(column.bytes == 0)
        for i in (size * 2)..<(size * 2 + 3) { column.append(UInt32(i)) }
        #expect(column.count == size * 2 + 3)
        #expect(column.bytes == size * 4)
        #expect(((size * 2)..<(size * 2 + 3)).allSatisfy { column[$0] == UInt32($0) })
    }
}
