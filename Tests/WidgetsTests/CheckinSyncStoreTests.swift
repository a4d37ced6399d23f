import Foundation
import PropertyTesting
import Testing
@testable import Widgets

@Suite struct CheckinSyncStoreTests {
    let a = PendingCheckin(goalId: "a", localDate: "2026-03-09")
    let b = PendingCheckin(goalId: "b", localDate: "2026-03-09")

    @Test("the deterministic id dedups a second drain of the same pair; off, it queues twice")
    func dedup() {
        var s = CheckinSyncStore()
        let r1 = s.enqueue(a)
        #expect(r1)
        let r2 = s.enqueue(a)
        #expect(!r2)
        #expect(s.queue == [a])
        s.enqueue(a, dedup: false)
        #expect(s.queue == [a, a])
    }

    @Test("flush persists only once hydrated; unguarded, it overwrites the disk it has not read")
    func hydrationGuard() {
        var s = CheckinSyncStore(disk: [a])
        s.enqueue(b)
        let r3 = s.flush()
        #expect(!r3)
        #expect(s.persisted == [a])
        var unguarded = s
        let r4 = unguarded.flush(hydrationGuard: false)
        #expect(r4)
        #expect(unguarded.persisted == [b])
        s.hydrate()
        #expect(s.queue == [a, b])
        let r5 = s.flush()
        #expect(r5)
        #expect(s.persisted == [a, b])
    }

    @Test("a kill keeps what was persisted and loses the rest")
    func killed() {
        var s = CheckinSyncStore(disk: [])
        s.hydrate()
        s.enqueue(a)
        #expect(s.isDirty)
        #expect(s.killed().persisted.isEmpty)
        s.flush()
        #expect(s.killed().persisted == [a])
        #expect(!s.killed().hydrated)
    }

    @Test("hydrating after an early enqueue keeps both, without repeating an id")
    func hydrateMerges() {
        var s = CheckinSyncStore(disk: [a])
        s.enqueue(a)
        s.enqueue(b)
        s.hydrate()
        #expect(s.queue == [a, b])
    }

    @Test("with the hydration guard on, no flush ever drops an entry the disk held")
    func guardedFlushProperty() {
        let gen = Gen.array(of: Gen.zip(.int(in: 0...3), .int(in: 0...3)), count: 0...20)
        forAll("a guarded flush never drops a persisted entry", gen) { ops, check in
            var s = CheckinSyncStore()
            var durable: Set<PendingCheckin> = []
            for (op, goal) in ops {
                let e = PendingCheckin(goalId: "g\(goal)", localDate: "2026-03-09")
                switch op {
                case 0: s.enqueue(e)
                case 1: s.hydrate()
                case 2: if s.flush() { check.label("flushed") }
                default: s = s.killed()
                }
                try check.expect(durable.isSubset(of: Set(s.persisted + s.queue)), "lost \(durable) from \(s)")
                durable = Set(s.persisted)
            }
        }
    }
}
