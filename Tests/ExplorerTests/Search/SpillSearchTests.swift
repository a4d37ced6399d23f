import ClassicModels
import Foundation
import Testing
@testable import Explorer

/// A fan whose states are arrays (references inside, so its levels spill as JSON, not as raw
/// bytes): `[]` has `width` successors `[i]`, each of which has one successor `[i, i]`.
struct ArrayFan: Model {
    var width = 9 * 1024
    typealias State = [Int]
    typealias Action = Int
    var name: String { "array-fan" }
    func initialStates() -> [State] { [[]] }
    func actions(in s: State) -> [Action] { s.isEmpty ? Array(1...width) : s.count == 1 ? [s[0]] : [] }
    func next(_ s: State, _ a: Action) -> State? { s + [a] }
    func kind(of a: Action) -> ActionKind { .system }
    var properties: [Property<ArrayFan>] { [.always("no pair past 9,000") { _, s in s.count < 2 || s[0] <= 9_000 }] }
}

/// `Fan`, with a goal every level-2 state reaches: its witness (not minimized, unlike a
/// counterexample) is the first state of level 2 in frontier order, so a level read back out
/// of order reports another one.
struct OrderedFan: Model {
    var fan = Fan(width: 9 * 1024)
    typealias State = Int
    typealias Action = Int
    var name: String { "ordered-fan" }
    func initialStates() -> [State] { fan.initialStates() }
    func actions(in s: State) -> [Action] { fan.actions(in: s) }
    func next(_ s: State, _ a: Action) -> State? { fan.next(s, a) }
    func kind(of a: Action) -> ActionKind { .system }
    var properties: [Property<OrderedFan>] { [.sometimes("level 2 reached") { m, s in s > m.fan.width }] }
}

@Suite struct SpillSearchTests {
    /// Everything a report says apart from timing, as comparable text.
    func summary<M: Model>(_ report: SearchReport<M>) -> [String] {
        report.lines() + ["transitions \(report.transitions)"]
            + report.verdicts.map { "\($0.name): \($0.witness?.steps.map(\.description) ?? [])" }
    }

    func spilling(_ threads: Int, after: Int = 0, directory: String = NSTemporaryDirectory()) -> SearchOptions {
        var options = SearchOptions(threads: threads)
        options.roundStates = 1024
        options.spill = SearchSpilling(directory: directory, afterBytes: after)
        return options
    }

    @Test("a search that spills from its first batch gives the in-memory report, with 1 and 2 threads",
          arguments: [1, 2])
    func sameAnswer(threads: Int) throws {
        // Mutex, 8 processes: levels past a 4,096-state chunk, a counterexample; fan: two
        // levels of 17,408; two-phase commit, 6 managers.
        func compare<M: Model>(_ model: M) throws {
            let spilled = BreadthFirstSearch(model, options: spilling(threads)).run()
            let inMemory = BreadthFirstSearch(model, options: SearchOptions(threads: threads)).run()
            #expect(summary(spilled) == summary(inMemory), "\(model.name)")
            let summary = try #require(spilled.spilled, "\(model.name) did not spill")
            #expect(summary.fromDepth == 0)
            #expect(summary.bytesWritten > 0, "\(model.name): no chunk went to disk")
            #expect(spilled.spillProblem == nil)
        }
        try compare(FlagMutex(processes: 8))
        try compare(Fan())
        try compare(TwoPhaseCommit(resourceManagers: 6))
        try compare(OrderedFan())
        let first = BreadthFirstSearch(OrderedFan(), options: spilling(threads)).run()
        #expect(first.verdict("level 2 reached")?.witness?.steps == [1, 1 + 9 * 1024])
    }

    @Test("states holding arrays spill as JSON and read back the same, counterexample included", arguments: [1, 2])
    func jsonStates(threads: Int) throws {
        let spilled = BreadthFirstSearch(ArrayFan(), options: spilling(threads)).run()
        let inMemory = BreadthFirstSearch(ArrayFan(), options: SearchOptions(threads: threads)).run()
        #expect(summary(spilled) == summary(inMemory))
        #expect(inMemory.counterexample("no pair past 9,000")?.steps == [9_001, 9_001])
        #expect(try #require(spilled.spilled).bytesWritten > 0)
    }

    @Test("a search that stays under the mark never spills, and says so")
    func underTheMark() {
        let report = BreadthFirstSearch(Fan(), options: spilling(1, after: Int.max)).run()
        #expect(report.spilled == nil)
        #expect(report.exhaustive)
    }

    @Test("a spill directory that cannot take files stops the search with a partial report naming it")
    func unwritable() {
        let report = BreadthFirstSearch(Fan(), options: spilling(1, directory: "/nonexistent-spill-dir")).run()
        #expect(report.stopReason == .spillFailed)
        #expect(!report.exhaustive)
        #expect(report.spillProblem?.hasPrefix("/nonexistent-spill-dir: cannot create the spill file") == true)
    }

    @Test("problem(directory:) names a missing directory, a file, and accepts a writable one")
    func directoryProblems() throws {
        #expect(SearchSpilling.problem(directory: "/nonexistent-spill-dir") == "/nonexistent-spill-dir: no such directory (--spill)")
        let file = NSTemporaryDirectory() + "cardcheck-spill-test-file-\(getpid())"
        #expect(FileManager.default.createFile(atPath: file, contents: Data([1])))
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(SearchSpilling.problem(directory: file) == "\(file): not a directory (--spill)")
        #expect(SearchSpilling.problem(directory: NSTemporaryDirectory()) == nil)
    }
}

@Suite struct SpillFileTests {
    @Test("a spill file never has a name: made unnamed (O_TMPFILE), not named and then unlinked, so no kill leaves one behind")
    func unnamedFromTheStart() throws {
        let dir = NSTemporaryDirectory() + "cardcheck-spill-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = try #require(SpillFile(directory: dir, name: "level"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
        // The kernel names an O_TMPFILE file "/dir/#inode (deleted)"; one opened by name and
        // unlinked keeps that name, "(deleted)" after it.
        let target = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(file.fd)")
        #expect(target.hasPrefix(dir + "/#") && !target.contains(".cardcheck-spill"), "\(target)")
        #expect(file.append([1, 2, 3]).flatMap(file.read) == [1, 2, 3])
    }

    @Test("a chunk written reads back; a place whose checksum does not match is refused and remembered")
    func checksums() throws {
        let file = try #require(SpillFile(directory: NSTemporaryDirectory(), name: "test"))
        let first = try #require(file.append([1, 2, 3]))
        let second = try #require(file.append(Array(repeating: 9, count: 5000)))
        #expect(file.read(second) == Array(repeating: 9, count: 5000))
        #expect(file.read(first) == [1, 2, 3])
        #expect(file.written == 5003)
        let forged = SpillFile.Place(range: first.range, checksum: first.checksum ^ 1)
        #expect(file.read(forged) == nil)
        #expect(file.failure?.hasSuffix("the spill file read back differs from what was written") == true)
        #expect(file.append([4]) == nil)
    }

    @Test("a column that starts spilling part-way writes every full chunk it holds, the last one included when full")
    func columnStartsSpilling() throws {
        let size = ChunkedColumn<UInt32>.chunkSize
        for (n, kept) in [(2 * size + 5, size), (2 * size, 0)] {
            var column = ChunkedColumn<UInt32>()
            for i in 0..<n { column.append(UInt32(i)) }  // filled before the search spills
            let file = try #require(SpillFile(directory: NSTemporaryDirectory(), name: "column-\(n)"))
            column.spill = ColumnSpill(file: file, codec: try #require(ChunkCodec<UInt32>.raw))
            column.spillFullChunks()
            #expect(column.bytes == kept * 4, "\(n) elements")
            for i in n..<(n + 3) { column.append(UInt32(i)) }
            let loaded = column.load(0..<(n + 3))
            #expect(loaded)
            #expect((0..<(n + 3)).allSatisfy { column[$0] == UInt32($0) }, "\(n) elements")
        }
    }

    @Test("a column spilled chunk by chunk reads back in order after load, raw and as JSON")
    func columnRoundTrip() throws {
        let size = ChunkedColumn<UInt32>.chunkSize
        var column = ChunkedColumn<UInt32>()
        let file = try #require(SpillFile(directory: NSTemporaryDirectory(), name: "column"))
        column.spill = ColumnSpill(file: file, codec: try #require(ChunkCodec<UInt32>.raw))
        for i in 0..<(size + 5) { column.append(UInt32(i)) }
        column.spillFullChunks()
        #expect(column.bytes == size * 4)  // the last, partial chunk only
        for i in (size + 5)..<(3 * size + 1) { column.append(UInt32(i)) }  // chunks 1 and 2 fill and go
        #expect(column.bytes == size * 4)
        let loaded = column.load(0..<(3 * size + 1))
        #expect(loaded)
        #expect((0..<(3 * size + 1)).allSatisfy { column[$0] == UInt32($0) })
        #expect(ChunkCodec<[Int]>.raw == nil)
        let json = ChunkCodec<[Int]>.json(ArrayFan())
        #expect(json.decode(json.encode([[1], [2, 3]])) == [[1], [2, 3]])
        #expect(json.decode(Array("{".utf8)) == nil)
    }
}
