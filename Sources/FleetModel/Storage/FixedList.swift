/// Storage: a state copies without allocating; FleetStateCapacityTests pins that each list holds what it held.
///
/// A list of at most `capacity` elements stored inline (no heap allocation; copied as plain
/// bytes when its elements are): the fleet state's lists, whose bounds the configuration's
/// legal ranges fix (`FleetState`'s capacities, tested against them). Appending past the
/// capacity is a programming error; decoding a longer JSON array (a trace) throws.
public struct FixedList<let capacity: Int, Element: FixedListElement>: Sendable {
    @usableFromInline var storage: InlineArray<capacity, Element>
    @usableFromInline var length: UInt8

    @inlinable public init() {
        storage = InlineArray(repeating: Element.blank)
        length = 0
    }

    /// The most elements the list holds.
    public static var capacityValue: Int { capacity }
}

/// An element of a `FixedList`: plain data with a value for the unused slots.
public protocol FixedListElement: Hashable, Sendable {
    static var blank: Self { get }
}

extension FixedList: RandomAccessCollection, MutableCollection {
    public typealias Index = Int
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { Int(length) }
    @inlinable public var count: Int { Int(length) }
    @inlinable public var isEmpty: Bool { length == 0 }

    @inlinable public subscript(i: Int) -> Element {
        _read {
            precondition(i >= 0 && i < Int(length), "FixedList index out of range")
            yield storage[i]
        }
        _modify {
            precondition(i >= 0 && i < Int(length), "FixedList index out of range")
            yield &storage[i]
        }
    }
}

extension FixedList: RangeReplaceableCollection {
    @inlinable public mutating func append(_ e: Element) {
        precondition(Int(length) < capacity, "FixedList capacity \(capacity) exceeded")
        storage[Int(length)] = e
        length += 1
    }

    @inlinable public mutating func insert(_ e: Element, at i: Int) {
        precondition(Int(length) < capacity && i >= 0 && i <= Int(length), "FixedList insert out of range")
        var k = Int(length)
        while k > i {
            storage[k] = storage[k - 1]
            k -= 1
        }
        storage[i] = e
        length += 1
    }

    @inlinable @discardableResult public mutating func remove(at i: Int) -> Element {
        precondition(i >= 0 && i < Int(length), "FixedList index out of range")
        let e = storage[i]
        for k in i..<(Int(length) - 1) { storage[k] = storage[k + 1] }
        length -= 1
        storage[Int(length)] = .blank
        return e
    }

    @inlinable public mutating func removeAll(keepingCapacity: Bool = false) {
        for k in 0..<Int(length) { storage[k] = .blank }
        length = 0
    }

    public mutating func replaceSubrange<C: Collection>(_ r: Range<Int>, with new: C) where C.Element == Element {
        var out = FixedList()
        for k in 0..<r.lowerBound { out.append(storage[k]) }
        for e in new { out.append(e) }
        for k in r.upperBound..<Int(length) { out.append(storage[k]) }
        self = out
    }
}

extension FixedList: ExpressibleByArrayLiteral {
    @inlinable public init(arrayLiteral elements: Element...) {
        self.init()
        for e in elements { append(e) }
    }
}

extension FixedList: Equatable, Hashable {
    @inlinable public static func == (a: Self, b: Self) -> Bool {
        guard a.length == b.length else { return false }
        for k in 0..<Int(a.length) where a.storage[k] != b.storage[k] { return false }
        return true
    }

    public func hash(into h: inout Hasher) {
        h.combine(length)
        for k in 0..<Int(length) { h.combine(storage[k]) }
    }
}

extension FixedList: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection) }
}

extension FixedList: CustomStringConvertible {
    public var description: String { Array(self).description }
}

extension FixedList: Codable where Element: Codable {
    /// A plain JSON array, as `[Element]` writes it (traces stay byte for byte the same).
    public init(from decoder: Decoder) throws {
        let items = try [Element](from: decoder)
        guard items.count <= capacity else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "at most \(capacity) items, found \(items.count)"))
        }
        self.init(items)
    }

    public func encode(to encoder: Encoder) throws { try Array(self).encode(to: encoder) }
}


extension FixedList {
    /// Element `i` of the list at `list`, in place: a read of a large element through the
    /// subscript was a call to its read coroutine and a copy of the element.
    @inline(__always) static func element(_ list: UnsafePointer<Self>, _ i: Int) -> UnsafePointer<Element> {
        precondition(i >= 0 && i < Int(list.pointee.length), "FixedList index out of range")
        let storage = UnsafeRawPointer(list) + MemoryLayout<Self>.offset(of: \Self.storage)!
        return storage.assumingMemoryBound(to: Element.self) + i
    }

    /// Slot `i` of the list at `list`, used or not: where a list is filled in place.
    @inline(__always) static func slot(_ list: UnsafeMutablePointer<Self>, _ i: Int) -> UnsafeMutablePointer<Element> {
        precondition(i >= 0 && i < capacity, "FixedList slot out of range")
        let storage = UnsafeMutableRawPointer(list) + MemoryLayout<Self>.offset(of: \Self.storage)!
        return storage.assumingMemoryBound(to: Element.self) + i
    }
}
