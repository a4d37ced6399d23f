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
        guard let root = try? JSONValue(parsing: data) else { throw CIError.notJSON(path) }
        let top = try StrictObject(root, at: "", in: path, keys: ["format", "version", "pr", "nightly"])
        guard try top.string("format") == format else { throw CIError.bad(path, "\"format\" must be \"\(format)\"") }
        guard try top.int("version") == 1 else { throw CIError.bad(path, "\"version\" must be 1") }
        return CIProfiles(
            pr: try profile(top.value("pr"), at: "pr", path: path),
            nightly: try profile(top.value("nightly"), at: "nightly", path: path))
    }

    static func profile(_ value: JSONValue, at: String, path: String) throws -> Profile {
        let o = try StrictObject(value, at: at, in: path, keys: ["check", "mutants", "simulate", "shards"])
        func positive(_ s: StrictObject, _ key: String, default d: Int) throws -> Int {
            guard s.has(key) else { return d }
            let n = try s.int(key)
            guard n >= 1 else { throw s.wrong(key, "a positive integer") }
            return n
        }
        let checks = try o.array("check").enumerated().map { i, item in
            let c = try StrictObject(item, at: "\(at).check[\(i)]", in: path,
                                     keys: ["configuration", "parts", "splitLevel", "weight"])
            let parts = try positive(c, "parts", default: 1)
            let level = c.has("splitLevel") ? try positive(c, "splitLevel", default: 1) : nil
            if parts > 1 && level == nil { throw c.wrong("splitLevel", "set when \"parts\" is above 1") }
            return Check(configuration: try c.string("configuration"), parts: parts, splitLevel: level,
                         weight: try positive(c, "weight", default: 1))
        }
        let mutants = try o.array("mutants").enumerated().map { i, item in
            let m = try StrictObject(item, at: "\(at).mutants[\(i)]", in: path, keys: ["configuration", "worlds", "weight"])
            let first = try m.string("configuration")
            let worlds: [String] = m.has("worlds") ? try m.array("worlds").enumerated().map { j, world -> String in
                guard case .string(let name) = world else { throw m.wrong("worlds", "an array of configuration names") }
                guard name != first else { throw m.wrong("worlds", "configurations other than \"\(first)\" (worlds[\(j)])") }
                return name
            } : []
            for j in worlds.indices where worlds[..<j].contains(worlds[j]) {
                throw m.wrong("worlds", "each configuration once (worlds[\(j)] repeats \"\(worlds[j])\")")
            }
            return Mutants(configuration: first, worlds: worlds, weight: try positive(m, "weight", default: 1))
        }
        let simulations = try o.array("simulate").enumerated().map { i, item in
            let s = try StrictObject(item, at: "\(at).simulate[\(i)]", in: path,
                                     keys: ["configuration", "depth", "walks", "weight"])
            return Simulate(configuration: try s.string("configuration"), depth: try positive(s, "depth", default: 1),
                            walks: try positive(s, "walks", default: 1), weight: try positive(s, "weight", default: 1))
        }
        return Profile(checks: checks, mutants: mutants, simulations: simulations, shards: try positive(o, "shards", default: 1))
    }
}
