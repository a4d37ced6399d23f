import Foundation
import Widgets

/// A check-in delivery configuration: the habits, the platform, the clock, the world's
/// faults, the bounds, which guards are on, and the findings the run is expected to show.
public struct CheckinConfig: Hashable, Sendable {
    /// Which of the two documented tap orders runs (spec: Interactive check-off).
    public enum Platform: String, Codable, Sendable {
        /// perform(): the snapshot flip, then the append (only if the flip succeeded).
        case ios
        /// onReceive: the locked append, then the optimistic flip.
        case android
    }

    /// The world actions this configuration allows (each one costs one unit of the budget).
    public struct World: Hashable, Codable, Sendable {
        public var midnight = true
        /// A multi-day gap before anything else happens: the 7-day window passes.
        public var longGap = true
        public var kill = true
        public var networkFails = true
        public var lateAnswer = true
        public var revokeToken = true
        public init() {}
    }

    /// Readings where the spec allows two behaviours (Models/README.md, check-in section).
    public struct Variants: Hashable, Codable, Sendable {
        /// flush() waits for hydration before it persists, instead of skipping (the default reading).
        public var flushWaitsForHydration = false
        public init() {}
    }

    /// A violation the configuration expects, with the reason it is not a regression.
    public struct ExpectedFinding: Hashable, Codable, Sendable {
        public var property: String
        public var reason: String
        public init(property: String, reason: String) {
            self.property = property
            self.reason = reason
        }
    }

    /// A bound change one guard's mutant run needs to reach its bug, with the reason.
    public struct MutantOverride: Hashable, Codable, Sendable {
        public var worldBudget: Int?
        public var depth: Int?
        /// A narrower world, so a deeper budget stays tractable.
        public var world: World?
        public var reason: String
    }

    public var description = ""
    /// Number of habits due today, 1...3 (goal ids g1, g2, g3).
    public var goals = 2
    public var platform = Platform.android
    /// The device's (and the user's) time zone, an IANA identifier.
    public var timeZone = "America/New_York"
    /// The local day the run starts on ('yyyy-MM-dd'); taps happen at 23:30 local.
    public var startDay = "2026-03-07"
    public var depth = 60
    public var worldBudget = 4
    public var world = World()
    public var guards = CheckinGuard.shipped
    public var variants = Variants()
    public var expectedFindings: [ExpectedFinding] = []
    public var mutantOverrides: [String: MutantOverride] = [:]

    public init() {}

    /// The switched-off guards, in declaration order.
    public var guardsOff: [String] { CheckinGuard.allCases.filter { !guards.contains($0) }.map(\.rawValue) }

    /// One line naming what was run, for story headers and summaries.
    public var summary: String {
        "\(goals) habit\(goals == 1 ? "" : "s"), \(platform.rawValue), \(timeZone) from \(startDay) 23:30, "
            + "world budget \(worldBudget), depth \(depth)"
    }

    /// This configuration with `override`'s bounds.
    public func patched(_ override: MutantOverride?) -> CheckinConfig {
        var c = self
        if let b = override?.worldBudget { c.worldBudget = b }
        if let d = override?.depth { c.depth = d }
        if let w = override?.world { c.world = w }
        return c
    }
}

extension CheckinConfig {
    /// The configuration with guard `g` off, and its baseline (every guard on), both under
    /// `g`'s mutant override, with no expected findings: the pair `cardcheck mutants` compares.
    public func mutant(_ g: CheckinGuard) -> (mutant: CheckinConfig, baseline: CheckinConfig) {
        var base = patched(mutantOverrides[g.rawValue])
        base.guards = CheckinGuard.shipped
        base.expectedFindings = []
        base.mutantOverrides = [:]
        var mutant = base
        mutant.guards.remove(g)
        mutant.description = Self.mutantDescription(description, guardOff: g.rawValue, override: mutantOverrides[g.rawValue])
        return (mutant, base)
    }

    /// The configuration line of a mutant's story: the guard switched off and, with an override,
    /// the world that ran instead of the configuration's own (its reason; the configuration's own
    /// description tells of a world that did not run). "every guard on" is not repeated beside a
    /// guard that is off.
    static func mutantDescription(_ base: String, guardOff: String, override: MutantOverride?) -> String {
        let world = base.replacingOccurrences(of: ", every guard on", with: "").replacingOccurrences(of: " every guard on", with: "")
        guard let override else {
            return "\(world) Mutant run: \(guardOff) switched off, every other guard on; the configuration's own bounds."
        }
        return "Mutant run: \(guardOff) switched off, every other guard on, in this configuration's world changed for this guard "
            + "(\(override.reason)); the parenthesis gives the bounds that ran."
    }
}
