import Foundation
import FleetCard
@testable import FleetModel

/// Small configurations for tests: the heavy runs belong to the CLI.
enum Fixture {
    static let noFaults = FleetConfig.World(
        sessionActivities: [.idle, .working, .needsInput], duplicateRows: false, hostOutage: false,
        serverRestart: false, appTerminated: false, postLost: false, sendFails: false, pushDropped: false,
        noBackgroundLaunch: false, tokenRotation: false, pushToStartRotation: false, devBuildLaunch: false)

    /// Two phones, server restarts and dropped pushes, one world action: small, and every
    /// part of the state (servers, in flight) changes somewhere in it.
    static let restartsAndDrops: FleetSystem = {
        var world = noFaults
        world.serverRestart = true
        world.pushDropped = true
        return FleetSystem(config: config(devices: 2, world: world, budget: 1))
    }()

    static func config(
        sessions: [FleetConfig.SessionSpec] = [.init(host: 0, hidden: false)], hosts: Int = 1,
        devices: Int = 1, world: FleetConfig.World = noFaults, budget: Int = 2, depth: Int = 40,
        guards: Guards = .all, variants: FleetConfig.Variants = .documented,
        scratch: Bool = false, stale: Bool = false
    ) -> FleetConfig {
        FleetConfig(
            description: "test", sessions: sessions, hosts: hosts,
            devices: Array(repeating: .init(environment: .production), count: devices),
            staleSandboxTokens: stale, scratchServer: scratch,
            bounds: .init(worldBudget: budget, depth: depth, maxCardsPerDevice: 3, maxPushesInFlight: 4, maxPostsInFlight: 4),
            world: world, guards: guards, variants: variants, expectedFindings: [], mutantOverrides: [:])
    }

    /// Runs `steps` from the initial state; a disabled step is a test failure (nil).
    static func run(_ model: FleetSystem, _ steps: [FleetSystem.Action]) -> FleetState? {
        run(model, model.initialStates()[0], steps)
    }

    /// Runs `steps` from `state`; a disabled step is a test failure (nil).
    static func run(_ model: FleetSystem, _ state: FleetState, _ steps: [FleetSystem.Action]) -> FleetState? {
        var state = state
        for step in steps {
            guard let next = model.next(state, step) else { return nil }
            state = next
        }
        return state
    }
}

enum Repository {
    /// The package root, found from this file's path (Tests/FleetModelTests/...).
    static let root: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
}
