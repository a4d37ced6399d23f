import FleetCard
import Foundation

/// A configuration that cannot be used: what is wrong and where, in one line.
public struct FleetConfigError: Error, CustomStringConvertible, Equatable {
    public let file: String
    public let path: String
    public let problem: String

    public var description: String {
        path.isEmpty ? "\(file): \(problem)" : "\(file): \(path): \(problem)"
    }
}

struct ConfigKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ s: String) { stringValue = s }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Strict decoding: every key must be known (a typo must not silently leave a default).
extension KeyedDecodingContainer where K == ConfigKey {
    func rejectUnknown(_ known: [String]) throws {
        for key in allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where !known.contains(key.stringValue) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "unknown key '\(key.stringValue)'")
        }
    }
    func need<T: Decodable>(_ key: String, _ type: T.Type = T.self) throws -> T {
        try decode(T.self, forKey: ConfigKey(key))
    }
    func maybe<T: Decodable>(_ key: String, _ type: T.Type = T.self) throws -> T? {
        try decodeIfPresent(T.self, forKey: ConfigKey(key))
    }
    func range(_ key: String, _ value: Int, _ bounds: ClosedRange<Int>) throws -> Int {
        guard bounds.contains(value) else {
            throw DecodingError.dataCorruptedError(
                forKey: ConfigKey(key), in: self,
                debugDescription: "must be between \(bounds.lowerBound) and \(bounds.upperBound), got \(value)")
        }
        return value
    }
}

extension FleetConfig {
    static let keys = [
        "model", "description", "sessions", "hosts", "devices", "staleSandboxTokens", "scratchServer",
        "bounds", "world", "guards", "variants", "expectedFindings", "mutantOverrides",
    ]

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: ConfigKey.self)
        try c.rejectUnknown(Self.keys)
        if let model: String = try c.maybe("model"), model != "fleet-card" {
            throw DecodingError.dataCorruptedError(
                forKey: ConfigKey("model"), in: c, debugDescription: "is \"\(model)\", not \"fleet-card\"")
        }
        description = try c.maybe("description") ?? ""
        hosts = try c.range("hosts", c.need("hosts"), 1...2)
        sessions = try c.need("sessions")
        _ = try c.range("sessions", sessions.count, 1...4)
        for s in sessions where s.host >= hosts {
            throw DecodingError.dataCorruptedError(
                forKey: ConfigKey("sessions"), in: c, debugDescription: "a session names host \(s.host), but hosts is \(hosts)")
        }
        devices = try c.need("devices")
        _ = try c.range("devices", devices.count, 1...2)
        staleSandboxTokens = try c.maybe("staleSandboxTokens") ?? false
        scratchServer = try c.maybe("scratchServer") ?? false
        bounds = try c.need("bounds")
        world = try c.need("world")
        guards = try c.maybe("guards") ?? .all
        variants = try c.maybe("variants") ?? .documented
        expectedFindings = try c.maybe("expectedFindings") ?? []
        mutantOverrides = try c.maybe("mutantOverrides") ?? [:]
        for name in mutantOverrides.keys.sorted() where !Guards.names.contains(name) {
            throw DecodingError.dataCorruptedError(
                forKey: ConfigKey("mutantOverrides"), in: c, debugDescription: Guards.unknownGuardMessage(name))
        }
    }

    /// Reads and validates the configuration at `path`.
    public static func load(path: String) throws(FleetConfigError) -> FleetConfig {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FleetConfigError(file: path, path: "", problem: "cannot read the file")
        }
        return try decode(data, file: path)
    }

    /// Decodes `data`, naming `file` in the error.
    public static func decode(_ data: Data, file: String) throws(FleetConfigError) -> FleetConfig {
        do {
            return try JSONDecoder().decode(FleetConfig.self, from: data)
        } catch let error as DecodingError {
            throw FleetConfigError(decoding: error, file: file)
        } catch {
            throw FleetConfigError(file: file, path: "", problem: "not valid JSON")
        }
    }
}

extension FleetConfigError {
    init(decoding error: DecodingError, file: String) {
        func dotted(_ path: [CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
                .joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context):
            self.init(file: file, path: dotted(context.codingPath + [key]), problem: "missing")
        case .typeMismatch(let type, let context):
            self.init(file: file, path: dotted(context.codingPath), problem: "expected \(Self.typeName(type))")
        case .valueNotFound(let type, let context):
            self.init(file: file, path: dotted(context.codingPath), problem: "expected \(Self.typeName(type)), got null")
        case .dataCorrupted(let context):
            let problem = context.debugDescription.contains("JSON") || context.codingPath.isEmpty
                ? "not valid JSON" : context.debugDescription
            self.init(file: file, path: dotted(context.codingPath), problem: problem)
        @unknown default:
            self.init(file: file, path: "", problem: "cannot be decoded")
        }
    }

    static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Bool.Type: "true or false"
        case is Int.Type: "an integer"
        case is String.Type: "a string"
        default: "a \(String(describing: type))"
        }
    }
}

extension FleetConfig.SessionSpec {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: ConfigKey.self)
        try c.rejectUnknown(["host", "hidden", "initial"])
        host = try c.range("host", c.maybe("host") ?? 0, 0...1)
        hidden = try c.maybe("hidden") ?? false
        initial = try c.maybe("initial") ?? .idle
    }
}

extension FleetConfig.DeviceSpec {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: ConfigKey.self)
        try c.rejectUnknown(["environment"])
        environment = try c.need("environment")
    }
}

extension FleetConfig.Variants {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: ConfigKey.self)
        try c.rejectUnknown(["broadcastChannel", "deviceIdOnWire", "serverView", "keepUnfilledCards"])
        broadcastChannel = try c.maybe("broadcastChannel") ?? false
        deviceIdOnWire = try c.maybe("deviceIdOnWire") ?? false
        serverView = try c.maybe("serverView") ?? .ownHost
        keepUnfilledCards = try c.maybe("keepUnfilledCards") ?? false
    }
}

extension FleetConfig.World {
    static let keys = [
        "sessionActivities", "duplicateRows", "hostOutage", "serverRestart", "appTerminated",
        "postLost", "sendFails", "pushDropped", "noBackgroundLaunch", "tokenRotation", "devBuildLaunch",
        "pushToStartRotation",
    ]

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: ConfigKey.self)
        try c.rejectUnknown(Self.keys)
        sessionActivities = try c.need("sessionActivities")
        duplicateRows = try c.maybe("duplicateRows") ?? false
        hostOutage = try c.maybe("hostOutage") ?? false
        serverRestart = try c.maybe("serverRestart") ?? false
        appTerminated = try c.maybe("appTerminated") ?? false
        postLost = try c.maybe("postLost") ?? false
        sendFails = try c.maybe("sendFails") ?? false
        pushDropped = try c.maybe("pushDropped") ?? false
        noBackgroundLaunch = try c.maybe("noBackgroundLaunch") ?? false
        tokenRotation = try c.maybe("tokenRotation") ?? false
        devBuildLaunch = try c.maybe("devBuildLaunch") ?? false
        pushToStartRotation = try c.maybe("pushToStartRotation") ?? false
    }
}

extension FleetConfig.Bounds {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: ConfigKey.self)
        try c.rejectUnknown(["worldBudget", "depth", "maxCardsPerDevice", "maxPushesInFlight", "maxPostsInFlight"])
        worldBudget = try c.range("worldBudget", c.need("worldBudget"), 0...12)
        depth = try c.range("depth", c.need("depth"), 1...200)
        maxCardsPerDevice = try c.range("maxCardsPerDevice", c.maybe("maxCardsPerDevice") ?? 3, 1...6)
        maxPushesInFlight = try c.range("maxPushesInFlight", c.maybe("maxPushesInFlight") ?? 3, 1...8)
        maxPostsInFlight = try c.range("maxPostsInFlight", c.maybe("maxPostsInFlight") ?? 3, 1...8)
    }
}

extension FleetConfig.ExpectedFinding {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: ConfigKey.self)
        try c.rejectUnknown(["property", "reason"])
        property = try c.need("property")
        reason = try c.need("reason")
    }
}

extension FleetConfig.MutantOverride {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: ConfigKey.self)
        try c.rejectUnknown([
            "sessions", "hosts", "devices", "staleSandboxTokens", "scratchServer", "world", "worldBudget",
            "depth", "reason",
        ])
        sessions = try c.maybe("sessions")
        hosts = try c.maybe("hosts")
        devices = try c.maybe("devices")
        staleSandboxTokens = try c.maybe("staleSandboxTokens")
        scratchServer = try c.maybe("scratchServer")
        world = try c.maybe("world")
        worldBudget = try c.maybe("worldBudget")
        depth = try c.maybe("depth")
        reason = try c.need("reason")
    }
}
