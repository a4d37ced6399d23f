/// The shrinking challenge's problems, rewritten from their pages with the harness's
/// generators as a Hypothesis user writes them. Python's unbounded `integers()` is `Int` here;
/// each ideal is the page's, read up to what the property cannot tell apart (the order of a
/// list whose order the property ignores). Variants (other generators or bugs) are extra rows
/// after the challenge's own, their `variant` saying how they differ.
extension ShrinkingChallenge {
    public static let catalog: [ShrinkingChallenge] = [
        bound5, largeUnionList, reverse, calculator, lengthList, differenceMustNotBeZero,
        differenceMustNotBeSmall, differenceMustNotBeOne, binHeap, coupling, deletion, distinct, nestedLists,
        binHeapPreOrder, calculatorDepthFive,
    ]

    static let anyInt = Gen.int(in: Int.min...Int.max)
    /// Hypothesis's unbounded `lists()`: no upper bound, five elements on average.
    static func lists<T>(_ element: Gen<T>) -> Gen<[T]> { .array(of: element, count: 0...Int.max) }

    /// Five lists of 16-bit integers, each summing (in 16 bits) below 256; their 16-bit total
    /// stays below 5 × 256. Overflow breaks it. Ideal: two one-element lists, −1 and −32768.
    static let bound5: ShrinkingChallenge = {
        let list = lists(Gen<Int16>.int16).filter { sum16($0) < 256 }
        let gen = Gen.compose { draw in try (0..<5).map { _ in try draw(list) } }
        return make("bound5", ideal: "([], [], [], [-1], [-32768]) up to the lists' order", gen,
                    isIdeal: { $0.flatMap { $0 }.sorted() == [-32768, -1] && $0.filter { !$0.isEmpty }.count == 2 }) { lists, check in
            try check.expect(sum16(lists.map(sum16)) < 5 * 256, "the 16-bit total reached 1280")
        }
    }()

    static func sum16(_ values: [Int16]) -> Int16 { values.reduce(0, &+) }

    /// Lists of lists of integers; the union holds at most four distinct values. Ideal: [[0, 1, -1, 2, -2]].
    static let largeUnionList = make(
        "large_union_list", ideal: "[[0, 1, -1, 2, -2]] (any order)", lists(lists(anyInt)),
        isIdeal: { $0.count == 1 && $0[0].count == 5 && Set($0[0]) == [0, 1, -1, 2, -2] }
    ) { lists, check in
        try check.expect(Set(lists.joined()).count <= 4, "five distinct values")
    }

    /// A list equals its reverse. Ideal: [0, 1].
    static let reverse = make("reverse", ideal: "[0, 1] (or [1, 0])", lists(anyInt), isIdeal: { $0.sorted() == [0, 1] }) { list, check in
        try check.expect(list.reversed() == list, "the reverse differs")
    }

    /// Expressions without a literal division by zero evaluate without dividing by zero.
    /// Ideal: Div(0, Add(0, 0)).
    static let calculator = make(
        "calculator", ideal: "Div(0, Add(0, 0))", ChallengeExpr.gen(),
        isIdeal: { $0 == .div(.int(0), .add(.int(0), .int(0))) }
    ) { expr, check in
        try check.assume(!expr.dividesByLiteralZero)
        try check.expect(expr.evaluate() != nil, "division by zero")
    }

    /// A list of 1 to 100 values in 0…1000 (length drawn first); its maximum stays below 900. Ideal: [900].
    static let lengthList: ShrinkingChallenge = {
        let gen = Gen.int(in: 1...100).flatMap { n in Gen.array(of: .int(in: 0...1000), count: n...n) }
        return make("lengthlist", ideal: "[900]", gen, isIdeal: { $0 == [900] }) { list, check in
            try check.expect(list.max() ?? 0 < 900, "an element reached 900")
        }
    }()

    static let positivePair = Gen.zip(Gen.int(in: 1...Int.max), Gen.int(in: 1...Int.max))

    /// Two positive integers: x < 10 or x ≠ y. Ideal: (10, 10).
    static let differenceMustNotBeZero = make(
        "difference_must_not_be_zero", ideal: "(10, 10)", positivePair, isIdeal: { $0 == (10, 10) }
    ) { pair, check in
        try check.expect(pair.0 < 10 || pair.0 != pair.1, "the difference is zero")
    }

    /// Two positive integers: x < 10 or their difference is 0 or more than 4. Ideal: (10, 6).
    static let differenceMustNotBeSmall = make(
        "difference_must_not_be_small", ideal: "(10, 6)", positivePair, isIdeal: { $0 == (10, 6) }
    ) { pair, check in
        let difference = pair.0.subtractingReportingOverflow(pair.1).partialValue.magnitude
        try check.expect(pair.0 < 10 || difference < 1 || difference > 4, "the difference is between 1 and 4")
    }

    /// Two positive integers: x < 10 or their difference is not 1. Ideal: (10, 9).
    static let differenceMustNotBeOne = make(
        "difference_must_not_be_one", ideal: "(10, 9)", positivePair, isIdeal: { $0 == (10, 9) }
    ) { pair, check in
        let difference = pair.0.subtractingReportingOverflow(pair.1).partialValue.magnitude
        try check.expect(pair.0 < 10 || difference != 1, "the difference is one")
    }

    /// Binary heaps (keys at least their parent's); the challenge's wrong conversion to a sorted
    /// list (the root, then the merged children unsorted) gives a sorted list.
    /// Ideal: Node(0, Empty, Node(0, Node(1), Node(0))).
    static let binHeap = make(
        "binheap", ideal: "Node(0, Empty, Node(0, Node(1), Node(0)))", ChallengeHeap.gen(),
        isIdeal: { $0 == .node(0, .empty, .node(0, .node(1, .empty, .empty), .node(0, .empty, .empty))) }
    ) { heap, check in
        let list = heap.wrongToSortedList
        try check.expect(list == list.sorted(), "the list is not sorted")
    }

    /// Lists of 0…10 whose every element indexes the list: no two positions point at each
    /// other. Ideal: [1, 0].
    static let coupling = make(
        "coupling", ideal: "[1, 0]", lists(Gen.int(in: 0...10)).filter { list in list.allSatisfy { $0 < list.count } },
        isIdeal: { $0 == [1, 0] }
    ) { list, check in
        for (i, j) in list.enumerated() where i != j {
            try check.expect(list[j] != i, "positions \(i) and \(j) point at each other")
        }
    }

    /// Removing the first occurrence of a list's element leaves none. Ideal: ([0, 0], 0).
    static let deletion: ShrinkingChallenge = {
        let gen = Gen.array(of: anyInt, count: 1...50).flatMap { list in Gen.int(in: 0...(list.count - 1)).map { (list, $0) } }
        return make("deletion", ideal: "([0, 0], 0)", gen, isIdeal: { $0.0 == [0, 0] && $0.1 == 0 }) { input, check in
            var list = input.0
            let value = list[input.1]
            if let first = list.firstIndex(of: value) { list.remove(at: first) }
            try check.expect(!list.contains(value), "the value is still there")
        }
    }()

    /// A list holds fewer than three distinct values. Ideal: [0, 1, -1].
    static let distinct = make(
        "distinct", ideal: "[0, 1, -1] (any order)", lists(anyInt), isIdeal: { $0.count == 3 && Set($0) == [0, 1, -1] }
    ) { list, check in
        try check.expect(Set(list).count < 3, "three distinct values")
    }

    /// Lists of lists hold at most ten values in all. Ideal: one list of eleven zeros.
    static let nestedLists = make(
        "nested_lists", ideal: "[[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]", lists(lists(anyInt)),
        isIdeal: { $0 == [Array(repeating: 0, count: 11)] }
    ) { lists, check in
        try check.expect(lists.map(\.count).reduce(0, +) <= 10, "more than ten values")
    }

    /// Variant: binheap with another generator and bug (values raised to their parent's, the
    /// heap read in pre-order). Ideal: Node(0, Node(1), Node(0)).
    static let binHeapPreOrder = make(
        "binheap_variant_preorder", ideal: "Node(0, Node(1), Node(0))", variant: "raised keys, pre-order bug",
        ChallengeHeap.raisedGen, isIdeal: { $0 == .node(0, .node(1, .empty, .empty), .node(0, .empty, .empty)) }
    ) { heap, check in
        try check.expect(heap.contents == heap.contents.sorted(), "the pre-order is not sorted")
    }

    /// Variant: calculator with a depth bound of five operators (`Gen.recursive`).
    static let calculatorDepthFive = make(
        "calculator_variant_depth5", ideal: "Div(0, Add(0, 0))", variant: "Gen.recursive, depth 5",
        ChallengeExpr.depthFiveGen, isIdeal: { $0 == .div(.int(0), .add(.int(0), .int(0))) }
    ) { expr, check in
        try check.assume(!expr.dividesByLiteralZero)
        try check.expect(expr.evaluate() != nil, "division by zero")
    }
}
