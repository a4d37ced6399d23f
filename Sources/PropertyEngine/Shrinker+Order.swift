/// Reordering: siblings sorted, or swapped, so the simpler one comes first (a list's
/// elements in order, a node's subtrees mirrored when the mirror is the smaller failure).
extension Shrinker {
    /// Each group of siblings sorted (one candidate a group).
    mutating func sortSiblings() -> Bool {
        var improved = false, group = 0
        while !exhausted {
            let groups = tree().siblingGroups()
            guard group < groups.count else { break }
            if sortGroup(groups[group]) { improved = true }
            group += 1
        }
        return improved
    }

    /// Siblings swapped two at a time: all pairs in small groups, neighbours in long ones.
    /// Subtrees (a node's children: their mirror is often the smaller failure) with the cheap
    /// passes; list elements, where the sort has been tried and swaps cost a call each, only
    /// once those stall (`elements`).
    mutating func swapSiblings(elements: Bool) -> Bool {
        var improved = false, group = 0
        while !exhausted {
            let groups = tree().siblingGroups()
            guard group < groups.count else { break }
            if (tree().spans[groups[group][0]].kind == .element) != elements { group += 1; continue }
            var i = 0, members = groups[group], membersAt = improvements
            while !exhausted {
                // The group found again only after a swap (at each pair, n² on a long list).
                if membersAt != improvements {
                    let groups = tree().siblingGroups()
                    guard group < groups.count else { break }
                    members = groups[group]
                    membersAt = improvements
                }
                guard i < members.count - 1 else { break }
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

    /// Spans `i` and `j` of the group exchanged, when that makes the case smaller (a longer
    /// span may come first when what it starts with is smaller).
    private mutating func swap(_ members: [Int], _ i: Int, _ j: Int) -> Bool {
        let spans = tree().spans
        // The two compared first: every part copied only for a candidate (n² on a long list).
        guard best.choices[spans[members[j]].range].lexicographicallyPrecedes(best.choices[spans[members[i]].range]) else { return false }
        var parts = members.map { Array(best.choices[spans[$0].range]) }
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

    /// A subtree moved into its next sibling's simplest child, leaving the simplest choice (0)
    /// where it was: trees whose smallest failure holds its nodes on the other side
    /// (`Node(0, Node(0, X, Empty), Y)` to `Node(0, Empty, Node(0, Y, X))`). The sibling goes
    /// first among the moved span's children, or where the simplest child was.
    mutating func graftIntoSibling() -> Bool {
        var improved = false, index = 0
        while !exhausted {
            let tree = tree()
            guard index < tree.spans.count else { break }
            let moved = tree.spans[index].range
            let children = tree.children(of: index)
            if let parent = tree.parent[index], let first = children.first,
               let sibling = tree.nextSibling(of: index) {
                let target = tree.spans[sibling].range, inserted = Array(best.choices[target])
                let before = Array(best.choices[..<moved.lowerBound]) + [0] + best.choices[moved.upperBound..<target.lowerBound]
                let after = Array(best.choices[target.upperBound...])
                search: for slot in children where tree.spans[slot].range.count == 1 && best.choices[tree.spans[slot].range.lowerBound] == 0 {
                    let empty = tree.spans[slot].range, start = tree.spans[first].range.lowerBound
                    var withoutSlot = Array(best.choices[start..<moved.upperBound])
                    withoutSlot.removeSubrange((empty.lowerBound - start)..<(empty.upperBound - start))
                    let inFront = Array(best.choices[moved.lowerBound..<start]) + inserted + withoutSlot
                    let inSlot = Array(best.choices[moved.lowerBound..<empty.lowerBound]) + inserted + best.choices[empty.upperBound..<moved.upperBound]
                    for grafted in [inFront, inSlot] where consider(before + grafted + after) {
                        improved = true
                        break search
                    }
                }
            }
            index += 1
        }
        return improved
    }
}
