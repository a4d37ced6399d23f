/// An append-only column of values kept in fixed-size chunks: it grows without copying what it
/// holds (a doubling array holds its old and new buffers at once, then leaves the old one in the
/// heap), and a reader going through it in order can free the chunks behind it. The search's
/// levels and parent links use it, so its peak is about the larger of two levels rather than
/// their sum (issue 10: peak bytes per state).
struct ChunkedColumn<Element>: Sendable where Element: Sendable {
    static var chunkShift: Int { 12 }
    static var chunkSize: Int { 1 << chunkShift }

    private var chunks: [[Element]] = []
    private(set) var count = 0
    /// Chunks before this one were freed by `discard(before:)`.
    private var firstKept = 0

    init() {}

    var isEmpty: Bool { count == 0 }

    /// The element at `index`, which must not have been discarded.
    @inline(__always)
    subscript(index: Int) -> Element {
        chunks[index >> Self.chunkShift][index & (Self.chunkSize - 1)]
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count & (Self.chunkSize - 1) == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    mutating func append(contentsOf elements: some Sequence<Element>) {
        for element in elements { append(element) }
    }

    /// Frees the whole chunks below `index`: their elements are not read again.
    mutating func discard(before index: Int) {
        let end = min(index >> Self.chunkShift, chunks.count)
        while firstKept < end {
            chunks[firstKept] = []
            firstKept += 1
        }
    }

    mutating func removeAll() {
        chunks = []
        count = 0
        firstKept = 0
    }

    /// The values in order, as one array (a checkpoint writes them; none may be discarded).
    var array: [Element] { chunks.flatMap { $0 } }

    /// Bytes the kept chunks take (each chunk's full capacity).
    var bytes: Int { (chunks.count - firstKept) * Self.chunkSize * MemoryLayout<Element>.stride }
}
