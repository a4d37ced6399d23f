import BigNum

extension BehaviourCount.Report {
    /// The counts as the lines `cardcheck check --count` prints.
    public func lines() -> [String] {
        var out = ["behaviours of length ≤ \(depth): \(upToDepth) (exactly \(depth): \(atDepth))"]
        for p in properties {
            let verb = p.kind == .sometimes ? "reach" : "break"
            var line = "  \(p.kind.rawValue) \"\(p.name)\": \(p.upToDepth) \(verb) it"
            if let share = share(p.name) {
                line += ", exactly \(share) ≈ \(share.decimalString(digits: 6)) of them"
            }
            out.append(line)
        }
        return out
    }
}
