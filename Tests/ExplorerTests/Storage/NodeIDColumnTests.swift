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
        // Ids that do not rise: a run of high bytes nearly every id, still exact.
        #expect(column.runCount > Self.ids.count / 2)
        let back = try #require(NodeIDColumn(low: column.lowWords, high: column.highBytes))
        #expect(back.array == Self.ids)
        #expect(NodeIDColumn(low: column.lowWords, high: Array(column.highBytes.dropLast())) == nil)
    }

    /// Links as a search stores them: the initial states' (the root), then rising parents that
    /// cross 2^32, 2^33 and 2^39 within and across chunks.
    static let rising: [NodeID] = Array(repeating: NodeIDs.root, count: 3)
        + (0..<(ChunkedColumn<UInt32>.chunkSize * 3)).map { i in
            (NodeID(1) << 32 - 5_000) + NodeID(i) + (i > 9_000 ? NodeID(1) << 33 : 0) + (i > 11_000 ? NodeID(1) << 39 : 0)
        }

    @Test("rising ids past 2^32 take 4 bytes in memory (a handful of high-byte runs), and read back whole")
    func rising() throws {
        let column = NodeIDColumn(Self.rising)
        #expect(column.array == Self.rising && column.highBytes == Self.rising.map { UInt8($0 >> 32) })
        #expect((0..<Self.rising.count).allSatisfy { column[$0] == Self.rising[$0] })
        // Root, 0, 1 (past 2^32), 3 (past 2^33), 0x83 (past 2^39): 5 runs.
        #expect(column.runCount == 5)
        #expect(column.bytes <= 4 * ChunkedColumn<UInt32>.chunkSize * 4 + 256)
    }

    @Test("ids past 2^32 spilled to disk chunk by chunk read back whole", arguments: [false, true])
    func spilled(rising: Bool) throws {
        let ids = rising ? Self.rising : Self.ids
        let low = try #require(SpillFile(directory: NSTemporaryDirectory(), name: "ids-low"))
        var column = NodeIDColumn()
        let half = ids.count / 2
        column.append(contentsOf: ids[..<half])
        column.spill(low: low)
        column.append(contentsOf: ids[half...])
        // Whole chunks went out (as varint differences: a rising chunk's wrap past 2^32 and 2^33 included).
        #expect(column.isSpilled && low.written > 0)
        let loaded = column.load(0..<ids.count)
        #expect(loaded)
        #expect((0..<ids.count).allSatisfy { column[$0] == ids[$0] })
        #expect(low.failure == nil)
    }
}
