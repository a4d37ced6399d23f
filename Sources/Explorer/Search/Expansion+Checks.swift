extension Expansion {
    /// A property with its index, in an object so the search calls its predicate borrowed
    /// through an unmanaged reference: a closure read out of an array is retained and released
    /// around every call (12 million calls on the default fleet).
    final class Check: Sendable {
        let index: Int
        let property: Property<M>

        init(index: Int, property: Property<M>) {
            self.index = index
            self.property = property
        }
    }

    /// Each kind's properties, in property order, as unmanaged references in plain buffers:
    /// looping over one retains nothing, where an array is retained and released around each
    /// loop (once per step for the transition checks). Owns the checks and the buffers.
    final class Checks: @unchecked Sendable {
        let always: UnsafeMutableBufferPointer<Unmanaged<Check>>
        let sometimes: UnsafeMutableBufferPointer<Unmanaged<Check>>
        let transitions: UnsafeMutableBufferPointer<Unmanaged<Check>>
        let atQuiescence: UnsafeMutableBufferPointer<Unmanaged<Check>>
        /// The transition checks grouped by the action case they concern, each group in property
        /// order: case c's are `byCase[caseStarts[c]..<caseStarts[c + 1]]`, and the group past
        /// the last case (`Property.caseLimit`) is all of them (`transitions(ofCase:)`).
        private let byCase: UnsafeMutableBufferPointer<Unmanaged<Check>>
        private let caseStarts: UnsafeMutableBufferPointer<Int>
        private let owned: [Check]

        init(_ properties: [Property<M>]) {
            let owned = properties.indices.map { Check(index: $0, property: properties[$0]) }
            func of(_ kind: Property<M>.Kind) -> UnsafeMutableBufferPointer<Unmanaged<Check>> {
                let refs = owned.filter { $0.property.kind == kind }.map { Unmanaged.passUnretained($0) }
                let buffer = UnsafeMutableBufferPointer<Unmanaged<Check>>.allocate(capacity: refs.count)
                _ = buffer.initialize(from: refs)
                return buffer
            }
            self.owned = owned
            always = of(.always)
            sometimes = of(.sometimes)
            transitions = of(.transition)
            atQuiescence = of(.atQuiescence)
            let limit = Property<M>.caseLimit
            var grouped: [Unmanaged<Check>] = [], starts: [Int] = []
            for c in 0...limit {
                starts.append(grouped.count)
                grouped += owned.filter { $0.property.kind == .transition && $0.property.concerns(c) }
                    .map { Unmanaged.passUnretained($0) }
            }
            starts.append(grouped.count)
            byCase = .allocate(capacity: grouped.count)
            _ = byCase.initialize(from: grouped)
            caseStarts = .allocate(capacity: starts.count)
            _ = caseStarts.initialize(from: starts)
        }

        /// The transition checks a step of action case `c` calls, in property order (all of them
        /// for a case out of range).
        @inline(__always)
        func transitions(ofCase c: Int) -> UnsafeMutableBufferPointer<Unmanaged<Check>> {
            let group = c >= 0 && c < Property<M>.caseLimit ? c : Property<M>.caseLimit
            return UnsafeMutableBufferPointer(rebasing: byCase[caseStarts[group]..<caseStarts[group + 1]])
        }

        deinit {
            for buffer in [always, sometimes, transitions, atQuiescence, byCase] { buffer.deallocate() }
            caseStarts.deallocate()
        }
    }
}
