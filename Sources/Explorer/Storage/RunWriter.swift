/// Writes a run's keys (rotated, strictly increasing) to its file as `RunBlock`s, 256 KiB at a
/// time, keeping each block's first key and checksum for the run's index in memory and adding
/// every key written to the run's filter (none of the run's keys can then test absent).
final class RunWriter {
    /// Keys held before they are coded: a block is coded only with `RunBlock.maximumKeys` keys
    /// ahead of it (or at the run's end), so it holds as many as fit.
    static var batchKeys: Int { 4 * RunBlock.maximumKeys }

    private let file: SpillFile
    private let filter: RunFilter?
    private let failure: SpillFailure
    private var pending: [UInt64] = []
    /// Coded blocks not yet written.
    private var coded: [UInt8] = []
    private var firsts: [UInt64] = []
    private var checksums: [UInt64] = []
    private var offset = 0

    init(file: SpillFile, filter: RunFilter?, failure: SpillFailure) {
        self.file = file
        self.filter = filter
        self.failure = failure
        pending.reserveCapacity(Self.batchKeys + 1)
        coded.reserveCapacity(FingerprintRun.mergeBlocks * RunBlock.bytes)
    }

    var isFull: Bool { pending.count >= Self.batchKeys }

    func append(_ key: UInt64) { pending.append(key) }

    /// Codes the keys held into blocks (all of them when `last`) and writes the blocks once they
    /// fill 256 KiB (all of them when `last`); false (and `failure` set) when a write fails.
    func flush(last: Bool) -> Bool {
        var start = 0
        let span = FingerprintRun.mergeBlocks * RunBlock.bytes
        var ok = true
        pending.withUnsafeBufferPointer { keys in
            withUnsafeTemporaryAllocation(byteCount: RunBlock.scratchBytes, alignment: 8) { scratch in
                while ok && (last ? start < keys.count : keys.count - start >= RunBlock.maximumKeys) {
                    let rest = UnsafeBufferPointer(rebasing: keys[start...])
                    let n = RunBlock.encode(rest, into: scratch)
                    let block = UnsafeRawBufferPointer(rebasing: scratch[0..<RunBlock.bytes])
                    firsts.append(keys[start])
                    checksums.append(SpillChecksum.of(block))
                    coded.append(contentsOf: block)
                    if let filter { for key in rest.prefix(n) { filter.insert(key) } }
                    start += n
                    if coded.count >= span { ok = write() }
                }
            }
        }
        pending.removeFirst(start)
        return ok && (!last || write())
    }

    /// Writes the coded blocks held; false (and `failure` set) when they cannot be written.
    private func write() -> Bool {
        guard !coded.isEmpty else { return true }
        guard coded.withUnsafeBytes({ file.write($0, at: offset) }) else {
            failure.note(file.failure ?? "\(file.directory): cannot write the visited set's file")
            return false
        }
        offset += coded.count
        coded.removeAll(keepingCapacity: true)
        return true
    }

    /// The first key and checksum of each block written, in arrays no larger than they need
    /// (the run's bytes in memory count their capacity).
    func index() -> (firsts: [UInt64], checksums: [UInt64]) {
        (firsts.withUnsafeBufferPointer(Array.init), checksums.withUnsafeBufferPointer(Array.init))
    }
}
