import ClassicModels
import Foundation
import PropertyTesting
import Testing
@testable import Explorer

/// A checkpoint is external input: damaged at random (a flipped bit, cut short, two files
/// spliced), it is refused in one line and left on disk, or it resumes into the report the
/// uninterrupted run prints; never a trap, a hang, or a report that differs.
@Suite("CheckpointDamage")
struct CheckpointDamageTests {
    static let model = TwoPhaseCommit(resourceManagers: 4)

    /// The uninterrupted run, and two checkpoints of the same run cut at different points.
    final class Fixture: @unchecked Sendable {
        let scratch = Scratch()
        let whole: [String]
        let transitions: Int
        let first: Data
        let second: Data

        init() throws {
            let report = BreadthFirstSearch(CheckpointDamageTests.model).run()
            whole = report.lines()
            transitions = report.transitions
            first = try Self.checkpoint(stoppingAt: 300, in: scratch.path + "/a")
            second = try Self.checkpoint(stoppingAt: 900, in: scratch.path + "/b")
        }

        static func checkpoint(stoppingAt limit: Int, in path: String) throws -> Data {
            var options = CheckpointDamageTests.options(path)
            options.stateLimit = limit
            _ = BreadthFirstSearch(CheckpointDamageTests.model, options: options).run()
            return try Data(contentsOf: URL(fileURLWithPath: path))
        }
    }

    static func options(_ path: String) -> SearchOptions {
        var options = SearchOptions()
        options.checkpoint = SearchCheckpointing(path: path, interval: 0)
        return options
    }

    /// Writes `bytes` as the checkpoint and judges what the search makes of it.
    static func judge(_ bytes: Data, _ fixture: Fixture, _ check: Check) throws {
        let path = fixture.scratch.path + "/c-\(UUID().uuidString)"
        try bytes.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let search = BreadthFirstSearch(model, options: options(path))
        let refused = search.checkpointError()
        let report = search.run()
        // Refused or not, the report is the uninterrupted run's.
        try check.expect(report.lines() == fixture.whole, "a report that differs: \(report.lines().prefix(2))")
        try check.expect(report.transitions == fixture.transitions, "\(report.transitions) transitions")
        if let refused {
            try check.expect(refused.description.hasPrefix(path + ": ") && !refused.description.contains("\n"), refused.description)
            try check.expect(FileManager.default.fileExists(atPath: path), "a refused checkpoint was deleted")
            try check.expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "a refused checkpoint was changed")
        }
        check.label(refused == nil && report.checkpointRefused == nil ? "resumed" : "refused")
    }

    enum Damage: Int, CaseIterable { case flip, truncate, splice }

    @Test("a checkpoint with a bit flipped, cut short, or spliced from two is refused in one line (and kept) or resumes exactly")
    func damaged() throws {
        let fixture = try Fixture()
        let gen = Gen<(Int, Int, Int)>.zip(.int(in: 0...(Damage.allCases.count - 1)), .int(in: 0...1_000_000), .int(in: 0...7))
        forAll("damaged checkpoints: refused or exact", gen, cover: ["refused"]) { input, check in
            let (d, a, b) = input
            let one = fixture.first, other = fixture.second
            var bytes = one
            switch Damage(rawValue: d) ?? .flip {
            case .flip: bytes[a % bytes.count] ^= UInt8(1 << b)
            case .truncate: bytes = bytes.prefix(a % bytes.count)
            case .splice:
                let cut = a % min(one.count, other.count)
                bytes = b % 2 == 0 ? one.prefix(cut) + other.dropFirst(cut) : other.prefix(cut) + one.dropFirst(cut)
            }
            try Self.judge(bytes, fixture, check)
        }
    }

    @Test("an undamaged checkpoint resumes into the uninterrupted run's report")
    func undamaged() throws {
        let fixture = try Fixture()
        let path = fixture.scratch.path + "/ok"
        try fixture.first.write(to: URL(fileURLWithPath: path))
        let search = BreadthFirstSearch(Self.model, options: Self.options(path))
        #expect(search.checkpointError() == nil)
        let report = search.run()
        #expect(report.checkpointRefused == nil && report.lines() == fixture.whole)
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

extension CheckpointDamageTests {
    /// The checkpoint `fixture.first` decoded, changed by `edit`, and written back with a
    /// correct checksum: damage the checksum cannot see, which the range checks must.
    static func planted(_ fixture: Fixture, _ name: String, _ edit: (inout SearchCheckpoint) -> Void) throws -> String {
        let path = fixture.scratch.path + "/" + name
        try fixture.first.write(to: URL(fileURLWithPath: path))
        var saved = try #require(try SearchCheckpoint.read(path: path, identity: nil, properties: nil))
        edit(&saved)
        try saved.write(path: path)
        return path
    }

    @Test("fields the checksum cannot vouch for are range-checked: a parent past the graph, a cycle, a frontier off its depth",
          arguments: [
            ("parent-past-graph", "is not before it"), ("parent-past-32-bits", "is not before it"), ("parent-cycle", "is not before it"),
            ("late-initial", "initial state at node"), ("frontier-depth", "is not at depth"),
            ("frontier-action", "does not replay"), ("violation-node", "finding at node"),
            ("missing-key", "not among the visited keys"), ("duplicate-key", "a visited key twice"),
          ])
    func plantedDamage(_ name: String, _ expected: String) throws {
        let fixture = try Fixture()
        let path = try Self.planted(fixture, name) { saved in
            let last = saved.parents.count - 1
            switch name {
            case "parent-past-graph": saved.parents[last] = NodeID(saved.parents.count + 10)
            case "parent-past-32-bits": saved.parents[last] = NodeID(1) << 35 | 1
            case "parent-cycle": saved.parents[last] = NodeID(last)
            case "late-initial": saved.parents[last] = SearchGraph.root
            case "frontier-depth": saved.depth += 1
            case "frontier-action": saved.actions[last] = UInt16.max
            case "violation-node": saved.findings.violation[0] = .state(NodeID(saved.parents.count))
            case "missing-key": saved.keys = saved.keys.map { $0 ^ 1 }
            default: saved.keys[1] = saved.keys[0]
            }
        }
        let search = BreadthFirstSearch(Self.model, options: Self.options(path))
        let refused = search.checkpointError()?.description ?? search.run().checkpointRefused
        #expect(refused?.contains(expected) == true, "\(refused ?? "accepted")")
        #expect(refused?.hasPrefix(path + ": a damaged checkpoint (") == true)
        // Refused at resume, the search runs afresh and leaves the file alone.
        let report = search.run()
        #expect(report.lines() == fixture.whole)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("a count past what the search can hold is refused, never converted with a trap")
    func hugeFields() throws {
        let fixture = try Fixture()
        var bytes = [UInt8](fixture.first)
        // The depth (the fourth word) set to 2^63: re-checksummed so only the range check sees it.
        bytes.replaceSubrange(24..<32, with: withUnsafeBytes(of: (UInt64(1) << 63).littleEndian, Array.init))
        let body = bytes.dropLast(8)
        let sum = body.withUnsafeBytes(SearchCheckpoint.checksum)
        let data = Data(body) + withUnsafeBytes(of: sum.littleEndian) { Data($0) }
        let path = fixture.scratch.path + "/huge"
        try data.write(to: URL(fileURLWithPath: path))
        #expect(CheckpointFile.problem(at: path)?.description == "\(path): a damaged checkpoint (depth 9223372036854775808 out of range); remove it to start afresh")
    }

    @Test("a checkpoint of the format before 40-bit parent links is refused as an older cardcheck's, never misread")
    func olderFormat() throws {
        let fixture = try Fixture()
        var bytes = [UInt8](fixture.first)
        // "CCCCKPT2": the same fields, parents as one 32-bit column (root UInt32.max). Checksummed
        // again, so only the magic tells the formats apart.
        bytes.replaceSubrange(0..<8, with: withUnsafeBytes(of: UInt64(0x3254_504B_4343_4343).littleEndian, Array.init))
        let body = bytes.dropLast(8)
        let sum = body.withUnsafeBytes(SearchCheckpoint.checksum)
        let path = fixture.scratch.path + "/v2"
        try (Data(body) + withUnsafeBytes(of: sum.littleEndian) { Data($0) }).write(to: URL(fileURLWithPath: path))
        #expect(CheckpointFile.problem(at: path)?.description == "\(path): a checkpoint of an older cardcheck; remove it to start afresh")
        #expect(CheckpointFile.problem(at: fixture.scratch.path + "/a") == nil)
    }

    @Test("a checkpoint that cannot be written is reported, not silently skipped; no temporary file is left")
    func unwritable() throws {
        let scratch = Scratch()
        let path = scratch.path + "/ckpt"
        // The temporary file's place taken by a folder: every write of the checkpoint fails.
        try FileManager.default.createDirectory(atPath: AtomicFile.temporary(for: path), withIntermediateDirectories: false)
        let report = BreadthFirstSearch(Self.model, options: Self.options(path)).run()
        #expect(report.checkpointProblem == "\(path): cannot write the checkpoint")
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
