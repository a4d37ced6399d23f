/// Lenient decoding, as for the content state (spec: "Every Codable conformance ... is
/// hand-written with decodeIfPresent and a default"). A missing state reads as working (the
/// spec names no default; working is the state that claims nothing of the user).
extension FleetRow {
    enum CodingKeys: String, CodingKey {
        case sid, title, state, since
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            sid: try container.decodeIfPresent(String.self, forKey: .sid) ?? "",
            title: try container.decodeIfPresent(String.self, forKey: .title) ?? "",
            state: try container.decodeIfPresent(FleetRowState.self, forKey: .state) ?? .working,
            since: try container.decodeIfPresent(Double.self, forKey: .since) ?? 0)
    }
}
