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
    private var heldFiles: [() throws -> Void] = []
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

    /// Writes a run's files (`--save`, `--out`) now on rank 0; another rank keeps them for
    /// `speak`, where they are written only if rank 0 died.
    func write(_ files: @escaping () throws -> Void) throws {
        if fabric.rank == 0 { return try files() }
        lock.withLock { heldFiles.append(files) }
    }

    /// Writes the held files, then the held report to standard output (a file not written is
    /// one line on standard error): this rank is the lowest one alive.
    func speak() -> Bool {
        var problem: String?
        for files in lock.withLock({ heldFiles }) where problem == nil {
            do {
                try files()
            } catch let error as OutputError {
                problem = error.description
            } catch let error as CommandError {
                problem = error.description
            } catch {
                problem = String(describing: error)
            }
        }
        let lines = lock.withLock { held }
        let printed = lines.allSatisfy { Console.writeAll(STDOUT_FILENO, $0 + "\n") }
        if let problem { _ = Console.writeAll(STDERR_FILENO, "cardcheck: " + StrictJSON.oneLine(problem) + "\n") }
        return printed && problem == nil
    }
}
