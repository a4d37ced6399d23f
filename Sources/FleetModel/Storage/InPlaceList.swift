/// Storage: a step reads a state's lists without copying them; InPlaceTests pins that it reads the lists.
///
/// A `FixedList` of a fleet state read where it lies (`InPlace`): its count, and each element
/// in place. Valid while the state it was taken from is held and not written.
struct InPlaceList<let capacity: Int, Element: FixedListElement> {
    let address: UnsafePointer<FixedList<capacity, Element>>

    @inline(__always) init(_ address: UnsafePointer<FixedList<capacity, Element>>) { self.address = address }

    @inline(__always) var count: Int { address.pointee.count }
    @inline(__always) var isEmpty: Bool { address.pointee.isEmpty }
    @inline(__always) var indices: Range<Int> { 0..<count }

    /// Element `i`, in place (a read through the list's subscript copied it out).
    @inline(__always) subscript(i: Int) -> InPlace<Element> { InPlace(FixedList.element(address, i)) }

    /// Whether the list is sorted by `precedes`, read in place.
    @inline(__always) func isSorted(by precedes: (Element, Element) -> Bool) -> Bool {
        let n = count
        guard n > 1 else { return true }
        for i in 1..<n where precedes(self[i].value, self[i - 1].value) { return false }
        return true
    }
}
