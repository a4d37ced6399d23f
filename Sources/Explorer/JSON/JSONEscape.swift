/// JSON's one-character string escapes, shared by the strict reader of configurations and traces
/// (`StrictJSON`) and the fast reader of the encoder's own text (`EncodedJSON`).
enum JSONEscape {
    /// The byte `\e` stands for (`\n` → 0x0A, `\"` → `"`, …); nil for `\u` and anything else.
    @inline(__always)
    static func byte(_ e: UInt8) -> UInt8? {
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): e
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }
}
