import Explorer
import Foundation
import Widgets

/// The widget check-in delivery system, bounded: a tap's optimistic flip and durable append,
/// the tap-time and scheduler-retry delivery paths racing over one queue, the app's drain into
/// its offline sync store, the server's per-day idempotency and 7-day window, and a world that
/// taps, crosses midnight, kills the process, drops or delays answers and revokes the token.
///
/// Every decision of the documented logic is the Widgets module's (`PendingCheckinQueue`,
/// `CheckinSyncStore`, `CheckinDelivery`, `CheckinReplay`, `CompletedDateWindow`); this type
/// owns the actors, their interleavings and the faults.
public struct CheckinSystem: Model {
    public typealias State = CheckinState
    public typealias Action = CheckinAction

    public let config: CheckinConfig
    let zone: TimeZone
    /// The tap instant (23:30 local) of each day the run can reach, and its local date.
    let instants: [Date]
    let dayKeys: [String]

    public var name: String { "checkin" }

    public init(config: CheckinConfig) {
        self.config = config
        let zone = TimeZone(identifier: config.timeZone) ?? TimeZone(secondsFromGMT: 0) ?? .current
        self.zone = zone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = config.startDay.split(separator: "-").compactMap { Int($0) }
        let start = parts.count == 3
            ? calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 23, minute: 30))
            : nil
        let lastDay = config.worldBudget * CompletedDateWindow.days + 1
        instants = (0...lastDay).map { calendar.date(byAdding: .day, value: $0, to: start ?? Date(timeIntervalSince1970: 0)) ?? Date() }
        dayKeys = instants.map { LocalDay.key($0, in: zone) }
        let instants = instants
        entries = (0..<config.goals).map { g in
            instants.map { PendingCheckin(goalId: "g\(g + 1)", tappedAt: $0, in: zone) }
        }
    }

    /// Per habit, per day: the entry a tap makes (precomputed: the search asks often).
    let entries: [[PendingCheckin]]

    var lastDay: Int { instants.count - 1 }

    func on(_ g: CheckinGuard) -> Bool { config.guards.contains(g) }

    /// The queue entry a tap on `goal` makes on `day`.
    func entry(_ goal: Int, _ day: Int) -> PendingCheckin { entries[goal][day] }

    func goal(of e: PendingCheckin) -> Int { (Int(e.goalId.dropFirst()) ?? 1) - 1 }
    func day(of localDate: String) -> Int { dayKeys.firstIndex(of: localDate) ?? -1 }

    public func initialStates() -> [CheckinState] { [CheckinState(goals: config.goals)] }

    public func kind(of action: CheckinAction) -> ActionKind { action.isWorld ? .world : .system }

    public func actorName(of action: CheckinAction) -> String? {
        switch action {
        case .tap, .openApp: "user"
        case .midnight, .longGap, .kill, .revokeToken, .failPost, .answerLate: "world"
        case .finishTap: "widget"
        case .startDelivery(let p), .post(let p): CheckinAction.pathName(p)
        default: "app"
        }
    }

    /// A tap on a habit this configuration lacks, or a delivery path other than the two, is a
    /// malformed trace: refused on load, never replayed into an index past the goals.
    public func actorOutOfRange(_ action: CheckinAction) -> String? {
        switch action {
        case .tap(let g): ActorRange.check("habit", g, count: config.goals)
        case .failPost(let p), .answerLate(let p), .startDelivery(let p), .post(let p):
            (0...1).contains(p) ? nil : "delivery path index \(p) out of range: there are 2 (0 tap-time, 1 scheduler-retry)"
        default: nil
        }
    }

    /// The configuration, written into every trace so a trace file rebuilds this model.
    public var configuration: JSONValue { (try? JSONValue(encoding: config)) ?? .object([:]) }

    /// Rebuilds the model a trace was recorded with.
    public init(configuration: JSONValue) throws {
        self.init(config: try JSONDecoder().decode(CheckinConfig.self, from: configuration.data()))
    }
}
