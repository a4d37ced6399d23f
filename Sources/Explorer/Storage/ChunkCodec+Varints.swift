/// Parent links and action indices on disk as varints: the wide nightly writes billions of them,
/// and most are small numbers held in 4-byte or 2-byte words.
extension ChunkCodec where Element: FixedWidthInteger & UnsignedInteger {
    /// Each element as the varint of its difference from the one before (wrapping; the first
    /// from 0): a level's parent links rise slowly (a node's children follow one another), so
    /// most take one byte; a falling or wrapping sequence still reads back, in more bytes.
    static var deltas: ChunkCodec {
        ChunkCodec(encode: { encode($0, deltas: true) }, decode: { decode($0, deltas: true) })
    }

    /// Each element as its own varint: action indices are mostly under 128, one byte.
    static var varints: ChunkCodec {
        ChunkCodec(encode: { encode($0, deltas: false) }, decode: { decode($0, deltas: false) })
    }

    private static func encode(_ elements: [Element], deltas: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(elements.count + elements.count / 4)
        var previous: Element = 0
        for element in elements {
            Varint.put(UInt64(truncatingIfNeeded: deltas ? element &- previous : element), into: &bytes)
            previous = element
        }
        return bytes
    }

    /// The elements back; nil when a varint is cut short or does not fit `Element`.
    private static func decode(_ bytes: [UInt8], deltas: Bool) -> [Element]? {
        bytes.withUnsafeBytes { raw -> [Element]? in
            var elements: [Element] = []
            elements.reserveCapacity(raw.count)
            var previous: Element = 0
            var offset = 0
            while offset < raw.count {
                guard let word = Varint.get(raw, at: &offset), let value = Element(exactly: word) else { return nil }
                previous = deltas ? previous &+ value : value
                elements.append(previous)
            }
            return elements
        }
    }
}
