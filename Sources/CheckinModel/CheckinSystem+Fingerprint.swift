import Explorer
import Widgets

extension CheckinSystem {
    /// Packs the state into words (entries as goal and day indices), so the search hashes
    /// integers instead of the JSON encoding.
    public func fingerprint(of s: CheckinState) -> UInt64 {
        var w: [UInt64] = [UInt64(s.day), UInt64(s.snapshotDay), UInt64(s.token), UInt64(s.serverToken)]
        w.append(s.checked.enumerated().reduce(UInt64(s.tapTimeArmed ? 1 : 0) << 8) { $0 | (($1.element ? 1 : 0) << UInt64($1.offset)) })
        func list(_ tag: UInt64, _ l: [PendingCheckin]) {
            w.append(tag << 32 | UInt64(l.count))
            for e in l { w.append(code(e)) }
        }
        list(1, s.queue.entries)
        list(2, s.taps.map(\.entry))
        for (p, run) in s.runs.enumerated() {
            guard let run else { continue }
            w.append(UInt64(3 + p) << 32)
            list(5, run.toPost)
            list(6, run.sent)
        }
        if let app = s.app {
            w.append(7 << 32 | (app.drained ? 1 : 0))
            switch app.drain {
            case nil: w.append(8 << 32)
            case .read(let l): list(9, l)
            case .returned(let l): list(10, l)
            case .flushing(let l): list(11, l)
            }
        }
        w.append(12 << 32 | (s.store.hydrated ? 1 : 0))
        list(13, s.store.queue)
        list(14, s.store.persisted)
        w.append(15 << 32 | UInt64(s.completions.count))
        for c in s.completions {
            w.append(UInt64(c.goal) << 48 | UInt64(c.creditedDay) << 32 | UInt64(c.tapDay) << 16 | UInt64(c.deliveredDay))
        }
        list(16, s.tapped)
        list(17, s.lost.map(\.entry))
        for l in s.lost { w.append(UInt64(Self.lossCauses.firstIndex(of: l.cause) ?? 99)) }
        list(18, s.rejectedVisible)
        list(19, s.silentlyDropped)
        list(20, s.failedOnce)
        w.append(21 << 32 | UInt64(s.deadTokens.count))
        for d in s.deadTokens { w.append(UInt64(d)) }
        w.append((s.postedWithDeadToken ? 1 : 0) | (s.retriedDelivered ? 2 : 0))
        return Fingerprint.combine(w)
    }

    func code(_ e: PendingCheckin) -> UInt64 { UInt64(goal(of: e) + 1) << 16 | UInt64(day(of: e.localDate) + 1) }
}
