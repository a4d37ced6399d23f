import Foundation
import Testing
@testable import Explorer
@testable import FleetModel

/// The distributed search on the fleet, its ranks threads of one process (`ThreadFabric`), in
/// rounds of 4 states: many rounds a level, so a peer's step to a key often arrives before
/// this rank's own lesser one (the mpirun tests' worlds fill a level in one round). Every rank
/// count gives the single process's report; one rank alone fills its levels as the single
/// process does, its successors inserted as they are reached (`DistributedRun.expandAlone`).
@Suite("FleetDistributed")
struct FleetDistributedTests {
    static func lines(_ report: SearchReport<FleetSystem>) -> [String] {
        report.lines().filter { !$0.hasPrefix("time ") }
    }

    @Test("1, 2 and 4 ranks in rounds of 4 states give the single process's report, each state expanded once",
          arguments: [1, 2, 4])
    func sameReport(_ ranks: Int) {
        let model = Fixture.restartsAndDrops
        var options = SearchOptions(threads: 1)
        options.depthBound = 7
        let single = BreadthFirstSearch(model, options: options).run()
        options.roundStates = 1
        let shared = ThreadFabric.Shared(size: ranks)
        let distributed = options
        let reports = ThreadFabric.run(shared) { fabric in DistributedSearch(model, options: distributed, fabric: fabric).run() }
        #expect(single.distinctStates > 500)
        for (rank, report) in reports.enumerated() {
            #expect(Self.lines(report.search) == Self.lines(single), "rank \(rank) of \(ranks)")
            #expect(report.expansions == single.distinctStates)
            #expect(report.workOverhead == 1)
        }
    }

    /// Every node's (id, parent, action) over the ranks of a run, in id order.
    static func links(_ ranks: Int, _ options: SearchOptions) -> [[UInt64]] { run(ranks, options).links }

    /// The links and every rank's report lines of a run whose first node id is `idBase`.
    static func run(_ ranks: Int, _ options: SearchOptions, idBase: Int = 0) -> (links: [[UInt64]], lines: [[String]]) {
        let model = Fixture.restartsAndDrops
        let shared = ThreadFabric.Shared(size: ranks)
        let each = ThreadFabric.run(shared) { fabric -> ([[UInt64]], [String]) in
            var run = DistributedRun(search: DistributedSearch(model, options: options, fabric: fabric))
            run.idBase = idBase
            let report = run.run()
            return ((0..<run.nodeIDs.count).map { [run.nodeIDs[$0], run.parents[$0], UInt64(run.actionIndices[$0])] }, Self.lines(report.search))
        }
        return (each.flatMap(\.0).sorted { $0[0] < $1[0] }, each.map(\.1))
    }

    @Test("a rank that fills its 32-bit visited-set places (lowered to 300 by a test's hook) stops the job, every rank saying so")
    func placesFull() {
        var options = SearchOptions(threads: 1)
        options.depthBound = 7
        options.roundStates = 1
        let model = Fixture.restartsAndDrops, bounded = options
        let reports = ThreadFabric.run(ThreadFabric.Shared(size: 2)) { fabric in
            var run = DistributedRun(search: DistributedSearch(model, options: bounded, fabric: fabric))
            run.placeCap = 300
            return run.run()
        }
        for report in reports {
            #expect(report.search.stopReason == .stateLimit && !report.search.exhaustive)
            #expect(report.search.stopReasonText
                == "state limit reached: a rank held 300 keys, as many as a rank's 32-bit visited-set places number")
            #expect(report.search.distinctStates < 2_998)
        }
        #expect(Self.lines(reports[0].search) == Self.lines(reports[1].search))
    }

    @Test("node ids past 2^32 (the first id at 2^32 + 7, a test's hook) cross the wire, number, link and walk back as small ones do",
          arguments: [1, 2])
    func idsPast32Bits(_ ranks: Int) {
        var options = SearchOptions(threads: 1)
        options.depthBound = 7
        options.roundStates = 1
        let base = (1 << 32) + 7
        let small = Self.run(ranks, options)
        let wide = Self.run(ranks, options, idBase: base)
        #expect(small.links.count > 500)
        // Every id and parent shifted by the base (the root stays the root), every report the same.
        let shifted = small.links.map { [$0[0] + UInt64(base), $0[1] == NodeIDs.root ? $0[1] : $0[1] + UInt64(base), $0[2]] }
        #expect(wide.links == shifted)
        #expect(wide.lines == small.lines)
        // The world's paths and counterexamples were rebuilt (a finding's path walked back).
        #expect(small.lines[0].contains { $0.contains("1. ") })
    }

    @Test("2 and 4 ranks in rounds of 4 states give every state the parent and action one rank gives it",
          arguments: [2, 4])
    func sameLinks(_ ranks: Int) {
        // The report shows a state's step only on a printed path; the links show every one (a
        // rank keeping a peer's step where its own lesser one reached the key later is caught here).
        var options = SearchOptions(threads: 1)
        options.depthBound = 7
        options.roundStates = 1
        let alone = Self.links(1, options)
        #expect(alone.count > 500)
        #expect(Self.links(ranks, options) == alone)
    }
}

/// Ranks as threads of one process: each collective waits at a barrier for every rank.
struct ThreadFabric: RankFabric {
    final class Shared: @unchecked Sendable {
        let size: Int
        let condition = NSCondition()
        var arrived = 0
        var generation = 0
        var batches: [[[UInt8]]]
        var values: [[UInt64]]

        init(size: Int) {
            self.size = size
            batches = Array(repeating: [], count: size)
            values = Array(repeating: [], count: size)
        }

        func barrier() {
            condition.lock()
            defer { condition.unlock() }
            let mine = generation
            arrived += 1
            if arrived == size {
                arrived = 0
                generation += 1
                condition.broadcast()
            } else {
                while generation == mine { condition.wait() }
            }
        }
    }

    let shared: Shared
    let rank: Int
    var size: Int { shared.size }

    /// `body` on every rank, each a thread; the results by rank.
    static func run<R: Sendable>(_ shared: Shared, _ body: @escaping @Sendable (ThreadFabric) -> R) -> [R] {
        let results = LockedResults<[R?]>(Array(repeating: nil, count: shared.size))
        let group = DispatchGroup()
        var threads: [Thread] = []
        for r in 0..<shared.size {
            group.enter()
            let thread = Thread {
                let result = body(ThreadFabric(shared: shared, rank: r))
                results.set(r, result)
                group.leave()
            }
            thread.stackSize = 8 << 20
            threads.append(thread)
        }
        for thread in threads { thread.start() }
        group.wait()
        return results.value.compactMap { $0 }
    }

    func exchange(_ outgoing: [[UInt8]]) throws(FabricEnded) -> [[UInt8]] {
        shared.condition.lock()
        shared.batches[rank] = outgoing
        shared.condition.unlock()
        shared.barrier()
        shared.condition.lock()
        let incoming = (0..<size).map { shared.batches[$0][rank] }
        shared.condition.unlock()
        shared.barrier()
        return incoming
    }

    func reduce(_ values: [UInt64], _ operation: FabricReduction) throws(FabricEnded) -> [UInt64] {
        shared.condition.lock()
        shared.values[rank] = values
        shared.condition.unlock()
        shared.barrier()
        shared.condition.lock()
        var result = shared.values[0]
        for other in shared.values.dropFirst() {
            for i in result.indices {
                switch operation {
                case .sum: result[i] &+= other[i]
                case .max: result[i] = Swift.max(result[i], other[i])
                case .min: result[i] = Swift.min(result[i], other[i])
                }
            }
        }
        shared.condition.unlock()
        shared.barrier()
        return result
    }

    func watch(_ stop: StopSignal?) {}
    func finish() {}
    func abandon(_ code: Int32) -> Never { fatalError("a thread rank abandoned the run (\(code))") }
    func lowerRankAnswers(patience: Double) -> Bool { false }
}

/// A value several threads write under a lock.
final class LockedResults<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func set<E>(_ i: Int, _ e: E) where Value == [E?] { lock.withLock { stored[i] = e } }
}
