#ifndef CARDCHECK_CGMP_SHIM_H
#define CARDCHECK_CGMP_SHIM_H
#include <gmp.h>

// GMP's functions reach Swift under their real names (__gmpz_init, ...); these
// wrap the few that are macros, which Swift cannot import.
static inline int cgmp_mpz_sgn(const mpz_t z) { return mpz_sgn(z); }
static inline int cgmp_mpq_sgn(const mpq_t q) { return mpq_sgn(q); }
static inline mpz_ptr cgmp_mpq_numref(mpq_ptr q) { return mpq_numref(q); }
static inline mpz_ptr cgmp_mpq_denref(mpq_ptr q) { return mpq_denref(q); }
static inline int cgmp_mpz_odd_p(const mpz_t z) { return mpz_odd_p(z); }

#endif
