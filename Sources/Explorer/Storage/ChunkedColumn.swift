/// An append-only column of values kept in fixed-size chunks: it grows without copying what it
/// holds (a doubling array holds its old and new buffers at once, then leaves the old one in the
/// heap), and a reader going through it in order can free the chunks behind it. The search's
/// levels and parent links use it, so its peak is about the larger of two levels rather than
/// their sum (issue 10: peak bytes per state).
struct ChunkedColumn<Element>: Sendable where Element: Sendable {
    static var chunkShift: Int { 12 }
    static var chunkSize: Int { 1 << chunkShift }

    /// Chunks `0 ..< chunks.count`, each full when written (the chunk being filled is `tail`).
    /// A chunk that is empty at or past `firstKept` is on disk (`spill`): every other holds
    /// all its elements.
    var chunks: [[Element]] = []
    /// Chunk `chunks.count`, the one appended to, held apart: an append then makes one array
    /// unique, not the array of chunks and then the chunk in it (two runtime calls per append,
    /// four appends per new state of a search: issue 34). Empty when spilled or discarded whole.
    var tail: [Element] = []
    private(set) var count = 0
    /// Chunks before this one were freed by `discard(before:)`.
    var firstKept = 0
    /// Where whole chunks go once the search spills (nil: all stay in memory).
    var spill: ColumnSpill<Element>?

    init() {}

    var isEmpty: Bool { count == 0 }

    /// The number of chunks, `tail` included once it holds (or held) an element.
    var chunkCount: Int { chunks.count + (count > chunks.count << Self.chunkShift ? 1 : 0) }

    /// The element at `index`, which must not have been discarded.
    @inline(__always)
    subscript(index: Int) -> Element {
        let c = index >> Self.chunkShift
        return c < chunks.count ? chunks[c][index & (Self.chunkSize - 1)] : tail[index & (Self.chunkSize - 1)]
    }

    /// Replaces the element at `index`, which must not have been discarded or spilled.
    mutating func replace(_ index: Int, with element: Element) {
        let c = index >> Self.chunkShift
        if c < chunks.count { chunks[c][index & (Self.chunkSize - 1)] = element } else { tail[index & (Self.chunkSize - 1)] = element }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        // `tail` is complete: it joins the chunks (to disk once the search spills) and a new one starts.
        if count == (chunks.count &+ 1) << Self.chunkShift { startChunk() }
        if tail.capacity == 0 { tail.reserveCapacity(Self.chunkSize) }
        tail.append(element)
        count += 1
    }

    /// Moves the full `tail` into `chunks`, spilling it when the search spills.
    private mutating func startChunk() {
        chunks.append(tail)
        tail = []
        if spill != nil { spillChunk(chunks.count - 1) }
    }

    mutating func append(contentsOf elements: some Sequence<Element>) {
        for element in elements { append(element) }
    }

    /// Chunk `i` (`tail` for `i == chunks.count`).
    func chunk(_ i: Int) -> [Element] { i < chunks.count ? chunks[i] : tail }

    /// Replaces chunk `i` (`tail` for `i == chunks.count`): freed (`[]`) or read back from disk.
    mutating func setChunk(_ i: Int, _ elements: [Element]) {
        if i < chunks.count { chunks[i] = elements } else { tail = elements }
    }

    /// Frees the whole chunks below `index`: their elements are not read again.
    mutating func discard(before index: Int) {
        let end = min(index >> Self.chunkShift, chunkCount)
        while firstKept < end {
            setChunk(firstKept, [])
            firstKept += 1
        }
    }

    mutating func removeAll() {
        chunks = []
        tail = []
        count = 0
        firstKept = 0
        spill?.reset()
    }

    /// The values in order, as one array (a checkpoint writes them; none may be discarded or
    /// spilled: a search that checkpoints does not spill).
    var array: [Element] {
        precondition(spill?.places.isEmpty ?? true, "a spilled column is not read as an array")
        return chunks.flatMap { $0 } + tail
    }

    /// Bytes the kept chunks in memory take (each chunk's full capacity).
    var bytes: Int {
        let inMemory = (min(firstKept, chunkCount)..<chunkCount).reduce(0) { $0 + (chunk($1).isEmpty ? 0 : 1) }
        return inMemory * Self.chunkSize * MemoryLayout<Element>.stride
    }
}
