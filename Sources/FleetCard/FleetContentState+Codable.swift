/// Lenient decoding: every field is `decodeIfPresent` with a default, because a card started by
/// an older build is decoded by the newer widget and a strict decode would throw rather than
/// render (spec: "Every Codable conformance in LFGFleetAttributes.swift is hand-written").
extension FleetContentState {
    enum CodingKeys: String, CodingKey {
        case working, needsInput, rows, more, updatedAt
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            working: try container.decodeIfPresent(Int.self, forKey: .working) ?? 0,
            needsInput: try container.decodeIfPresent(Int.self, forKey: .needsInput) ?? 0,
            rows: try container.decodeIfPresent([FleetRow].self, forKey: .rows) ?? [],
            more: try container.decodeIfPresent(Int.self, forKey: .more) ?? 0,
            updatedAt: try container.decodeIfPresent(Double.self, forKey: .updatedAt) ?? 0)
    }
}
