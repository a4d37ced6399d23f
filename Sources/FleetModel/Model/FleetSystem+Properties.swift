import Explorer
import FleetCard

/// The named checks (fleet-model.md, "Properties"): a class, then a cause after the colon.
extension FleetSystem {
    public static let allProperties: [Property<FleetSystem>] =
        duplicateChecks + zombieChecks + missingChecks + stepChecks + reachability

    /// Every property name, in order (the configurations' expected findings refer to these).
    public static var propertyNames: [String] { allProperties.map(\.name) }

    static let duplicateChecks: [Property<FleetSystem>] =
        duplicateCauses.map { cause in
            .atQuiescence("duplicate-card:\(cause)") { m, s in
                s.devices.indices.allSatisfy { m.duplicateCause(s, $0) != cause }
            }
        }

    static let zombieChecks: [Property<FleetSystem>] =
        (zombieCauses + ["zombie-card"]).map { cause in
            .atQuiescence(cause == "zombie-card" ? cause : "zombie-card:\(cause)") { m, s in
                s.devices.indices.allSatisfy { m.zombieCause(s, $0) != cause }
            }
        }

    static let missingChecks: [Property<FleetSystem>] =
        (missingCauses + ["missing-card"]).map { cause in
            .atQuiescence(cause == "missing-card" ? cause : "missing-card:\(cause)") { m, s in
                s.devices.indices.allSatisfy { m.missingCause(s, $0) != cause }
            }
        }

    static let stepChecks: [Property<FleetSystem>] = [
            .transition("false-end:app", on: [.sync, .openApp, .backgroundLaunch, .appHoldEnds]) { m, old, action, new in
                // A sync, or the launch's own sync inside a launch (configure() syncs at once).
                let phone: Int? = switch action {
                case .sync(let d), .openApp(let d), .backgroundLaunch(let d), .appHoldEnds(let d): d
                default: nil
                }
                guard let d = phone else { return true }
                return !m.endedCard(old, new, d) || m.truth(new).activeTotal == 0
            },
            .transition("false-end:server", on: [.deliverPush]) { m, old, action, new in
                guard case .deliverPush(let p) = action, old.pushes[p].action == .end else { return true }
                let d = Int(old.pushes[p].device)
                return new.devices[d].cards.count >= old.devices[d].cards.count || m.truth(new).activeTotal == 0
            },
            .transition("idle-push", on: [.tick]) { m, old, action, new in
                guard case .tick(let i) = action, let tick = new.servers[i].tick, tick.action == .update,
                    case .card(let shown) = old.servers[i].memory
                else { return true }
                return !FleetLogic.sameRenderable(shown, tick.content, guards: m.guards, titles: m.titles)
            },
            .transition("duplicate-start:raced-adoption", on: [.send]) { _, old, action, _ in
                // spec: noteFleetActivityStarted exists so the server does not push-start "a second
                // card next to the one the app just made"; an adoption landing between a start's
                // decide and its sends does not stop the sends.
                guard case .send(let i) = action, let tick = old.servers[i].tick, tick.action == .start else { return true }
                return old.servers[i].memory == .none
            },
            .always("restart-loop") { _, s in s.devices.allSatisfy { $0.startsSinceWorld <= 2 } },
            .always("double-counted-session") { _, s in
                // Every card read in place (`InPlace`: a phone or a card copied out per check was
                // most of its time).
                let cells = s.inPlace
                let devices = cells.devices
                for d in 0..<devices.count {
                    let cards = devices[d].cards
                    for k in 0..<cards.count {
                        let content = cards[k].content
                        // No session twice among the rows (a bit per session index: no Set to allocate).
                        var seen: UInt128 = 0
                        for r in 0..<content.rows.count {
                            let bit = UInt128(1) << FleetTitles.index(content.rows[r])
                            if seen & bit != 0 { return false }
                            seen |= bit
                        }
                        if content.activeTotal > cells.sessions.count { return false }
                    }
                }
                return true
            },
            .always("row-budget") { _, s in
                s.devices.allSatisfy { $0.cards.allSatisfy { $0.content.rows.count <= FleetTally.maxRows } }
            },
            .transition("update-fanout", on: [.tick]) { m, _, action, new in
                guard case .tick(let i) = action, let tick = new.servers[i].tick, tick.action != .start,
                    !tick.targets.contains(where: \.channel)
                else { return true }
                // spec: "Kept at exactly one per environment" (per phone with a device id on the wire).
                let registry = new.registries[m.host(ofServer: i)].update
                let byDevice = m.config.variants.deviceIdOnWire
                func slot(_ k: Int) -> Int { byDevice ? Int(registry[k].env) * 256 + Int(registry[k].device) : Int(registry[k].env) }
                // Pairwise (a list holds at most `tokenCapacity`): no array or set to allocate.
                for a in registry.indices {
                    for b in registry.indices where b > a && slot(a) == slot(b) { return false }
                }
                return true
            },
            .transition("push-to-start-fanout", on: [.tick]) { _, _, action, new in
                guard case .tick(let i) = action, let tick = new.servers[i].tick, tick.action == .start else { return true }
                return (0...1 as ClosedRange<UInt8>).allSatisfy { e in
                    tick.targets.count { $0.env == e } <= TokenRegistry.maxPushToStartPerEnv
                }
            },
        ]

    /// The reachability checks: a run that never reaches these proves nothing.
    static let reachability: [Property<FleetSystem>] = [
        .sometimes("reach:card-shown") { _, s in s.devices.contains { !$0.cards.isEmpty } },
        .sometimes("reach:update-on-its-way") { m, s in
            s.pushes.contains { p in
                p.action == .update && (p.channel || m.owner(of: p.token, in: s) != nil)
            }
        },
        .sometimes("reach:app-ended-card") { _, s in s.posts.contains { $0.endpoint == .ended } },
        .sometimes("reach:server-end-on-its-way") { m, s in
            s.pushes.contains { p in p.action == .end && (p.channel || m.owner(of: p.token, in: s) != nil) }
        },
        .sometimes("reach:veto-refuses-start") { m, s in
            guard s.servers[0].memory == .none, s.servers[0].vetoMask != nil, !s.servers[0].loading else { return false }
            return m.decide(s, server: 0).vetoed
        },
        .sometimes("reach:restart-reloads-card") { _, s in
            s.servers.contains { $0.loading && $0.pendingLoad != nil }
        },
    ]

    /// Phone `d`'s cards were ended by a sync (the gate said end).
    func endedCard(_ old: FleetState, _ new: FleetState, _ d: Int) -> Bool {
        !old.devices[d].cards.isEmpty && new.devices[d].cards.isEmpty
    }

    /// The class of a property name: what comes before the colon.
    public static func propertyClass(_ name: String) -> String {
        String(name.split(separator: ":").first ?? Substring(name))
    }
}

extension Property where M == FleetSystem {
    /// A step check about the steps of `cases` only: on any other step it holds (its guard
    /// says so) and the search does not call it (`FleetPropertyCasesTests`).
    static func transition(
        _ name: String, on cases: [FleetSystem.Action.Case],
        _ check: @escaping @Sendable (FleetSystem, FleetState, FleetSystem.Action, FleetState) -> Bool
    ) -> Self {
        .transition(name, cases: cases.reduce(0) { $0 | 1 << UInt64($1.rawValue) }, check)
    }
}
