import Explorer

/// Storage: part hashes read whole words in place; FleetHashLayoutTests pins that only canonical bytes reach them.
///
/// A part of the fingerprint (scheme 4) hashed from whole 64-bit words of its cells' bytes, read
/// in place: `WordPacker`'s mix (each word multiplied by its position's odd constant, folded,
/// summed) without gathering bytes one field at a time. A caller hands in only canonical bytes:
/// a list's used slots, an optional's payload when present, rows masked to their count
/// (`FleetHashLayoutTests` pins the offsets read); unused slots and padding never reach a word.
struct PartHasher {
    var hash: UInt64
    /// Position constant of the next word: a Weyl sequence, odd at every step.
    var step: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// A hasher for part `k` (`FleetState.Part`'s bit index): a seed of its own.
    init(part k: UInt64) { hash = 0x243F_6A88_85A3_08D3 &+ k &* 0x9E37_79B9_7F4A_7C15 }

    @inline(__always) mutating func add(_ word: UInt64) {
        let product = (word ^ 0xA076_1D64_78BD_642F).multipliedFullWidth(by: step)
        hash = hash &+ (product.high ^ product.low)
        step = step &+ 0x3C6E_F372_FE94_F82A  // even: the constant stays odd
    }

    /// The word of 8 bytes at `offset` from `p`, the bytes outside `mask` cleared.
    @inline(__always) mutating func add(_ p: UnsafeRawPointer, _ offset: Int, mask: UInt64 = .max) {
        add(p.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & mask)
    }

    /// The first `n` bytes at `p`, in a value of `size` (at least 8) bytes: whole words, then the
    /// last bytes read from the value's last word (never past it) and the rest cleared.
    @inline(__always) mutating func add(prefix n: Int, of p: UnsafeRawPointer, size: Int) {
        var i = 0
        while i + 8 <= n {
            add(p, i)
            i += 8
        }
        let rest = n &- i
        guard rest > 0 else { return }
        let at = Swift.min(i, size &- 8)
        add(p.loadUnaligned(fromByteOffset: at, as: UInt64.self) >> (8 &* UInt64(i &- at)) & Self.low(bytes: rest))
    }

    /// A card content's 12 bytes at `p` (working, needsInput, rows, count, more) in two words,
    /// the rows past the count cleared.
    @inline(__always) mutating func add(content p: UnsafeRawPointer) {
        let rows = Self.low(bytes: Int(p.load(fromByteOffset: 10, as: UInt8.self)))
        add(p, 0, mask: 0xFFFF | rows << 16)
        add(p, 4, mask: rows >> 16 | 0xFFFF_0000_0000_0000)
    }

    /// The low `n` (0...8) bytes set.
    @inline(__always) static func low(bytes n: Int) -> UInt64 { UInt64.max >> (64 &- 8 &* UInt64(n)) }

    /// The part's hash: one full mix (`FleetSystem.fingerprint` mixes the parts' sum again).
    @inline(__always) func finish() -> UInt64 { Fingerprint.mix(hash &+ step) }
}
