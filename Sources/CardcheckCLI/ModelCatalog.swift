import ClassicModels

/// Every model `cardcheck` can run, by the name a configuration's `"model"` key gives.
/// Adding a model is one entry here.
public enum ModelCatalog {
    public static let entries: [ModelCatalogEntry] = [
        FleetCatalog.entry,
        CheckinCatalog.entry,
        TwoPhaseCommitCatalog.entry,
        ModelCatalogEntry(DieHard.self, name: "die-hard", summary: "the Die Hard jugs; keys \"small\", \"big\", \"target\""),
        ModelCatalogEntry(
            FlagMutex.self, name: "flag-mutex",
            summary: "a flag mutex with a known bug (Ben-Ari's second attempt); key \"processes\""),
    ]

    /// The registered names, sorted.
    public static var names: [String] { entries.map(\.name).sorted() }

    /// The entry called `name`.
    public static func entry(_ name: String) -> ModelCatalogEntry? { entries.first { $0.name == name } }
}
