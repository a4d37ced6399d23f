import Synchronization
import Testing
@testable import Explorer

@Suite struct SuccessorFilterTests {
    @Test("inserting hands out a key once, and keeps outside the partition's share out")
    func inserting() throws {
        let visited = VisitedShards(count: 1)
        var filter = SuccessorFilter.inserting(into: visited, admit: nil)
        let first = filter.keeps(5), again = filter.keeps(5)
        #expect(first && !again)
        #expect(visited.contains(5))
        let part = try #require(SearchPartition(part: 1, parts: 2, level: 1))
        let theirs = try #require((1...64).map(UInt64.init).first { !part.owns($0) })
        var split = SuccessorFilter.inserting(into: VisitedShards(count: 1), admit: part)
        let kept = split.keeps(theirs)
        #expect(!kept)
    }

    @Test("read only: a visited key and one handed out just before are dropped, nothing is inserted")
    func unvisited() {
        let visited = VisitedShards(count: 1)
        _ = visited.insert(7)
        var filter = SuccessorFilter.unvisited(visited, recent: RecentKeys())
        let seen = filter.keeps(7), new = filter.keeps(8), recent = filter.keeps(8)
        #expect(!seen && new && !recent)
        #expect(!visited.contains(8))
        var all = SuccessorFilter.all
        let once = all.keeps(7), twice = all.keeps(7)
        #expect(once && twice)
    }

    @Test("at the bound nothing is handed out, and a key not visited is noted")
    func beyondBound() {
        let visited = VisitedShards(count: 1)
        _ = visited.insert(7)
        var filter = SuccessorFilter.beyondBound(visited)
        let seen = filter.keeps(7)
        #expect(!seen && !filter.sawUnvisited)
        let new = filter.keeps(9)
        #expect(!new && filter.sawUnvisited)
    }

    @Test("the sequential search packs each new state once, however many states reach it")
    func packsOnce() {
        let grid = PackedGrid()
        let report = BreadthFirstSearch(grid, options: SearchOptions(threads: 1)).run()
        #expect(report.distinctStates == 30 * 30)
        // A state off the two edges is reached twice (from its left and its lower neighbour), often
        // in one batch: packed only for the first, as the visited set keeps only the first.
        let packs = grid.packs.count.withLock { $0 }
        #expect(packs == report.distinctStates)
    }
}

/// A 30 × 30 grid walked right and up, kept packed; counts its packings.
private struct PackedGrid: PackedModel {
    final class Packs: Sendable {
        let count = Mutex(0)
    }
    let packs = Packs()

    struct State: Hashable, Codable, Sendable {
        var x: Int
        var y: Int
    }
    typealias Action = String
    typealias Stored = UInt16

    var name: String { "packed-grid" }
    func initialStates() -> [State] { [State(x: 0, y: 0)] }
    func actions(in s: State) -> [Action] { ["right", "up"] }
    func next(_ s: State, _ a: Action) -> State? {
        let n = a == "right" ? State(x: s.x + 1, y: s.y) : State(x: s.x, y: s.y + 1)
        return n.x < 30 && n.y < 30 ? n : nil
    }
    func kind(of a: Action) -> ActionKind { .system }
    var properties: [Property<PackedGrid>] { [] }
    func fingerprint(of s: State) -> UInt64 { Fingerprint.mix(UInt64(s.x * 100 + s.y + 1)) }
    func stored(_ s: State) -> UInt16 {
        packs.count.withLock { $0 += 1 }
        return UInt16(s.x * 100 + s.y)
    }
    func loaded(_ p: UInt16) -> State { State(x: Int(p) / 100, y: Int(p) % 100) }
}

/// The same 12 × 12 grid walk twice: kept as it is (the sequential search defers its inserts, a
/// few states' successors at a time) and packed (each successor inserted as it is reached).
@Suite struct DeferredInsertTests {
    @Test("deferring the inserts finds the same states, steps and traces as inserting as they come")
    func sameAsInserting() {
        for threads in [1, 2] {
            let plain = BreadthFirstSearch(PlainGrid(), options: SearchOptions(threads: threads)).run()
            let packed = BreadthFirstSearch(PackedGridWalk(), options: SearchOptions(threads: threads)).run()
            #expect(plain.distinctStates == 144 && packed.distinctStates == 144)
            #expect(plain.transitions == packed.transitions)
            #expect(plain.depthReached == packed.depthReached)
            #expect(plain.verdicts.map(\.witness?.steps) == packed.verdicts.map(\.witness?.steps))
            let violations = plain.verdicts.map { verdict -> [String]? in
                if case .violated(let trace) = verdict.outcome { return trace.steps } else { return nil }
            }
            let packedViolations = packed.verdicts.map { verdict -> [String]? in
                if case .violated(let trace) = verdict.outcome { return trace.steps } else { return nil }
            }
            #expect(violations == packedViolations && violations.contains { $0 != nil })
        }
    }
}

/// A grid walk whose steps go right, up, or diagonally (so a state is reached from up to three
/// parents, often among one group's successors); which parent is kept shows in the traces.
private protocol GridWalk: Model where State == GridWalkState, Action == String {}

struct GridWalkState: Hashable, Codable, Sendable {
    var x: Int
    var y: Int
}

extension GridWalk {
    var name: String { "grid-walk" }
    func initialStates() -> [State] { [State(x: 0, y: 0)] }
    func actions(in s: State) -> [Action] { ["up", "diagonal", "right"] }
    func next(_ s: State, _ a: Action) -> State? {
        let n = State(x: s.x + (a == "up" ? 0 : 1), y: s.y + (a == "right" ? 0 : 1))
        return n.x < 12 && n.y < 12 ? n : nil
    }
    func kind(of a: Action) -> ActionKind { .system }
    var properties: [Property<Self>] {
        [
            .always("off the far corner") { _, s in !(s.x == 11 && s.y >= 9) },
            .sometimes("on the diagonal's end") { _, s in s.x == 10 && s.y == 10 },
        ]
    }
    func fingerprint(of s: State) -> UInt64 { Fingerprint.mix(UInt64(s.x * 100 + s.y + 1)) }
}

private struct PlainGrid: GridWalk {}

private struct PackedGridWalk: GridWalk, PackedModel {
    /// Named: beside `GridWalk`, inference keeps `Model`'s plain default (and the walk went unpacked).
    typealias Storage = PackedStorage<PackedGridWalk>
    typealias Stored = UInt16
    func stored(_ s: State) -> UInt16 { UInt16(s.x * 100 + s.y) }
    func loaded(_ p: UInt16) -> State { State(x: Int(p) / 100, y: Int(p) % 100) }
}
