/// An append-only column of values kept in fixed-size chunks: it grows without copying what it
/// holds (a doubling array holds its old and new buffers at once, then leaves the old one in the
/// heap), and a reader going through it in order can free the chunks behind it. The search's
/// levels and parent links use it, so its peak is about the larger of two levels rather than
/// their sum (issue 10: peak bytes per state).
struct ChunkedColumn<Element>: Sendable where Element: Sendable {
    static var chunkShift: Int { 12 }
    static var chunkSize: Int { 1 << chunkShift }

    /// A chunk that is empty at or past `firstKept` is on disk (`spill`): every other holds
    /// at least one element.
    var chunks: [[Element]] = []
    private(set) var count = 0
    /// Chunks before this one were freed by `discard(before:)`.
    var firstKept = 0
    /// Where whole chunks go once the search spills (nil: all stay in memory).
    var spill: ColumnSpill<Element>?

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
            // The chunk just filled goes to disk once the search spills (one check a chunk).
            if spill != nil, !chunks.isEmpty { spillChunk(chunks.count - 1) }
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
        spill?.reset()
    }

    /// The values in order, as one array (a checkpoint writes them; none may be discarded or
    /// spilled: a search that checkpoints does not spill).
    var array: [Element] {
        precondition(spill?.places.isEmpty ?? true, "a spilled column is not read as an array")
        return chunks.flatMap { $0 }
    }

    /// Bytes the kept chunks in memory take (each chunk's full capacity).
    var bytes: Int {
        let inMemory = chunks[min(firstKept, chunks.count)...].reduce(0) { $0 + ($1.isEmpty ? 0 : 1) }
        return inMemory * Self.chunkSize * MemoryLayout<Element>.stride
    }
}
