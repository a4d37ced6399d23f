import FleetCard

/// One moment of a tick script: the clock, and the session rows every writer observes.
struct Moment: Codable, Hashable, Sendable, CustomStringConvertible {
    var at: Double
    var sessions: [FleetSession]
    /// The phone reports it ended the card just before this moment's tick.
    var phoneEnded = false

    var description: String {
        "t=\(Int(at))\(phoneEnded ? " /ended" : ""): [" + sessions.map(\.short).joined(separator: ", ") + "]"
    }
}

/// A sequence of moments with a clock that never goes back.
struct TickScript: Codable, Hashable, Sendable, CustomStringConvertible {
    var moments: [Moment]
    var description: String { moments.map(\.description).joined(separator: "\n") }
}

/// One tick's worth of observations plus what the app hides.
struct Observation: Codable, Hashable, Sendable, CustomStringConvertible {
    var sessions: [FleetSession]
    var hiddenDirs: [String] = []
    var description: String {
        "[" + sessions.map(\.short).joined(separator: ", ") + "] hidden \(hiddenDirs)"
    }
}

/// The veto's input: the population the phone last ended against, then ticks.
struct VetoCase: Codable, Hashable, Sendable, CustomStringConvertible {
    var ended: [String]
    var script: TickScript
    /// Per moment: whether a start sent at that tick is accepted by a token.
    var startAccepted: [Bool]
    var description: String { "ended \(ended), start accepted \(startAccepted)\n\(script)" }
}

/// A box, one tick's observations and how its sends came back.
struct DeliveryCase: Codable, Hashable, Sendable, CustomStringConvertible {
    var box: FleetBox
    var sessions: [FleetSession]
    var delivery: FleetDelivery
    var description: String {
        "card \(box.current.map { $0.content == nil ? "adopted" : "with content" } ?? "none"), "
            + "[\(sessions.map(\.short).joined(separator: ", "))], \(delivery.accepted)/\(delivery.attempted) accepted"
    }
}

/// A registry operation as the endpoints and APNs apply them.
enum RegistryOp: Codable, Hashable, Sendable, CustomStringConvertible {
    case startToken(String, ApnsEnvironment)
    case updateToken(String, ApnsEnvironment)
    case gone(String)

    var description: String {
        switch self {
        case .startToken(let token, let env): "start \(token)/\(env.rawValue)"
        case .updateToken(let token, let env): "update \(token)/\(env.rawValue)"
        case .gone(let token): "410 \(token)"
        }
    }
}

/// The app's side at one sync: its store, the card on the phone, its gate.
struct SyncCase: Codable, Hashable, Sendable, CustomStringConvertible {
    var store: FleetStoreView
    var card: FleetContentState?
    var gate: FleetEndGate
    var now: Double
    var hold: Double
    var description: String {
        "store [\(store.sessions.map(\.short).joined(separator: ", "))] hidden \(store.hiddenDirs) down "
            + "\(store.knownDownHosts) fetched \(store.liveFetchedOnce) hydrated \(store.hydratedFromDisk); "
            + "card \(card.map { "\($0.activeTotal) active" } ?? "none"); gate \(gate.zeroSince.map { "\($0)" } ?? "-"); "
            + "now \(now) hold \(hold)"
    }
}

/// A restart with an /ended report racing the boot-time load.
struct RestartCase: Codable, Hashable, Sendable, CustomStringConvertible {
    var sessions: [FleetSession]
    /// Update-token registrations before the restart (the card's token exists).
    var registerBeforeRestart: Bool
    /// The /ended report lands while the load is in flight.
    var endedDuringLoad: Bool
    var description: String {
        "[\(sessions.map(\.short).joined(separator: ", "))] registered \(registerBeforeRestart) "
            + "ended-during-load \(endedDuringLoad)"
    }
}

extension FleetSession {
    /// `s1:working@h1/a`, `s2:idle(closed)`: one row in a counterexample.
    var short: String {
        "\(sid):\(displayState.rawValue)\(closed ? "(closed)" : "")@\(host)\(dir)"
            + (title.isEmpty ? "" : " \"\(title)\"")
    }
}

/// A tick script with a server restart (and its completed boot-time load) before one moment.
struct RestartScript: Codable, Hashable, Sendable, CustomStringConvertible {
    var script: TickScript
    var restartBefore: Int
    var description: String { "restart before moment \(restartBefore)\n\(script)" }
}

/// A tick script during which the app is asleep until it launches before one moment.
struct LaunchScript: Codable, Hashable, Sendable, CustomStringConvertible {
    var script: TickScript
    var launchBefore: Int
    var description: String { "app launches before moment \(launchBefore)\n\(script)" }
}
