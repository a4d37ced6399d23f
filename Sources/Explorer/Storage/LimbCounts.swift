import BigNum

/// One unsigned multi-word count per node, stored flat and added in place: the behaviour
/// count's hot loop adds millions of times per level, so no addition may allocate.
/// Every count stays below 2^(64·width − 32), so a sum of fewer than 2^32 of them fits.
struct LimbCounts {
    private(set) var width = 1
    private(set) var limbs: [UInt64]
    let count: Int

    init(count: Int) {
        self.count = count
        limbs = Array(repeating: 0, count: count)
    }

    mutating func setOne(_ node: Int) {
        limbs.withUnsafeMutableBufferPointer { $0[node * width] = 1 }
    }

    mutating func clear() {
        limbs.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    /// Adds `source[n]` to `self[t]` along every transition n → t out of nodes `0 ..< nodes`,
    /// the transitions listed node by node (`degrees[n]` of them, their targets in `targets`).
    /// With `pick`, transition k of node n carries `pick(k, n, t) ? other[n] : source[n]`
    /// (a per-property count: a breaking step carries every path, another the broken ones).
    mutating func addAlong(
        degrees: [UInt16], targets: [UInt32], nodes: Int, source: LimbCounts,
        other: LimbCounts? = nil, pick: ((Int, Int, Int) -> Bool)? = nil
    ) {
        precondition(source.width == width && (other?.width ?? width) == width)
        let w = width
        let alternative = other?.limbs ?? []
        limbs.withUnsafeMutableBufferPointer { dst in
            source.limbs.withUnsafeBufferPointer { src in
                alternative.withUnsafeBufferPointer { alt in
                    degrees.withUnsafeBufferPointer { deg in
                        targets.withUnsafeBufferPointer { t in
                            var k = 0
                            for n in 0..<nodes {
                                let end = k + Int(deg[n])
                                let s = n * w
                                // A node no path of this length reaches adds nothing.
                                var zero = true
                                for i in 0..<w where src[s + i] != 0 || (pick != nil && alt[s + i] != 0) { zero = false }
                                if zero {
                                    k = end
                                    continue
                                }
                                while k < end {
                                    let to = Int(t[k])
                                    let from = pick.map { $0(k, n, to) } ?? false ? alt : src
                                    let d = to * w
                                    var carry: UInt64 = 0
                                    for i in 0..<w {
                                        let (a, o1) = dst[d + i].addingReportingOverflow(from[s + i])
                                        let (b, o2) = a.addingReportingOverflow(carry)
                                        dst[d + i] = b
                                        carry = (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
                                    }
                                    k += 1
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether some count has reached 2^(64·width − 32): time to widen before the next level.
    var nearFull: Bool {
        let w = width
        return limbs.withUnsafeBufferPointer { l in
            var node = 0
            while node < count {
                if l[node * w + w - 1] >> 32 != 0 { return true }
                node += 1
            }
            return false
        }
    }

    /// One more word per count, values unchanged.
    mutating func widen() {
        let w = width
        var wider = Array(repeating: UInt64(0), count: count * (w + 1))
        for node in 0..<count {
            for i in 0..<w { wider[node * (w + 1) + i] = limbs[node * w + i] }
        }
        limbs = wider
        width = w + 1
    }

    /// Adds every count into `total` (little-endian words, grown as needed).
    func addAll(into total: inout [UInt64]) {
        let w = width
        while total.count < w + 1 { total.append(0) }
        limbs.withUnsafeBufferPointer { l in
            total.withUnsafeMutableBufferPointer { t in
                for node in 0..<count {
                    var carry: UInt64 = 0
                    for i in 0..<w {
                        let (a, o1) = t[i].addingReportingOverflow(l[node * w + i])
                        let (b, o2) = a.addingReportingOverflow(carry)
                        t[i] = b
                        carry = (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
                    }
                    var i = w
                    while carry != 0 {
                        let (a, o) = t[i].addingReportingOverflow(carry)
                        t[i] = a
                        carry = o ? 1 : 0
                        i += 1
                    }
                }
            }
        }
        if total.last != 0 { total.append(0) }
    }

    /// Little-endian words as a `BigInt`.
    static func bigInt(_ words: [UInt64]) -> BigInt {
        let base = BigInt.power(BigInt(2), 64)
        return words.reversed().reduce(BigInt.zero) { $0 * base + BigInt($1) }
    }
}
