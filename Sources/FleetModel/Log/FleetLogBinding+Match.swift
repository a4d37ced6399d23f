extension FleetLogBinding {
    /// Whether the model's event is the log's line under this binding, extended with the names
    /// the line binds first (unchanged when it is not).
    public mutating func match(_ e: FleetModelLogEvent, _ line: FleetFileLogEvent, at index: Int, _ names: FleetLogNames) -> Bool {
        var b = self
        guard b.unify(e, line, index, names) else { return false }
        self = b
        return true
    }

    private mutating func unify(_ e: FleetModelLogEvent, _ line: FleetFileLogEvent, _ index: Int, _ names: FleetLogNames) -> Bool {
        switch (e, line) {
        case (.decide(let a, let t, let w, let n, let rows, let m), .decide(let a2, let t2, let w2, let n2, let rows2, let m2)):
            guard a == a2, t == t2, w == w2, n == n2, m == m2, rows.count == rows2.count else { return false }
            for (r, r2) in zip(rows, rows2) {
                guard r.needsInput == r2.needsInput, let sid = names.sid(r2.session), bind(session: r.session, to: sid)
                else { return false }
            }
            return true
        case (.send(let a, let t, let env, let status), .send(let a2, let t2, let env2, let status2)):
            guard a == a2, env == env2, status == status2, let id = names.token(t2) else { return false }
            return bind(token: t, to: id, line: index, names)
        case (.clientEnded(let h), .clientEnded(let h2)): return h == h2
        case (.adopted, .adopted): return true
        case (.noTokens(let a), .noTokens(let a2)): return a == a2
        case (.noneAccepted(let a, let t, let c), .noneAccepted(let a2, let t2, let c2)),
            (.partial(let a, let t, let c), .partial(let a2, let t2, let c2)):
            return a == a2 && t == t2 && c == c2
        case (.startVetoed(let p), .startVetoed(let p2)):
            guard p.count == p2.count else { return false }
            // Both sorted, but by different names: the sets must correspond under the binding.
            var unmatched = p
            for s in p2 {
                guard let sid = names.sid(s) else { return false }
                if let k = unmatched.firstIndex(where: { self.sid(of: $0) == sid }) {
                    unmatched.remove(at: k)
                } else if let k = unmatched.firstIndex(where: { self.sid(of: $0) == nil }), bind(session: unmatched[k], to: sid) {
                    unmatched.remove(at: k)
                } else {
                    return false
                }
            }
            return true
        default:
            return false
        }
    }
}
