/// Lenient decoding, as for the content state (spec: "Every Codable conformance ... is
/// hand-written with decodeIfPresent and a default ... a strict decode would throw rather than
/// render"). The state is decoded as a String: a missing or unknown one (a newer or older
/// build's word) reads as working (the spec names no default; working claims nothing of the user).
extension FleetRow {
    enum CodingKeys: String, CodingKey {
        case sid, title, state, since
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            sid: try container.decodeIfPresent(String.self, forKey: .sid) ?? "",
            title: try container.decodeIfPresent(String.self, forKey: .title) ?? "",
            state: try container.decodeIfPresent(String.self, forKey: .state).flatMap(FleetRowState.init(rawValue:))
                ?? .working,
            since: try container.decodeIfPresent(Double.self, forKey: .since) ?? 0)
    }
}
