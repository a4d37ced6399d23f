import Foundation

/// The processes of a distributed search as the search sees them: its own rank among `size`,
/// an all-to-all exchange of byte batches and reductions of word arrays. The Explorer knows no
/// MPI; `MPIFabric` implements this over Open MPI, so the engine stays one library for both
/// executables.
///
/// Every call is collective: every rank makes the same calls in the same order. A call throws
/// `FabricEnded` when the job cannot go on (a rank died, or a stop was asked while a peer never
/// answered): the search then ends with what the last completed level agreed.
public protocol RankFabric: Sendable {
    var rank: Int { get }
    var size: Int { get }
    /// Sends `outgoing[r]` to rank `r` (one batch per destination, the own one included) and
    /// returns what each rank sent this one, by source rank.
    func exchange(_ outgoing: [[UInt8]]) throws(FabricEnded) -> [[UInt8]]
    /// The element-wise `operation` of `values` over every rank (same length on every rank).
    func reduce(_ values: [UInt64], _ operation: FabricReduction) throws(FabricEnded) -> [UInt64]
    /// From now on a collective waiting on a peer gives up (throws) a while after `stop` is raised.
    func watch(_ stop: StopSignal?)
    /// Ends this rank's part after a run every rank finished.
    func finish()
    /// Ends every rank of the job now: after a `FabricEnded`, peers may wait forever.
    func abandon(_ code: Int32) -> Never
    /// After a `FabricEnded`, outside any collective: tells the higher ranks this one is alive
    /// and says whether a lower rank told this one so within `patience` seconds. The lowest
    /// rank alive hears none and prints the job's one report (rank 0 when it lives).
    func lowerRankAnswers(patience: Double) -> Bool
}

/// How the ranks' inputs compared at the start of a distributed check.
public enum RankStart: Equatable, Sendable {
    /// Every rank accepted its input, and all describe the same run.
    case agreed
    /// Rank `rank` (the lowest such) refused its input, for `reason`.
    case refused(rank: Int, reason: String)
    /// The ranks accepted different configurations, bounds or options.
    case differ
}

extension RankFabric {
    /// The first collective of every rank of a distributed check, made whatever its input did:
    /// `digest` describes the run this rank would make (configuration, bounds, options), nil
    /// when it refused its input (`reason`). A rank that refused, or ranks that differ, end
    /// every rank at the start rather than in a collective one of them never makes.
    public func agreeOnStart(_ digest: UInt64?, reason: String) throws(FabricEnded) -> RankStart {
        let mins = try reduce([digest == nil ? UInt64(rank) : .max, digest ?? .max], .min)
        if mins[0] != .max {
            let refuser = Int(mins[0])
            var outgoing = Array(repeating: [UInt8](), count: size)
            if rank == refuser { outgoing = Array(repeating: Array(reason.utf8.prefix(2_000)), count: size) }
            let told = try exchange(outgoing)
            let text = refuser < told.count ? String(decoding: told[refuser], as: UTF8.self) : ""
            return .refused(rank: refuser, reason: text)
        }
        return try reduce([digest ?? 0], .max)[0] == mins[1] ? .agreed : .differ
    }
}

public enum FabricReduction: Sendable {
    case sum, max, min
}

/// The job cannot go on: `reason` says why, in words for the report's stop line.
public struct FabricEnded: Error, Sendable, Equatable {
    public let reason: String
    public init(reason: String) { self.reason = reason }
}

/// A fabric of one process: the distributed search run alone (as `mpirun -np 1` runs it).
public struct SoloFabric: RankFabric {
    public init() {}
    public var rank: Int { 0 }
    public var size: Int { 1 }
    public func exchange(_ outgoing: [[UInt8]]) throws(FabricEnded) -> [[UInt8]] { outgoing }
    public func reduce(_ values: [UInt64], _ operation: FabricReduction) throws(FabricEnded) -> [UInt64] { values }
    public func watch(_ stop: StopSignal?) {}
    public func finish() {}
    public func abandon(_ code: Int32) -> Never { exit(code) }
    public func lowerRankAnswers(patience: Double) -> Bool { false }
}
