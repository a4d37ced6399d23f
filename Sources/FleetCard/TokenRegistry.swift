/// An APNs environment; dev builds register in sandbox, TestFlight and App Store in production.
public enum ApnsEnvironment: String, Codable, Hashable, Sendable, CaseIterable {
    case sandbox
    case production
}

/// A token the server holds, with the environment it was registered in.
public struct RegisteredToken: Codable, Hashable, Sendable {
    public var token: String
    public var env: ApnsEnvironment

    public init(_ token: String, env: ApnsEnvironment) {
        self.token = token
        self.env = env
    }
}

/// The server's token registry, live-activity-tokens.json (spec: "Two tokens, two very
/// different lifetimes"). Both lists are newest first; registering moves a token to the front.
public struct TokenRegistry: Codable, Hashable, Sendable {
    /// MAX_PUSH_TO_START_PER_ENV.
    public static let maxPushToStartPerEnv = 3

    /// Push-to-start tokens (a property of the install), newest first: the start targets.
    public private(set) var pushToStart: [RegisteredToken]
    /// Update tokens (a property of one live card), newest first: the update and end targets.
    public private(set) var update: [RegisteredToken]

    public init(pushToStart: [RegisteredToken] = [], update: [RegisteredToken] = []) {
        self.pushToStart = pushToStart
        self.update = update
    }

    /// POST /start-token: `upsertLiveActivityToken`, then cap to the newest 3 per environment.
    ///
    /// Without the guard there is no cap at all: the spec's "Without it" is the store that
    /// reached nineteen tokens, every start blasting all of them. (Per-env, not global, is why
    /// sandbox churn cannot evict the TestFlight token; a global cap is not the documented
    /// "without" and is not modelled.)
    public func upsertingStartToken(_ token: RegisteredToken, guards: Guards = .all) -> TokenRegistry {
        var next = self
        next.pushToStart = [token] + pushToStart.filter { $0.token != token.token }
        if guards.pushToStartCapPerEnv {
            var kept: [ApnsEnvironment: Int] = [:]  // lookup only
            next.pushToStart = next.pushToStart.filter { entry in
                kept[entry.env, default: 0] += 1
                return kept[entry.env, default: 0] <= Self.maxPushToStartPerEnv
            }
        }
        return next
    }

    /// POST /update-token: with the guard the new token supersedes every other update token of
    /// its environment ("a device only has one card, so the previous token must be a corpse");
    /// without it tokens accumulate and every update and end goes to all of them.
    public func registeringUpdateToken(_ token: RegisteredToken, guards: Guards = .all) -> TokenRegistry {
        var next = self
        let others = update.filter { $0.token != token.token }
        next.update = [token] + (guards.supersedeUpdateToken ? others.filter { $0.env != token.env } : others)
        return next
    }

    /// A send answered 410: the token is pruned from both lists (spec: "genuine 410s prune tokens").
    public func pruning(_ token: String) -> TokenRegistry {
        TokenRegistry(
            pushToStart: pushToStart.filter { $0.token != token },
            update: update.filter { $0.token != token })
    }

    /// The tokens an action is addressed to: push-to-start for start, update tokens for update
    /// and end, none for nothing.
    public func targets(for action: FleetAction) -> [RegisteredToken] {
        switch action {
        case .start: pushToStart
        case .update, .end: update
        case .nothing: []
        }
    }
}
