import Foundation

/// A profile's jobs cut into units and dealt to shards: the same profiles and shard count give
/// the same plan on every machine, so each shard recomputes its own share.
public struct CIPlan: Codable, Sendable, Equatable {
    public static let format = "cardcheck-ci-plan"

    /// One unit of work: a check (or one part of a split one), one guard's mutant, or a simulation.
    public struct Unit: Codable, Sendable, Equatable {
        /// 1-based.
        public var shard: Int
        public var kind: JobReport.Kind
        public var configuration: String
        public var guardName: String?
        /// For a mutant: the configurations tried after `configuration`, in order, until one
        /// kills the guard (nil: none).
        public var worlds: [String]?
        public var part: Int
        public var parts: Int
        public var splitLevel: Int?
        public var depth: Int?
        public var walks: Int?
        public var weight: Int

        enum CodingKeys: String, CodingKey {
            case shard, kind, configuration, guardName = "guard", worlds, part, parts, splitLevel, depth, walks, weight
        }

        /// The whole check of `configuration`, alone: what `check --out` reports as one job.
        public static func check(_ configuration: String) -> Unit {
            Unit(shard: 1, kind: .check, configuration: configuration, guardName: nil, worlds: nil, part: 1, parts: 1,
                 splitLevel: nil, depth: nil, walks: nil, weight: 1)
        }

        /// `check fleet-card part 2/4`, `mutant checkin dedupe`: the key of its CPU time in a report.
        public var name: String {
            JobReport.id(kind, configuration, guardName) + (parts > 1 ? " part \(part)/\(parts)" : "")
        }
    }

    public var format = Self.format
    public var version = 1
    public var profile: String
    public var shards: Int
    public var units: [Unit]

    /// Deals `profile`'s units to `shards` shards: heaviest first, each to the least-loaded shard
    /// (the lowest index on a tie). `guards` names the mutants of a configuration. A unit's weight
    /// is its CPU seconds in `timings` (a previous report's `cpuMilliseconds`, by unit name) when
    /// there, else the profile's weight (CPU seconds as measured when it was set).
    public init(
        profile name: String, _ profile: CIProfiles.Profile, shards: Int, timings: [String: Int]? = nil,
        guards: (String) throws -> [String]
    ) rethrows {
        var units: [Unit] = []
        for c in profile.checks {
            for part in 1...c.parts {
                units.append(Unit(shard: 0, kind: .check, configuration: c.configuration, guardName: nil, worlds: nil, part: part,
                                  parts: c.parts, splitLevel: c.parts > 1 ? c.splitLevel : nil, depth: nil, walks: nil,
                                  weight: max(1, c.weight / c.parts)))
            }
        }
        for m in profile.mutants {
            for g in try guards(m.configuration) {
                units.append(Unit(shard: 0, kind: .mutant, configuration: m.configuration, guardName: g,
                                  worlds: m.worlds.isEmpty ? nil : m.worlds, part: 1, parts: 1,
                                  splitLevel: nil, depth: nil, walks: nil, weight: m.weight))
            }
        }
        // A simulation's replicas, and identical entries, are the parts of one job (a swarm): each
        // its own seed (`CIStories.seed` mixes the part in), merged as a split check's parts are.
        var swarms: [(simulation: CIProfiles.Simulate, replicas: Int)] = []
        for s in profile.simulations {
            if let i = swarms.firstIndex(where: { $0.simulation.configuration == s.configuration
                && $0.simulation.depth == s.depth && $0.simulation.walks == s.walks }) {
                swarms[i].replicas += s.replicas
            } else {
                swarms.append((s, s.replicas))
            }
        }
        for (s, n) in swarms {
            for k in 1...n {
                units.append(Unit(shard: 0, kind: .simulate, configuration: s.configuration, guardName: nil, worlds: nil, part: k,
                                  parts: n, splitLevel: nil, depth: s.depth, walks: s.walks, weight: s.weight))
            }
        }
        if let timings {
            for i in units.indices {
                if let ms = timings[units[i].name] { units[i].weight = max(1, (ms + 999) / 1000) }
            }
        }
        // A stable sort: equal weights keep the profile's order.
        let order = units.indices.sorted { a, b in
            units[a].weight != units[b].weight ? units[a].weight > units[b].weight : a < b
        }
        var load = Array(repeating: 0, count: max(shards, 1))
        for i in order {
            let k = load.indices.min { load[$0] != load[$1] ? load[$0] < load[$1] : $0 < $1 } ?? 0
            units[i].shard = k + 1
            load[k] += units[i].weight
        }
        self.profile = name
        self.shards = max(shards, 1)
        self.units = units
    }

    /// The units of shard `index` (1-based), in plan order.
    public func units(ofShard index: Int) -> [Unit] { units.filter { $0.shard == index } }

    /// The plan as JSON (sorted keys, one document).
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)) ?? Data()) + Data("\n".utf8)
    }

    /// The matrix a CI engine expands into one job per shard: `{"shard":["1/4",...]}` on one line.
    public var matrix: String {
        "{\"shard\":[" + (1...shards).map { "\"\($0)/\(shards)\"" }.joined(separator: ",") + "]}"
    }
}
