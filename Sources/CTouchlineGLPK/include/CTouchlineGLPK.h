// CTouchlineGLPK: the one place where Touchline calls GNU GLPK.
//
// `tl_solve` builds a problem from plain arrays, solves it and frees it inside one C call, on the calling
// thread (Debian's GLPK keeps its state per thread). It runs under setjmp with glp_error_hook installed, so
// a GLPK fatal error (API misuse, memory limit) returns TL_STATUS_ERROR instead of aborting the process, and
// no Swift frame is ever between the setjmp and the longjmp: the branch-and-bound callback is C code in this
// target. GLPK's terminal output is captured by glp_term_hook: never on stdout, forwarded to stderr only when
// `verbose` is set.
//
// When GLPK is not installed (no <glpk.h>), `tl_glpk_available()` returns 0 and `tl_solve` returns
// TL_STATUS_ERROR; Swift only calls it when the `GLPK` trait is on.
#ifndef CTOUCHLINE_GLPK_H
#define CTOUCHLINE_GLPK_H

#ifdef __cplusplus
extern "C" {
#endif

enum {
    TL_KIND_CONTINUOUS = 0,
    TL_KIND_INTEGER = 1,
};

enum {
    TL_STATUS_OPTIMAL = 0,      // proven optimal (MIP) or optimal (LP)
    TL_STATUS_FEASIBLE = 1,     // stopped (time, gap or cancel) with an incumbent
    TL_STATUS_NO_SOLUTION = 2,  // stopped before any incumbent was found
    TL_STATUS_INFEASIBLE = 3,
    TL_STATUS_UNBOUNDED = 4,    // the LP relaxation is unbounded
    TL_STATUS_ERROR = 5,        // GLPK reported a fatal error or a failure; see message
};

/// A model in column bounds / row bounds / coordinate-matrix form. Arrays are 0-based, of length
/// num_cols, num_rows or nnz. Infinite bounds are +-HUGE_VAL. Row and column indices in the matrix are
/// 0-based and must be unique per (row, col) pair (the Swift side merges duplicates).
typedef struct tl_model {
    int num_cols;
    int num_rows;
    const double *col_lb;
    const double *col_ub;
    const int *col_kind;
    const double *objective;
    double objective_constant;
    int maximize;
    const double *row_lb;
    const double *row_ub;
    int nnz;
    const int *matrix_row;
    const int *matrix_col;
    const double *matrix_value;
} tl_model;

typedef struct tl_params {
    double time_limit_seconds;   // <= 0: none
    double mip_gap;              // relative gap at which to stop; 0 proves optimality
    int memory_limit_mb;         // <= 0: none
    int verbose;                 // 1: forward GLPK's log to stderr
    int feasibility_pump;        // glp_iocp.fp_heur
    int proximity_search;        // glp_iocp.ps_heur
    int cuts;                    // GMI, MIR, cover and clique cuts
    int branching;               // 0 default (Driebeck-Tomlin), 1 pseudocost, 2 most fractional
    int backtracking;            // 0 default (best local bound), 1 depth first, 2 breadth first, 3 best projection
    const double *warm_start;    // NULL or num_cols values: an integer-feasible solution offered at GLP_IHEUR
    const volatile int *cancel;  // NULL or a flag (tl_flag_*); non-zero stops the simplex and the search
    int relaxation_only;         // 1: solve the LP relaxation only (integrality ignored), with duals
    /// NULL or called from branch and bound (on the solving thread, between GLPK's steps, never inside a
    /// GLPK routine) when a better incumbent is found and at most every half second otherwise: the incumbent
    /// (NAN when none yet), the best bound, the relative gap (NAN when unknown) and the nodes so far.
    void (*progress)(void *context, double incumbent, double bound, double gap, long long nodes);
    void *progress_context;
} tl_params;

typedef struct tl_result {
    int status;
    int glpk_return_code;
    double objective;
    double bound;                // best proven bound (objective sense), NAN when unknown
    double gap;                  // relative gap as GLPK computes it, NAN when unknown
    long long nodes;             // branch-and-bound nodes created
    int warm_start_accepted;
    int pseudocost_skipped;      // 1: pseudocost branching was asked for, but its start-up would outlast the limit
    double lp_seconds;
    double *values;              // caller-owned, num_cols entries, written when status is OPTIMAL or FEASIBLE
    double *row_duals;           // NULL or caller-owned num_rows entries: the LP's row duals (LP solves only)
    double *reduced_costs;       // NULL or caller-owned num_cols entries: the LP's reduced costs (LP solves only)
    char message[512];
} tl_result;

/// A cancellation flag another thread may raise while a solve reads it: allocated zeroed, set with a
/// sequentially consistent store, read with an atomic load. Available with and without GLPK.
volatile int *tl_flag_new(void);
void tl_flag_raise(volatile int *flag);
int tl_flag_is_raised(const volatile int *flag);
void tl_flag_free(volatile int *flag);

/// 1 when this build has GLPK, else 0.
int tl_glpk_available(void);

/// 1 when a MIP solve with an incumbent stopped because the requested relative gap was reached (GLP_EMIPGAP).
int tl_stopped_at_gap(const tl_result *result);

/// GLPK's version string ("5.0"), or "" when not available.
const char *tl_glpk_version(void);

/// Solves `model` and fills `result`. Returns result->status.
int tl_solve(const tl_model *model, const tl_params *params, tl_result *result);

/// For tests of the guard: calls a GLPK routine with invalid arguments (GLPK aborts on those) under the same
/// guard. `which`: 0 = glp_add_rows(P, 0); 1 = duplicate matrix indices; 2 = column index out of range;
/// 3 = memory limit of 1 MB exceeded. Returns TL_STATUS_ERROR with the message when the guard caught it.
int tl_provoke_fatal_error(int which, tl_result *result);

#ifdef __cplusplus
}
#endif

#endif
