/// The calculator challenge's expressions: literals, sums and quotients.
indirect enum ChallengeExpr: Equatable, Sendable, CustomStringConvertible {
    case int(Int)
    case add(ChallengeExpr, ChallengeExpr)
    case div(ChallengeExpr, ChallengeExpr)

    /// Literals, then (equally likely) sums and quotients, at most `depth` levels deep.
    static func gen(depth: Int) -> Gen<ChallengeExpr> {
        let literal = Gen.int(in: Int.min...Int.max).map { ChallengeExpr.int($0) }
        guard depth > 0 else { return literal }
        let child = gen(depth: depth - 1)
        return .oneOf([
            literal,
            Gen.zip(child, child).map { .add($0, $1) },
            Gen.zip(child, child).map { .div($0, $1) },
        ])
    }
    static let gen = gen(depth: 5)

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

    /// Heaps whose values are at least `minimum`, at most `depth` levels deep.
    static func gen(atLeast minimum: Int, depth: Int) -> Gen<ChallengeHeap> {
        Gen.compose { draw in
            guard depth > 0, try draw(.bool) else { return .empty }
            let value = try draw(.int(in: minimum...Int.max))
            return .node(value, try draw(gen(atLeast: value, depth: depth - 1)), try draw(gen(atLeast: value, depth: depth - 1)))
        }
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
