import CMPI
import Explorer
import Foundation
import Synchronization

/// `RankFabric` over Open MPI's `MPI_COMM_WORLD`. Collectives are non-blocking and polled, so
/// a rank waiting on a peer still sees its stop signal: once a stop is raised, a collective
/// that does not complete within `patience` seconds after a SIGTERM (a peer died: mpirun signals the rest)
/// ends the job with `FabricEnded` rather than hanging. Short: `mpirun` kills the ranks one
/// second after it forwards a SIGTERM (`odls_base_sigkill_timeout`), report written or not.
public final class MPIFabric: RankFabric, @unchecked Sendable {
    public let rank: Int
    public let size: Int
    private let stopBox = Mutex<StopSignal?>(nil)
    private let patience: Double
    private let comm = cmpi_comm_world()

    /// Starts MPI (once per process). Only the calling thread makes MPI calls after this.
    public init(patience: Double = 0.3) throws(FabricEnded) {
        var provided: Int32 = 0
        guard MPI_Init_thread(nil, nil, cmpi_thread_funneled(), &provided) == cmpi_success() else {
            throw FabricEnded(reason: "MPI did not start")
        }
        MPI_Comm_set_errhandler(cmpi_comm_world(), cmpi_errors_return())
        var r: Int32 = 0
        var n: Int32 = 0
        MPI_Comm_rank(cmpi_comm_world(), &r)
        MPI_Comm_size(cmpi_comm_world(), &n)
        rank = Int(r)
        size = Int(n)
        self.patience = patience
    }

    public func watch(_ stop: StopSignal?) { stopBox.withLock { $0 = stop } }

    public func finish() {
        // Roll-call tokens the lower ranks sent when the stop was raised: received, not left pending.
        var byte: UInt8 = 0
        for r in 0..<rank {
            var flag: Int32 = 0
            while MPI_Iprobe(Int32(r), Self.rollCallTag, comm, &flag, cmpi_status_ignore()) == cmpi_success(), flag != 0 {
                MPI_Recv(&byte, 1, cmpi_byte(), Int32(r), Self.rollCallTag, comm, cmpi_status_ignore())
            }
        }
        MPI_Finalize()
    }

    public func abandon(_ code: Int32) -> Never {
        MPI_Abort(comm, code)
        exit(code)
    }

    /// Tells the higher ranks this one is alive, once: as soon as a collective sees the stop
    /// (so a peer reaching the roll call later, on a loaded machine, finds it already there),
    /// and at the roll call. `finish` receives what was sent in a run that ended well.
    private func announce() {
        guard !announced.withLock({ let was = $0; $0 = true; return was }) else { return }
        // The token lives as long as the process: its sends are never waited on.
        let token = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        token.initialize(to: 1)
        for r in (rank + 1)..<max(rank + 1, size) {
            var request: MPI_Request?
            if MPI_Isend(token, 1, cmpi_byte(), Int32(r), Self.rollCallTag, comm, &request) == cmpi_success() {
                MPI_Request_free(&request)
            }
        }
    }

    private let announced = Mutex(false)

    public func lowerRankAnswers(patience: Double) -> Bool {
        announce()
        guard rank > 0 else { return false }
        let start = ContinuousClock.now
        while start.duration(to: .now) < .milliseconds(Int(patience * 1000)) {
            for r in 0..<rank {
                var flag: Int32 = 0
                if MPI_Iprobe(Int32(r), Self.rollCallTag, comm, &flag, cmpi_status_ignore()) == cmpi_success(), flag != 0 {
                    return true
                }
            }
            usleep(1_000)
        }
        return false
    }

    /// The tag of `lowerRankAnswers`'s messages (collectives use none).
    static let rollCallTag: Int32 = 5_254

    public func exchange(_ outgoing: [[UInt8]]) throws(FabricEnded) -> [[UInt8]] {
        precondition(outgoing.count == size, "one batch per rank")
        var sendCounts = outgoing.map { Int32(clamping: $0.count) }
        guard outgoing.allSatisfy({ $0.count < Int(Int32.max) }) else { throw FabricEnded(reason: "a batch past 2 GiB") }
        var recvCounts = Array(repeating: Int32(0), count: size)
        try wait { request in
            MPI_Ialltoall(&sendCounts, 1, cmpi_int(), &recvCounts, 1, cmpi_int(), comm, &request)
        }
        var sendDispls = Array(repeating: Int32(0), count: size)
        var recvDispls = Array(repeating: Int32(0), count: size)
        var sendTotal = 0
        var recvTotal = 0
        for r in 0..<size {
            sendDispls[r] = Int32(sendTotal)
            recvDispls[r] = Int32(clamping: recvTotal)
            sendTotal += Int(sendCounts[r])
            recvTotal += Int(recvCounts[r])
        }
        guard recvTotal < Int(Int32.max) else { throw FabricEnded(reason: "a round past 2 GiB") }
        var send = outgoing.flatMap { $0 }
        var receive = Array(repeating: UInt8(0), count: max(recvTotal, 1))
        if send.isEmpty { send = [0] }
        try wait { request in
            MPI_Ialltoallv(
                &send, &sendCounts, &sendDispls, cmpi_byte(), &receive, &recvCounts, &recvDispls, cmpi_byte(), comm,
                &request)
        }
        return (0..<size).map { r in Array(receive[Int(recvDispls[r])..<Int(recvDispls[r]) + Int(recvCounts[r])]) }
    }

    public func reduce(_ values: [UInt64], _ operation: FabricReduction) throws(FabricEnded) -> [UInt64] {
        var input = values.isEmpty ? [0] : values
        var output = Array(repeating: UInt64(0), count: input.count)
        let op = switch operation {
        case .sum: cmpi_sum()
        case .max: cmpi_max()
        case .min: cmpi_min()
        }
        try wait { request in
            MPI_Iallreduce(&input, &output, Int32(input.count), cmpi_uint64(), op, comm, &request)
        }
        return values.isEmpty ? [] : output
    }

    /// Starts a collective and polls it to completion, yielding between tests.
    private func wait(_ start: (inout MPI_Request?) -> Int32) throws(FabricEnded) {
        var request: MPI_Request?
        guard start(&request) == cmpi_success() else { throw FabricEnded(reason: "an MPI call failed") }
        var done: Int32 = 0
        var stoppedAt: ContinuousClock.Instant?
        let stop = stopBox.withLock { $0 }
        while true {
            guard MPI_Test(&request, &done, cmpi_status_ignore()) == cmpi_success() else {
                throw FabricEnded(reason: "a rank ended")
            }
            if done != 0 { return }
            // Open MPI's own blocking calls spin the same way; yielding lets an oversubscribed
            // machine's working ranks have the core (a sleep here made each collective ~20 ms).
            sched_yield()
            // Patience only after a SIGTERM: what mpirun sends every rank when one dies. A rank
            // stopped alone (SIGINT to it, its time limit) waits for peers still in their round.
            if let stop, stop.isRaised, stop.signal == SIGTERM {
                if stoppedAt == nil { announce() }
                let since = stoppedAt ?? .now
                stoppedAt = since
                if since.duration(to: .now) > .milliseconds(Int(patience * 1000)) {
                    throw FabricEnded(reason: "a rank did not answer after the stop")
                }
            }
        }
    }
}
