import Foundation

/// Stable 64-bit hashing for visited sets and traces.
///
/// Swift's `Hasher` is seeded per process, so it can never reach a fingerprint: the same state
/// must give the same fingerprint on every run.
public enum Fingerprint {
    /// A strong 64-bit finaliser (SplitMix64's / Stafford variant 13).
    @inlinable public static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Folds a sequence of words into one fingerprint; order matters.
    @inlinable public static func combine<S: Sequence>(_ words: S) -> UInt64 where S.Element == UInt64 {
        var h: UInt64 = 0x243F_6A88_85A3_08D3
        for w in words { h = mix(h ^ w) &+ 0x9E37_79B9_7F4A_7C15 }
        return mix(h)
    }

    /// Fingerprint of arbitrary bytes, eight at a time.
    public static func of(bytes: some Collection<UInt8>) -> UInt64 {
        var words: [UInt64] = [UInt64(bytes.count)]
        var word: UInt64 = 0, shift: UInt64 = 0
        for b in bytes {
            word |= UInt64(b) << shift
            shift += 8
            if shift == 64 { words.append(word); word = 0; shift = 0 }
        }
        if shift > 0 { words.append(word) }
        return combine(words)
    }
}

extension Model {
    /// Default: the state's canonical JSON (sorted keys), hashed. Correct and stable, but slow;
    /// models with large spaces pack their state into words instead.
    public func fingerprint(of state: State) -> UInt64 {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(state) else {
            preconditionFailure("state of \(name) does not encode")
        }
        return Fingerprint.of(bytes: data)
    }
}
