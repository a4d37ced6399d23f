/// The slice of the app's offline sync store (`syncStore.ts`) a drained widget check-in goes
/// through: the in-memory queue, its copy on disk, and the `hydrated` flag.
///
/// A cold start has the disk copy only; `hydrate()` loads it. Anything in memory dies with
/// the process (`killed()`); only `persisted` survives.
public struct CheckinSyncStore: Hashable, Codable, Sendable {
    /// The queue `processQueue()` replays, oldest first.
    public private(set) var queue: [PendingCheckin]
    /// What the last persist wrote to disk.
    public private(set) var persisted: [PendingCheckin]
    /// Set once the queue has loaded from disk on store init.
    public private(set) var hydrated: Bool

    /// A store right after process start: nothing loaded yet.
    public init(disk: [PendingCheckin] = []) {
        queue = []
        persisted = disk
        hydrated = false
    }

    /// The store the process finds after a kill: the disk copy, not yet loaded.
    public func killed() -> CheckinSyncStore { CheckinSyncStore(disk: persisted) }

    /// `syncStore.enqueue` under the deterministic id: a second entry with the same
    /// `widget-checkin-…` id is refused (dedup layer 2, when `dedup`). Returns whether it queued.
    @discardableResult
    public mutating func enqueue(_ checkin: PendingCheckin, dedup: Bool = true) -> Bool {
        if dedup && queue.contains(where: { $0.syncId == checkin.syncId }) { return false }
        queue.append(checkin)
        return true
    }

    /// Store init's load: the disk entries first, then any enqueued before the load finished
    /// that the disk did not already hold (same id).
    public mutating func hydrate() {
        let early = queue.filter { e in !persisted.contains { $0.syncId == e.syncId } }
        queue = persisted + early
        hydrated = true
    }

    /// `flush()`: writes the queue to disk, but with `hydrationGuard` only once hydrated (a
    /// flush before the load would overwrite the disk with a queue that has not read it).
    /// Returns whether it wrote.
    @discardableResult
    public mutating func flush(hydrationGuard: Bool = true) -> Bool {
        guard hydrated || !hydrationGuard else { return false }
        persisted = queue
        return true
    }

    /// Whether the disk is behind memory (the store's own persistence has work to do).
    public var isDirty: Bool { hydrated && persisted != queue }

    /// After a replay: drops `checkin` from the queue (memory; disk on the next persist).
    public mutating func remove(_ checkin: PendingCheckin) {
        if let i = queue.firstIndex(of: checkin) { queue.remove(at: i) }
    }
}
