/// Storage: a step reads a state's cells without copying one out; InPlaceTests pins that it reads the fields.
///
/// A cell of a fleet state read where it lies: `state.device(d).app`, `state.inPlace.posts.count`.
/// A field reads as its value; a list field reads as an `InPlaceList`, whose elements are read
/// in place too. (A cell bound to a `let`, or read through the state's `_read` accessors, was
/// copied whole, through a read coroutine the optimizer did not always inline.) Valid while
/// the state it was taken from is held and not written: never stored.
@dynamicMemberLookup
struct InPlace<Value> {
    let address: UnsafePointer<Value>

    @inline(__always) init(_ address: UnsafePointer<Value>) { self.address = address }

    /// A field, read (its key path is a literal at every use: the optimizer folds it to a load).
    @inline(__always) subscript<Field>(dynamicMember field: KeyPath<Value, Field>) -> Field {
        address.pointee[keyPath: field]
    }

    /// A list field, read in place.
    @inline(__always) subscript<let n: Int, Element>(
        dynamicMember field: KeyPath<Value, FixedList<n, Element>>
    ) -> InPlaceList<n, Element> {
        // A stored field has an address (the lists are all stored).
        InPlaceList(address.pointer(to: field)!)
    }

    /// The whole cell, copied out.
    @inline(__always) var value: Value { address.pointee }
}
