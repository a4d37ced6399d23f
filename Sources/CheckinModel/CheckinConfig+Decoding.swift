import Explorer
import Foundation
import Widgets

/// Strict decoding (`rejectUnknown` is Explorer's): named reads with the flags' ranges.
extension KeyedDecodingContainer where K == ConfigKey {
    func maybe<T: Decodable>(_ key: String) throws -> T? { try decodeIfPresent(T.self, forKey: ConfigKey(key)) }
    func bad(_ key: String, _ text: String) -> DecodingError {
        DecodingError.dataCorruptedError(forKey: ConfigKey(key), in: self, debugDescription: text)
    }
    func int(_ key: String, _ fallback: Int, _ bounds: ClosedRange<Int>) throws -> Int {
        let v: Int = try maybe(key) ?? fallback
        guard bounds.contains(v) else {
            throw bad(key, "must be between \(bounds.lowerBound) and \(bounds.upperBound), got \(v)")
        }
        return v
    }
}

/// Strict decoding with the same ranges as the command-line flags.
extension CheckinConfig: Codable {
    static let keys = [
        "model", "description", "goals", "platform", "timeZone", "startDay", "bounds", "world", "guardsOff",
        "variants", "expectedFindings", "mutantOverrides",
    ]
    public static let depthRange = 1...200
    public static let budgetRange = 0...8

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: ConfigKey.self)
        try c.rejectUnknown(Self.keys)
        self.init()
        if let model: String = try c.maybe("model"), model != "checkin" {
            throw c.bad("model", "is \"\(model)\", not \"checkin\"")
        }
        description = try c.maybe("description") ?? ""
        goals = try c.int("goals", goals, 1...3)
        platform = try c.maybe("platform") ?? platform
        timeZone = try c.maybe("timeZone") ?? timeZone
        guard TimeZone(identifier: timeZone) != nil else { throw c.bad("timeZone", "unknown time zone \"\(timeZone)\"") }
        startDay = try c.maybe("startDay") ?? startDay
        guard let zone = TimeZone(identifier: timeZone),
              CompletedDateWindow.age(of: startDay, now: Date(timeIntervalSince1970: 0), timeZone: zone) != nil
        else { throw c.bad("startDay", "must be a 'yyyy-MM-dd' date, got \"\(startDay)\"") }
        if c.contains(ConfigKey("bounds")) {
            let b = try c.nestedContainer(keyedBy: ConfigKey.self, forKey: ConfigKey("bounds"))
            try b.rejectUnknown(["depth", "worldBudget"])
            depth = try b.int("depth", depth, Self.depthRange)
            worldBudget = try b.int("worldBudget", worldBudget, Self.budgetRange)
        }
        world = try c.maybe("world") ?? world
        let off: [String] = try c.maybe("guardsOff") ?? []
        for name in off {
            guard let g = CheckinGuard(rawValue: name) else {
                throw c.bad("guardsOff", "unknown guard '\(name)' (guards: \(CheckinGuard.names.joined(separator: ", ")))")
            }
            guards.remove(g)
        }
        variants = try c.maybe("variants") ?? variants
        expectedFindings = try c.maybe("expectedFindings") ?? []
        mutantOverrides = try c.maybe("mutantOverrides") ?? [:]
        for name in mutantOverrides.keys.sorted() where CheckinGuard(rawValue: name) == nil {
            throw c.bad("mutantOverrides", "unknown guard '\(name)'")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: ConfigKey.self)
        try c.encode(description, forKey: ConfigKey("description"))
        try c.encode(goals, forKey: ConfigKey("goals"))
        try c.encode(platform, forKey: ConfigKey("platform"))
        try c.encode(timeZone, forKey: ConfigKey("timeZone"))
        try c.encode(startDay, forKey: ConfigKey("startDay"))
        try c.encode(["depth": depth, "worldBudget": worldBudget], forKey: ConfigKey("bounds"))
        try c.encode(world, forKey: ConfigKey("world"))
        try c.encode(guardsOff, forKey: ConfigKey("guardsOff"))
        try c.encode(variants, forKey: ConfigKey("variants"))
        try c.encode(expectedFindings, forKey: ConfigKey("expectedFindings"))
        if !mutantOverrides.isEmpty { try c.encode(mutantOverrides, forKey: ConfigKey("mutantOverrides")) }
    }

    /// Reads `path` (a configuration file, `"model": "checkin"`).
    public static func load(path: String) throws -> CheckinConfig {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CheckinConfigError(file: path, problem: "cannot read the file")
        }
        do {
            return try JSONDecoder().decode(CheckinConfig.self, from: data)
        } catch let error as DecodingError {
            throw CheckinConfigError(file: path, problem: "\(error)")
        }
    }
}

/// A configuration that cannot be used: the file and what is wrong, in one line.
public struct CheckinConfigError: Error, CustomStringConvertible, Equatable {
    public let file: String
    public let problem: String
    public var description: String { "\(file): \(problem)" }
}
