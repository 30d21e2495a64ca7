#include <string.h>
#include "helpers.h"

// The default Z3 error handler prints and exits the process; ours does
// nothing and every helper inspects the error code itself.
static void fl_noop_handler(Z3_context c, Z3_error_code e) { (void)c; (void)e; }

Z3_context fl_mk_context(void) {
	Z3_config cfg = Z3_mk_config();
	Z3_set_param_value(cfg, "model", "true");
	Z3_context c = Z3_mk_context_rc(cfg);
	Z3_del_config(cfg);
	if (c != NULL) {
		Z3_set_error_handler(c, fl_noop_handler);
	}
	return c;
}

int fl_err(Z3_context c) {
	Z3_error_code e = Z3_get_error_code(c);
	if (e != Z3_OK) {
		Z3_set_error(c, Z3_OK);
	}
	return (int)e;
}

// fl_dec_refs gives back the n references a[i], the last taken first.
// Deleting a context whose terms are still referenced makes Z3 find the
// roots of what is left by marking every term's children in a hash table,
// again and again until nothing is left; terms given back are freed
// through their reference counts, which is much cheaper.
void fl_dec_refs(Z3_context c, Z3_ast *a, unsigned n) {
	while (n > 0) {
		Z3_dec_ref(c, a[--n]);
	}
	fl_err(c);
}

#define FL_RET_AST(c, r, err) do { \
	int _e = fl_err(c); \
	if (_e != 0) { *(err) = _e; return NULL; } \
	if ((r) == NULL) { *(err) = -1; return NULL; } \
	Z3_inc_ref((c), (Z3_ast)(r)); \
	*(err) = 0; \
	return (r); \
} while (0)

Z3_sort fl_bool_sort(Z3_context c, int *err) { Z3_sort s = Z3_mk_bool_sort(c); FL_RET_AST(c, s, err); }
Z3_sort fl_bv_sort(Z3_context c, unsigned w, int *err) { Z3_sort s = Z3_mk_bv_sort(c, w); FL_RET_AST(c, s, err); }
Z3_sort fl_int_sort(Z3_context c, int *err) { Z3_sort s = Z3_mk_int_sort(c); FL_RET_AST(c, s, err); }
Z3_sort fl_string_sort(Z3_context c, int *err) { Z3_sort s = Z3_mk_string_sort(c); FL_RET_AST(c, s, err); }
Z3_sort fl_fp_sort(Z3_context c, unsigned w, int *err) {
	Z3_sort s = w == 32 ? Z3_mk_fpa_sort_32(c) : Z3_mk_fpa_sort_64(c);
	FL_RET_AST(c, s, err);
}

Z3_ast fl_lstring(Z3_context c, unsigned n, const char *b, int *err) {
	Z3_ast r = Z3_mk_lstring(c, n, b);
	FL_RET_AST(c, r, err);
}

Z3_ast fl_const(Z3_context c, const char *name, Z3_sort s, int *err) {
	Z3_ast r = Z3_mk_const(c, Z3_mk_string_symbol(c, name), s);
	FL_RET_AST(c, r, err);
}

Z3_ast fl_fresh(Z3_context c, const char *prefix, Z3_sort s, int *err) {
	Z3_ast r = Z3_mk_fresh_const(c, prefix, s);
	FL_RET_AST(c, r, err);
}

Z3_ast fl_bool_val(Z3_context c, int v, int *err) {
	Z3_ast r = v ? Z3_mk_true(c) : Z3_mk_false(c);
	FL_RET_AST(c, r, err);
}

Z3_ast fl_uint64(Z3_context c, uint64_t v, Z3_sort s, int *err) {
	Z3_ast r = Z3_mk_unsigned_int64(c, v, s);
	FL_RET_AST(c, r, err);
}

Z3_ast fl_numeral(Z3_context c, const char *v, Z3_sort s, int *err) {
	Z3_ast r = Z3_mk_numeral(c, v, s);
	FL_RET_AST(c, r, err);
}

// Temporaries made inside one fl_mk call (rounding modes, sorts, regular
// expressions) are referenced as they are made: in a reference-counted
// context a fresh node may be reclaimed by the next API call.
typedef struct {
	Z3_ast a[4];
	unsigned n;
} fl_temps;

// fl_hold references a fresh temporary x and returns 1, or returns 0 if
// making it failed.
static int fl_hold(Z3_context c, fl_temps *t, Z3_ast x) {
	if (fl_err(c) != 0 || x == NULL) {
		return 0;
	}
	Z3_inc_ref(c, x);
	t->a[t->n++] = x;
	return 1;
}

// fl_done references result r (when made without error), releases the
// temporaries and returns r, or NULL with *err set.
static Z3_ast fl_done(Z3_context c, fl_temps *t, Z3_ast r, int *err) {
	int e = fl_err(c);
	if (e == 0 && r == NULL) {
		e = -1;
	}
	if (e == 0) {
		Z3_inc_ref(c, r);
	}
	for (unsigned i = 0; i < t->n; i++) {
		Z3_dec_ref(c, t->a[i]);
	}
	fl_err(c);
	*err = e;
	return e == 0 ? r : NULL;
}

Z3_ast fl_mk(Z3_context c, int op, unsigned n, Z3_ast *a, unsigned p1, unsigned p2, int *err) {
	fl_temps tmp = {{0}, 0};
	Z3_ast r = NULL;
	switch (op) {
	case FL_NOT: r = Z3_mk_not(c, a[0]); break;
	case FL_AND: r = Z3_mk_and(c, n, a); break;
	case FL_OR: r = Z3_mk_or(c, n, a); break;
	case FL_IMPLIES: r = Z3_mk_implies(c, a[0], a[1]); break;
	case FL_IFF: r = Z3_mk_iff(c, a[0], a[1]); break;
	case FL_XOR: r = Z3_mk_xor(c, a[0], a[1]); break;
	case FL_EQ: r = Z3_mk_eq(c, a[0], a[1]); break;
	case FL_DISTINCT: r = Z3_mk_distinct(c, n, a); break;
	case FL_ITE: r = Z3_mk_ite(c, a[0], a[1], a[2]); break;
	case FL_BVADD: r = Z3_mk_bvadd(c, a[0], a[1]); break;
	case FL_BVSUB: r = Z3_mk_bvsub(c, a[0], a[1]); break;
	case FL_BVMUL: r = Z3_mk_bvmul(c, a[0], a[1]); break;
	case FL_BVNEG: r = Z3_mk_bvneg(c, a[0]); break;
	case FL_BVSDIV: r = Z3_mk_bvsdiv(c, a[0], a[1]); break;
	case FL_BVUDIV: r = Z3_mk_bvudiv(c, a[0], a[1]); break;
	case FL_BVSREM: r = Z3_mk_bvsrem(c, a[0], a[1]); break;
	case FL_BVUREM: r = Z3_mk_bvurem(c, a[0], a[1]); break;
	case FL_BVSMOD: r = Z3_mk_bvsmod(c, a[0], a[1]); break;
	case FL_BVSHL: r = Z3_mk_bvshl(c, a[0], a[1]); break;
	case FL_BVLSHR: r = Z3_mk_bvlshr(c, a[0], a[1]); break;
	case FL_BVASHR: r = Z3_mk_bvashr(c, a[0], a[1]); break;
	case FL_BVAND: r = Z3_mk_bvand(c, a[0], a[1]); break;
	case FL_BVOR: r = Z3_mk_bvor(c, a[0], a[1]); break;
	case FL_BVXOR: r = Z3_mk_bvxor(c, a[0], a[1]); break;
	case FL_BVNOT: r = Z3_mk_bvnot(c, a[0]); break;
	case FL_BVSLT: r = Z3_mk_bvslt(c, a[0], a[1]); break;
	case FL_BVSLE: r = Z3_mk_bvsle(c, a[0], a[1]); break;
	case FL_BVSGT: r = Z3_mk_bvsgt(c, a[0], a[1]); break;
	case FL_BVSGE: r = Z3_mk_bvsge(c, a[0], a[1]); break;
	case FL_BVULT: r = Z3_mk_bvult(c, a[0], a[1]); break;
	case FL_BVULE: r = Z3_mk_bvule(c, a[0], a[1]); break;
	case FL_BVUGT: r = Z3_mk_bvugt(c, a[0], a[1]); break;
	case FL_BVUGE: r = Z3_mk_bvuge(c, a[0], a[1]); break;
	case FL_ZEXT: r = Z3_mk_zero_ext(c, p1, a[0]); break;
	case FL_SEXT: r = Z3_mk_sign_ext(c, p1, a[0]); break;
	case FL_EXTRACT: r = Z3_mk_extract(c, p1, p2, a[0]); break;
	case FL_CONCAT: r = Z3_mk_concat(c, a[0], a[1]); break;
	case FL_ADD: r = Z3_mk_add(c, n, a); break;
	case FL_SUB: r = Z3_mk_sub(c, n, a); break;
	case FL_MUL: r = Z3_mk_mul(c, n, a); break;
	case FL_UMINUS: r = Z3_mk_unary_minus(c, a[0]); break;
	case FL_DIV: r = Z3_mk_div(c, a[0], a[1]); break;
	case FL_MOD: r = Z3_mk_mod(c, a[0], a[1]); break;
	case FL_REM: r = Z3_mk_rem(c, a[0], a[1]); break;
	case FL_LT: r = Z3_mk_lt(c, a[0], a[1]); break;
	case FL_LE: r = Z3_mk_le(c, a[0], a[1]); break;
	case FL_GT: r = Z3_mk_gt(c, a[0], a[1]); break;
	case FL_GE: r = Z3_mk_ge(c, a[0], a[1]); break;
	case FL_ATMOST: r = Z3_mk_atmost(c, n, a, p1); break;
	case FL_ATLEAST: r = Z3_mk_atleast(c, n, a, p1); break;
	case FL_BV2INT: r = Z3_mk_bv2int(c, a[0], p1 != 0); break;
	case FL_INT2BV: r = Z3_mk_int2bv(c, p1, a[0]); break;
	case FL_SCONCAT: r = Z3_mk_seq_concat(c, n, a); break;
	case FL_SLEN: r = Z3_mk_seq_length(c, a[0]); break;
	case FL_SLT: r = Z3_mk_str_lt(c, a[0], a[1]); break;
	case FL_SLE: r = Z3_mk_str_le(c, a[0], a[1]); break;
	case FL_SEXTRACT: r = Z3_mk_seq_extract(c, a[0], a[1], a[2]); break;
	case FL_SAT: r = Z3_mk_seq_at(c, a[0], a[1]); break;
	case FL_INT2STR: r = Z3_mk_int_to_str(c, a[0]); break;
	case FL_SPREFIX: r = Z3_mk_seq_prefix(c, a[0], a[1]); break;
	case FL_SCONTAINS: r = Z3_mk_seq_contains(c, a[0], a[1]); break;
	case FL_SINDEX: r = Z3_mk_seq_index(c, a[0], a[1], a[2]); break;
	case FL_SSUFFIX: r = Z3_mk_seq_suffix(c, a[0], a[1]); break;
	case FL_SBYTES: {
		// a[0] is in (re.* (re.range "\x00" "\xff")): every character
		// is a byte.
		Z3_ast lo = Z3_mk_lstring(c, 1, "\x00");
		if (!fl_hold(c, &tmp, lo)) break;
		Z3_ast hi = Z3_mk_lstring(c, 1, "\xff");
		if (!fl_hold(c, &tmp, hi)) break;
		Z3_ast rg = Z3_mk_re_range(c, lo, hi);
		if (!fl_hold(c, &tmp, rg)) break;
		Z3_ast st = Z3_mk_re_star(c, rg);
		if (!fl_hold(c, &tmp, st)) break;
		r = Z3_mk_seq_in_re(c, a[0], st);
		break;
	}
	// Floating point, rounding to nearest even (Go's arithmetic), toward
	// zero for conversions to integers (Go's), toward -inf and +inf for
	// floor and ceil. p1 is the width of an integer result, or of the
	// float sort (32 or 64) made by a conversion. The rounding modes and
	// sorts are temporaries (fl_hold).
	case FL_FPADD: case FL_FPSUB: case FL_FPMUL: case FL_FPDIV: case FL_FPSQRT:
	case FL_FPTOSBV: case FL_FPTOUBV: case FL_FPFROMSBV: case FL_FPFROMUBV: case FL_FPTOFP:
	case FL_FPFLOOR: case FL_FPCEIL: case FL_FPTRUNC: {
		Z3_ast rm;
		switch (op) {
		case FL_FPTOSBV: case FL_FPTOUBV: case FL_FPTRUNC: rm = Z3_mk_fpa_rtz(c); break;
		case FL_FPFLOOR: rm = Z3_mk_fpa_rtn(c); break;
		case FL_FPCEIL: rm = Z3_mk_fpa_rtp(c); break;
		default: rm = Z3_mk_fpa_rne(c);
		}
		if (!fl_hold(c, &tmp, rm)) break;
		Z3_sort fs = p1 == 32 ? Z3_mk_fpa_sort_32(c) : Z3_mk_fpa_sort_64(c);
		if (!fl_hold(c, &tmp, fs == NULL ? NULL : Z3_sort_to_ast(c, fs))) break;
		switch (op) {
		case FL_FPADD: r = Z3_mk_fpa_add(c, rm, a[0], a[1]); break;
		case FL_FPSUB: r = Z3_mk_fpa_sub(c, rm, a[0], a[1]); break;
		case FL_FPMUL: r = Z3_mk_fpa_mul(c, rm, a[0], a[1]); break;
		case FL_FPDIV: r = Z3_mk_fpa_div(c, rm, a[0], a[1]); break;
		case FL_FPSQRT: r = Z3_mk_fpa_sqrt(c, rm, a[0]); break;
		case FL_FPTOSBV: r = Z3_mk_fpa_to_sbv(c, rm, a[0], p1); break;
		case FL_FPTOUBV: r = Z3_mk_fpa_to_ubv(c, rm, a[0], p1); break;
		case FL_FPFROMSBV: r = Z3_mk_fpa_to_fp_signed(c, rm, a[0], fs); break;
		case FL_FPFROMUBV: r = Z3_mk_fpa_to_fp_unsigned(c, rm, a[0], fs); break;
		case FL_FPTOFP: r = Z3_mk_fpa_to_fp_float(c, rm, a[0], fs); break;
		default: r = Z3_mk_fpa_round_to_integral(c, rm, a[0]); break;
		}
		break;
	}
	case FL_FPNEG: r = Z3_mk_fpa_neg(c, a[0]); break;
	case FL_FPABS: r = Z3_mk_fpa_abs(c, a[0]); break;
	case FL_FPLT: r = Z3_mk_fpa_lt(c, a[0], a[1]); break;
	case FL_FPLE: r = Z3_mk_fpa_leq(c, a[0], a[1]); break;
	case FL_FPGT: r = Z3_mk_fpa_gt(c, a[0], a[1]); break;
	case FL_FPGE: r = Z3_mk_fpa_geq(c, a[0], a[1]); break;
	case FL_FPEQ: r = Z3_mk_fpa_eq(c, a[0], a[1]); break;
	case FL_FPISNAN: r = Z3_mk_fpa_is_nan(c, a[0]); break;
	case FL_FPTOBITS: r = Z3_mk_fpa_to_ieee_bv(c, a[0]); break;
	case FL_FPFROMBITS: {
		Z3_sort fs = p1 == 32 ? Z3_mk_fpa_sort_32(c) : Z3_mk_fpa_sort_64(c);
		if (!fl_hold(c, &tmp, fs == NULL ? NULL : Z3_sort_to_ast(c, fs))) break;
		r = Z3_mk_fpa_to_fp_bv(c, a[0], fs);
		break;
	}
	default: *err = -2; return NULL;
	}
	return fl_done(c, &tmp, r, err);
}

Z3_ast fl_pble(Z3_context c, unsigned n, Z3_ast *a, int *coeffs, int k, int *err) {
	Z3_ast r = Z3_mk_pble(c, n, a, coeffs, k);
	FL_RET_AST(c, r, err);
}

void fl_dec_ref(Z3_context c, Z3_ast a) { Z3_dec_ref(c, a); }

Z3_solver fl_mk_solver(Z3_context c, const char *logic, int simple, int *err) {
	Z3_solver s;
	if (simple) {
		s = Z3_mk_simple_solver(c);
	} else if (logic != NULL && logic[0] != 0) {
		s = Z3_mk_solver_for_logic(c, Z3_mk_string_symbol(c, logic));
	} else {
		s = Z3_mk_solver(c);
	}
	int e = fl_err(c);
	if (e != 0 || s == NULL) { *err = e ? e : -1; return NULL; }
	Z3_solver_inc_ref(c, s);
	// ctrl_c would replace Go's SIGINT handler during a check.
	Z3_params p = Z3_mk_params(c);
	Z3_params_inc_ref(c, p);
	Z3_params_set_bool(c, p, Z3_mk_string_symbol(c, "ctrl_c"), false);
	Z3_solver_set_params(c, s, p);
	Z3_params_dec_ref(c, p);
	e = fl_err(c);
	if (e != 0) { Z3_solver_dec_ref(c, s); *err = e; return NULL; }
	*err = 0;
	return s;
}

int fl_solver_set_uint(Z3_context c, Z3_solver s, const char *k, unsigned v) {
	Z3_params p = Z3_mk_params(c);
	Z3_params_inc_ref(c, p);
	Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, k), v);
	Z3_solver_set_params(c, s, p);
	Z3_params_dec_ref(c, p);
	return fl_err(c);
}

int fl_solver_set_bool(Z3_context c, Z3_solver s, const char *k, int v) {
	Z3_params p = Z3_mk_params(c);
	Z3_params_inc_ref(c, p);
	Z3_params_set_bool(c, p, Z3_mk_string_symbol(c, k), v != 0);
	Z3_solver_set_params(c, s, p);
	Z3_params_dec_ref(c, p);
	return fl_err(c);
}

int fl_solver_check(Z3_context c, Z3_solver s, unsigned n, Z3_ast *a, int *err) {
	Z3_lbool r = Z3_solver_check_assumptions(c, s, n, a);
	*err = fl_err(c);
	return (int)r;
}

Z3_model fl_solver_model(Z3_context c, Z3_solver s, int *err) {
	Z3_model m = Z3_solver_get_model(c, s);
	int e = fl_err(c);
	if (e != 0 || m == NULL) { *err = e ? e : -1; return NULL; }
	Z3_model_inc_ref(c, m);
	*err = 0;
	return m;
}

unsigned fl_solver_core(Z3_context c, Z3_solver s, Z3_ast *dst, unsigned cap, int *err) {
	Z3_ast_vector v = Z3_solver_get_unsat_core(c, s);
	int e = fl_err(c);
	if (e != 0 || v == NULL) { *err = e ? e : -1; return 0; }
	Z3_ast_vector_inc_ref(c, v);
	unsigned n = Z3_ast_vector_size(c, v);
	// Core elements are the assumption literals themselves (hash-consed):
	// the caller holds references to them, so no inc_ref is needed here.
	for (unsigned i = 0; i < n && i < cap; i++) {
		dst[i] = Z3_ast_vector_get(c, v, i);
	}
	Z3_ast_vector_dec_ref(c, v);
	*err = fl_err(c);
	return n;
}

// fl_eval evaluates a in m. It returns 0 if the result is not a value,
// 1 for a Boolean (in *bval), 2 for a numeral that fits uint64 (in *u), and
// 3 for any other numeral (decimal string in *str, malloc'd, to be freed by
// the caller).
int fl_eval(Z3_context c, Z3_model m, Z3_ast a, int completion, int *bval, uint64_t *u, char **str, unsigned *slen, int *err) {
	Z3_ast v = NULL;
	bool ok = Z3_model_eval(c, m, a, completion != 0, &v);
	int e = fl_err(c);
	if (e != 0 || !ok || v == NULL) { *err = e ? e : -1; return 0; }
	Z3_inc_ref(c, v);
	int kind = 0;
	Z3_lbool b = Z3_get_bool_value(c, v);
	if (b == Z3_L_TRUE || b == Z3_L_FALSE) {
		*bval = b == Z3_L_TRUE;
		kind = 1;
	} else if (Z3_is_string(c, v)) {
		unsigned n = 0;
		Z3_char_ptr b = Z3_get_lstring(c, v, &n);
		if (fl_err(c) == 0 && b != NULL) {
			*str = malloc(n + 1);
			if (*str != NULL) {
				memcpy(*str, b, n);
				*slen = n;
				kind = 4;
			}
		}
	} else if (Z3_is_numeral_ast(c, v)) {
		if (Z3_get_numeral_uint64(c, v, u)) {
			kind = 2;
		} else {
			Z3_string s = Z3_get_numeral_string(c, v);
			if (s != NULL) {
				*str = strdup(s);
				kind = 3;
			}
		}
	}
	Z3_dec_ref(c, v);
	fl_err(c);
	*err = 0;
	return kind;
}

// fl_eval_bools evaluates n Boolean terms with model completion, writing 1
// (true), 0 (false) or -1 (no Boolean value) for each. It returns the first
// error code, or 0.
int fl_eval_bools(Z3_context c, Z3_model m, unsigned n, Z3_ast *a, signed char *out) {
	for (unsigned i = 0; i < n; i++) {
		Z3_ast v = NULL;
		out[i] = -1;
		if (!Z3_model_eval(c, m, a[i], true, &v) || v == NULL) {
			int e = fl_err(c);
			if (e != 0) return e;
			continue;
		}
		Z3_inc_ref(c, v);
		Z3_lbool b = Z3_get_bool_value(c, v);
		if (b == Z3_L_TRUE) out[i] = 1;
		else if (b == Z3_L_FALSE) out[i] = 0;
		Z3_dec_ref(c, v);
		int e = fl_err(c);
		if (e != 0) return e;
	}
	return 0;
}

Z3_optimize fl_mk_optimize(Z3_context c, int *err) {
	Z3_optimize o = Z3_mk_optimize(c);
	int e = fl_err(c);
	if (e != 0 || o == NULL) { *err = e ? e : -1; return NULL; }
	Z3_optimize_inc_ref(c, o);
	Z3_params p = Z3_mk_params(c);
	Z3_params_inc_ref(c, p);
	Z3_params_set_bool(c, p, Z3_mk_string_symbol(c, "ctrl_c"), false);
	Z3_optimize_set_params(c, o, p);
	Z3_params_dec_ref(c, p);
	e = fl_err(c);
	if (e != 0) { Z3_optimize_dec_ref(c, o); *err = e; return NULL; }
	*err = 0;
	return o;
}

int fl_optimize_set_uint(Z3_context c, Z3_optimize o, const char *k, unsigned v) {
	Z3_params p = Z3_mk_params(c);
	Z3_params_inc_ref(c, p);
	Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, k), v);
	Z3_optimize_set_params(c, o, p);
	Z3_params_dec_ref(c, p);
	return fl_err(c);
}

unsigned fl_optimize_assert_soft(Z3_context c, Z3_optimize o, Z3_ast a, const char *w, const char *id, int *err) {
	unsigned i = Z3_optimize_assert_soft(c, o, a, w, Z3_mk_string_symbol(c, id));
	*err = fl_err(c);
	return i;
}

int fl_optimize_check(Z3_context c, Z3_optimize o, unsigned n, Z3_ast *a, int *err) {
	Z3_lbool r = Z3_optimize_check(c, o, n, a);
	*err = fl_err(c);
	return (int)r;
}

Z3_model fl_optimize_model(Z3_context c, Z3_optimize o, int *err) {
	Z3_model m = Z3_optimize_get_model(c, o);
	int e = fl_err(c);
	if (e != 0 || m == NULL) { *err = e ? e : -1; return NULL; }
	Z3_model_inc_ref(c, m);
	*err = 0;
	return m;
}

char *fl_stats(Z3_context c, Z3_stats st, double **vals, unsigned *n) {
	Z3_stats_inc_ref(c, st);
	unsigned k = Z3_stats_size(c, st);
	size_t total = 1;
	for (unsigned i = 0; i < k; i++) total += strlen(Z3_stats_get_key(c, st, i)) + 1;
	char *keys = malloc(total);
	double *v = malloc(sizeof(double) * (k ? k : 1));
	char *p = keys;
	for (unsigned i = 0; i < k; i++) {
		const char *key = Z3_stats_get_key(c, st, i);
		size_t l = strlen(key);
		memcpy(p, key, l);
		p += l;
		*p++ = '\n';
		v[i] = Z3_stats_is_uint(c, st, i) ? (double)Z3_stats_get_uint_value(c, st, i) : Z3_stats_get_double_value(c, st, i);
	}
	*p = 0;
	Z3_stats_dec_ref(c, st);
	fl_err(c);
	*vals = v;
	*n = k;
	return keys;
}
