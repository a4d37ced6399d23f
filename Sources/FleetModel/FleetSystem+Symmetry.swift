import Explorer

extension FleetSystem {
    /// The representative of `state` among the states that differ from it only by which of
    /// several identically configured phones is which (TLC's SYMMETRY): of the state with its
    /// phones permuted every such way (tokens renumbered, in-flight order canonical), the one
    /// with the smallest packed fingerprint.
    ///
    /// Phones only: sessions are not interchangeable (FleetCard orders a card's rows by sid),
    /// and hosts are not (the default host is the one the app registers with).
    public func representative(of state: FleetState) -> FleetState {
        let permutations = phonePermutations
        guard !permutations.isEmpty else { return state }
        var best = state
        var bestKey = Self.pack(state)
        for p in permutations {
            let other = canonical(permuted(state, phones: p))
            let key = Self.pack(other)
            if key < bestKey {
                best = other
                bestKey = key
            }
        }
        return best
    }

    /// Every permutation of the phones (other than the identity) that maps each phone to one
    /// of the same APNs environment: `p[d]` is phone d's new index.
    var phonePermutations: [[Int]] {
        let n = config.devices.count
        guard n > 1, n <= 6 else { return [] }
        var out: [[Int]] = []
        func extend(_ prefix: [Int]) {
            if prefix.count == n {
                if prefix != Array(0..<n) { out.append(prefix) }
                return
            }
            let d = prefix.count
            for target in 0..<n where !prefix.contains(target) && env(ofDevice: target) == env(ofDevice: d) {
                extend(prefix + [target])
            }
        }
        extend([])
        return out
    }

    /// `s` with phone d moved to index `p[d]`, everywhere a phone is named.
    func permuted(_ s: FleetState, phones p: [Int]) -> FleetState {
        func phone(_ d: UInt8) -> UInt8 { Int(d) < p.count ? UInt8(p[Int(d)]) : d }  // 0xFF: a dev build
        func mask(_ m: UInt8) -> UInt8 {
            var out: UInt8 = 0
            for d in p.indices where m & (1 << d) != 0 { out |= 1 << p[d] }
            return out
        }
        var t = s
        for d in s.devices.indices { t.devices[p[d]] = s.devices[d] }
        for r in t.registries.indices {
            for k in t.registries[r].pushToStart.indices {
                t.registries[r].pushToStart[k].device = phone(t.registries[r].pushToStart[k].device)
            }
            for k in t.registries[r].update.indices { t.registries[r].update[k].device = phone(t.registries[r].update[k].device) }
        }
        for i in t.servers.indices where t.servers[i].tick != nil {
            t.servers[i].tick?.besideRegistered = mask(s.servers[i].tick?.besideRegistered ?? 0)
        }
        for k in t.pushes.indices { t.pushes[k].device = phone(t.pushes[k].device) }
        for k in t.posts.indices { t.posts[k].device = phone(t.posts[k].device) }
        return t
    }
}
