import Synchronization

/// Storage: each FleetCard call is computed once per input; MemoTests pins one value per key.
///
/// A thread-safe memo table for pure functions of small keys: FleetCard's reducers are pure,
/// so a result computed once for a key is the result for every later call (speed only). The key
/// is its inputs written as `words` 64-bit words (`MemoKey`): hashed by mixing whole words,
/// compared word by word. Equal words must mean equal inputs; equal inputs with unequal words
/// would only cost a second computation.
///
/// A lookup takes no lock: an entry is written once, before its slot's tag is published, and
/// never moved (a full index is replaced by a larger one, the old kept until the memo goes), so
/// a hit is read in place. Only a miss locks, to add the entry.
final class Memo<let words: Int, Value: Sendable>: @unchecked Sendable {
    typealias Entry = (key: MemoKey<words>, value: Value)

    /// The index being read: its mask (slots - 1), then per slot two atomic words, its tag (the
    /// key's hash with the low bit set; 0: empty) and its entry's address.
    private let index: Atomic<UnsafeMutableRawPointer>
    private let writer: Mutex<Writer>

    /// What only an insertion touches (under the lock: its addresses are never shared unlocked).
    private struct Writer: @unchecked Sendable {
        var count = 0
        /// Every index made (the current one last) and every block of entries, freed with the memo.
        var indices: [UnsafeMutableRawPointer] = []
        var blocks: [UnsafeMutablePointer<Entry>] = []
        /// Entries not yet used in the last block.
        var free = 0
    }

    private static var blockSize: Int { 64 }

    init() {
        let first = Self.makeIndex(capacity: 16)
        index = Atomic(first)
        writer = Mutex(Writer(indices: [first]))
    }

    deinit {
        writer.withLock { w in
            for p in w.indices { p.deallocate() }
            for (k, block) in w.blocks.enumerated() {
                block.deinitialize(count: k == w.blocks.count - 1 ? Self.blockSize - w.free : Self.blockSize)
                block.deallocate()
            }
        }
    }

    /// The value for `key`, computed by `compute` the first time.
    func value(_ key: MemoKey<words>, _ compute: () -> Value) -> Value {
        let hash = key.hash
        if let hit = find(key, hash) { return hit.pointee.value }
        let value = compute()
        return insert(key, hash, value).pointee.value
    }

    private func find(_ key: MemoKey<words>, _ hash: UInt64) -> UnsafePointer<Entry>? {
        let index = self.index.load(ordering: .acquiring)
        let mask = index.load(as: Int.self), tag = hash | 1
        let slots = (index + 8).assumingMemoryBound(to: Atomic<UInt64>.self)
        var i = Int(truncatingIfNeeded: hash >> 8) & mask
        while true {
            let t = slots[2 * i].load(ordering: .acquiring)
            if t == 0 { return nil }
            if t == tag {
                let entry = UnsafePointer<Entry>(bitPattern: UInt(slots[2 * i + 1].load(ordering: .relaxed)))!
                if entry.pointee.key == key { return entry }
            }
            i = (i + 1) & mask
        }
    }

    /// Adds the entry unless another thread did first; the index is replaced at half full.
    private func insert(_ key: MemoKey<words>, _ hash: UInt64, _ value: Value) -> UnsafePointer<Entry> {
        writer.withLock { w in
            if let known = find(key, hash) { return known }
            if w.free == 0 {
                w.blocks.append(.allocate(capacity: Self.blockSize))
                w.free = Self.blockSize
            }
            let entry = w.blocks[w.blocks.count - 1] + (Self.blockSize - w.free)
            entry.initialize(to: (key, value))
            w.free -= 1
            w.count += 1
            var current = index.load(ordering: .relaxed)
            if 2 * w.count > current.load(as: Int.self) + 1 {
                current = Self.grown(current)
                w.indices.append(current)
                index.store(current, ordering: .releasing)
            }
            Self.place(in: current, tag: hash | 1, entry: UnsafeRawPointer(entry))
            return UnsafePointer(entry)
        }
    }

    private static func makeIndex(capacity: Int) -> UnsafeMutableRawPointer {
        let p = UnsafeMutableRawPointer.allocate(byteCount: 8 + 16 * capacity, alignment: 8)
        p.storeBytes(of: capacity - 1, as: Int.self)
        let slots = (p + 8).bindMemory(to: Atomic<UInt64>.self, capacity: 2 * capacity)
        for k in 0..<(2 * capacity) { (slots + k).initialize(to: Atomic(0)) }
        return p
    }

    /// A copy of `index` twice as large (not yet published: no reader sees it filling).
    private static func grown(_ index: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
        let mask = index.load(as: Int.self)
        let slots = (index + 8).assumingMemoryBound(to: Atomic<UInt64>.self)
        let larger = makeIndex(capacity: 2 * (mask + 1))
        for i in 0...mask {
            let tag = slots[2 * i].load(ordering: .relaxed)
            guard tag != 0 else { continue }
            let entry = UnsafeRawPointer(bitPattern: UInt(slots[2 * i + 1].load(ordering: .relaxed)))!
            place(in: larger, tag: tag, entry: entry)
        }
        return larger
    }

    /// Writes the entry's address, then publishes its tag (a reader that sees the tag sees both).
    private static func place(in index: UnsafeMutableRawPointer, tag: UInt64, entry: UnsafeRawPointer) {
        let mask = index.load(as: Int.self)
        let slots = (index + 8).assumingMemoryBound(to: Atomic<UInt64>.self)
        var i = Int(truncatingIfNeeded: tag >> 8) & mask
        while slots[2 * i].load(ordering: .relaxed) != 0 { i = (i + 1) & mask }
        slots[2 * i + 1].store(UInt64(UInt(bitPattern: entry)), ordering: .relaxed)
        slots[2 * i].store(tag, ordering: .releasing)
    }
}
