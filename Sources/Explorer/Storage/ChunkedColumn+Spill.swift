/// A column's chunks on disk: where each was written. A column has one only once the search
/// spills, and from then on every chunk goes to disk as it fills.
final class ColumnSpill<Element: Sendable>: @unchecked Sendable {
    let file: SpillFile
    let codec: ChunkCodec<Element>
    /// Where chunk i was written, for the chunks on disk (by chunk index).
    var places: [Int: SpillFile.Place] = [:]

    init(file: SpillFile, codec: ChunkCodec<Element>) {
        self.file = file
        self.codec = codec
    }

    /// The column was emptied: its chunks on disk are not read again.
    func reset() {
        places.removeAll()
        file.reset()
    }
}

extension ChunkedColumn {
    /// Writes every full chunk still held to disk and frees it, and from now on each chunk as
    /// it fills. Only the last, partly filled, chunk stays in memory.
    mutating func spillFullChunks() {
        guard spill != nil else { return }
        let full = count & (Self.chunkSize - 1) == 0 ? chunkCount : chunkCount - 1
        for i in firstKept..<max(firstKept, full) { spillChunk(i) }
    }

    /// Writes chunk `i` to disk and frees it; it stays in memory if the write fails (the
    /// search sees the failure and stops).
    mutating func spillChunk(_ i: Int) {
        guard let spill, i >= firstKept, !chunk(i).isEmpty, let place = spill.file.append(spill.codec.encode(chunk(i)))
        else { return }
        spill.places[i] = place
        setChunk(i, [])
    }

    /// Reads back the chunks on disk that hold `range`'s elements, before they are read by
    /// subscript; false when one cannot be read back (the search stops on it).
    mutating func load(_ range: Range<Int>) -> Bool {
        guard let spill, !range.isEmpty else { return true }
        for i in (range.lowerBound >> Self.chunkShift)...((range.upperBound - 1) >> Self.chunkShift)
        where i >= firstKept && i < chunkCount && chunk(i).isEmpty {
            guard let place = spill.places[i], let bytes = spill.file.read(place),
                let elements = spill.codec.decode(bytes), elements.count == Self.chunkSize
            else { return false }
            setChunk(i, elements)
            spill.places[i] = nil
        }
        return true
    }
}
