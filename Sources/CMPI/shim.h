#ifndef CARDCHECK_CMPI_SHIM_H
#define CARDCHECK_CMPI_SHIM_H
#include <mpi.h>

// Open MPI's handles (MPI_COMM_WORLD, MPI_BYTE, MPI_SUM, ...) are macros over the addresses
// of its globals, which Swift cannot import: these return them.
static inline MPI_Comm cmpi_comm_world(void) { return MPI_COMM_WORLD; }
static inline MPI_Datatype cmpi_byte(void) { return MPI_BYTE; }
static inline MPI_Datatype cmpi_int(void) { return MPI_INT; }
static inline MPI_Datatype cmpi_uint64(void) { return MPI_UINT64_T; }
static inline MPI_Op cmpi_sum(void) { return MPI_SUM; }
static inline MPI_Op cmpi_max(void) { return MPI_MAX; }
static inline MPI_Op cmpi_min(void) { return MPI_MIN; }
static inline MPI_Errhandler cmpi_errors_return(void) { return MPI_ERRORS_RETURN; }
static inline MPI_Status *cmpi_status_ignore(void) { return MPI_STATUS_IGNORE; }
static inline int cmpi_success(void) { return MPI_SUCCESS; }
static inline int cmpi_thread_funneled(void) { return MPI_THREAD_FUNNELED; }

#endif
