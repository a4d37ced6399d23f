extension Findings {
    /// Each property's violation and witness as a checkpoint writes them (`SearchCheckpoint`,
    /// `RankCheckpoint`): a kind (0 none, 1 a state, 2 a step), its node (and action), then a
    /// witness flag and node.
    func putViolations(_ put: (UInt64) -> Void) {
        for p in violation.indices {
            switch violation[p] {
            case .state(let n)?: put(1); put(UInt64(n))
            case .step(let n, let a)?: put(2); put(UInt64(n)); put(UInt64(a))
            case nil: put(0)
            }
            if let n = witness[p] { put(1); put(UInt64(n)) } else { put(0) }
        }
    }

    /// Reads back what `putViolations` wrote, every number through `field` (which refuses one
    /// past its bound); a node is at most `node`.
    mutating func readViolations(node: Int, _ field: (String, Int) throws -> Int) throws {
        for p in violation.indices {
            switch try field("violation kind", 2) {
            case 1: violation[p] = .state(NodeID(try field("violation node", node)))
            case 2: violation[p] = .step(NodeID(try field("violation node", node)), UInt16(try field("violation action", Int(UInt16.max))))
            default: break
            }
            if try field("witness flag", 1) == 1 { witness[p] = NodeID(try field("witness node", node)) }
        }
    }
}
