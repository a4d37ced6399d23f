/// The calculator challenge's expressions: literals, sums and quotients.
indirect enum ChallengeExpr: Equatable, Sendable, CustomStringConvertible {
    case int(Int)
    case add(ChallengeExpr, ChallengeExpr)
    case div(ChallengeExpr, ChallengeExpr)

    /// The challenge's generator as a Hypothesis user writes it: a literal, a sum or a quotient,
    /// a third each, referring to itself with no depth bound (a runaway draw ends as an overrun).
    static func gen() -> Gen<ChallengeExpr> {
        .oneOf([
            Gen.int(in: Int.min...Int.max).map { .int($0) },
            Gen.compose { draw in .add(try draw(gen()), try draw(gen())) },
            Gen.compose { draw in .div(try draw(gen()), try draw(gen())) },
        ])
    }

    /// The variant row's expressions: a branch half the time, at most five operators deep.
    static let depthFiveGen = Gen<ChallengeExpr>.recursive(maxDepth: 5, leaf: Gen.int(in: Int.min...Int.max).map { .int($0) }) { child in
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

    /// The challenge's generator as a Hypothesis user writes it: empty or a node, half each; a
    /// node's key is drawn at least as large as its parent's and its children are heaps above it.
    static func gen(atLeast minimum: Int = Int.min) -> Gen<ChallengeHeap> {
        .oneOf([.constant(.empty), Gen.int(in: minimum...Int.max).flatMap { key in
            Gen.zip(gen(atLeast: key), gen(atLeast: key)).map { .node(key, $0, $1) }
        }])
    }

    /// The variant row's trees: any integers, at most six levels deep, made heaps by raising
    /// each value to its parent's when it is smaller (so every node draws alike, the root too).
    static let raisedGen = Gen<ChallengeHeap>.recursive(maxDepth: 6, leaf: .constant(.empty)) { child in
        Gen.compose { draw in .node(try draw(.int(in: Int.min...Int.max)), try draw(child), try draw(child)) }
    }.map { $0.raised(to: Int.min) }

    /// The heap with each value raised to at least `minimum` and its parent's value.
    func raised(to minimum: Int) -> ChallengeHeap {
        guard case .node(let drawn, let left, let right) = self else { return .empty }
        let value = Swift.max(drawn, minimum)
        return .node(value, left.raised(to: value), right.raised(to: value))
    }

    /// The values in pre-order.
    var contents: [Int] {
        guard case .node(let value, let left, let right) = self else { return [] }
        return [value] + left.contents + right.contents
    }

    /// The challenge's merge (a skew heap's): the smaller root, its right child merged with the
    /// other heap on the left, its left child on the right.
    static func merge(_ a: ChallengeHeap, _ b: ChallengeHeap) -> ChallengeHeap {
        guard case .node(let x, let aLeft, let aRight) = a else { return b }
        guard case .node(let y, let bLeft, let bRight) = b else { return a }
        return x <= y ? .node(x, merge(aRight, b), aLeft) : .node(y, merge(bRight, a), bLeft)
    }

    /// The challenge's bug: the root, then the merged children listed (in pre-order), not sorted.
    var wrongToSortedList: [Int] {
        guard case .node(let value, let left, let right) = self else { return [] }
        return [value] + Self.merge(left, right).contents
    }

    var description: String {
        switch self {
        case .empty: "Empty"
        case .node(let value, .empty, .empty): "Node(\(value))"
        case .node(let value, let left, let right): "Node(\(value), \(left), \(right))"
        }
    }
}
