// See include/CTouchlineGLPK.h for the contract of this file.
#include "CTouchlineGLPK.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Cancellation flags: plain C atomics, the same with and without GLPK.
volatile int *tl_flag_new(void) { return (volatile int *)calloc(1, sizeof(int)); }
void tl_flag_raise(volatile int *flag) { __atomic_store_n(flag, 1, __ATOMIC_SEQ_CST); }
int tl_flag_is_raised(const volatile int *flag) { return __atomic_load_n(flag, __ATOMIC_SEQ_CST); }
void tl_flag_free(volatile int *flag) { free((void *)flag); }

#if __has_include(<glpk.h>)
#include <glpk.h>
#include <setjmp.h>
#include <stdlib.h>
#include <time.h>

#define TL_HAVE_GLPK 1

/// Per-call state, on the C stack of tl_solve. GLPK's hooks and environment are per thread, so two threads
/// solving at once each have their own.
typedef struct tl_context {
    jmp_buf jump;
    int verbose;
    char last_output[512];     // GLPK's last lines, for the error message
    size_t last_length;
    const tl_params *params;
    int num_cols;
    int warm_start_offered;
    int warm_start_accepted;
    double bound;
    double gap;
    long long nodes;
    double deadline;           // monotonic seconds, 0 = none
    double last_progress;      // monotonic seconds of the last progress report
} tl_context;

static int tl_cancelled(const tl_params *params) {
    return params->cancel != NULL && __atomic_load_n(params->cancel, __ATOMIC_SEQ_CST) != 0;
}

static double tl_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int tl_term_hook(void *info, const char *text) {
    tl_context *ctx = (tl_context *)info;
    size_t length = strlen(text);
    // Keep the tail of GLPK's output: a fatal error's text is the last thing it prints.
    if (length >= sizeof(ctx->last_output)) {
        text += length - (sizeof(ctx->last_output) - 1);
        length = sizeof(ctx->last_output) - 1;
    }
    if (ctx->last_length + length >= sizeof(ctx->last_output)) {
        ctx->last_length = 0;
    }
    memcpy(ctx->last_output + ctx->last_length, text, length);
    ctx->last_length += length;
    ctx->last_output[ctx->last_length] = '\0';
    if (ctx->verbose) {
        fputs(text, stderr);
    }
    return 1; // non-zero: GLPK writes nothing itself, so stdout stays clean
}

static void tl_error_hook(void *info) {
    tl_context *ctx = (tl_context *)info;
    longjmp(ctx->jump, 1);
}

static void tl_copy_message(tl_result *result, const char *prefix, const char *detail) {
    snprintf(result->message, sizeof(result->message), "%s%s", prefix, detail ? detail : "");
    // Drop trailing newlines.
    size_t n = strlen(result->message);
    while (n > 0 && (result->message[n - 1] == '\n' || result->message[n - 1] == '\r')) {
        result->message[--n] = '\0';
    }
}

static void tl_callback(glp_tree *tree, void *info) {
    tl_context *ctx = (tl_context *)info;
    int active = 0, current = 0, total = 0;
    glp_ios_tree_size(tree, &active, &current, &total);
    ctx->nodes = total;
    int best = glp_ios_best_node(tree);
    if (best != 0) {
        ctx->bound = glp_ios_node_bound(tree, best);
    }
    double gap = glp_ios_mip_gap(tree);
    if (gap < 1e300) {
        ctx->gap = gap;
    }
    if (glp_ios_reason(tree) == GLP_IHEUR && !ctx->warm_start_offered && ctx->params->warm_start != NULL) {
        ctx->warm_start_offered = 1;
        // glp_ios_heur_sol reads x[1..n] over the original columns.
        double *x = (double *)malloc(sizeof(double) * (size_t)(ctx->num_cols + 1));
        if (x != NULL) {
            x[0] = 0.0;
            memcpy(x + 1, ctx->params->warm_start, sizeof(double) * (size_t)ctx->num_cols);
            ctx->warm_start_accepted = glp_ios_heur_sol(tree, x) == 0;
            free(x);
        }
    }
    if (ctx->params->progress != NULL) {
        int reason = glp_ios_reason(tree);
        double now = tl_now();
        if (reason == GLP_IBINGO || now - ctx->last_progress >= 0.5) {
            ctx->last_progress = now;
            glp_prob *problem = glp_ios_get_prob(tree);
            // At GLP_IBINGO the new incumbent is already the problem's MIP solution.
            int has = glp_mip_status(problem) == GLP_FEAS || glp_mip_status(problem) == GLP_OPT || reason == GLP_IBINGO;
            ctx->params->progress(ctx->params->progress_context, has ? glp_mip_obj_val(problem) : NAN,
                                  ctx->bound, ctx->gap, ctx->nodes);
        }
    }
    if (tl_cancelled(ctx->params) || (ctx->deadline > 0 && tl_now() > ctx->deadline)) {
        glp_ios_terminate(tree);
    }
}

static int tl_limit_ms(double seconds_left) {
    if (seconds_left <= 0.001) return 1;
    double ms = seconds_left * 1000.0;
    if (ms > 2000000000.0) return 2000000000;
    return (int)ms;
}

int tl_glpk_available(void) { return 1; }

int tl_stopped_at_gap(const tl_result *result) { return result->glpk_return_code == GLP_EMIPGAP; }

const char *tl_glpk_version(void) { return glp_version(); }

static void tl_install_hooks(tl_context *ctx) {
    glp_term_hook(tl_term_hook, ctx);
    glp_error_hook(tl_error_hook, ctx);
}

static void tl_remove_hooks(void) {
    glp_error_hook(NULL, NULL);
    glp_term_hook(NULL, NULL);
}

int tl_solve(const tl_model *model, const tl_params *params, tl_result *result) {
    tl_context ctx;
    memset(&ctx, 0, sizeof(ctx));
    ctx.verbose = params->verbose;
    ctx.params = params;
    ctx.num_cols = model->num_cols;
    ctx.bound = NAN;
    ctx.gap = NAN;
    result->status = TL_STATUS_ERROR;
    result->glpk_return_code = 0;
    result->objective = NAN;
    result->bound = NAN;
    result->gap = NAN;
    result->nodes = 0;
    result->warm_start_accepted = 0;
    result->lp_seconds = 0;
    result->message[0] = '\0';

    if (model->num_cols <= 0) {
        tl_copy_message(result, "the model has no variables", NULL);
        return result->status;
    }
    double start = tl_now();
    if (params->time_limit_seconds > 0) {
        ctx.deadline = start + params->time_limit_seconds;
    }

    glp_prob *volatile problem = NULL;
    int *volatile ia = NULL;
    int *volatile ja = NULL;
    double *volatile ar = NULL;

    tl_install_hooks(&ctx);
    if (setjmp(ctx.jump) != 0) {
        // GLPK hit a fatal error. Its environment (and every problem object of this thread) is unusable:
        // free the environment, never the problem.
        tl_remove_hooks();
        glp_free_env();
        free(ia);
        free(ja);
        free(ar);
        result->status = TL_STATUS_ERROR;
        tl_copy_message(result, "GLPK fatal error: ", ctx.last_output);
        return result->status;
    }
    if (params->memory_limit_mb > 0) {
        glp_mem_limit(params->memory_limit_mb);
    }

    problem = glp_create_prob();
    glp_set_obj_dir(problem, model->maximize ? GLP_MAX : GLP_MIN);
    glp_set_obj_coef(problem, 0, model->objective_constant);

    int has_integer = 0;
    glp_add_cols(problem, model->num_cols);
    for (int j = 0; j < model->num_cols; j++) {
        double lb = model->col_lb[j], ub = model->col_ub[j];
        int type;
        if (isinf(lb) && isinf(ub)) type = GLP_FR;
        else if (isinf(ub)) type = GLP_LO;
        else if (isinf(lb)) type = GLP_UP;
        else if (lb == ub) type = GLP_FX;
        else type = GLP_DB;
        glp_set_col_bnds(problem, j + 1, type, isinf(lb) ? 0.0 : lb, isinf(ub) ? 0.0 : ub);
        glp_set_obj_coef(problem, j + 1, model->objective[j]);
        if (model->col_kind[j] == TL_KIND_INTEGER) {
            glp_set_col_kind(problem, j + 1, GLP_IV);
            has_integer = 1;
        }
    }
    // GLPK's simplex wants at least one row; an empty free row changes nothing.
    int rows = model->num_rows > 0 ? model->num_rows : 1;
    glp_add_rows(problem, rows);
    for (int i = 0; i < model->num_rows; i++) {
        double lb = model->row_lb[i], ub = model->row_ub[i];
        int type;
        if (isinf(lb) && isinf(ub)) type = GLP_FR;
        else if (isinf(ub)) type = GLP_LO;
        else if (isinf(lb)) type = GLP_UP;
        else if (lb == ub) type = GLP_FX;
        else type = GLP_DB;
        glp_set_row_bnds(problem, i + 1, type, isinf(lb) ? 0.0 : lb, isinf(ub) ? 0.0 : ub);
    }
    if (model->nnz > 0) {
        ia = (int *)malloc(sizeof(int) * (size_t)(model->nnz + 1));
        ja = (int *)malloc(sizeof(int) * (size_t)(model->nnz + 1));
        ar = (double *)malloc(sizeof(double) * (size_t)(model->nnz + 1));
        if (ia == NULL || ja == NULL || ar == NULL) {
            tl_remove_hooks();
            glp_delete_prob(problem);
            glp_free_env();
            free(ia); free(ja); free(ar);
            tl_copy_message(result, "out of memory building the matrix", NULL);
            return result->status;
        }
        for (int k = 0; k < model->nnz; k++) {
            ia[k + 1] = model->matrix_row[k] + 1;
            ja[k + 1] = model->matrix_col[k] + 1;
            ar[k + 1] = model->matrix_value[k];
        }
        glp_load_matrix(problem, model->nnz, ia, ja, ar);
        free(ia); ia = NULL;
        free(ja); ja = NULL;
        free(ar); ar = NULL;
    }

    // 1. The LP relaxation (an optimal basis is what glp_intopt needs with its presolver off).
    glp_smcp simplex;
    glp_init_smcp(&simplex);
    simplex.msg_lev = params->verbose ? GLP_MSG_ON : GLP_MSG_OFF;
    simplex.presolve = GLP_OFF;
    if (ctx.deadline > 0) simplex.tm_lim = tl_limit_ms(ctx.deadline - tl_now());
    double lp_start = tl_now();
    // With a cancellation flag the simplex runs in slices of 200 iterations (each call resumes from the basis
    // the last one left), so that a raised flag stops it between slices; a flag raised before the start stops
    // it before the first.
    if (params->cancel != NULL) simplex.it_lim = 200;
    int code = tl_cancelled(params) ? GLP_EITLIM : glp_simplex(problem, &simplex);
    while (params->cancel != NULL && code == GLP_EITLIM && !tl_cancelled(params)) {
        if (ctx.deadline > 0) {
            if (tl_now() >= ctx.deadline) { code = GLP_ETMLIM; break; }
            simplex.tm_lim = tl_limit_ms(ctx.deadline - tl_now());
        }
        code = glp_simplex(problem, &simplex);
    }
    double lp_time = tl_now() - lp_start;
    result->lp_seconds = tl_now() - start;
    result->glpk_return_code = code;
    int lp_status = glp_get_status(problem);
    if (code == GLP_EITLIM && tl_cancelled(params)) {
        result->status = TL_STATUS_NO_SOLUTION;
        tl_copy_message(result, "cancelled while solving the LP relaxation", NULL);
    } else if (code == GLP_ETMLIM) {
        result->status = TL_STATUS_NO_SOLUTION;
        tl_copy_message(result, "time limit reached while solving the LP relaxation", NULL);
    } else if (code != 0) {
        result->status = TL_STATUS_ERROR;
        char detail[64];
        snprintf(detail, sizeof(detail), "glp_simplex returned %d", code);
        tl_copy_message(result, detail, NULL);
    } else if (lp_status == GLP_NOFEAS || glp_get_prim_stat(problem) == GLP_NOFEAS) {
        result->status = TL_STATUS_INFEASIBLE;
        tl_copy_message(result, "the LP relaxation is infeasible", NULL);
    } else if (lp_status == GLP_UNBND) {
        result->status = TL_STATUS_UNBOUNDED;
        tl_copy_message(result, "the LP relaxation is unbounded", NULL);
    } else if (lp_status != GLP_OPT) {
        result->status = TL_STATUS_ERROR;
        tl_copy_message(result, "the LP relaxation was not solved to optimality", NULL);
    } else if (!has_integer || params->relaxation_only) {
        result->status = TL_STATUS_OPTIMAL;
        result->objective = glp_get_obj_val(problem);
        result->bound = result->objective;
        result->gap = 0;
        for (int j = 0; j < model->num_cols; j++) {
            result->values[j] = glp_get_col_prim(problem, j + 1);
        }
        if (result->reduced_costs != NULL) {
            for (int j = 0; j < model->num_cols; j++) {
                result->reduced_costs[j] = glp_get_col_dual(problem, j + 1);
            }
        }
        if (result->row_duals != NULL) {
            for (int i = 0; i < model->num_rows; i++) {
                result->row_duals[i] = glp_get_row_dual(problem, i + 1);
            }
        }
    } else {
        // 2. Branch and bound.
        ctx.bound = glp_get_obj_val(problem); // the root LP bound holds until the callback knows better
        glp_iocp mip;
        glp_init_iocp(&mip);
        mip.msg_lev = params->verbose ? GLP_MSG_ON : GLP_MSG_OFF;
        mip.presolve = GLP_OFF;
        mip.mip_gap = params->mip_gap > 0 ? params->mip_gap : 0.0;
        mip.fp_heur = params->feasibility_pump ? GLP_ON : GLP_OFF;
        mip.ps_heur = params->proximity_search ? GLP_ON : GLP_OFF;
        if (params->cuts) {
            mip.gmi_cuts = GLP_ON;
            mip.mir_cuts = GLP_ON;
            mip.cov_cuts = GLP_ON;
            mip.clq_cuts = GLP_ON;
        }
        switch (params->branching) {
            case 1:
                mip.br_tech = GLP_BR_PCH;
                if (ctx.deadline > 0) {
                    // Pseudocost branching first runs trial LPs (up to 30 dual iterations each, two per
                    // fractional column) with no time check and no callback: on a big model that alone can
                    // outlast the limit. Estimate it from the root LP's cost per iteration (times 3.5: trial
                    // iterations cost more than the root's, measured on the shipped pitches term, 8.5 s
                    // against 2.5 s) and branch by Driebeck-Tomlin when it would not end before the deadline.
                    int iterations = glp_get_it_cnt(problem);
                    double per_iteration = lp_time / (double)(iterations > 0 ? iterations : 1);
                    int fractional = 0;
                    for (int j = 1; j <= model->num_cols; j++) {
                        if (glp_get_col_kind(problem, j) == GLP_CV) continue;
                        double x = glp_get_col_prim(problem, j);
                        if (fabs(x - floor(x + 0.5)) > 1e-6) fractional++;
                    }
                    double estimate = 3.5 * 2.0 * fractional * 30.0 * per_iteration;
                    if (estimate > ctx.deadline - tl_now()) {
                        mip.br_tech = GLP_BR_DTH;
                        result->pseudocost_skipped = 1;
                    }
                    if (params->verbose) {
                        fprintf(stderr, "touchline: pseudocost initialisation estimate %.3f s (%d fractional, %d root iterations in %.3f s); %s\n",
                                estimate, fractional, iterations, lp_time,
                                result->pseudocost_skipped ? "branching by Driebeck-Tomlin" : "pseudocost branching");
                    }
                }
                break;
            case 2: mip.br_tech = GLP_BR_MFV; break;
            default: mip.br_tech = GLP_BR_DTH; break;
        }
        switch (params->backtracking) {
            case 1: mip.bt_tech = GLP_BT_DFS; break;
            case 2: mip.bt_tech = GLP_BT_BFS; break;
            case 3: mip.bt_tech = GLP_BT_BPH; break;
            default: mip.bt_tech = GLP_BT_BLB; break;
        }
        if (ctx.deadline > 0) {
            mip.tm_lim = tl_limit_ms(ctx.deadline - tl_now());
            /* Proximity search runs under its own limit (60 s by default), not tm_lim: cap it too. */
            if (mip.ps_tm_lim > mip.tm_lim) mip.ps_tm_lim = mip.tm_lim;
        }
        mip.cb_func = tl_callback;
        mip.cb_info = &ctx;
        code = glp_intopt(problem, &mip);
        result->glpk_return_code = code;
        int mip_status = glp_mip_status(problem);
        result->nodes = ctx.nodes;
        result->warm_start_accepted = ctx.warm_start_accepted;
        if (mip_status == GLP_OPT) {
            result->status = TL_STATUS_OPTIMAL;
            result->objective = glp_mip_obj_val(problem);
            result->bound = result->objective;
            result->gap = 0;
        } else if (mip_status == GLP_FEAS) {
            result->status = TL_STATUS_FEASIBLE;
            result->objective = glp_mip_obj_val(problem);
            result->bound = ctx.bound;
            double denominator = fabs(result->objective) + 2.220446049250313e-16;
            result->gap = isnan(ctx.bound) ? NAN : fabs(result->objective - ctx.bound) / denominator;
            if (code == GLP_ESTOP && tl_cancelled(params)) {
                tl_copy_message(result, "cancelled with an incumbent", NULL);
            } else if (code == GLP_ETMLIM || code == GLP_ESTOP) {
                tl_copy_message(result, "stopped at the time limit with an incumbent", NULL);
            } else if (code == GLP_EMIPGAP) {
                tl_copy_message(result, "stopped at the requested relative gap", NULL);
            }
        } else if (mip_status == GLP_NOFEAS) {
            result->status = TL_STATUS_INFEASIBLE;
            tl_copy_message(result, "no integer solution exists", NULL);
        } else if (code == GLP_ETMLIM || code == GLP_ESTOP) {
            result->status = TL_STATUS_NO_SOLUTION;
            result->bound = ctx.bound;
            tl_copy_message(result, tl_cancelled(params) ? "cancelled before finding a solution"
                                                         : "stopped at the time limit before finding a solution", NULL);
        } else {
            result->status = TL_STATUS_ERROR;
            char detail[64];
            snprintf(detail, sizeof(detail), "glp_intopt returned %d", code);
            tl_copy_message(result, detail, NULL);
        }
        if (result->status == TL_STATUS_OPTIMAL || result->status == TL_STATUS_FEASIBLE) {
            for (int j = 0; j < model->num_cols; j++) {
                result->values[j] = glp_mip_col_val(problem, j + 1);
            }
        }
    }
    glp_delete_prob(problem);
    tl_remove_hooks();
    glp_free_env();
    return result->status;
}

int tl_provoke_fatal_error(int which, tl_result *result) {
    tl_context ctx;
    memset(&ctx, 0, sizeof(ctx));
    result->status = TL_STATUS_ERROR;
    result->message[0] = '\0';
    tl_install_hooks(&ctx);
    if (setjmp(ctx.jump) != 0) {
        tl_remove_hooks();
        glp_free_env();
        tl_copy_message(result, "GLPK fatal error: ", ctx.last_output);
        return TL_STATUS_ERROR;
    }
    glp_prob *problem = glp_create_prob();
    if (which == 0) {
        glp_add_rows(problem, 0);
    } else if (which == 1) {
        glp_add_rows(problem, 1);
        glp_add_cols(problem, 2);
        int ind[3] = {0, 1, 1};
        double val[3] = {0, 1.0, 2.0};
        glp_set_mat_row(problem, 1, 2, ind, val);
    } else if (which == 2) {
        glp_add_cols(problem, 1);
        glp_set_col_bnds(problem, 7, GLP_FR, 0, 0);
    } else {
        glp_mem_limit(1);
        glp_add_rows(problem, 1000000);
    }
    // Not reached when GLPK aborted; otherwise the provocation failed to provoke.
    glp_delete_prob(problem);
    tl_remove_hooks();
    glp_free_env();
    result->status = TL_STATUS_OPTIMAL;
    tl_copy_message(result, "no error was raised", NULL);
    return TL_STATUS_OPTIMAL;
}

#else

// glpk.h was not there when this file was compiled. SwiftPM does not notice a header installed later, so
// the message says how to get a GLPK build after installing it.
#define TL_NO_GLPK_MESSAGE "this build has no GLPK (glpk.h was missing when it was compiled; install " \
    "libglpk-dev, then `swift package clean` and build again)"

int tl_glpk_available(void) { return 0; }

int tl_stopped_at_gap(const tl_result *result) { (void)result; return 0; }

const char *tl_glpk_version(void) { return ""; }

int tl_solve(const tl_model *model, const tl_params *params, tl_result *result) {
    (void)model;
    (void)params;
    result->status = TL_STATUS_ERROR;
    snprintf(result->message, sizeof(result->message), TL_NO_GLPK_MESSAGE);
    return result->status;
}

int tl_provoke_fatal_error(int which, tl_result *result) {
    (void)which;
    result->status = TL_STATUS_ERROR;
    snprintf(result->message, sizeof(result->message), TL_NO_GLPK_MESSAGE);
    return result->status;
}

#endif
