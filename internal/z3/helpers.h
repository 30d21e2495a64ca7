// Helpers for the faultloc Z3 binding. Each helper performs one Z3 call (or
// a short sequence), checks Z3's error code inside the same C call, resets it,
// and takes a reference on every returned object before returning to Go: in a
// reference-counted context a fresh AST lives only until the next API call.
#ifndef FAULTLOC_Z3_HELPERS_H
#define FAULTLOC_Z3_HELPERS_H

#include <stdint.h>
#include <stdlib.h>
#include <z3.h>

// Operation codes understood by fl_mk. Keep in sync with ops.go.
enum {
	FL_NOT = 1, FL_AND, FL_OR, FL_IMPLIES, FL_IFF, FL_XOR, FL_EQ, FL_DISTINCT, FL_ITE,
	FL_BVADD, FL_BVSUB, FL_BVMUL, FL_BVNEG, FL_BVSDIV, FL_BVUDIV, FL_BVSREM, FL_BVUREM,
	FL_BVSMOD, FL_BVSHL, FL_BVLSHR, FL_BVASHR, FL_BVAND, FL_BVOR, FL_BVXOR, FL_BVNOT,
	FL_BVSLT, FL_BVSLE, FL_BVSGT, FL_BVSGE, FL_BVULT, FL_BVULE, FL_BVUGT, FL_BVUGE,
	FL_ZEXT, FL_SEXT, FL_EXTRACT, FL_CONCAT,
	FL_ADD, FL_SUB, FL_MUL, FL_UMINUS, FL_DIV, FL_MOD, FL_REM, FL_LT, FL_LE, FL_GT, FL_GE,
	FL_ATMOST, FL_ATLEAST, FL_BV2INT, FL_INT2BV,
	FL_SCONCAT, FL_SLEN, FL_SLT, FL_SLE, FL_SEXTRACT, FL_SAT, FL_INT2STR, FL_SPREFIX, FL_SCONTAINS, FL_SINDEX, FL_SSUFFIX, FL_SBYTES,
	FL_FPADD, FL_FPSUB, FL_FPMUL, FL_FPDIV, FL_FPNEG, FL_FPABS, FL_FPSQRT, FL_FPLT, FL_FPLE, FL_FPGT, FL_FPGE,
	FL_FPEQ, FL_FPISNAN, FL_FPTOSBV, FL_FPTOUBV, FL_FPFROMSBV, FL_FPFROMUBV, FL_FPTOFP, FL_FPFROMBITS, FL_FPTOBITS,
	FL_FPFLOOR, FL_FPCEIL, FL_FPTRUNC
};

Z3_context fl_mk_context(void);
int fl_err(Z3_context c);
void fl_dec_refs(Z3_context c, Z3_ast *a, unsigned n);

Z3_sort fl_bool_sort(Z3_context c, int *err);
Z3_sort fl_bv_sort(Z3_context c, unsigned w, int *err);
Z3_sort fl_int_sort(Z3_context c, int *err);
Z3_sort fl_string_sort(Z3_context c, int *err);
Z3_sort fl_fp_sort(Z3_context c, unsigned w, int *err);
Z3_ast fl_lstring(Z3_context c, unsigned n, const char *b, int *err);
Z3_ast fl_const(Z3_context c, const char *name, Z3_sort s, int *err);
Z3_ast fl_fresh(Z3_context c, const char *prefix, Z3_sort s, int *err);
Z3_ast fl_bool_val(Z3_context c, int v, int *err);
Z3_ast fl_uint64(Z3_context c, uint64_t v, Z3_sort s, int *err);
Z3_ast fl_numeral(Z3_context c, const char *v, Z3_sort s, int *err);
Z3_ast fl_mk(Z3_context c, int op, unsigned n, Z3_ast *a, unsigned p1, unsigned p2, int *err);
Z3_ast fl_pble(Z3_context c, unsigned n, Z3_ast *a, int *coeffs, int k, int *err);
void fl_dec_ref(Z3_context c, Z3_ast a);

Z3_solver fl_mk_solver(Z3_context c, const char *logic, int simple, int *err);
int fl_solver_set_uint(Z3_context c, Z3_solver s, const char *k, unsigned v);
int fl_solver_set_bool(Z3_context c, Z3_solver s, const char *k, int v);
int fl_solver_check(Z3_context c, Z3_solver s, unsigned n, Z3_ast *a, int *err);
Z3_model fl_solver_model(Z3_context c, Z3_solver s, int *err);
unsigned fl_solver_core(Z3_context c, Z3_solver s, Z3_ast *dst, unsigned cap, int *err);

int fl_eval_bools(Z3_context c, Z3_model m, unsigned n, Z3_ast *a, signed char *out);
int fl_eval(Z3_context c, Z3_model m, Z3_ast a, int completion, int *bval, uint64_t *u, char **str, unsigned *slen, int *err);

Z3_optimize fl_mk_optimize(Z3_context c, int *err);
int fl_optimize_set_uint(Z3_context c, Z3_optimize o, const char *k, unsigned v);
unsigned fl_optimize_assert_soft(Z3_context c, Z3_optimize o, Z3_ast a, const char *w, const char *id, int *err);
int fl_optimize_check(Z3_context c, Z3_optimize o, unsigned n, Z3_ast *a, int *err);
Z3_model fl_optimize_model(Z3_context c, Z3_optimize o, int *err);

// Statistics as parallel arrays: keys joined by '\n' and values.
char *fl_stats(Z3_context c, Z3_stats st, double **vals, unsigned *n);

#endif
