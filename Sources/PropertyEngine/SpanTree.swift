/// A case's spans as a tree: each distinct range once (an element or step kind wins over a
/// generic draw with the same range), ordered by start, each with its innermost enclosing span.
struct SpanTree {
    let spans: [ChoiceSource.Span]
    let parent: [Int?]
    private let groups: [[Int]]

    init(_ raw: [ChoiceSource.Span]) {
        let ordered = raw.sorted {
            $0.range.lowerBound != $1.range.lowerBound ? $0.range.lowerBound < $1.range.lowerBound
                : $0.range.count != $1.range.count ? $0.range.count > $1.range.count
                : ($0.kind == .other ? 1 : 0) < ($1.kind == .other ? 1 : 0)
        }
        var spans: [ChoiceSource.Span] = [], parent: [Int?] = [], stack: [Int] = []
        for span in ordered where spans.last?.range != span.range {
            while let top = stack.last, spans[top].range.upperBound <= span.range.lowerBound { stack.removeLast() }
            parent.append(stack.last.flatMap { spans[$0].range.upperBound >= span.range.upperBound ? $0 : nil })
            stack.append(spans.count)
            spans.append(span)
        }
        self.spans = spans
        self.parent = parent
        groups = Self.groups(spans, parent)
    }

    /// Children of one parent sharing a kind, in order, for groups of at least `minimum`.
    func siblingGroups(minimum: Int = 2) -> [[Int]] {
        minimum <= 1 ? groups : groups.filter { $0.count >= minimum }
    }

    /// Every group of siblings (children of one parent sharing a kind), in order of first child.
    private static func groups(_ spans: [ChoiceSource.Span], _ parent: [Int?]) -> [[Int]] {
        struct Key: Hashable { let parent: Int, kind: ChoiceSource.Span.Kind }
        var groups: [[Int]] = [], index: [Key: Int] = [:]
        for (i, span) in spans.enumerated() {
            let key = Key(parent: parent[i] ?? -1, kind: span.kind)
            if let g = index[key] { groups[g].append(i) } else { index[key] = groups.count; groups.append([i]) }
        }
        return groups
    }

    /// The spans whose innermost enclosing span is `i`, in order.
    func children(of i: Int) -> [Int] {
        var inside: [Int] = []
        var j = i + 1
        while j < spans.count, spans[j].range.lowerBound < spans[i].range.upperBound {
            if parent[j] == i { inside.append(j) }
            j += 1
        }
        return inside
    }

    /// The first span after span `i` (starting at or past its end) with the same innermost
    /// enclosing span: a scan from `i`, not of the parent's every child (n² on a long list).
    func nextSibling(of i: Int) -> Int? {
        guard let parent = parent[i] else { return nil }
        var j = i + 1
        while j < spans.count, spans[j].range.lowerBound < spans[parent].range.upperBound {
            if self.parent[j] == parent, spans[j].range.lowerBound >= spans[i].range.upperBound { return j }
            j += 1
        }
        return nil
    }

    /// Every span strictly inside span `i`, largest first.
    func descendants(of i: Int) -> [Int] {
        let outer = spans[i].range
        var inside: [Int] = []
        var j = i + 1
        while j < spans.count, spans[j].range.lowerBound < outer.upperBound {
            if spans[j].range != outer { inside.append(j) }
            j += 1
        }
        return inside.sorted { spans[$0].range.count != spans[$1].range.count ? spans[$0].range.count > spans[$1].range.count : $0 < $1 }
    }
}
