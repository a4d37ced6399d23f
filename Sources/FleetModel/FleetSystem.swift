import Explorer
import FleetCard

/// The fleet card with its two writers, bounded: sessions, hosts and their push watchers, an
/// optional scratch server, APNs, phones with their cards and their app.
///
/// Every decision of the documented logic is FleetCard's (through `FleetLogic`); this type owns
/// the actors, their interleavings and the faults (fleet-model.md, "Actors and what each knows").
public struct FleetSystem: Model {
    public let config: FleetConfig
    public var name: String { "fleet-card" }

    public init(config: FleetConfig) { self.config = config }

    var guards: Guards { config.guards }
    var hosts: Int { config.hosts }
    /// Server index of the scratch `lfg serve`, when configured.
    var scratch: Int? { config.scratchServer ? config.hosts : nil }
    var serverCount: Int { config.hosts + (config.scratchServer ? 1 : 0) }

    /// The host a server runs on (the scratch server shares host 0 and its token store).
    func host(ofServer i: Int) -> Int { i < hosts ? i : 0 }

    /// The hosts the app registers with (spec: "Registration goes to the default host only").
    var registrationHosts: [Int] { guards.defaultHostOnly ? [0] : Array(0..<hosts) }

    func env(ofDevice d: Int) -> UInt8 { FleetLogic.envCell(config.devices[d].environment) }

    public func initialStates() -> [FleetState] {
        var state = FleetState(
            sessions: config.sessions.map { _ in SessionCell(activity: .idle, duplicated: false) },
            hostsDown: 0, servers: Array(repeating: .fresh, count: serverCount),
            registries: Array(repeating: RegistryCell(pushToStart: [], update: []), count: hosts),
            devices: [], pushes: [], posts: [], startsSinceWorld: 0)
        var nextToken: UInt8 = 1
        // Each phone has run the app before (its push-to-start token is registered); iOS has since
        // reclaimed the process, the usual state of an idle phone.
        for d in config.devices.indices {
            state.devices.append(DeviceCell(
                cards: [], app: .notRunning, fetched: false, knownDown: 0, pushToStartToken: nextToken,
                wakePending: false, needsSync: false))
            for h in registrationHosts {
                state.registries[h].pushToStart.insert(
                    TokenEntry(token: nextToken, device: UInt8(d), env: env(ofDevice: d)), at: 0)
            }
            nextToken += 1
        }
        // spec: "one environment is routinely a corpse that answers 200".
        if config.staleSandboxTokens {
            state.registries[0].pushToStart.append(TokenEntry(token: nextToken, device: 0xFF, env: 1))
            state.registries[0].update.append(TokenEntry(token: nextToken + 1, device: 0xFF, env: 1))
        }
        return [canonical(state)]
    }

    public func kind(of action: Action) -> ActionKind { action.isWorld ? .world : .system }

    public var properties: [Property<FleetSystem>] { Self.allProperties }

    public func fingerprint(of state: FleetState) -> UInt64 { Self.pack(state) }
}
