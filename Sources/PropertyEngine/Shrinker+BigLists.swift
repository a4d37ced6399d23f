/// Big collections: halves, quarters, … of a long list deleted before any pass that spends a
/// call per element (on 10,000 elements those spent the whole budget and left thousands).
extension Shrinker {
    /// A list is big from this many elements on: below it the per-element passes are cheap
    /// (and the shrinking challenge's lists, at most 100 long, keep the candidates they had).
    static var bigList: Int { 128 }

    /// Each big list cut by blocks: its elements in 2 blocks, then 4, 8, … 64, each block deleted
    /// in turn, back to front; after a deletion the (shorter) list is cut in halves again. A
    /// list whose length is drawn first (`int(in:).flatMap { array(count: n...n) }`, its "one
    /// more?" flags forced) has its length lowered by as many elements as the block holds.
    mutating func deleteBigListBlocks() -> Bool {
        var improved = false, group = 0
        while !exhausted {
            let groups = bigListGroups()
            guard group < groups.count else { break }
            if deleteBlocks(ofGroup: group) { improved = true } else { group += 1 }
        }
        return improved
    }

    /// The element groups of the best with at least `bigList` elements, in order.
    private mutating func bigListGroups() -> [[Int]] {
        let tree = tree()
        // A list's group holds its elements and the flag that ends it.
        return tree.siblingGroups(minimum: Self.bigList + 1).filter { tree.spans[$0[0]].kind == .element }
    }

    /// One round of halving on big group `group`: true when a block was deleted.
    private mutating func deleteBlocks(ofGroup group: Int) -> Bool {
        var blocks = 2
        while blocks <= 64, !exhausted {
            let groups = bigListGroups()
            guard group < groups.count else { return false }
            let spans = tree().spans, members = groups[group]
            // The elements: not the one-choice span of the flag that ends the list.
            let elements = spans[members[members.count - 1]].range.count == 1 ? Array(members.dropLast()) : members
            let size = (elements.count + blocks - 1) / blocks
            guard size >= 1 else { return false }
            let first = spans[elements[0]].range.lowerBound
            // Its length forced: a deletion only shifts its values (`zeroSpans` zeroes them in runs).
            guard !isInsideFixedList(first..<first + 1) else { return false }
            let lengthIndex = first - 1
            let lengthFirst = !isFree(first) && lengthIndex >= 0 && isNumber(lengthIndex)
            for start in stride(from: (elements.count - 1) / size * size, through: 0, by: -size) where !exhausted {
                let end = min(start + size, elements.count)
                var candidate = best.choices
                if lengthFirst {
                    guard candidate[lengthIndex] >= UInt64(end - start) else { continue }
                    candidate[lengthIndex] -= UInt64(end - start)
                }
                candidate.removeSubrange(spans[elements[start]].range.lowerBound..<spans[elements[end - 1]].range.upperBound)
                if consider(candidate) { return true }
            }
            blocks *= 2
        }
        return false
    }

    /// The choice ranges of the best's big lists whose length is forced: every "one more?" flag
    /// forced and no number drawn just before that could be their length (one no larger than
    /// their count, which `deleteBigListBlocks` lowers). Deleting their elements, or choices in
    /// them, leaves the replay reading as many choices: the candidate is at best the same list
    /// shifted, and costs a replay of the whole list (on 10,000 elements the deletion passes
    /// spent the time budget so). Small lists are not looked at: they keep their candidates.
    mutating func fixedBigLists() -> [Range<Int>] {
        if let cachedFixedLists, cachedFixedLists.improvement == improvements { return cachedFixedLists.ranges }
        let spans = tree().spans
        var ranges: [Range<Int>] = []
        for members in bigListGroups() {
            let elements = spans[members[members.count - 1]].range.count == 1 ? members.dropLast() : members[...]
            guard members.allSatisfy({ !isFree(spans[$0].range.lowerBound) }), let firstElement = elements.first else { continue }
            let first = spans[firstElement].range.lowerBound, lengthIndex = first - 1
            if lengthIndex >= 0, isNumber(lengthIndex), best.choices[lengthIndex] <= UInt64(elements.count) { continue }
            ranges.append(first..<spans[members[members.count - 1]].range.upperBound)
        }
        cachedFixedLists = (improvements, ranges)
        return ranges
    }

    /// Whether `range` lies inside a big list of forced length (`fixedBigLists`).
    mutating func isInsideFixedList(_ range: Range<Int>) -> Bool {
        fixedBigLists().contains { $0.lowerBound <= range.lowerBound && range.upperBound <= $0.upperBound }
    }
}
