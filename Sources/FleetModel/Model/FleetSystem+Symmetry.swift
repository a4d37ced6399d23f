import Explorer

extension FleetSystem {
    /// The representative of `state` among the states that differ from it only by which of
    /// several identically configured phones, or sessions, is which (TLC's SYMMETRY): of the
    /// state with its phones and sessions permuted every such way (tokens renumbered, in-flight
    /// order canonical), the one with the smallest packed fingerprint.
    ///
    /// Hosts are not interchangeable (the default host is the one the app registers with).
    public func representative(of state: FleetState) -> FleetState {
        let phones = parts.phonePermutations, sessions = parts.sessionPermutations
        guard phones.count > 1 || sessions.count > 1 else { return state }
        var best = state
        var bestKey = Self.pack(state)
        for q in sessions {
            let renamed = q == sessions[0] ? state : permuted(state, sessions: q)
            for p in phones {
                if p == phones[0] && q == sessions[0] { continue }
                let other = canonical(p == phones[0] ? renamed : permuted(renamed, phones: p))
                let key = Self.pack(other)
                if key < bestKey {
                    best = other
                    bestKey = key
                }
            }
        }
        return best
    }

    /// Every permutation of the phones that maps each phone to one of the same APNs
    /// environment, the identity first: `p[d]` is phone d's new index.
    static func phonePermutations(_ config: FleetConfig) -> [[Int]] {
        let env = config.devices.map(\.environment)
        return permutations(of: env.count) { env[$0] == env[$1] }
    }

    /// Every permutation of the sessions that maps each session to one with the same host, the
    /// same hidden flag and the same initial activity, the identity first: `p[k]` is session
    /// k's new index. Rows order by since, not by sid (Models/README.md, "Time"), so such
    /// sessions are interchangeable, except where two rows can tie on since: a duplicated row
    /// counted beside its session (`seenSidSkip` off, duplicate rows in the world) is stamped
    /// with the tick's time, like any other session's duplicate, and ties break on sid; and a
    /// store hydrated from the cache, which keeps no since order, writes a card whose rows tie
    /// (`endGateTrustworthiness` or `creationGatedOnTrust` off: with both on, an untrusted store
    /// writes nothing).
    static func sessionPermutations(_ config: FleetConfig) -> [[Int]] {
        let specs = config.sessions
        if config.world.duplicateRows && !config.guards.seenSidSkip { return [Array(specs.indices)] }
        if !config.guards.endGateTrustworthiness || !config.guards.creationGatedOnTrust { return [Array(specs.indices)] }
        return permutations(of: specs.count) { specs[$0].isAlike(specs[$1]) }
    }

    /// The permutations of 0..<n (up to 6 elements) that map each i to a j with `alike(i, j)`,
    /// the identity first.
    static func permutations(of n: Int, _ alike: (Int, Int) -> Bool) -> [[Int]] {
        let identity = Array(0..<n)
        guard n > 1, n <= 6 else { return [identity] }
        var out: [[Int]] = [identity]
        func extend(_ prefix: [Int]) {
            if prefix.count == n {
                if prefix != identity { out.append(prefix) }
                return
            }
            let i = prefix.count
            for j in 0..<n where !prefix.contains(j) && alike(i, j) { extend(prefix + [j]) }
        }
        extend([])
        return out
    }

    /// `s` with phone d moved to index `p[d]`, everywhere a phone is named.
    func permuted(_ s: FleetState, phones p: [Int]) -> FleetState {
        func phone(_ d: UInt8) -> UInt8 { Int(d) < p.count ? UInt8(p[Int(d)]) : d }  // 0xFF: a dev build
        var t = s
        for d in s.devices.indices { t.devices[p[d]] = s.devices[d] }
        for r in t.registries.indices {
            for k in t.registries[r].pushToStart.indices {
                t.registries[r].pushToStart[k].device = phone(t.registries[r].pushToStart[k].device)
            }
            for k in t.registries[r].update.indices { t.registries[r].update[k].device = phone(t.registries[r].update[k].device) }
        }
        for i in t.servers.indices where t.servers[i].tick != nil {
            t.servers[i].tick?.besideRegistered = Self.permuted(mask: s.servers[i].tick?.besideRegistered ?? 0, p)
        }
        for k in t.pushes.indices { t.pushes[k].device = phone(t.pushes[k].device) }
        for k in t.posts.indices { t.posts[k].device = phone(t.posts[k].device) }
        return t
    }

    /// The bits of `m` moved by `p`: bit i to bit `p[i]`.
    static func permuted(mask m: UInt8, _ p: [Int]) -> UInt8 {
        var out: UInt8 = 0
        for i in p.indices where m & (1 << i) != 0 { out |= 1 << p[i] }
        return out
    }
}
