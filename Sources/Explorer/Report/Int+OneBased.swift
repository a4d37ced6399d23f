extension Int {
    /// The index counted from 1, as action texts name actors ("phone2"). A trace file can hold
    /// any integer, and a disabled step is still described, so `Int.max` must not overflow.
    public var oneBased: String { self == .max ? "\(self)+1" : String(self + 1) }
}
