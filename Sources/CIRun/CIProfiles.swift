import Explorer
import Foundation

/// What each CI profile runs (`Models/ci.json`): the configurations a pull request checks and
/// whose mutants it runs, and the nightly matrix (every configuration, split ones in parts, every
/// guard's mutant, seeded simulations past the bound) with the number of shards.
public struct CIProfiles: Sendable, Equatable {
    public static let defaultPath = "Models/ci.json"
    public static let format = "cardcheck-ci-profiles"

    /// An exhaustive check of one configuration, whole or split in `parts` at `splitLevel`.
    public struct Check: Sendable, Equatable {
        public var configuration: String
        public var parts: Int
        public var splitLevel: Int?
        /// Relative cost, for balancing shards.
        public var weight: Int
    }

    /// Every guard mutant of one configuration (the catalog entry names the guards); with
    /// `worlds`, a guard the configuration does not kill is tried in each of them in turn, and
    /// is killed if any kills it.
    public struct Mutants: Sendable, Equatable {
        public var configuration: String
        public var worlds: [String] = []
        public var weight: Int
    }

    /// Seeded random walks past the exhaustive bound.
    public struct Simulate: Sendable, Equatable {
        public var configuration: String
        public var depth: Int
        public var walks: Int
        public var weight: Int
        /// Spin's swarm: the simulation run this many times, each replica a unit of its own
        /// (dealt to any shard) with its own seed, merged into one job. Identical entries add up.
        public var replicas: Int = 1
    }

    public struct Profile: Sendable, Equatable {
        public var checks: [Check]
        public var mutants: [Mutants]
        public var simulations: [Simulate]
        public var shards: Int
    }

    public var pr: Profile
    public var nightly: Profile

    public static func load(path: String) throws -> CIProfiles {
        guard let data = FileManager.default.contents(atPath: path) else { throw CIError.cannotRead(path) }
        let root = try CIError.parse(data, path: path)
        let top = try StrictObject(root, at: "", in: path, keys: ["format", "version", "pr", "nightly"])
        guard try top.string("format") == format else { throw CIError.bad(path, "\"format\" must be \"\(format)\"") }
        guard try top.int("version") == 1 else { throw CIError.bad(path, "\"version\" must be 1") }
        return CIProfiles(
            pr: try profile(top.value("pr"), at: "pr", path: path),
            nightly: try profile(top.value("nightly"), at: "nightly", path: path))
    }

    /// What each number may be: past these a plan would allocate without bound or overflow
    /// its shard loads. Walks and depth are `cardcheck simulate`'s own limits.
    static let partsRange = 1...1000
    static let splitLevelRange = 1...100_000
    static let weightRange = 1...1_000_000
    static let depthRange = 1...1_000_000
    static let walksRange = 1...1_000_000_000
    static let shardsRange = 1...1000

    /// A configuration is named by its file's stem in the models folder: no folder, no "..".
    public static func isConfigurationName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != "." else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)) }
    }

    static func profile(_ value: JSONValue, at: String, path: String) throws -> Profile {
        let o = try StrictObject(value, at: at, in: path, keys: ["check", "mutants", "simulate", "shards"])
        func number(_ s: StrictObject, _ key: String, _ range: ClosedRange<Int>, default d: Int) throws -> Int {
            guard s.has(key) else { return d }
            let n = try s.int(key)
            guard range.contains(n) else { throw s.wrong(key, "an integer from \(range.lowerBound) to \(range.upperBound), got \(n)") }
            return n
        }
        /// The configuration names of one list, each once (but simulations), each a file stem in the models folder.
        var seen: [String: String] = [:]
        func name(_ s: StrictObject, _ key: String, list: String) throws -> String {
            let name = try s.string(key)
            guard isConfigurationName(name) else {
                throw s.wrong(key, "a configuration name in the models folder (letters, digits, '.', '_', '-'; no '/'), got \"\(StrictJSON.shortened(name))\"")
            }
            // A simulation listed again is another replica of its swarm (CIPlan), not a mistake.
            if list != "simulate", let first = seen[list + "|" + name] {
                throw CIError.bad(path, "\"\(StrictObject.join(s.at, key))\" lists \"\(name)\" again (first at \(first)); each configuration once")
            }
            seen[list + "|" + name] = s.at
            return name
        }
        let checks = try o.array("check").enumerated().map { i, item in
            let c = try StrictObject(item, at: "\(at).check[\(i)]", in: path,
                                     keys: ["configuration", "parts", "splitLevel", "weight"])
            let configuration = try name(c, "configuration", list: "check")
            let parts = try number(c, "parts", partsRange, default: 1)
            let level = c.has("splitLevel") ? try number(c, "splitLevel", splitLevelRange, default: 1) : nil
            if parts > 1 && level == nil { throw c.wrong("splitLevel", "set when \"parts\" is above 1") }
            // One part is never split: a level given without parts would be silently unused.
            if parts == 1, let level { throw c.wrong("splitLevel", "given only with \"parts\" above 1 (one part is not split), got \(level) with no parts") }
            return Check(configuration: configuration, parts: parts, splitLevel: level,
                         weight: try number(c, "weight", weightRange, default: 1))
        }
        let mutants = try o.array("mutants").enumerated().map { i, item in
            let m = try StrictObject(item, at: "\(at).mutants[\(i)]", in: path, keys: ["configuration", "worlds", "weight"])
            let first = try name(m, "configuration", list: "mutants")
            let worlds: [String] = m.has("worlds") ? try m.array("worlds").enumerated().map { j, world -> String in
                guard case .string(let name) = world, isConfigurationName(name) else {
                    throw m.wrong("worlds", "an array of configuration names in the models folder (worlds[\(j)])")
                }
                guard name != first else { throw m.wrong("worlds", "configurations other than \"\(first)\" (worlds[\(j)])") }
                return name
            } : []
            for j in worlds.indices where worlds[..<j].contains(worlds[j]) {
                throw m.wrong("worlds", "each configuration once (worlds[\(j)] repeats \"\(worlds[j])\")")
            }
            return Mutants(configuration: first, worlds: worlds, weight: try number(m, "weight", weightRange, default: 1))
        }
        let simulations = try o.array("simulate").enumerated().map { i, item in
            let s = try StrictObject(item, at: "\(at).simulate[\(i)]", in: path,
                                     keys: ["configuration", "depth", "walks", "weight", "replicas"])
            return Simulate(configuration: try name(s, "configuration", list: "simulate"),
                            depth: try number(s, "depth", depthRange, default: 1),
                            walks: try number(s, "walks", walksRange, default: 1),
                            weight: try number(s, "weight", weightRange, default: 1),
                            replicas: try number(s, "replicas", partsRange, default: 1))
        }
        // Identical entries are replicas of one swarm (CIPlan): their parts must fit a report's.
        for (i, s) in simulations.enumerated() {
            let same = simulations[...i].filter { $0.configuration == s.configuration && $0.depth == s.depth && $0.walks == s.walks }
            let total = same.reduce(0) { $0 + $1.replicas }
            if total > partsRange.upperBound {
                throw CIError.bad(path, "\(at).simulate[\(i)]: \(total) replicas of \"\(s.configuration)\" in all; at most \(partsRange.upperBound)")
            }
        }
        return Profile(checks: checks, mutants: mutants, simulations: simulations,
                       shards: try number(o, "shards", shardsRange, default: 1))
    }

    /// Every configuration the profile names (checked, mutated, worlds, simulated), each once,
    /// in the profile's order.
    public static func configurations(of profile: Profile) -> [String] {
        var names: [String] = []
        let all = profile.checks.map(\.configuration) + profile.mutants.flatMap { [$0.configuration] + $0.worlds }
            + profile.simulations.map(\.configuration)
        for name in all where !names.contains(name) { names.append(name) }
        return names
    }
}

extension CIProfiles.Profile {
    /// Where the profile `name` (`pr`, `nightly`) first names `configuration`, as the JSON path
    /// a line about it gives (`$.nightly.check[2].configuration`); `list` ("check", "mutants",
    /// "simulate") looks in that list alone.
    public func place(of configuration: String, in name: String, list: String? = nil) -> String? {
        var places: [(String, String, String)] = []
        for (i, c) in checks.enumerated() { places.append(("check", c.configuration, "check[\(i)].configuration")) }
        for (i, m) in mutants.enumerated() {
            places.append(("mutants", m.configuration, "mutants[\(i)].configuration"))
            for (j, w) in m.worlds.enumerated() { places.append(("mutants", w, "mutants[\(i)].worlds[\(j)]")) }
        }
        for (i, s) in simulations.enumerated() { places.append(("simulate", s.configuration, "simulate[\(i)].configuration")) }
        return places.first { $0.1 == configuration && (list == nil || $0.0 == list) }.map { "$.\(name).\($0.2)" }
    }
}
