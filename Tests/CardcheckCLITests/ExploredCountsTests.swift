import Foundation
import Testing
@testable import CardcheckCLI
@testable import FleetModel

/// What `cardcheck check` explores, pinned for every committed configuration: distinct states,
/// transitions and depth, with and without `--symmetry` where the configuration has
/// interchangeable actors, each run on one thread under the cut its pin names (`--max-states`
/// stops at a level-independent 1,024-state batch boundary, so the cut is deterministic). Any
/// change to a model, the codec or the symmetry that changes what is explored fails here; one
/// meant is written back with `CARDCHECK_WRITE_PINS=1 swift test --filter ExploredCounts`
/// (Docs/testing.md).
@Suite("ExploredCounts", .serialized)
struct ExploredCountsTests {
    static let path = "Tests/Pins/explored-counts.json"
    static let format = "cardcheck-explored-counts"
    static let regenerate = "CARDCHECK_WRITE_PINS=1 swift test --filter ExploredCounts"
    /// The cut given to a configuration with no pin yet (about 10 s of one debug-build core for
    /// the fleet model); an existing pin keeps its own.
    static let defaultCut = 20_000

    struct Pin: Codable, Equatable, CustomStringConvertible {
        var configuration: String
        var symmetry: Bool
        /// `--max-states`; nil: the whole space (small configurations).
        var maxStates: Int?
        var distinctStates: Int
        var transitions: Int
        var depth: Int
        var exhaustive: Bool

        var arguments: [String] {
            ["check", "Models/\(configuration).json", "--threads", "1"] + (maxStates.map { ["--max-states", "\($0)"] } ?? [])
                + (symmetry ? ["--symmetry"] : [])
        }
        var run: String { "cardcheck " + arguments.joined(separator: " ") }
        var description: String {
            "\(run): \(distinctStates) states, \(transitions) transitions, depth \(depth)"
                + (exhaustive ? ", exhaustive" : ", cut")
        }
    }

    struct File: Codable, Equatable {
        var format: String
        var version: Int
        var regenerate: String
        var pins: [Pin]
    }

    /// Every `Models/*.json` that names a model (not the CI plan, not the baseline), sorted.
    static func configurations() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "Models").filter { $0.hasSuffix(".json") }.sorted()
            .filter { name in
                let data = try Data(contentsOf: URL(fileURLWithPath: "Models/" + name))
                let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
                return object?["model"] is String
            }
            .map { String($0.dropLast(5)) }
    }

    /// Whether `--symmetry` has actors to reduce: phones of one APNs environment, or alike
    /// sessions (the only model with a symmetry is the fleet card's).
    static func interchangeable(_ configuration: String) throws -> Bool {
        let data = try Data(contentsOf: URL(fileURLWithPath: "Models/\(configuration).json"))
        guard (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["model"] as? String == "fleet-card" else {
            return false
        }
        let parts = FleetSystem(config: try FleetConfig.load(path: "Models/\(configuration).json")).parts
        return parts.phonePermutations.count > 1 || parts.sessionPermutations.count > 1
    }

    /// Runs `cardcheck check` as a user would and reads its first report line.
    static func measure(_ pin: Pin) throws -> Pin {
        let captured = CapturedConsole()
        let code = CardcheckCommand.run(pin.arguments, console: captured.console)
        let pattern = /: ([0-9,]+) distinct states, ([0-9,]+) transitions, depth ([0-9]+), (exhaustive|NOT exhaustive)/
        guard [0, 1, 3].contains(code), let line = captured.out.first(where: { $0.contains(pattern) }),
            let m = line.firstMatch(of: pattern)
        else { throw PinError("\(pin.run): exit \(code), no report line: \(captured.err.prefix(3))") }
        func int(_ s: Substring) -> Int { Int(s.filter { $0 != "," }) ?? -1 }
        var out = pin
        out.distinctStates = int(m.1)
        out.transitions = int(m.2)
        out.depth = int(m.3)
        out.exhaustive = m.4 == "exhaustive"
        return out
    }

    /// The runs the pins must cover: each configuration, and again with `--symmetry` where it
    /// reduces; the cut of an existing pin is kept, a new one gets `defaultCut`.
    static func expectedRuns(keeping old: [Pin]) throws -> [Pin] {
        try configurations().flatMap { c in
            try ([false] + (interchangeable(c) ? [true] : [])).map { symmetry in
                let kept = old.first { $0.configuration == c && $0.symmetry == symmetry }
                return Pin(configuration: c, symmetry: symmetry, maxStates: kept?.maxStates ?? (kept == nil ? defaultCut : nil),
                           distinctStates: 0, transitions: 0, depth: 0, exhaustive: false)
            }
        }
    }

    static func encoded(_ file: File) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(file) + Data("\n".utf8)
    }

    @Test("every configuration explores the pinned distinct states, transitions and depth, with and without --symmetry")
    func pinned() throws {
        let committed = try JSONDecoder().decode(File.self, from: Data(contentsOf: URL(fileURLWithPath: Self.path)))
        #expect(committed.format == Self.format && committed.version == 1 && committed.regenerate == Self.regenerate)
        let measured = try Self.expectedRuns(keeping: committed.pins).map(Self.measure)
        if ProcessInfo.processInfo.environment["CARDCHECK_WRITE_PINS"] == "1" {
            let file = File(format: Self.format, version: 1, regenerate: Self.regenerate, pins: measured)
            try Self.encoded(file).write(to: URL(fileURLWithPath: Self.path))
            return
        }
        let changed = measured.filter { !committed.pins.contains($0) }.map { "now \($0)" }
        let gone = committed.pins.filter { !measured.contains($0) }.map { "pinned \($0)" }
        #expect(changed.isEmpty && gone.isEmpty,
                "explored counts differ from \(Self.path) (if meant: \(Self.regenerate)):\n\((gone + changed).joined(separator: "\n"))")
        #expect(measured.contains { $0.exhaustive } && measured.contains { !$0.exhaustive && $0.maxStates != nil })
    }
}

struct PinError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
