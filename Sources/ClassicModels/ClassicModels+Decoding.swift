import Explorer

/// Configurations decode through the same checks as the initializers, so a bad file is one
/// line of error instead of a crash mid-search.
/// Any key, so a configuration's keys can be checked against the model's own.
struct AnyConfigKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Refuses a key the model does not have: a typo ("smal") must not silently leave a default.
func rejectUnknownKeys(_ decoder: Decoder, known: [String]) throws {
    let c = try decoder.container(keyedBy: AnyConfigKey.self)
    for key in c.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where !known.contains(key.stringValue) {
        throw DecodingError.dataCorruptedError(
            forKey: key, in: c, debugDescription: "unknown key (expected one of: \(known.joined(separator: ", ")))")
    }
}

extension TwoPhaseCommit {
    public init(from decoder: Decoder) throws {
        try rejectUnknownKeys(decoder, known: ["resourceManagers"])
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let n = try c.decode(Int.self, forKey: .resourceManagers)
        guard (1...12).contains(n) else {
            throw DecodingError.dataCorruptedError(
                forKey: .resourceManagers, in: c, debugDescription: "must be between 1 and 12, got \(n)")
        }
        self.init(resourceManagers: n)
    }
}

extension DieHard {
    private enum Keys: String, CodingKey { case small, big, target }

    public init(from decoder: Decoder) throws {
        try rejectUnknownKeys(decoder, known: ["small", "big", "target"])
        let c = try decoder.container(keyedBy: Keys.self)
        let defaults = DieHard()
        var values: [Int] = []
        for (key, fallback) in [(Keys.small, defaults.small), (.big, defaults.big), (.target, defaults.target)] {
            let v = try c.decodeIfPresent(Int.self, forKey: key) ?? fallback
            guard (0...1000).contains(v) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "must be between 0 and 1000, got \(v)")
            }
            values.append(v)
        }
        self.init(small: values[0], big: values[1], target: values[2])
    }
}

extension FlagMutex {
    private enum Keys: String, CodingKey { case processes }

    public init(from decoder: Decoder) throws {
        try rejectUnknownKeys(decoder, known: ["processes"])
        let c = try decoder.container(keyedBy: Keys.self)
        let n = try c.decodeIfPresent(Int.self, forKey: .processes) ?? 2
        guard (1...16).contains(n) else {
            throw DecodingError.dataCorruptedError(forKey: .processes, in: c, debugDescription: "must be between 1 and 16, got \(n)")
        }
        self.init(processes: n)
    }
}
