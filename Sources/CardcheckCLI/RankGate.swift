import Explorer
import Foundation

/// A rank's fabric as `cardcheck-mpi` hands it to `check`, with what `mainDistributed` needs
/// once the command returns: whether this rank joined the start agreement (a rank that refused
/// its input before it must still join it, or its peers wait forever), whether the search
/// ended with the fabric broken, and the report lines a rank other than 0 holds back (it
/// prints them only if rank 0 is gone).
final class RankGate: @unchecked Sendable {
    let fabric: any RankFabric
    private(set) var joined = false
    /// Set when the search ended with `FabricEnded`: the job is abandoned after the report.
    var ended = false
    private var held: [String] = []
    private var heldErrors: [String] = []
    private let lock = NSLock()

    init(_ fabric: any RankFabric) { self.fabric = fabric }

    /// The console this rank writes to: rank 0's is the process's; the others hold their lines.
    func console() -> Console {
        if fabric.rank == 0 { return .standard() }
        return Console(
            out: { [self] line in lock.withLock { held.append(line) } },
            err: { [self] line in lock.withLock { heldErrors.append(line) } }, errorIsTerminal: false)
    }

    /// The start agreement (`RankStart`), made once; `digest` nil when this rank refused its input.
    func start(_ digest: UInt64?) throws(FabricEnded) -> RankStart {
        joined = true
        let reason = lock.withLock { heldErrors.first } ?? "it refused its input"
        return try fabric.agreeOnStart(digest, reason: reason)
    }

    /// Writes the held report to standard output: this rank is the lowest one alive.
    func speak() -> Bool {
        let lines = lock.withLock { held }
        return lines.allSatisfy { Console.writeAll(STDOUT_FILENO, $0 + "\n") }
    }
}
