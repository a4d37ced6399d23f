import Explorer
import Foundation

/// The summary of a `cardcheck pr` or `cardcheck nightly` run (or of a shard of one, or of
/// shards merged): versioned JSON whose schema is `Schemas/cardcheck-ci-report.schema.json`.
///
/// It holds no wall-clock time and no host name, and its arrays are sorted, so the same runs
/// give the same bytes (`merge` relies on it) but for `cpuMilliseconds`, the one measured part,
/// kept in its own key (`deterministic` drops it) for `plan --timings` to balance shards with.
public struct CIReport: Codable, Sendable, Equatable, ChecksummedJSON {
    public static let format = "cardcheck-ci-report"
    public static let version = 1

    public var format = Self.format
    public var version = Self.version
    /// `pr` or `nightly`.
    public var profile: String
    /// The shards this report covers, `"i/n"`, sorted by i.
    public var shards: [String]
    /// Shards of the same plan with no report among those merged (a shard that crashed).
    public var missingShards: [String] = []
    /// Shards stopped before they finished (a time limit, a signal), with the reason.
    public var cutShort: [ShardStop]?
    /// Jobs sorted by id.
    public var jobs: [JobReport]
    public var baseline: BaselineJudgement
    /// `pass` or `fail`.
    public var result: String

    /// CPU seconds (in milliseconds) each unit of the run took, by unit name (`check fleet-card`,
    /// `check fleet-card part 2/4`); a unit kept from an earlier run of a shard has none.
    public var cpuMilliseconds: [String: Int]?
    /// Set only in the file (`encoded()`), checked and dropped by `load`: a report in memory has none.
    public var checksum: String?

    public var passed: Bool { result == "pass" }

    /// The report without its measured part: what two runs of the same inputs share byte for byte.
    public var deterministic: CIReport {
        var copy = self
        copy.cpuMilliseconds = nil
        return copy
    }

    /// The file's bytes: the canonical bytes with their checksum (`ChecksummedJSON`).
    public func encoded() -> Data { checksummedBytes() }

    /// The canonical bytes: sorted keys, pretty-printed, newline-terminated.
    public func canonicalBytes() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data()
        return data + Data("\n".utf8)
    }

    /// Reads a report written by `encoded()`; anything else is one line naming the file.
    public static func load(path: String) throws -> CIReport {
        guard let data = FileManager.default.contents(atPath: path) else { throw CIError.cannotRead(path) }
        // Strictly first: duplicate keys and trailing commas are named with their JSON path.
        let root = try CIError.parse(data, path: path)
        // A report holds no fractions: one is a number of the wrong kind, named where it is (the
        // decoder would call it corrupted data, with no path).
        if let found = StrictJSON.firstFraction(in: root, path: "$") {
            throw CIError.bad(path, "\(found.path): expected an integer, got \(found.value)")
        }
        let report: CIReport
        do {
            report = try JSONDecoder().decode(CIReport.self, from: data)
        } catch {
            throw CIError.bad(path, "not a cardcheck CI report (\(Self.describe(error)))")
        }
        guard report.format == format, report.version == version else {
            throw CIError.bad(path, "a \(report.format) version \(report.version) report; this cardcheck reads \(format) version \(version)")
        }
        for (unit, ms) in (report.cpuMilliseconds ?? [:]).sorted(by: { $0.key < $1.key }) where !(0...maxMilliseconds).contains(ms) {
            throw CIError.bad(path, "cpuMilliseconds \"\(unit)\" must be 0...\(maxMilliseconds), got \(ms)")
        }
        for (j, job) in report.jobs.enumerated() {
            for (name, n) in [("walks", job.walks), ("walksAsked", job.walksAsked)] {
                if let n, !(0...maxCount).contains(n) { throw CIError.bad(path, "jobs[\(j)].\(name): must be from 0 to \(maxCount), got \(n)") }
            }
        }
        for (i, stop) in (report.cutShort ?? []).enumerated() where shard(stop.shard) == nil {
            throw CIError.bad(path, "cutShort[\(i)].shard: \"\(StrictJSON.shortened(stop.shard))\" is not i/n with 1 ≤ i ≤ n ≤ \(maxShards)")
        }
        try report.validate(path: path)
        // Last, so a report this cardcheck could not have written is named for what is wrong in it.
        if let problem = report.checksumProblem(of: data) { throw CIError.bad(path, problem) }
        var bare = report
        bare.checksum = nil
        return bare
    }

    /// A year of CPU: more is not a measurement.
    public static let maxMilliseconds = 366 * 86_400 * 1000

    static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "does not decode" }
        switch error {
        case .keyNotFound(let key, _): return "missing key \"\(key.stringValue)\""
        case .typeMismatch(_, let c), .valueNotFound(_, let c):
            return "\"\(c.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type"
        case .dataCorrupted: return "not valid JSON"
        @unknown default: return "does not decode"
        }
    }
}

/// One job of a run: a configuration checked (whole, or some parts of it), one guard's mutant,
/// or a seeded simulation past the bound.
public struct JobReport: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable { case check, mutant, simulate }
    public enum Status: String, Codable, Sendable { case pass, fail, partial }

    /// `check fleet-card`, `mutant fleet-card dedupe`, `simulate flag-mutex`.
    public var id: String
    public var kind: Kind
    /// The configuration file's stem.
    public var configuration: String
    public var model: String
    /// The guard switched off, for a mutant.
    public var guardName: String?
    /// For a mutant tried in several worlds (`worlds` in Models/ci.json): the configuration
    /// whose run decided it (the first that killed the guard, else the last tried).
    public var world: String?
    /// Parts the configuration's state space is split into (1: whole), and the parts this
    /// report holds (1-based, sorted).
    public var parts: Int
    public var partsDone: [Int]
    /// The level whose states are partitioned among the parts.
    public var splitLevel: Int?
    /// The simulation's seed, in hex.
    public var seed: String?
    /// For a simulation: the walks run and the walks asked for (a random walk is never exhaustive).
    public var walks: Int?
    public var walksAsked: Int?
    public var exhaustive: Bool
    public var stopReason: String
    /// Summed over parts: a state below the split level reached from two parts counts twice.
    public var distinctStates: Int
    public var transitions: Int
    public var depthReached: Int
    /// For a check (for a mutant, its guard-off run): the states not judged at quiescence because
    /// a bound of the model refused a system step (summed over parts); absent when there are none.
    public var boundCut: BoundCut?
    /// Properties in the model's order.
    public var properties: [PropertyReport]
    public var status: Status
    /// Why the job failed or is partial.
    public var detail: String?

    enum CodingKeys: String, CodingKey {
        case id, kind, configuration, model, guardName = "guard", world, parts, partsDone, splitLevel, seed, walks, walksAsked, exhaustive
        case stopReason, distinctStates, transitions, depthReached, boundCut, properties, status, detail
    }

    public init(
        kind: Kind, configuration: String, model: String, guardName: String? = nil, parts: Int = 1,
        partsDone: [Int] = [1], splitLevel: Int? = nil, seed: String? = nil, exhaustive: Bool, stopReason: String,
        distinctStates: Int, transitions: Int, depthReached: Int, properties: [PropertyReport]
    ) {
        id = Self.id(kind, configuration, guardName)
        self.kind = kind
        self.configuration = configuration
        self.model = model
        self.guardName = guardName
        self.parts = parts
        self.partsDone = partsDone
        self.splitLevel = splitLevel
        self.seed = seed
        self.exhaustive = exhaustive
        self.stopReason = stopReason
        self.distinctStates = distinctStates
        self.transitions = transitions
        self.depthReached = depthReached
        self.properties = properties
        status = .partial
    }

    public static func id(_ kind: Kind, _ configuration: String, _ guardName: String?) -> String {
        [kind.rawValue, configuration, guardName].compactMap { $0 }.joined(separator: " ")
    }

    public var complete: Bool { partsDone == Array(1...max(parts, 1)) }

    /// The search covered its bounds, or the simulation ran every walk asked: nothing cut it short.
    public var finished: Bool { kind == .simulate ? (walks ?? 0) >= (walksAsked ?? 1) : exhaustive }

    /// The violated properties.
    public var violated: [PropertyReport] { properties.filter { $0.verdict == .violated } }
}

/// A shard stopped before it finished, and why ("time limit reached", "interrupted (SIGTERM)").
public struct ShardStop: Codable, Sendable, Equatable {
    public var shard: String
    public var reason: String

    public init(shard: String, reason: String) {
        self.shard = shard
        self.reason = reason
    }
}

/// One property's verdict in one job.
public struct PropertyReport: Codable, Sendable, Equatable {
    public enum Verdict: String, Codable, Sendable { case holds, violated, unreached }

    public var name: String
    /// `always`, `transition`, `atQuiescence` or `sometimes`.
    public var kind: String
    public var verdict: Verdict
    /// Length of the counterexample (violated) or witness (reached `sometimes`).
    public var steps: Int?
    /// Where the counterexample's story was written, relative to the run's output directory.
    public var story: String?
    /// For a violation: whether the baseline accepts it.
    public var accepted: Bool?

    public init(name: String, kind: String, verdict: Verdict, steps: Int? = nil, story: String? = nil) {
        self.name = name
        self.kind = kind
        self.verdict = verdict
        self.steps = steps
        self.story = story
    }
}

/// The run against the accepted-findings baseline.
public struct BaselineJudgement: Codable, Sendable, Equatable {
    /// Violations the baseline accepts.
    public var accepted: Int
    /// Violations not in the baseline.
    public var new: [FindingRef]
    /// Baseline entries of configurations checked here whose violation no longer appears.
    public var gone: [FindingRef]

    public var changed: Bool { !new.isEmpty || !gone.isEmpty }
}

/// A finding named by configuration and property (and the story of its counterexample).
public struct FindingRef: Codable, Sendable, Equatable, Comparable {
    public var configuration: String
    public var property: String
    public var story: String?

    public static func < (a: FindingRef, b: FindingRef) -> Bool {
        (a.configuration, a.property) < (b.configuration, b.property)
    }
}
