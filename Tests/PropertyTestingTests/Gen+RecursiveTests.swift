import Testing
@testable import PropertyEngine
@testable import PropertyTesting

@Suite struct GenRecursiveTests {
    indirect enum Tree: Equatable, Sendable {
        case leaf(Int)
        case pair(Tree, Tree)
        var depth: Int {
            switch self {
            case .leaf: 0
            case .pair(let a, let b): 1 + max(a.depth, b.depth)
            }
        }
    }

    static let trees = Gen<Tree>.recursive(maxDepth: 3, leaf: Gen.int(in: 0...9).map { .leaf($0) }) { child in
        Gen.zip(child, child).map { .pair($0, $1) }
    }

    @Test("recursive values stay within the depth budget, and both leaves and deep trees occur")
    func depthBudget() {
        let depths = sample(Self.trees, count: 300).map(\.depth)
        #expect(depths.count == 300)
        #expect(depths.allSatisfy { $0 <= 3 })
        #expect(depths.contains(0) && depths.contains(3))
    }

    @Test("zero choices give a leaf; a subtree's choices replay to the same subtree at the top")
    func subtreesReplayAnywhere() throws {
        #expect(try replay(Self.trees, []) == .leaf(0))
        // pair(leaf 1, pair(leaf 2, leaf 3)), then its right subtree alone.
        let whole: [UInt64] = [1, 0, 1, 1, 0, 2, 0, 3]
        #expect(try replay(Self.trees, whole) == .pair(.leaf(1), .pair(.leaf(2), .leaf(3))))
        #expect(try replay(Self.trees, [1, 0, 2, 0, 3]) == .pair(.leaf(2), .leaf(3)))
    }

    @Test("a failing tree shrinks to the smallest tree that fails: a node is replaced by its subtree")
    func shrinksToSubtree() {
        var profile = Profile.pr
        profile.logsCaseSeeds = false
        let result = checkProperty("no pair holds a 5 and a 7", Self.trees, profile: profile) { tree in
            func holds(_ t: Tree) -> Bool {
                if case .pair(.leaf(let a), .leaf(let b)) = t, a >= 5, b >= 7 { return false }
                if case .pair(let x, let y) = t { return holds(x) && holds(y) }
                return true
            }
            return holds(tree)
        }
        #expect(result.outcome == .failed)
        #expect(result.counterexample == .pair(.leaf(5), .leaf(7)))
    }
}
