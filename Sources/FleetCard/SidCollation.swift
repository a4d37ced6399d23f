/// JavaScript's `a.localeCompare(b)`, as the server's row sort breaks ties between sids
/// (src/push/watcher.ts; issue 50, item 9; Models/README.md, "Row order ties"), without ICU.
///
/// V8 compares with ICU's collator for the default locale; for "en" that is the CLDR root
/// collation at its defaults: strength tertiary, punctuation not ignored (non-ignorable),
/// lower case first, no numeric ordering. On printable ASCII (U+0020-U+007E) it reduces to two
/// levels, each compared over the whole string before the next:
/// - primary: one weight per character, in the order of `primaryOrder` (space, then
///   punctuation and symbols in CLDR's order, digits, then letters with a letter's two cases
///   equal); a string that is a prefix of the other comes first;
/// - tertiary: a lower-case letter before its upper case, position by position.
///
/// Exact for two strings of printable ASCII only: pinned against Node 20.20.2 (ICU 78.2, en-US)
/// by `Tests/Pins/localecompare.json` (`Scripts/localecompare-pins.js`). Any other scalar is
/// not ICU's order: it is placed after the letters, by code point, with no case level
/// (ICU would sort "é" with "e", and ignore control characters). The model's sids ("s1"…) and
/// the logs' (lower-case hex and "-") are printable ASCII, and on them (lower case, digits,
/// "-") this order is code-point order.
public enum SidCollation {
    /// The printable ASCII characters in ICU's root primary order; a letter stands for both cases.
    static let primaryOrder = Array(" _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz".utf8)

    /// Primary weight + 1 by ASCII byte (0 for the bytes with none: controls and DEL).
    static let primaryWeight: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 128)
        for (rank, byte) in primaryOrder.enumerated() { table[Int(byte)] = UInt32(rank + 1) }
        for upper in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(upper)] = table[Int(upper | 0x20)] }
        return table
    }()

    /// The weights of one scalar: printable ASCII by `primaryWeight`, everything else after it by
    /// code point; tertiary 1 for an upper-case ASCII letter, else 0.
    static func weights(_ u: Unicode.Scalar) -> (primary: UInt32, tertiary: UInt8) {
        if u.value < 128, case let w = primaryWeight[Int(u.value)], w != 0 {
            let upper = u.value >= 0x41 && u.value <= 0x5A
            return (w, upper ? 1 : 0)
        }
        return (0x100 + u.value, 0)
    }

    /// `a.localeCompare(b)`'s sign: -1, 0 or 1. 0 only for the same scalars (the weights of two
    /// different scalars differ), so this is a total order.
    public static func compare(_ a: String, _ b: String) -> Int {
        for level in 0..<2 {
            var ia = a.unicodeScalars.makeIterator(), ib = b.unicodeScalars.makeIterator()
            while let x = ia.next() {
                guard let y = ib.next() else { return 1 }
                let (wx, wy) = (weights(x), weights(y))
                let (kx, ky) = level == 0 ? (wx.primary, wy.primary) : (UInt32(wx.tertiary), UInt32(wy.tertiary))
                if kx != ky { return kx < ky ? -1 : 1 }
            }
            if ib.next() != nil { return -1 }
        }
        return 0
    }
}
