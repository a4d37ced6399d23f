/// A coding key by name, for configuration files decoded strictly.
public struct ConfigKey: CodingKey, Sendable {
    public var stringValue: String
    public var intValue: Int? { nil }
    public init(_ s: String) { stringValue = s }
    public init(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer where K == ConfigKey {
    /// Every key must be known: a typo must not silently leave a default.
    public func rejectUnknown(_ known: [String]) throws {
        for key in allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where !known.contains(key.stringValue) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "unknown key '\(StrictJSON.shortened(key.stringValue))'")
        }
    }
}
