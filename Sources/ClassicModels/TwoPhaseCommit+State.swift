import Explorer

extension TwoPhaseCommit {
    /// A resource manager's state.
    public enum RMState: UInt64, Sendable, Codable {
        case working, prepared, committed, aborted
    }

    /// The whole system in one word: 2 bits per manager's state (bits 0...23), then per manager
    /// the manager's "prepared" message (bits 24...35) and the TM's `tmPrepared` (36...47), then
    /// the TM done flag and the commit and abort messages (48, 49, 50), then the number of
    /// managers (51...54), constant, so a state reads back on its own.
    public struct State: Hashable, Sendable {
        /// The word, stored under its own name so that the step (`next`, inlinable into the
        /// search) can write it; read it as `bits`.
        @usableFromInline var word: UInt64
        @inlinable public var bits: UInt64 { word }

        init(resourceManagers n: Int) { word = UInt64(n) << 51 }
        init(bits: UInt64) { word = bits }

        /// The number of resource managers.
        public var count: Int { Int((word >> 51) & 15) }

        // The accessors shift with `&<<` / `&>>` (i < 12): a checked shift and multiply per call,
        // and calls the search's step did not inline, were a tenth of two-phase commit's search.
        @inlinable @inline(__always) public func rm(_ i: Int) -> RMState {
            RMState(rawValue: (word &>> UInt64(truncatingIfNeeded: i &* 2)) & 3) ?? .working
        }
        @inlinable @inline(__always) mutating func setRM(_ i: Int, _ s: RMState) {
            let shift = UInt64(truncatingIfNeeded: i &* 2)
            word = word & ~(3 &<< shift) | (s.rawValue &<< shift)
        }
        /// The managers `0..<n` in `state`, as one bit each at the low bit of its 2-bit field
        /// (manager i at bit 2i): the four states' codes (00, 01, 10, 11) compared all at once.
        @inline(__always) public func managers(in state: RMState, of n: Int) -> UInt64 {
            let low = word & Self.lowBits, high = (word >> 1) & Self.lowBits
            let lowMatch = state.rawValue & 1 == 0 ? ~low : low, highMatch = state.rawValue & 2 == 0 ? ~high : high
            return lowMatch & highMatch & Self.everyManager(n)
        }
        /// The low bit of each of the 12 managers' fields.
        static var lowBits: UInt64 { 0x55_5555 }
        /// `managers(in:of:)` of a state where all `n` managers are in it.
        @inline(__always) public static func everyManager(_ n: Int) -> UInt64 {
            lowBits & ((1 &<< UInt64(truncatingIfNeeded: n &* 2)) &- 1)
        }
        @inlinable @inline(__always) public func preparedMessage(_ i: Int) -> Bool {
            word & (1 &<< UInt64(truncatingIfNeeded: 24 &+ i)) != 0
        }
        @inlinable @inline(__always) mutating func setPreparedMessage(_ i: Int) {
            word |= 1 &<< UInt64(truncatingIfNeeded: 24 &+ i)
        }
        @inlinable @inline(__always) public func tmPrepared(_ i: Int) -> Bool {
            word & (1 &<< UInt64(truncatingIfNeeded: 36 &+ i)) != 0
        }
        @inlinable @inline(__always) mutating func setTMPrepared(_ i: Int) { word |= 1 &<< UInt64(truncatingIfNeeded: 36 &+ i) }
        @inlinable @inline(__always) func allTMPrepared(_ n: Int) -> Bool {
            let mask: UInt64 = ((1 &<< UInt64(truncatingIfNeeded: n)) &- 1) &<< 36
            return word & mask == mask
        }
        @inlinable public var tmDone: Bool {
            get { word & (1 << 48) != 0 }
            set { word = newValue ? word | (1 << 48) : word & ~(1 << 48) }
        }
        @inlinable public var commitMessage: Bool {
            get { word & (1 << 49) != 0 }
            set { word = newValue ? word | (1 << 49) : word & ~(1 << 49) }
        }
        @inlinable public var abortMessage: Bool {
            get { word & (1 << 50) != 0 }
            set { word = newValue ? word | (1 << 50) : word & ~(1 << 50) }
        }
    }

    /// A step of the protocol, named as in `TwoPhase.tla`.
    public struct Action: Hashable, Sendable, Codable, CustomStringConvertible {
        public enum Kind: String, Sendable, Codable {
            case tmReceivePrepared, tmCommit, tmAbort
            case rmPrepare, rmChooseToAbort, rmReceiveCommit, rmReceiveAbort
        }
        public let kind: Kind
        /// The resource manager (0-based) for the actions that name one.
        public let rm: Int?

        public init(_ kind: Kind, _ rm: Int? = nil) {
            self.kind = kind
            self.rm = rm
        }

        public var description: String {
            let who = rm.map { "rm\($0.oneBased)" } ?? ""
            switch kind {
            case .tmReceivePrepared: return "TM receives \(who)'s Prepared"
            case .tmCommit: return "TM commits"
            case .tmAbort: return "TM aborts"
            case .rmPrepare: return "\(who) prepares"
            case .rmChooseToAbort: return "\(who) chooses to abort"
            case .rmReceiveCommit: return "\(who) receives Commit"
            case .rmReceiveAbort: return "\(who) receives Abort"
            }
        }
    }
}

/// Traces show the state the way `TwoPhase.tla` writes it, not as a packed word.
extension TwoPhaseCommit.State: Codable {
    private enum CodingKeys: String, CodingKey { case rmState, tmDone, tmPrepared, prepared, commit, abort }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let states = try c.decode([TwoPhaseCommit.RMState].self, forKey: .rmState)
        guard (1...12).contains(states.count) else {
            throw DecodingError.dataCorruptedError(forKey: .rmState, in: c, debugDescription: "1 to 12 managers")
        }
        self.init(resourceManagers: states.count)
        for (i, s) in states.enumerated() { setRM(i, s) }
        for i in try c.decode([Int].self, forKey: .tmPrepared) where (1...count).contains(i) { setTMPrepared(i - 1) }
        for i in try c.decode([Int].self, forKey: .prepared) where (1...count).contains(i) { setPreparedMessage(i - 1) }
        tmDone = try c.decode(Bool.self, forKey: .tmDone)
        commitMessage = try c.decode(Bool.self, forKey: .commit)
        abortMessage = try c.decode(Bool.self, forKey: .abort)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let n = count
        try c.encode((0..<n).map { rm($0) }, forKey: .rmState)
        try c.encode(tmDone, forKey: .tmDone)
        try c.encode((0..<n).filter { tmPrepared($0) }.map { $0 + 1 }, forKey: .tmPrepared)
        try c.encode((0..<n).filter { preparedMessage($0) }.map { $0 + 1 }, forKey: .prepared)
        try c.encode(commitMessage, forKey: .commit)
        try c.encode(abortMessage, forKey: .abort)
    }
}
