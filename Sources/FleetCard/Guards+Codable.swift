/// JSON form: an object of guard name → Bool. Unknown keys are an error (a typo must not
/// silently leave a guard on); a missing key means the guard is on, so a configuration lists
/// only the guards it switches off.
extension Guards: Codable {
    /// The message of the error thrown for a key that names no guard.
    public static func unknownGuardMessage(_ key: String) -> String {
        "unknown guard '\(key.count > 40 ? key.prefix(37) + "..." : key)'"
    }

    struct NameKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: NameKey.self)
        var guards = Guards.all
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            let on = try container.decode(Bool.self, forKey: key)
            guard let next = guards.with(key.stringValue, on) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container,
                    debugDescription: Self.unknownGuardMessage(key.stringValue))
            }
            guards = next
        }
        self = guards
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: NameKey.self)
        for name in Self.names {
            try container.encode(isOn(name) ?? true, forKey: NameKey(stringValue: name))
        }
    }
}
