/// The rows and overflow one surface shows.
public struct FleetSurface: Codable, Hashable, Sendable {
    public var rows: [FleetRow]
    /// The "N More" count.
    public var more: Int
}

/// The card's accent colour (spec: "Accent").
public enum FleetAccent: String, Codable, Hashable, Sendable {
    /// #FF9F0A, when anything needs input.
    case amber = "#FF9F0A"
    /// #30D158, otherwise.
    case green = "#30D158"
}

/// The four surfaces one ActivityConfiguration renders (spec: "Four surfaces, three row budgets").
public enum FleetRender {
    /// The Dynamic Island expanded row budget, tighter than the lock screen's.
    public static let islandExpandedRows = 2

    /// Lock screen: the content's rows as they are. The 3-row budget is enforced by the writers
    /// (maxRows); an overheight card is centre-clipped, not trimmed here.
    public static func lockScreen(_ content: FleetContentState) -> FleetSurface {
        FleetSurface(rows: content.rows, more: content.more)
    }

    /// Dynamic Island expanded: 2 rows, the rest folded into `more + max(0, rows.count − 2)`.
    public static func islandExpanded(_ content: FleetContentState) -> FleetSurface {
        FleetSurface(
            rows: Array(content.rows.prefix(islandExpandedRows)),
            more: content.more + max(0, content.rows.count - islandExpandedRows))
    }

    /// Compact trailing: the active total (the leading side is the accent dot).
    public static func compactTrailing(_ content: FleetContentState) -> Int { content.activeTotal }

    /// Needs-input dominates: amber when anything waits on a human, else green. Compact and
    /// minimal show this as the 8 pt dot.
    public static func accent(_ content: FleetContentState) -> FleetAccent {
        content.needsInput > 0 ? .amber : .green
    }

    /// relevanceScore: 100 when needsInput > 0, else 90 (both writers stamp it).
    public static func relevanceScore(_ content: FleetContentState) -> Int {
        content.needsInput > 0 ? 100 : 90
    }
}
