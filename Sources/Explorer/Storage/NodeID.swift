/// A stored state's number in a search: its index in the breadth-first graph. Carried as a
/// 64-bit word; a search numbers at most `NodeIDs.cap` states, 40 bits (`NodeIDColumn` keeps
/// them in 4 bytes a link and a few runs): 32 bits numbered only 4,294,967,294 states, fewer
/// than the wide nightly world at 3 world actions has (issue 52).
typealias NodeID = UInt64

/// The bounds of node ids.
enum NodeIDs {
    /// Bits a stored parent link keeps.
    static let bits = 40
    /// The parent of an initial state: past every id a search hands out.
    static let root: NodeID = (1 << 40) - 1
    /// The most states a search numbers: ids `0 ..< cap` stay below `root`.
    static let cap = (1 << 40) - 2
    /// A behaviour count's transitions and visited-set ids stay 32-bit (all of them are held in
    /// memory: 4 × 10⁹ states would need far more than a machine has), so a counting search
    /// stops here.
    static let countingCap = Int(UInt32.max) - 1
    /// Keys a rank of a distributed job of several inserts at most: the place its visited set
    /// keeps with a key is 32-bit (`UInt32.max` is "none"). A job stops there, saying so
    /// (`SearchReport.capacityStop`): 4 × 10⁹ keys a rank is past a rank's memory anyway.
    static let rankPlaceCap = Int(UInt32.max) - 1

    /// `a + b`, or nil when it overflows (a delta read off the wire).
    @inline(__always)
    static func add(_ a: NodeID, _ b: UInt64) -> NodeID? {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : sum
    }

    /// The cap of a search run with `options` (counting: `countingCap`).
    static func cap(for options: SearchOptions) -> Int {
        options.countBehaviours != nil && options.partition == nil ? countingCap : cap
    }
}
