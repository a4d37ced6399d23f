/// One 512-byte block of a visited set's run on disk: a key count (16 bits, the block's first key
/// included), a Rice parameter k (8 bits), then each key after the first as its gap from the key
/// before, less one, in Rice code: the gap's quotient by 2^k in unary (that many 0 bits, then a
/// 1), then its low k bits. The first key is not written: the run's index in memory holds it.
///
/// A run of N uniform keys has gaps of about 2^64 / N, so a key takes about log2(2^64 / N) + 1.5
/// bits, not 64 (4.1 bytes at N = 2^33). A gap whose quotient would reach `escape` bits (keys
/// bunched, then far apart) is written as `escape` 0 bits and its 64 bits. Bits are numbered
/// from each byte's lowest; a block holds as many keys as fit, the rest of it zeros.
enum RunBlock {
    static var bytes: Int { 512 }
    static var bits: Int { bytes * 8 }
    static var headerBits: Int { 24 }
    /// Keys a block holds at most: every key after the first takes a bit at least.
    static var maximumKeys: Int { bits - headerBits + 1 }
    /// A gap's quotient at which its unary code gives way to the gap's 64 bits.
    static var escape: Int { 32 }
    /// Bytes a coder works in: a block, and room past it for the 8-byte loads at its last bits.
    static var scratchBytes: Int { bytes + 24 }

    /// Why a block that passed its checksum cannot be read back as the keys of a run.
    enum Fault: Equatable, Sendable {
        case count(Int)
        case parameter(Int)
        case pastEnd
        case order

        /// What the visited set's file holds, for the failure line (the caller adds the block).
        var message: String {
            switch self {
            case .count(let n): "holds a block of \(n) keys, not 1 to \(RunBlock.maximumKeys)"
            case .parameter(let k): "holds a block coded with \(k) low bits a key, not 0 to 63"
            case .pastEnd: "holds a block whose codes run past its end"
            case .order: "holds keys out of order"
            }
        }
    }

    /// Codes `keys[0]` and as many of the keys after it as fit into `scratch` (`scratchBytes`,
    /// the block in its first `bytes`); returns how many keys the block holds (1 or more).
    /// The keys must be strictly increasing; others are written so that reading them fails.
    static func encode(_ keys: UnsafeBufferPointer<UInt64>, into scratch: UnsafeMutableRawBufferPointer) -> Int {
        precondition(!keys.isEmpty && scratch.count >= scratchBytes)
        scratch.initializeMemory(as: UInt8.self, repeating: 0)
        let k = parameter(keys)
        var p = headerBits
        var n = 1
        while n < keys.count && n < maximumKeys {
            let d = keys[n] &- keys[n - 1] &- 1
            let q = d >> k
            let unary = q < UInt64(escape)
            guard p + (unary ? Int(q) + 1 + k : escape + 64) <= bits else { break }
            if unary && Int(q) + 1 + k <= 56 {
                // The common code in one piece: the unary quotient, then the low bits.
                put(1 << q | (d & (1 << UInt64(k) - 1)) << (q + 1), bits: Int(q) + 1 + k, at: &p, scratch)
            } else if unary {
                put(1 << q, bits: Int(q) + 1, at: &p, scratch)
                put(d, bits: k, at: &p, scratch)
            } else {
                p += escape
                put(d, bits: 64, at: &p, scratch)
            }
            n += 1
        }
        scratch.storeBytes(of: UInt16(n).littleEndian, as: UInt16.self)
        scratch[2] = UInt8(k)
        return n
    }

    /// The Rice parameter for the keys from `keys[0]`: from their mean gap over the next 64 or
    /// fewer, 2^k about 0.94 of it (k minimizing the bits of exponential gaps lies near 0.69).
    static func parameter(_ keys: UnsafeBufferPointer<UInt64>) -> Int {
        let m = min(keys.count - 1, 64)
        guard m > 0 else { return 0 }
        let mean = (keys[m] &- keys[0]) / UInt64(m)
        let scaled = mean - mean / 16
        return scaled == 0 ? 0 : UInt64.bitWidth - 1 - scaled.leadingZeroBitCount
    }

    /// Reads the block in `scratch` (`scratchBytes`; past the block's bytes anything) whose first
    /// key is `first`, passing each key to `body` in order, the first included, until `body`
    /// returns false; nil when what was read holds increasing keys (below `next`, when read to
    /// the end) in codes inside the block, otherwise why not (`body` may have seen some keys).
    @inline(__always)
    static func decode(
        _ scratch: UnsafeRawBufferPointer, first: UInt64, below next: UInt64?, _ body: (UInt64) -> Bool
    ) -> Fault? {
        let count = Int(UInt16(littleEndian: scratch.loadUnaligned(as: UInt16.self)))
        let k = Int(scratch[2])
        guard count >= 1 && count <= maximumKeys else { return .count(count) }
        guard k < 64 else { return .parameter(k) }
        var key = first
        guard body(key) else { return nil }
        var p = headerBits
        let low: UInt64 = 1 << UInt64(k) - 1
        for _ in 1..<count {
            guard p <= bits else { return .pastEnd }
            let word = load(at: p, scratch)
            let zeros = min(word.trailingZeroBitCount, escape)
            let d: UInt64
            if zeros < escape && zeros + 1 + k <= 57 {
                // The whole code in the 57 bits loaded.
                p += zeros + 1 + k
                d = UInt64(zeros) << k | (word >> UInt64(zeros + 1)) & low
            } else if zeros < escape {
                p += zeros + 1
                d = UInt64(zeros) << k | get(bits: k, at: &p, scratch)
            } else {
                p += escape
                d = get(bits: 64, at: &p, scratch)
            }
            let (sum, over) = key.addingReportingOverflow(d)
            guard !over && sum != .max else { return .order }
            key = sum + 1
            guard body(key) else { return p <= bits ? nil : .pastEnd }
        }
        guard p <= bits else { return .pastEnd }
        if let next, key >= next { return .order }
        return nil
    }

    /// 57 bits or more from bit `p` on, in the low bits.
    @inline(__always)
    private static func load(at p: Int, _ scratch: UnsafeRawBufferPointer) -> UInt64 {
        UInt64(littleEndian: scratch.loadUnaligned(fromByteOffset: p >> 3, as: UInt64.self)) >> UInt64(p & 7)
    }

    /// `n` (0-64) bits from bit `p` on, `p` moved past them: in pieces of 56 bits or fewer.
    @inline(__always)
    private static func get(bits n: Int, at p: inout Int, _ scratch: UnsafeRawBufferPointer) -> UInt64 {
        var value: UInt64 = 0
        var done = 0
        while done < n {
            let m = min(n - done, 56)
            value |= (load(at: p, scratch) & (1 << UInt64(m) - 1)) << UInt64(done)
            p += m
            done += m
        }
        return value
    }

    /// Writes the low `n` (0-64) bits of `value` from bit `p` on (those bits zero before).
    @inline(__always)
    private static func put(_ value: UInt64, bits n: Int, at p: inout Int, _ scratch: UnsafeMutableRawBufferPointer) {
        var done = 0
        while done < n {
            let m = min(n - done, 56)
            let piece = (value >> UInt64(done)) & (1 << UInt64(m) - 1)
            let offset = p >> 3
            let word = UInt64(littleEndian: scratch.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            scratch.storeBytes(of: (word | piece << UInt64(p & 7)).littleEndian, toByteOffset: offset, as: UInt64.self)
            p += m
            done += m
        }
    }
}
