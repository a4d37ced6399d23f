/// xoshiro256** (Blackman and Vigna), seeded through SplitMix64 so a seed means the same
/// stream on every toolchain. The only generator on cardcheck's seeded paths.
public struct Xoshiro256: RandomNumberGenerator, Sendable {
    public private(set) var s: (UInt64, UInt64, UInt64, UInt64)

    public init(seed: UInt64) {
        var mixer = SplitMix64(seed: seed)
        s = (mixer.next(), mixer.next(), mixer.next(), mixer.next())
    }

    public mutating func next() -> UInt64 {
        let result = rotl(s.1 &* 5, 7) &* 9
        let t = s.1 << 17
        s.2 ^= s.0
        s.3 ^= s.1
        s.1 ^= s.2
        s.0 ^= s.3
        s.2 ^= t
        s.3 = rotl(s.3, 45)
        return result
    }

    /// A uniform value in `0..<bound` by Lemire's multiply-and-reject; stable across platforms,
    /// unlike the stdlib's `random(in:)`, whose algorithm is not part of its contract.
    public mutating func next(below bound: UInt64) -> UInt64 {
        precondition(bound > 0, "bound must be positive")
        var m = next().multipliedFullWidth(by: bound)
        if m.low < bound {
            let threshold = (0 &- bound) % bound
            while m.low < threshold { m = next().multipliedFullWidth(by: bound) }
        }
        return m.high
    }

    /// A uniform Int in `range`.
    public mutating func next(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        if span == 0 { return Int(bitPattern: UInt(next())) }  // the full 64-bit range
        return range.lowerBound &+ Int(bitPattern: UInt(next(below: span)))
    }

    /// Splits off an independent generator (for a worker or a sub-generator), deterministically.
    public mutating func split() -> Xoshiro256 { Xoshiro256(seed: next()) }

    private func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }
}
