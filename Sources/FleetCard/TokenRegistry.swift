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
/// different lifetimes"). The real store is one list in first-registration order (issue 50,
/// Models/README.md "Send order"): a new token is appended, a re-registration replaces its
/// record in place, supersede and the cap remove records without reordering the rest, and a
/// tick sends to its targets in list order. Both lists here keep that order, per kind.
public struct TokenRegistry: Codable, Hashable, Sendable {
    /// MAX_PUSH_TO_START_PER_ENV.
    public static let maxPushToStartPerEnv = 3

    /// Push-to-start tokens (a property of the install), first registered first: the start targets.
    public private(set) var pushToStart: [RegisteredToken]
    /// Update tokens (a property of one live card), first registered first: the update and end targets.
    public private(set) var update: [RegisteredToken]

    public init(pushToStart: [RegisteredToken] = [], update: [RegisteredToken] = []) {
        self.pushToStart = pushToStart
        self.update = update
    }

    /// `list` with `token` appended, or its record replaced in place when the list holds it.
    static func upserting(_ token: RegisteredToken, into list: [RegisteredToken]) -> [RegisteredToken] {
        var out = list
        if let k = out.firstIndex(where: { $0.token == token.token }) { out[k] = token } else { out.append(token) }
        return out
    }

    /// POST /start-token: `upsertLiveActivityToken`, then cap to the newest 3 per environment.
    /// The newest are the token just registered and the last of their environment in list order
    /// (a reading: the list is in first-registration order, so the cap removes the records
    /// registered first; Models/README.md "Send order").
    ///
    /// Without the guard there is no cap at all: the spec's "Without it" is the store that
    /// reached nineteen tokens, every start blasting all of them. (Per-env, not global, is why
    /// sandbox churn cannot evict the TestFlight token; a global cap is not the documented
    /// "without" and is not modelled.)
    public func upsertingStartToken(_ token: RegisteredToken, guards: Guards = .all) -> TokenRegistry {
        var next = self
        next.pushToStart = Self.upserting(token, into: pushToStart)
        if guards.pushToStartCapPerEnv {
            // Per environment, how many of its first records go: the count past the cap.
            var excess: [ApnsEnvironment: Int] = [:]  // lookup only
            for entry in next.pushToStart { excess[entry.env, default: -Self.maxPushToStartPerEnv] += 1 }
            next.pushToStart = next.pushToStart.filter { entry in
                // The token just registered is the newest whatever its place (it may have
                // changed environment in place).
                guard entry.token != token.token, excess[entry.env, default: 0] > 0 else { return true }
                excess[entry.env, default: 0] -= 1
                return false
            }
        }
        return next
    }

    /// POST /update-token: with the guard the new token supersedes every other update token of
    /// its slot ("a device only has one card, so the previous token must be a corpse"); the
    /// slot is its environment (`sameSlot` nil), or what a variant says (a device id on the
    /// wire: environment and device). Without the guard tokens accumulate and every update and
    /// end goes to all of them. Removal keeps the order of the rest; the token is appended, or
    /// replaced in place when held.
    public func registeringUpdateToken(
        _ token: RegisteredToken, guards: Guards = .all, sameSlot: ((RegisteredToken) -> Bool)? = nil
    ) -> TokenRegistry {
        var next = self
        let slot = sameSlot ?? { $0.env == token.env }
        let kept = guards.supersedeUpdateToken ? update.filter { $0.token == token.token || !slot($0) } : update
        next.update = Self.upserting(token, into: kept)
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
