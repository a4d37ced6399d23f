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
        }

        deinit {
            for buffer in [always, sometimes, transitions, atQuiescence] { buffer.deallocate() }
        }
    }
}
