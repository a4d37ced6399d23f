import Foundation
import Explorer
import FleetCard

/// The fleet card with its two writers, bounded: sessions, hosts and their push watchers, an
/// optional scratch server, APNs, phones with their cards and their app.
///
/// Every decision of the documented logic is FleetCard's (through `FleetLogic`); this type owns
/// the actors, their interleavings and the faults (fleet-model.md, "Actors and what each knows").
public struct FleetSystem: Model {
    /// The configuration and what is made of it once (`Storage/FleetSystem+Parts.swift`).
    let parts: Parts
    public var config: FleetConfig { parts.config }
    public var name: String { "fleet-card" }

    public init(config: FleetConfig) {
        parts = Parts(config: config)
    }

    /// FleetCard's decision, interned, with its content and sids as cells (converted once per
    /// decision): plain bytes, handed out of the memo without reference counting.
    struct Decision: Sendable {
        /// What a tick cell holds.
        let decided: DecidedTick
        let action: FleetCard.FleetAction
        let content: CardContent
        let sinceMask: UInt8
        /// The population the decide records (FleetCard's `FleetBox.population`, as a mask).
        let populationMask: UInt8
    }

    /// Server `i`'s reducer on the state as it is (FleetCard's `FleetServer.deciding`).
    func decide(_ s: FleetState, server i: Int) -> FleetTick { decision(s, server: i).decided.tick }

    /// Its inputs: the server, its memory, since and veto masks, and the sessions (`decideKey`).
    func decision(_ s: FleetState, server i: Int) -> Decision {
        decisions.value(Self.decideKey(s, server: i)) {
            let cell = s.servers[i]
            let (server, tick) = FleetLogic.server(
                cell, registry: RegistryCell(pushToStart: [], update: []), sessions: s.sessions, titles: titles)
                .deciding(observations(s, server: i), now: FleetLogic.now, guards: guards,
                    endUnfilledCards: !config.variants.keepUnfilledCards, baselines: FleetLogic.stamps(s.sessions),
                    endDebounce: Double(serverHold))
            return Decision(
                decided: DecidedTick(tick), action: tick.action, content: FleetLogic.cell(tick.content, titles: titles),
                sinceMask: FleetLogic.mask(tick.activeSids), populationMask: FleetLogic.mask(server.box.population))
        }
    }

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
            sessions: FleetState.initialSessions(config.sessions),
            hostsDown: 0, servers: FixedList(repeatElement(ServerCell.fresh, count: serverCount)),
            registries: FixedList(repeatElement(RegistryCell(pushToStart: [], update: []), count: hosts)),
            devices: [], pushes: [], posts: [])
        var nextToken: UInt8 = 1
        // Each phone has run the app before (its push-to-start token is registered); iOS has since
        // reclaimed the process, the usual state of an idle phone.
        for d in config.devices.indices {
            state.devices.append(DeviceCell(
                cards: [], app: .notRunning, fetched: false, knownDown: 0, pushToStartToken: nextToken,
                wakePending: false, needsSync: false, startsSinceWorld: 0, lastSynced: nil,
                cache: FixedList(config.sessions.lazy.map(\.cachedActivity))))
            // The registry is in first-registration order: phone 1 registered first.
            for h in registrationHosts {
                state.registries[h].pushToStart.append(TokenEntry(token: nextToken, device: UInt8(d), env: env(ofDevice: d)))
            }
            nextToken += 1
        }
        // spec: "one environment is routinely a corpse that answers 200". The sandbox build ran
        // before the phones registered: its tokens are first in the lists.
        if config.staleSandboxTokens {
            state.registries[0].pushToStart.insert(TokenEntry(token: nextToken, device: 0xFF, env: 1), at: 0)
            state.registries[0].update.insert(TokenEntry(token: nextToken + 1, device: 0xFF, env: 1), at: 0)
        }
        return [canonical(state)]
    }

    public func kind(of action: Action) -> ActionKind { action.isWorld ? .world : .system }

    public func actionCase(of action: Action) -> Int { action.case.rawValue }

    /// Every check, with the reachability goals this configuration's world can reach: a restart
    /// reload needs restarts; the veto needs the phone to end a card its server still counts
    /// (a hidden session, or budget for a session to stop and start again). Models/README.md.
    public var properties: [Property<FleetSystem>] {
        let vetoReachable = config.sessions.contains(where: \.hidden) || config.bounds.worldBudget >= 3
        return Self.allProperties.filter { p in
            switch p.name {
            case "reach:restart-reloads-card": config.world.serverRestart
            case "reach:veto-refuses-start": vetoReachable
            default: true
            }
        }
    }

    public func fingerprint(of state: FleetState) -> UInt64 { Self.fingerprint(state) }
}

extension FleetSystem {
    /// The configuration, written into every trace so a trace file rebuilds this model.
    public var configuration: JSONValue { (try? JSONValue(encoding: config)) ?? .object([:]) }

    /// Rebuilds the model a trace was recorded with.
    public init(configuration: JSONValue) throws {
        self.init(config: try JSONDecoder().decode(FleetConfig.self, from: configuration.data()))
    }
}
