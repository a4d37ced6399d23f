/// The passes that make a case shorter: loops, steps, elements, blocks, subtrees.
extension Shrinker {
    /// Stateful loops: the steps between two equal model states, longest first.
    mutating func cutLoops() -> Bool {
        var improved = false, index = 0
        while index < best.cuts.count, !exhausted {
            let cuts = best.cuts.sorted { $0.count != $1.count ? $0.count > $1.count : $0.lowerBound < $1.lowerBound }
            if consider(removing(cuts[index])) { improved = true; index = 0 } else { index += 1 }
        }
        return improved
    }

    /// Whole stateful steps, in runs of halving length; preconditions are re-checked on replay.
    mutating func deleteSteps() -> Bool {
        var improved = false
        var length = best.spans.filter { $0.kind == .step }.count
        while length > 0, !exhausted {
            var start = best.spans.filter { $0.kind == .step }.count - length
            while start >= 0 {
                let steps = best.spans.filter { $0.kind == .step }.sorted { $0.range.lowerBound < $1.range.lowerBound }
                if start + length <= steps.count,
                   consider(removing(steps[start].range.lowerBound..<steps[start + length - 1].range.upperBound)) {
                    improved = true
                }
                start -= 1
            }
            length /= 2
        }
        return improved
    }

    /// Runs of sibling spans (list elements, a record's fields), any length: from each position,
    /// front to back, the longest run found by doubling then bisecting (a long tail or head goes
    /// in a few calls, not one per element); then single spans of any kind, back to front.
    mutating func deleteSpanRuns() -> Bool {
        var improved = false, group = 0
        while !exhausted {
            let groups = tree().siblingGroups()
            guard group < groups.count else { break }
            // A big list of forced length: deleting its elements cannot shorten it.
            if isInsideFixedList(tree().spans[groups[group][0]].range) { group += 1; continue }
            var position = 0
            while !exhausted {
                let groups = tree().siblingGroups()
                guard group < groups.count, position < groups[group].count else { break }
                if deleteRun(of: groups[group], from: position) { improved = true } else { position += 1 }
            }
            group += 1
        }
        var index = tree().spans.count - 1
        while index >= 0, !exhausted {
            let spans = tree().spans
            if index < spans.count, !isInsideFixedList(spans[index].range), consider(removing(spans[index].range)) { improved = true }
            index -= 1
        }
        return improved
    }

    /// Deletes siblings `members[position...]` in the longest run that still fails: 1, 2, 4, …
    /// then bisects between the last failing and the first passing length.
    private mutating func deleteRun(of members: [Int], from position: Int) -> Bool {
        let spans = tree().spans, base = best.choices
        func run(_ count: Int) -> [UInt64] {
            var candidate = base
            let range = spans[members[position]].range.lowerBound..<spans[members[position + count - 1]].range.upperBound
            candidate.removeSubrange(range.clamped(to: 0..<candidate.count))
            return candidate
        }
        return considerLongestRun(available: members.count - position, run)
    }

    /// Tries `run(1)`, then runs of 2, 4, … while they still fail, then bisects between the
    /// last failing and the first passing length: the longest failing run in a few calls.
    /// False when even `run(1)` passes. (After a success `best` changed, but later candidates
    /// still edit the same base, and are shorter than the new best.)
    mutating func considerLongestRun(available: Int, _ run: (Int) -> [UInt64]) -> Bool {
        guard available >= 1, consider(run(1)) else { return false }
        var good = 1, size = 2
        while size <= available, !exhausted {
            if consider(run(size)) { good = size; size *= 2 } else { break }
        }
        var bad = min(size, available + 1)
        while good + 1 < bad, !exhausted {
            let middle = (good + bad) / 2
            if consider(run(middle)) { good = middle } else { bad = middle }
        }
        return true
    }

    /// Blocks of one to eight consecutive choices, back to front.
    mutating func deleteBlocks() -> Bool {
        var improved = false
        for size in (1...8).reversed() {
            var start = best.choices.count - size
            while start >= 0, !exhausted {
                if !isInsideFixedList(start..<start + size), consider(removing(start..<start + size)) { improved = true }
                start -= 1
            }
        }
        return improved
    }

    /// Replaces a span by one of its descendants (an expression by a subexpression), outermost first.
    mutating func replaceWithDescendants() -> Bool {
        var improved = false, index = 0
        while !exhausted {
            let tree = tree()
            guard index < tree.spans.count else { break }
            let outer = tree.spans[index]
            // Not by a part of a big list of forced length: the list is still read whole after it.
            for inner in tree.descendants(of: index) where tree.spans[inner].kind == outer.kind && !isInsideFixedList(tree.spans[inner].range) {
                var candidate = Array(best.choices[..<outer.range.lowerBound])
                candidate += best.choices[tree.spans[inner].range]
                candidate += best.choices[outer.range.upperBound...]
                if consider(candidate) { improved = true; break }
            }
            index += 1
        }
        return improved
    }

    /// A length drawn before its elements (`int(in:).flatMap { array(count: n...n) }`): lower
    /// the choice just before a run of elements by one and delete one of them, each in turn.
    mutating func lowerLengthAndDelete() -> Bool {
        var improved = false, group = 0
        while !exhausted {
            let groups = tree().siblingGroups(minimum: 1).filter { tree().spans[$0[0]].kind == .element }
            guard group < groups.count else { break }
            var position = 0
            while !exhausted {
                let groups = tree().siblingGroups(minimum: 1).filter { tree().spans[$0[0]].kind == .element }
                guard group < groups.count, position < groups[group].count else { break }
                let spans = tree().spans, length = spans[groups[group][0]].range.lowerBound - 1
                guard length >= 0, best.choices[length] > 0, !isInsideFixedList(spans[groups[group][0]].range) else { break }
                let lowered = replacing(best.choices, length, best.choices[length] - 1)
                if consider(removing(spans[groups[group][position]].range, from: lowered)) { improved = true } else { position += 1 }
            }
            group += 1
        }
        return improved
    }

    /// Deletes elements and lowers by as many every position pointing past them (a list that
    /// indexes itself: removing an element shifts what the others mean): from each position,
    /// one, two, four … elements, then bisecting. Costs nothing on lists that hold no positions.
    mutating func deleteAndShift() -> Bool {
        var improved = false, group = 0, position = 0
        while !exhausted {
            let groups = tree().siblingGroups().filter { tree().spans[$0[0]].kind == .element }
            guard group < groups.count else { break }
            // Whether the list holds positions does not depend on where the run starts: a list
            // that holds none is left at once (asked at each of its positions, that cost n²).
            guard position < groups[group].count, holdsPositions(groups[group]),
                  !isInsideFixedList(tree().spans[groups[group][0]].range) else { group += 1; position = 0; continue }
            if deleteAndShiftRun(of: groups[group], from: position) { improved = true } else { position += 1 }
        }
        return improved
    }

    /// Whether a list's elements are each one number below its length (a list indexing itself).
    private mutating func holdsPositions(_ members: [Int]) -> Bool {
        let spans = tree().spans, base = best.choices
        let elements = members.indices.filter { spans[members[$0]].range.count > 1 }
        return !elements.isEmpty && elements.allSatisfy {
            let value = spans[members[$0]].range.upperBound - 1
            return spans[members[$0]].range.count == 2 && isNumber(value) && base[value] < UInt64(elements.count)
        }
    }

    /// A list that indexes itself cut to a part closed under its own positions: an element, the
    /// one its value points at, and so on, renumbered (every position then still points at the
    /// element it did). The smallest parts first; one candidate each.
    mutating func keepClosedParts() -> Bool {
        var group = 0
        while !exhausted {
            let groups = tree().siblingGroups().filter { tree().spans[$0[0]].kind == .element }
            guard group < groups.count else { return false }
            if keepClosedPart(of: groups[group]) { return true }
            group += 1
        }
        return false
    }

    private mutating func keepClosedPart(of members: [Int]) -> Bool {
        let spans = tree().spans, base = best.choices
        let elements = members.indices.filter { spans[members[$0]].range.count > 1 }
        func value(_ element: Int) -> Int { spans[members[element]].range.upperBound - 1 }
        guard elements.count > 1, elements == Array(0..<elements.count), elements.allSatisfy({
            spans[members[$0]].range.count == 2 && isNumber(value($0)) && base[value($0)] < UInt64(elements.count)
        }) else { return false }
        var parts: [[Int]] = []
        for start in elements {
            var part: Set<Int> = [start], next = Int(base[value(start)])
            while part.insert(next).inserted { next = Int(base[value(next)]) }
            let sorted = part.sorted()
            if sorted.count < elements.count, !parts.contains(sorted) { parts.append(sorted) }
        }
        parts.sort { $0.count != $1.count ? $0.count < $1.count : $0.lexicographicallyPrecedes($1) }
        for part in parts where !exhausted {
            var candidate = Array(base[..<spans[members[0]].range.lowerBound])
            for element in part {
                candidate.append(base[spans[members[element]].range.lowerBound])
                candidate.append(UInt64(part.firstIndex(of: Int(base[value(element)]))!))
            }
            candidate += base[spans[members[elements.count - 1]].range.upperBound...]
            if consider(candidate) { return true }
        }
        return false
    }

    /// `members[position..<position + k]` deleted, for the largest k that still fails, and the
    /// positions moved to match: one past the run lowered by k (it points, after it, at the same
    /// element), one into the run set to the element after it. Positions are the elements'
    /// values when each is one number below the list's length (a list indexing itself); other
    /// lists get no candidate (plain deletion is `deleteSpanRuns`).
    private mutating func deleteAndShiftRun(of members: [Int], from position: Int) -> Bool {
        let spans = tree().spans, base = best.choices
        // The elements (the last member, one choice long, may be the flag ending the list).
        let elements = members.indices.filter { spans[members[$0]].range.count > 1 }
        func value(_ element: Int) -> Int { spans[members[element]].range.upperBound - 1 }
        guard !elements.isEmpty, elements.allSatisfy({
            spans[members[$0]].range.count == 2 && isNumber(value($0)) && base[value($0)] < UInt64(elements.count)
        }) else { return false }
        let values = elements.map(value), ranges = members.map { spans[$0].range }
        func run(_ deleted: Int) -> [UInt64] {
            var shifted = base
            let run = position..<position + deleted
            for (element, at) in zip(elements, values) where !run.contains(element) && shifted[at] >= UInt64(position) {
                shifted[at] = shifted[at] >= UInt64(run.upperBound) ? shifted[at] - UInt64(deleted) : UInt64(position)
            }
            shifted.removeSubrange(ranges[position].lowerBound..<ranges[run.upperBound - 1].upperBound)
            return shifted
        }
        return considerLongestRun(available: members.count - position, run)
    }
}
