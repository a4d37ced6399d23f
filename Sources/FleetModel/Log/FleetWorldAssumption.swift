import FleetCard

/// A world's (a configuration's) model assumption that a log line breaks, read from the line
/// and the configuration alone: a line no behaviour of the world writes, whatever came before
/// it (a broadcast send in a per-token world, a sandbox token in a production-only world, a
/// failed send where sends never fail, more sids than sessions, a start to more push-to-start
/// tokens than the phones hold). Each holds of every behaviour of the world, so a world may be
/// refused at such a line without a search, and a search stuck there names it (Docs/diagnose.md,
/// "Which world?").
public enum FleetWorldAssumption {
    /// The first line (0-based) no behaviour of `config`'s world can write, and the assumption it breaks.
    public static func firstImpossible(_ config: FleetConfig, _ log: FleetLog) -> (index: Int, assumption: String)? {
        var sids: [String] = []
        for (i, line) in log.lines.enumerated() {
            if let why = broken(config, line.event, sids: &sids) { return (i, why) }
        }
        return nil
    }

    /// The first line (0-based) past what one behaviour of `config`'s world writes after the
    /// lines before it, read from the lines alone: a start sent to one more token name of an
    /// APNs environment than the world holds push-to-start tokens there (one per phone of it, and
    /// the stale corpse's in sandbox; none added without push-to-start rotation, none in
    /// production by dev builds, whose tokens are sandbox; the binding names each once). A log
    /// laid together from pieces with tokens of their own (another day's, another install's) breaks it.
    /// `lines`: the lines one behaviour writes (its binding fresh at the first), by index.
    public static func firstBeyondOneBehaviour(
        _ config: FleetConfig, _ log: FleetLog, lines: Range<Int>? = nil
    ) -> (index: Int, why: String)? {
        guard !config.world.pushToStartRotation else { return nil }
        var named: [ApnsEnvironment: [String]] = [:]  // lookup only
        for i in lines ?? log.lines.indices {
            let line = log.lines[i]
            guard case .send(.start, let token, let env, _) = line.event, token != FleetLogFile.broadcastToken,
                named[env]?.contains(token) != true
            else { continue }
            named[env, default: []].append(token)
            let phones = config.devices.count { $0.environment == env }
            let corpse = env == .sandbox && config.staleSandboxTokens
            guard !(env == .sandbox && config.world.devBuildLaunch) else { continue }
            let most = phones + (corpse ? 1 : 0)
            if let seen = named[env], seen.count > most {
                return (i, "one behaviour of this world sends starts to \(most) \(env.rawValue) push-to-start token(s) at most (\(phones) \(env.rawValue) phone(s), each with one"
                    + (corpse ? ", and the stale sandbox one" : "")
                    + "; no world.pushToStartRotation" + (env == .sandbox ? ", no world.devBuildLaunch" : "")
                    + "): the starts before this line named " + (seen.count > 1 ? seen.dropLast().joined(separator: ", ") : "none") + ", and this one names \(token)")
            }
        }
        return nil
    }

    /// The assumption line `index` (0-based) breaks, or nil when nothing in the line alone is
    /// beyond the world (the search's "would log instead" then says what the world does there).
    public static func broken(_ config: FleetConfig, _ log: FleetLog, at index: Int) -> String? {
        var sids: [String] = []
        for line in log.lines[..<index] { _ = broken(config, line.event, sids: &sids) }
        return index < log.lines.count ? broken(config, log.lines[index].event, sids: &sids) : nil
    }

    /// The APNs environments the world's tokens can be in: its phones', a stale sandbox corpse's
    /// and a sandbox dev build's (`FleetSystem.initialStates`, `devBuildLaunch`).
    static func environments(_ config: FleetConfig) -> [ApnsEnvironment] {
        var out = config.devices.map(\.environment)
        if config.staleSandboxTokens || config.world.devBuildLaunch { out.append(.sandbox) }
        return ApnsEnvironment.allCases.filter { out.contains($0) }
    }

    /// Whether a step adds push-to-start tokens to host 0's registry (push-to-start rotation, a
    /// dev build): without, it holds one per phone and the stale corpse's.
    static func addsPushToStartTokens(_ config: FleetConfig) -> Bool {
        config.world.pushToStartRotation || config.world.devBuildLaunch
    }

    /// The most push-to-start tokens of `env` host 0's registry holds in any behaviour, and why:
    /// its phones' and the corpse's when no step adds one there; when dev builds (sandbox) or
    /// push-to-start rotation add some, the newest 3 with `guards.pushToStartCapPerEnv` (the
    /// cap acts on each registration, so the initial ones stand until one comes), else the
    /// token list's capacity. A start is addressed to all of them (`TokenRegistry.targets`).
    static func pushToStartTokens(_ config: FleetConfig, _ env: ApnsEnvironment) -> (most: Int, why: String) {
        let phones = config.devices.count { $0.environment == env }
        let corpse = env == .sandbox && config.staleSandboxTokens
        let initial = phones + (corpse ? 1 : 0)
        let adders = (env == .sandbox && config.world.devBuildLaunch ? ["dev builds (world.devBuildLaunch)"] : [])
            + (config.world.pushToStartRotation && phones > 0 ? ["each launch (world.pushToStartRotation)"] : [])
        let held = [phones > 0 ? "\(phones) phone(s)" : nil, corpse ? "the stale corpse" : nil].compactMap { $0 }.joined(separator: " and ")
        guard !adders.isEmpty else { return (initial, "\(held), one each") }
        let adding = (held.isEmpty ? "" : "\(held), and ") + "new ones from " + adders.joined(separator: " and ")
        if config.guards.pushToStartCapPerEnv {
            let most = max(initial, TokenRegistry.maxPushToStartPerEnv)
            return (most, adding + ", the newest \(TokenRegistry.maxPushToStartPerEnv) kept (guards.pushToStartCapPerEnv)")
        }
        return (FleetState.tokenCapacity, adding + ", no cap (guards.pushToStartCapPerEnv off) but the token list's capacity")
    }

    /// The most push-to-start tokens a start is addressed to in any behaviour (`pushToStartTokens(_:_:)`
    /// over the environments: one per phone and the corpse's where no step adds one), and why.
    static func startTargets(_ config: FleetConfig) -> (most: Int, why: String) {
        let parts = ApnsEnvironment.allCases.map { ($0, pushToStartTokens(config, $0)) }.filter { $0.1.most > 0 }
        let sum = parts.reduce(0) { $0 + $1.1.most }
        let most = min(FleetState.tokenCapacity, sum)
        return (most, parts.map { "\($0.1.most) \($0.0.rawValue) (\($0.1.why))" }.joined(separator: "; ")
            + (sum > most ? "; at most \(most) in one list" : ""))
    }

    /// What `event` needs that the world does not have; `sids` are the sids named before it (one
    /// to one with the world's sessions), and gets this line's.
    static func broken(_ config: FleetConfig, _ event: FleetFileLogEvent, sids: inout [String]) -> String? {
        switch event {
        case .send(let action, let token, let env, let status):
            if status != 200 && status != 0 {
                return "APNs answers 200 or the request fails (status 0): a dead token answers 200 too, and no status \(status) is given"
            }
            let channel = token == FleetLogFile.broadcastToken
            if channel && !config.variants.broadcastChannel {
                return "the server sends to each token (variants.broadcastChannel off): it never writes a broadcast line"
            }
            if channel && action == .start {
                return "a start goes to each push-to-start token, never to a broadcast channel"
            }
            if !channel && config.variants.broadcastChannel && action != .start {
                return "updates and ends go to the broadcast channels (variants.broadcastChannel on): no \(action.rawValue) is sent to one token"
            }
            let envs = environments(config)
            if !envs.contains(env) {
                return "every token is \(envs.map(\.rawValue).joined(separator: " or ")) (the devices' environments"
                    + (env == .sandbox ? "; no staleSandboxTokens, no world.devBuildLaunch" : "") + "): nothing is sent to \(env.rawValue)"
            }
            if status == 0 && !config.world.sendFails {
                return "a send never fails (world.sendFails off): no send logs status 0"
            }
        case .decide(let action, let tokens, let working, let needsInput, let rows, _):
            if let why = named(rows.map(\.session), config, &sids) { return why }
            for (count, state) in [(working, Activity.working), (needsInput, .needsInput)] where count > 0 {
                if !reachable(state, config) {
                    return "no session is ever \(state.rawValue) (its initial activity and world.sessionActivities): no decide counts one"
                }
            }
            if tokens > FleetState.tokenCapacity {
                return "a tick addresses one registry list's tokens, at most \(FleetState.tokenCapacity) (the model's token-list capacity): no decide is to \(tokens)"
            }
            if action == .start, case let (most, why) = startTargets(config), tokens > most {
                guard addsPushToStartTokens(config) else {
                    return "\(config.devices.count) phone(s), each with one push-to-start token"
                        + (config.staleSandboxTokens ? ", and a stale sandbox one" : "")
                        + " (no world.pushToStartRotation, no world.devBuildLaunch): a start is addressed to \(most) token(s) at most, not \(tokens)"
                }
                return "a start is addressed to every push-to-start token host 0 holds, at most \(most): \(why); not \(tokens)"
            }
        case .startVetoed(let population):
            if let why = named(population, config, &sids) { return why }
        case .noneAccepted(_, let attempted, let accepted), .partial(_, let attempted, let accepted):
            if let why = shortfall(event, config, attempted: attempted, accepted: accepted) { return why }
            if attempted > accepted && !config.world.sendFails {
                return "a send never fails (world.sendFails off): every addressed token accepts"
            }
        case .clientEnded, .adopted, .noTokens:
            break
        }
        return nil
    }

    /// The delivery threshold's two numbers a shortfall line can carry (`FleetDelivery.verdict`):
    /// none-accepted when tokens were addressed and none accepted; partial for an update or an
    /// end some but not all accepted, only with the all-accepted guard on.
    static func shortfall(_ event: FleetFileLogEvent, _ config: FleetConfig, attempted: Int, accepted: Int) -> String? {
        if attempted > FleetState.tokenCapacity {
            return "a tick addresses at most \(FleetState.tokenCapacity) tokens (the model's token-list capacity), not \(attempted)"
        }
        switch event {
        case .noneAccepted:
            if attempted == 0 { return "with no token addressed the server writes no-tokens, not none-accepted" }
            if accepted != 0 { return "none-accepted is written only when no addressed token accepted, not \(accepted)" }
        case .partial(let action, _, _):
            if action == .start { return "a start is delivered when one token accepts: no partial start is written" }
            if !config.guards.allAcceptedForUpdateAndEnd {
                return "an update or an end is delivered when one token accepts (guards.allAcceptedForUpdateAndEnd off): no partial is written"
            }
            if accepted == 0 || accepted >= attempted {
                return "partial is written only when some but not all addressed tokens accepted, not \(accepted) of \(attempted)"
            }
        default: break
        }
        return nil
    }

    /// Whether some session can be in `state`: it starts there, or a world action sets it.
    static func reachable(_ state: Activity, _ config: FleetConfig) -> Bool {
        config.world.sessionActivities.contains(state) || config.sessions.contains { $0.initial == state }
    }

    /// Binds the sids a line names to the world's sessions one to one: a sid past the world's
    /// session count breaks it.
    static func named(_ names: [String], _ config: FleetConfig, _ sids: inout [String]) -> String? {
        for sid in names where !sids.contains(sid) {
            sids.append(sid)
            if sids.count > config.sessions.count {
                return "\(config.sessions.count) session(s) (sessions): the log names \(sids.count) sids by this line"
            }
        }
        return nil
    }
}
