import CardcheckCLI
import Explorer
import Foundation
import MPIFabric

// `mpirun -np N cardcheck-mpi check CONFIG.json`: the same `check` as `cardcheck`, its search
// spread over the MPI job's ranks (Docs/distributed.md); rank 0 prints the report.
exit(CardcheckCommand.mainDistributed(Array(CommandLine.arguments.dropFirst())) { () throws(FabricEnded) in try MPIFabric() })
