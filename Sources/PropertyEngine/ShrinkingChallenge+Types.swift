/// The calculator challenge's expressions: literals, sums and quotients.
indirect enum ChallengeExpr: Equatable, Sendable, CustomStringConvertible {
    case int(Int)
    case add(ChallengeExpr, ChallengeExpr)
    case div(ChallengeExpr, ChallengeExpr)

    /// Literals, sums and quotients (a branch half the time), at most five operators deep.
    static let gen = Gen<ChallengeExpr>.recursive(maxDepth: 5, leaf: Gen.int(in: Int.min...Int.max).map { .int($0) }) { child in
        .oneOf([Gen.zip(child, child).map { .add($0, $1) }, Gen.zip(child, child).map { .div($0, $1) }])
    }

    /// Whether some quotient's divisor is the literal 0 (the property assumes none is).
    var dividesByLiteralZero: Bool {
        switch self {
        case .int: false
        case .add(let a, let b): a.dividesByLiteralZero || b.dividesByLiteralZero
        case .div(let a, let b): b == .int(0) || a.dividesByLiteralZero || b.dividesByLiteralZero
        }
    }

    /// The value in wrapping arithmetic; nil on a division by zero.
    func evaluate() -> Int? {
        switch self {
        case .int(let n): return n
        case .add(let a, let b):
            guard let x = a.evaluate(), let y = b.evaluate() else { return nil }
            return x &+ y
        case .div(let a, let b):
            guard let x = a.evaluate(), let y = b.evaluate(), y != 0 else { return nil }
            return x.dividedReportingOverflow(by: y).partialValue
        }
    }

    var description: String {
        switch self {
        case .int(let n): "\(n)"
        case .add(let a, let b): "Add(\(a), \(b))"
        case .div(let a, let b): "Div(\(a), \(b))"
        }
    }
}

/// The binheap challenge's heaps: every child holds at least its parent's value.
indirect enum ChallengeHeap: Equatable, Sendable, CustomStringConvertible {
    case empty
    case node(Int, ChallengeHeap, ChallengeHeap)

    /// Trees of any integers, at most six levels deep, made heaps by raising each value to its
    /// parent's when it is smaller (so every node draws alike, the root too).
    static let gen = Gen<ChallengeHeap>.recursive(maxDepth: 6, leaf: .constant(.empty)) { child in
        Gen.compose { draw in .node(try draw(.int(in: Int.min...Int.max)), try draw(child), try draw(child)) }
    }.map { $0.raised(to: Int.min) }

    /// The heap with each value raised to at least `minimum` and its parent's value.
    func raised(to minimum: Int) -> ChallengeHeap {
        guard case .node(let drawn, let left, let right) = self else { return .empty }
        let value = Swift.max(drawn, minimum)
        return .node(value, left.raised(to: value), right.raised(to: value))
    }

    var contents: [Int] {
        guard case .node(let value, let left, let right) = self else { return [] }
        return [value] + left.contents + right.contents
    }

    /// The bug: the root, then each child's contents in turn, as if a heap were sorted in pre-order.
    var wrongToSortedList: [Int] { contents }

    var description: String {
        switch self {
        case .empty: "Empty"
        case .node(let value, .empty, .empty): "Node(\(value))"
        case .node(let value, let left, let right): "Node(\(value), \(left), \(right))"
        }
    }
}
