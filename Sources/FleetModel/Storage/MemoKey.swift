import Explorer

/// Storage: memo lookups hash and compare whole words; MemoTests pins that keys one word apart differ.
///
/// A memo key: its inputs field by field in `count` words (unused bits 0).
struct MemoKey<let count: Int>: Sendable, Equatable {
    var words = InlineArray<count, UInt64>(repeating: 0)

    /// Each word multiplied by an odd constant of its position, summed, mixed (the products
    /// are independent of each other: they run in parallel).
    var hash: UInt64 {
        var h: UInt64 = 0
        for k in 0..<count { h &+= words[k] &* (0x9E37_79B9_7F4A_7C15 &+ UInt64(k) &* 0x3C6E_F372_FE94_F82A) }
        return Fingerprint.mix(h)
    }

    static func == (a: Self, b: Self) -> Bool {
        for k in 0..<count where a.words[k] != b.words[k] { return false }
        return true
    }
}
