/// Reordering: siblings sorted, then swapped, so the simpler one comes first (a list's
/// elements in order, a node's subtrees mirrored when the mirror is the smaller failure).
extension Shrinker {
    mutating func reorderSiblings() -> Bool {
        var improved = false, group = 0
        while !exhausted {
            let groups = tree().siblingGroups()
            guard group < groups.count else { break }
            if sortGroup(groups[group]) { improved = true }
            var i = 0
            while !exhausted {
                let groups = tree().siblingGroups()
                guard group < groups.count, i < groups[group].count - 1 else { break }
                let members = groups[group]
                // All pairs in small groups, neighbours in long ones.
                let partners = members.count <= 8 ? Array(i + 1..<members.count) : [i + 1]
                for j in partners where swap(members, i, j) { improved = true; break }
                i += 1
            }
            group += 1
        }
        return improved
    }

    /// The group's spans in shortlex order of their choices.
    private mutating func sortGroup(_ members: [Int]) -> Bool {
        let spans = tree().spans
        let parts = members.map { Array(best.choices[spans[$0].range]) }
        let sorted = parts.sorted { Self.shortlexLess($0, $1) }
        guard sorted != parts else { return false }
        return consider(rebuild(members, spans, sorted))
    }

    /// Spans `i` and `j` of the group exchanged, when that puts the smaller first.
    private mutating func swap(_ members: [Int], _ i: Int, _ j: Int) -> Bool {
        let spans = tree().spans
        var parts = members.map { Array(best.choices[spans[$0].range]) }
        guard Self.shortlexLess(parts[j], parts[i]) else { return false }
        parts.swapAt(i, j)
        return consider(rebuild(members, spans, parts))
    }

    /// The choices with the group's spans replaced, in order, by `parts`.
    private func rebuild(_ members: [Int], _ spans: [ChoiceSource.Span], _ parts: [[UInt64]]) -> [UInt64] {
        var candidate: [UInt64] = [], cursor = 0
        for (member, part) in zip(members, parts) {
            candidate += best.choices[cursor..<spans[member].range.lowerBound]
            candidate += part
            cursor = spans[member].range.upperBound
        }
        return candidate + best.choices[cursor...]
    }
}
