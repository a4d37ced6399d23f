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
        let atQuiescence: UnsafeMutableBufferPointer<Unmanaged<Check>>
        /// Per action case c, the transition checks concerning it (`Property.concerns`); the group
        /// past the last case (`Property.caseLimit`) is all of them (`transitions(ofCase:)`).
        private let byCase: UnsafeMutableBufferPointer<UnsafeMutableBufferPointer<Unmanaged<Check>>>
        /// Whether a transition check names the cases it concerns: if none does, a step's case is
        /// not asked of the model (every step calls every check).
        let namesCases: Bool
        private let owned: [Check]

        init(_ properties: [Property<M>]) {
            let owned = properties.indices.map { Check(index: $0, property: properties[$0]) }
            func of(_ include: (Property<M>) -> Bool) -> UnsafeMutableBufferPointer<Unmanaged<Check>> {
                let refs = owned.filter { include($0.property) }.map { Unmanaged.passUnretained($0) }
                let buffer = UnsafeMutableBufferPointer<Unmanaged<Check>>.allocate(capacity: refs.count)
                _ = buffer.initialize(from: refs)
                return buffer
            }
            self.owned = owned
            always = of { $0.kind == .always }
            sometimes = of { $0.kind == .sometimes }
            atQuiescence = of { $0.kind == .atQuiescence }
            byCase = .allocate(capacity: Property<M>.caseLimit + 1)
            _ = byCase.initialize(from: (0...Property<M>.caseLimit).map { c in
                of { $0.kind == .transition && $0.concerns(c) }
            })
            namesCases = properties.contains { $0.kind == .transition && $0.cases != ~0 }
        }

        /// The transition checks a step of action case `c` calls, in property order (all of them
        /// for a case out of range).
        @inline(__always)
        func transitions(ofCase c: Int) -> UnsafeMutableBufferPointer<Unmanaged<Check>> {
            byCase[c >= 0 && c < Property<M>.caseLimit ? c : Property<M>.caseLimit]
        }

        deinit {
            for buffer in [always, sometimes, atQuiescence] + byCase { buffer.deallocate() }
            byCase.deallocate()
        }
    }
}
