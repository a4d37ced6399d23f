import Foundation
import Testing
@testable import Explorer

/// 40-bit node ids in two columns (32-bit words, high bytes): ids past 2^32 cannot come from a
/// world small enough for a test, so the column is given them directly.
@Suite struct NodeIDColumnTests {
    /// Ids across every high byte and past several chunks, the root among them.
    static let ids: [NodeID] = (0..<(ChunkedColumn<UInt32>.chunkSize * 3 + 5)).map { i in
        i % 1_000 == 7 ? NodeIDs.root : NodeID(i) &* 0x9E37_79B9_7F % (NodeIDs.root + 1)
    }

    @Test("ids past 2^32 read back whole in memory, as one array and as their two columns")
    func inMemory() throws {
        #expect(Self.ids.contains { $0 > NodeID(UInt32.max) } && Self.ids.contains { $0 >> 32 == 0xFF })
        let column = NodeIDColumn(Self.ids)
        #expect(column.count == Self.ids.count)
        #expect((0..<Self.ids.count).allSatisfy { column[$0] == Self.ids[$0] })
        #expect(column.array == Self.ids)
        // 5 bytes an id: a 4-byte chunk and a 1-byte chunk each.
        #expect(column.bytes == 4 * ChunkedColumn<UInt32>.chunkSize * 5)
        let back = try #require(NodeIDColumn(low: column.lowWords, high: column.highBytes))
        #expect(back.array == Self.ids)
        #expect(NodeIDColumn(low: column.lowWords, high: Array(column.highBytes.dropLast())) == nil)
    }

    @Test("ids past 2^32 spilled to disk chunk by chunk read back whole")
    func spilled() throws {
        let directory = NSTemporaryDirectory()
        let low = try #require(SpillFile(directory: directory, name: "ids-low"))
        let high = try #require(SpillFile(directory: directory, name: "ids-high"))
        var column = NodeIDColumn()
        let half = Self.ids.count / 2
        column.append(contentsOf: Self.ids[..<half])
        column.spill(low: low, high: high)
        column.append(contentsOf: Self.ids[half...])
        #expect(column.isSpilled && low.written > 0 && high.written > 0)
        // Only the chunk being filled is in memory.
        #expect(column.bytes == ChunkedColumn<UInt32>.chunkSize * 5)
        let loaded = column.load(0..<Self.ids.count)
        #expect(loaded)
        #expect((0..<Self.ids.count).allSatisfy { column[$0] == Self.ids[$0] })
        #expect(low.failure == nil && high.failure == nil)
    }
}
