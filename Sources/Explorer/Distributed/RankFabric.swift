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
}
