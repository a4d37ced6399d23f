import Testing
@testable import Explorer

/// A level's new states are numbered in (parent, action) order, the sequential search's
/// (`levelOrder`, which `advance` sorts with before the ranks number the level).
struct DistributedRunLevelTests {
    @Test("levelOrder gives each new state's index once, by parent and then by action index")
    func levelOrderIsParentThenAction() {
        // Arrival order: a peer's batch, then this rank's own steps, then a replaced slot's.
        let parents: [NodeID] = [7, 3, 3, 9, 0, 7, 70_000]
        let actions: [UInt16] = [2, 5, 1, 0, 65_535, 0, 3]
        let order = levelOrder(parents: parents, actions: actions)
        #expect(order == [4, 2, 1, 5, 0, 3, 6])
        // An action index as large as 16 bits does not reach into the parent's.
        #expect(levelOrder(parents: [1, 0], actions: [0, .max]) == [1, 0])
        #expect(levelOrder(parents: [], actions: []) == [])
    }

    /// A level of 70,000 distinct pairs arriving scrambled, and its order: pair j (parent
    /// j / 14 · `spread`, action j % 14 · `step`, rising with j) arrives at index j · 40,503 mod
    /// 70,000 (40,503 is prime to 70,000), so the answer needs no sort to check against.
    static func level(spread: NodeID, step: UInt16) -> (parents: [NodeID], actions: [UInt16], order: [Int]) {
        let n = 70_000
        var parents = Array(repeating: NodeID(0), count: n)
        var actions = Array(repeating: UInt16(0), count: n)
        var order = Array(repeating: 0, count: n)
        for j in 0..<n {
            let i = j * 40_503 % n
            parents[i] = NodeID(j / 14) * spread
            actions[i] = UInt16(j % 14) * step
            order[j] = i
        }
        return (parents, actions, order)
    }

    @Test("levelOrder orders a level whose parent, action and index fit one word as it orders one that does not",
          arguments: [
            (NodeID(1), UInt16(1)), (NodeID(858_993), UInt16(4_000)),
            // Parents past 2^32 (40-bit node ids): 37 + 4 + 17 bits radix sorted, 39 + 16 + 17 not.
            (NodeID(15_707_963), UInt16(1)), (NodeID(1) << 39 / 5_000, UInt16(4_000)),
          ])
    func levelOrderNarrowAndWide(_ spread: NodeID, _ step: UInt16) {
        // Narrow: 13 + 4 + 17 bits, radix sorted as words; wide: 32 + 16 + 17, sorted as (pair, index).
        let (parents, actions, order) = Self.level(spread: spread, step: step)
        #expect(levelOrder(parents: parents, actions: actions) == order)
    }
}
