import Testing
@testable import Explorer

/// A level's new states are numbered in (parent, action) order, the sequential search's
/// (`levelOrder`, which `advance` sorts with before the ranks number the level).
struct DistributedRunLevelTests {
    @Test("levelOrder gives each new state's index once, by parent and then by action index")
    func levelOrderIsParentThenAction() {
        // Arrival order: a peer's batch, then this rank's own steps, then a replaced slot's.
        let parents: [UInt32] = [7, 3, 3, 9, 0, 7, 70_000]
        let actions: [UInt16] = [2, 5, 1, 0, 65_535, 0, 3]
        let order = levelOrder(parents: parents, actions: actions)
        #expect(order == [4, 2, 1, 5, 0, 3, 6])
        // An action index as large as 16 bits does not reach into the parent's.
        #expect(levelOrder(parents: [1, 0], actions: [0, .max]) == [1, 0])
        #expect(levelOrder(parents: [], actions: []) == [])
    }
}
