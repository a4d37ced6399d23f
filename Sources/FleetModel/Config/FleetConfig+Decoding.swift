import Explorer
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

/// An array index in a JSON path of an error.
struct ConfigIndex: CodingKey {
    var intValue: Int?
    var stringValue: String { intValue.map(String.init) ?? "" }
    init(_ i: Int) { intValue = i }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// Strict decoding (`rejectUnknown` is Explorer's): named reads with the flags' ranges.
extension KeyedDecodingContainer where K == ConfigKey {
    /// A string naming one case of `T`; anything else lists the cases.
    func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type = T.self) throws -> T? where T.RawValue == String {
        guard let raw = try maybe(key, String.self) else { return nil }
        return try Self.choice(raw, T.self, at: codingPath + [ConfigKey(key)])
    }
    func choices<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type = T.self) throws -> [T] where T.RawValue == String {
        try need(key, [String].self).enumerated().map { i, raw in
            try Self.choice(raw, T.self, at: codingPath + [ConfigKey(key), ConfigIndex(i)])
        }
    }
    static func choice<T: RawRepresentable & CaseIterable>(_ raw: String, _ type: T.Type, at path: [CodingKey]) throws -> T
    where T.RawValue == String {
        guard let value = T(rawValue: raw) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: path,
                debugDescription: "\"\(StrictJSON.shortened(raw))\" is not one of: "
                    + T.allCases.map(\.rawValue).joined(separator: ", ")))
        }
        return value
    }
    func need<T: Decodable>(_ key: String, _ type: T.Type = T.self) throws -> T {
        try decode(T.self, forKey: ConfigKey(key))
    }
    func maybe<T: Decodable>(_ key: String, _ type: T.Type = T.self) throws -> T? {
        try decodeIfPresent(T.self, forKey: ConfigKey(key))
    }
    /// An array's length in `bounds`.
    func count(_ key: String, _ n: Int, _ bounds: ClosedRange<Int>) throws {
        guard bounds.contains(n) else {
            throw DecodingError.dataCorruptedError(
                forKey: ConfigKey(key), in: self,
                debugDescription: "must have \(bounds.lowerBound) to \(bounds.upperBound) entries, got \(n)")
        }
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
        "bounds", "world", "guards", "variants", "expectedFindings", "mutantOverrides", "hold",
    ]

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: ConfigKey.self)
        try c.rejectUnknown(Self.keys)
        if let model: String = try c.maybe("model"), model != "fleet-card" {
            throw DecodingError.dataCorruptedError(
                forKey: ConfigKey("model"), in: c, debugDescription: "is \"\(model)\", not \"fleet-card\"")
        }
        description = try c.maybe("description") ?? ""
        hosts = try c.range("hosts", c.need("hosts"), Self.hostRange)
        sessions = try c.need("sessions")
        try c.count("sessions", sessions.count, Self.sessionCount)
        try Self.checkSessionHosts(sessions, hosts: hosts, at: c.codingPath + [ConfigKey("sessions")])
        devices = try c.need("devices")
        try c.count("devices", devices.count, Self.deviceCount)
        staleSandboxTokens = try c.maybe("staleSandboxTokens") ?? false
        scratchServer = try c.maybe("scratchServer") ?? false
        bounds = try c.need("bounds")
        world = try c.need("world")
        guards = try c.maybe("guards") ?? .all
        variants = try c.maybe("variants") ?? .documented
        expectedFindings = try c.maybe("expectedFindings") ?? []
        mutantOverrides = try c.maybe("mutantOverrides") ?? [:]
        let hold: Hold? = try c.maybe("hold")
        self.hold = hold == Hold(server: 0, app: 0) ? nil : hold
        for name in mutantOverrides.keys.sorted() where !Guards.names.contains(name) {
            throw DecodingError.dataCorruptedError(
                forKey: ConfigKey("mutantOverrides"), in: c, debugDescription: Guards.unknownGuardMessage(name))
        }
        // An override's sessions must name hosts its run has (its own `hosts` or the file's).
        for name in Guards.names {
            guard let o = mutantOverrides[name], o.sessions != nil || o.hosts != nil else { continue }
            let at = c.codingPath + [ConfigKey("mutantOverrides"), ConfigKey(name)]
            try Self.checkSessionHosts(o.sessions ?? sessions, hosts: o.hosts ?? hosts, at: at + [ConfigKey("sessions")])
        }
    }

    public static let worldBudgetRange = 0...12
    /// An end hold in seconds (`hold.server`, `hold.app`).
    public static let holdRange = 0...3600
    public static let depthRange = 1...200
    static let hostRange = 1...2
    static let sessionCount = 1...4
    /// A session's `entered` (its initial since order among the sessions starting in its state).
    static let enteredRange = 0...3
    static let deviceCount = 1...3
    static let maxCardsRange = 1...6
    /// `maxPushesInFlight` and `maxPostsInFlight`.
    static let inFlightRange = 1...8

    static func checkSessionHosts(_ sessions: [SessionSpec], hosts: Int, at path: [CodingKey]) throws {
        for (i, s) in sessions.enumerated() where s.host >= hosts {
            throw DecodingError.dataCorrupted(.init(
                codingPath: path + [ConfigIndex(i), ConfigKey("host")],
                debugDescription: "names host \(s.host), but hosts is \(hosts) (hosts are numbered from 0)"))
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
        try c.rejectUnknown(["host", "hidden", "initial", "entered", "cached", "title"])
        host = try c.range("host", c.maybe("host") ?? 0, 0...1)
        hidden = try c.maybe("hidden") ?? false
        initial = try c.choice("initial") ?? .idle
        entered = try c.maybe("entered", Int.self).map { try c.range("entered", $0, FleetConfig.enteredRange) }
        cached = try c.choice("cached")
        title = try c.maybe("title", String.self)
    }
}

extension FleetConfig.DeviceSpec {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: ConfigKey.self)
        try c.rejectUnknown(["environment"])
        guard let env: ApnsEnvironment = try c.choice("environment") else {
            throw DecodingError.keyNotFound(ConfigKey("environment"), .init(codingPath: c.codingPath, debugDescription: "missing"))
        }
        environment = env
    }
}

extension FleetConfig.Variants {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: ConfigKey.self)
        try c.rejectUnknown([
            "broadcastChannel", "deviceIdOnWire", "serverView", "keepUnfilledCards", "countTrust",
            "olderPushToStartHonoured",
        ])
        broadcastChannel = try c.maybe("broadcastChannel") ?? false
        deviceIdOnWire = try c.maybe("deviceIdOnWire") ?? false
        serverView = try c.choice("serverView") ?? .ownHost
        keepUnfilledCards = try c.maybe("keepUnfilledCards") ?? false
        countTrust = try c.choice("countTrust") ?? .noHostKnownDown
        olderPushToStartHonoured = try c.maybe("olderPushToStartHonoured") ?? false
    }

    /// The two variants of issue 50 are written only when set, so the traces of every other
    /// configuration read as before.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: ConfigKey.self)
        try c.encode(broadcastChannel, forKey: ConfigKey("broadcastChannel"))
        try c.encode(deviceIdOnWire, forKey: ConfigKey("deviceIdOnWire"))
        try c.encode(serverView, forKey: ConfigKey("serverView"))
        try c.encode(keepUnfilledCards, forKey: ConfigKey("keepUnfilledCards"))
        if countTrust != .noHostKnownDown { try c.encode(countTrust, forKey: ConfigKey("countTrust")) }
        if olderPushToStartHonoured { try c.encode(true, forKey: ConfigKey("olderPushToStartHonoured")) }
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
        sessionActivities = try c.choices("sessionActivities")
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
        worldBudget = try c.range("worldBudget", c.need("worldBudget"), FleetConfig.worldBudgetRange)
        depth = try c.range("depth", c.need("depth"), FleetConfig.depthRange)
        maxCardsPerDevice = try c.range("maxCardsPerDevice", c.maybe("maxCardsPerDevice") ?? 3, FleetConfig.maxCardsRange)
        maxPushesInFlight = try c.range("maxPushesInFlight", c.maybe("maxPushesInFlight") ?? 3, FleetConfig.inFlightRange)
        maxPostsInFlight = try c.range("maxPostsInFlight", c.maybe("maxPostsInFlight") ?? 3, FleetConfig.inFlightRange)
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

extension FleetConfig.Hold {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: ConfigKey.self)
        try c.rejectUnknown(["server", "app"])
        server = try c.range("server", c.maybe("server") ?? 0, FleetConfig.holdRange)
        app = try c.range("app", c.maybe("app") ?? 0, FleetConfig.holdRange)
    }
}

extension FleetConfig.MutantOverride {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: ConfigKey.self)
        try c.rejectUnknown([
            "sessions", "hosts", "devices", "staleSandboxTokens", "scratchServer", "world", "worldBudget",
            "depth", "reason",
        ])
        // The same legal values as the file's own keys: an override is run as a configuration.
        sessions = try c.maybe("sessions")
        if let n = sessions?.count { try c.count("sessions", n, FleetConfig.sessionCount) }
        hosts = try c.maybe("hosts").map { try c.range("hosts", $0, FleetConfig.hostRange) }
        devices = try c.maybe("devices")
        if let n = devices?.count { try c.count("devices", n, FleetConfig.deviceCount) }
        staleSandboxTokens = try c.maybe("staleSandboxTokens")
        scratchServer = try c.maybe("scratchServer")
        world = try c.maybe("world")
        worldBudget = try c.maybe("worldBudget").map { try c.range("worldBudget", $0, FleetConfig.worldBudgetRange) }
        depth = try c.maybe("depth").map { try c.range("depth", $0, FleetConfig.depthRange) }
        reason = try c.need("reason")
    }
}
