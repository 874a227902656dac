/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lua_mat.c — mb.mat: dense matrices for the lessons, on GSL (book Ch. 2).
 *
 * A matrix is a userdata holding rows, cols and row-major elements, so a
 * gsl_matrix_view of it costs nothing. Lua tables are accepted wherever a
 * matrix is: {{1, 2}, {3, 4}} is a matrix, {1, 2} a column. A product whose
 * right operand is a plain table returns a plain table, so A(φ) * {x, y}
 * is a vector again. */
#include <float.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_complex_math.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_linalg.h>
#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lua/lua_core.h"

#define MAT_META "mechbench.matrix"

struct matrix {
	int rows, cols;
	double a[]; /* row-major */
};

const char *mb_nonfinite_name(double v) { return isnan(v) ? "NaN" : v > 0 ? "inf" : "-inf"; }

double mb_check_finite(lua_State *L, int idx)
{
	double v = luaL_checknumber(L, idx);
	if (!isfinite(v))
		luaL_argerror(
		    L, idx,
		    lua_pushfstring(L, "a finite number expected, got %s", mb_nonfinite_name(v)));
	return v;
}

void mb_format_number(char *buf, size_t len, double v, double scale)
{
	if (fabs(v) < 1e-14 * scale)
		v = 0;
	if (v == floor(v) && fabs(v) < 1e15)
		snprintf(buf, len, "%.0f", v == 0 ? 0.0 : v);
	else
		snprintf(buf, len, "%.6g", v);
}

static struct matrix *push_new(lua_State *L, int rows, int cols)
{
	if (rows < 0 || cols < 0 || (rows > 0 && cols > 100000000 / rows))
		luaL_error(L, "matrix size %d x %d is not sensible", rows, cols);
	size_t n = (size_t)rows * (size_t)cols;
	struct matrix *m = lua_newuserdatauv(L, sizeof *m + n * sizeof(double), 0);
	m->rows = rows, m->cols = cols;
	memset(m->a, 0, n * sizeof(double));
	luaL_setmetatable(L, MAT_META);
	return m;
}

double *mb_push_matrix(lua_State *L, int rows, int cols) { return push_new(L, rows, cols)->a; }

static double number_at(lua_State *L, int t, lua_Integer i, const char *what)
{
	lua_geti(L, t, i);
	int ok;
	double v = lua_tonumberx(L, -1, &ok);
	if (!ok)
		luaL_error(L, "matrix entry %s is %s, not a number", what, luaL_typename(L, -1));
	if (!isfinite(v))
		luaL_error(L, "matrix entry %s is %s, not a finite number", what,
		           mb_nonfinite_name(v));
	lua_pop(L, 1);
	return v;
}

/* A result's entries, which finite entries can still overflow: an error
 * rather than inf or NaN handed back as an answer. */
static void finite_result(lua_State *L, const double *a, int n, const char *what)
{
	for (int i = 0; i < n; i++)
		if (!isfinite(a[i]))
			luaL_error(
			    L,
			    "%s overflows: the result is not a finite number (the entries are too "
			    "large, or the matrix nearly singular)",
			    what);
}

/* A table to a new matrix pushed on the stack: rows of numbers, or a flat
 * list taken as a column. */
static struct matrix *from_table(lua_State *L, int t)
{
	t = lua_absindex(L, t);
	lua_Integer rows = luaL_len(L, t);
	lua_geti(L, t, 1);
	int nested = lua_istable(L, -1) && !luaL_testudata(L, -1, MAT_META);
	lua_Integer cols = nested ? luaL_len(L, -1) : 1;
	lua_pop(L, 1);
	struct matrix *m = push_new(L, (int)rows, (int)cols);
	char where[48];
	for (lua_Integer i = 1; i <= rows; i++) {
		if (!nested) {
			snprintf(where, sizeof where, "[%lld]", (long long)i);
			m->a[i - 1] = number_at(L, t, i, where);
			continue;
		}
		lua_geti(L, t, i);
		if (!lua_istable(L, -1) || luaL_len(L, -1) != cols)
			luaL_error(L, "matrix row %d has %d entries; row 1 has %d", (int)i,
			           lua_istable(L, -1) ? (int)luaL_len(L, -1) : 0, (int)cols);
		for (lua_Integer j = 1; j <= cols; j++) {
			snprintf(where, sizeof where, "[%lld][%lld]", (long long)i, (long long)j);
			m->a[(i - 1) * cols + (j - 1)] = number_at(L, -1, j, where);
		}
		lua_pop(L, 1);
	}
	return m;
}

/* The matrix at idx; a table there is converted in place. */
static struct matrix *check_matrix(lua_State *L, int idx)
{
	idx = lua_absindex(L, idx);
	struct matrix *m = luaL_testudata(L, idx, MAT_META);
	if (m)
		return m;
	luaL_argexpected(L, lua_istable(L, idx), idx, "matrix or table");
	m = from_table(L, idx);
	lua_replace(L, idx);
	return m;
}

static gsl_matrix_view view(struct matrix *m)
{
	return gsl_matrix_view_array(m->a, (size_t)m->rows, (size_t)m->cols);
}

static struct matrix *push_copy(lua_State *L, const struct matrix *m)
{
	struct matrix *c = push_new(L, m->rows, m->cols);
	memcpy(c->a, m->a, sizeof(double) * (size_t)m->rows * (size_t)m->cols);
	return c;
}

/* A column result to a plain vector table (metatable vector when 2 long). */
static void push_as_table(lua_State *L, const struct matrix *m)
{
	if (m->rows == 2) {
		mb_push_vec2(L, m->a[0], m->a[1]);
		return;
	}
	lua_createtable(L, m->rows, 0);
	for (int i = 0; i < m->rows; i++) {
		lua_pushnumber(L, m->a[i]);
		lua_rawseti(L, -2, i + 1);
	}
}

static int mat_new(lua_State *L)
{
	if (luaL_testudata(L, 1, MAT_META)) {
		push_copy(L, lua_touserdata(L, 1));
		return 1;
	}
	luaL_checktype(L, 1, LUA_TTABLE);
	from_table(L, 1);
	return 1;
}

static int mat_call_ctor(lua_State *L) { return lua_remove(L, 1), mat_new(L); }

static int mat_zeros(lua_State *L)
{
	int r = (int)luaL_checkinteger(L, 1);
	push_new(L, r, (int)luaL_optinteger(L, 2, r));
	return 1;
}

static int mat_eye(lua_State *L)
{
	int n = (int)luaL_checkinteger(L, 1);
	struct matrix *m = push_new(L, n, n);
	for (int i = 0; i < n; i++)
		m->a[i * n + i] = 1;
	return 1;
}

static int mat_diag(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	int n = (int)luaL_len(L, 1);
	struct matrix *m = push_new(L, n, n);
	for (int i = 0; i < n; i++)
		m->a[i * n + i] = number_at(L, 1, i + 1, "of diag");
	return 1;
}

static int mat_size(lua_State *L)
{
	struct matrix *m = check_matrix(L, 1);
	lua_pushinteger(L, m->rows);
	lua_pushinteger(L, m->cols);
	return 2;
}

static int mat_get(lua_State *L)
{
	struct matrix *m = check_matrix(L, 1);
	lua_Integer i = luaL_checkinteger(L, 2), j = luaL_optinteger(L, 3, 1);
	if (i < 1 || i > m->rows || j < 1 || j > m->cols)
		return luaL_error(L, "index (%d, %d) is outside a %d x %d matrix", (int)i, (int)j,
		                  m->rows, m->cols);
	lua_pushnumber(L, m->a[(i - 1) * m->cols + (j - 1)]);
	return 1;
}

static int mat_set(lua_State *L)
{
	struct matrix *m = luaL_checkudata(L, 1, MAT_META);
	lua_Integer i = luaL_checkinteger(L, 2), j = luaL_checkinteger(L, 3);
	if (i < 1 || i > m->rows || j < 1 || j > m->cols)
		return luaL_error(L, "index (%d, %d) is outside a %d x %d matrix", (int)i, (int)j,
		                  m->rows, m->cols);
	m->a[(i - 1) * m->cols + (j - 1)] = mb_check_finite(L, 4);
	lua_settop(L, 1);
	return 1;
}

static int mat_transpose(lua_State *L)
{
	struct matrix *m = check_matrix(L, 1);
	struct matrix *t = push_new(L, m->cols, m->rows);
	for (int i = 0; i < m->rows; i++)
		for (int j = 0; j < m->cols; j++)
			t->a[j * m->rows + i] = m->a[i * m->cols + j];
	return 1;
}

static int elementwise(lua_State *L, double sign)
{
	struct matrix *a = check_matrix(L, 1), *b = check_matrix(L, 2);
	if (a->rows != b->rows || a->cols != b->cols)
		return luaL_error(L, "cannot %s a %d x %d and a %d x %d matrix",
		                  sign > 0 ? "add" : "subtract", a->rows, a->cols, b->rows,
		                  b->cols);
	struct matrix *c = push_copy(L, a);
	for (int k = 0; k < a->rows * a->cols; k++)
		c->a[k] += sign * b->a[k];
	finite_result(L, c->a, c->rows * c->cols, sign > 0 ? "the sum" : "the difference");
	return 1;
}
static int mat_add(lua_State *L) { return elementwise(L, 1); }
static int mat_sub(lua_State *L) { return elementwise(L, -1); }

static int scaled(lua_State *L, struct matrix *m, double k)
{
	struct matrix *c = push_copy(L, m);
	for (int i = 0; i < m->rows * m->cols; i++)
		c->a[i] *= k;
	finite_result(L, c->a, c->rows * c->cols, "the product");
	return 1;
}

static int mat_unm(lua_State *L) { return scaled(L, check_matrix(L, 1), -1); }

static int mat_mul(lua_State *L)
{
	if (lua_isnumber(L, 1))
		return scaled(L, check_matrix(L, 2), mb_check_finite(L, 1));
	if (lua_isnumber(L, 2))
		return scaled(L, check_matrix(L, 1), mb_check_finite(L, 2));
	int plain_right = !luaL_testudata(L, 2, MAT_META);
	struct matrix *a = check_matrix(L, 1), *b = check_matrix(L, 2);
	if (a->cols != b->rows)
		return luaL_error(
		    L, "cannot multiply a %d x %d by a %d x %d matrix: inner sizes differ", a->rows,
		    a->cols, b->rows, b->cols);
	struct matrix *c = push_new(L, a->rows, b->cols);
	gsl_matrix_view av = view(a), bv = view(b), cv = view(c);
	if (c->rows > 0 && c->cols > 0 && a->cols > 0)
		gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, &av.matrix, &bv.matrix, 0.0,
		               &cv.matrix);
	finite_result(L, c->a, c->rows * c->cols, "the product");
	if (plain_right && c->cols == 1)
		push_as_table(L, c);
	return 1;
}

/* Numerical rank from the singular values (Sec. 2.3.1: rank, singularity). */
static int rank_of(const struct matrix *m, double *smax_out)
{
	int tall = m->rows >= m->cols;
	int r = tall ? m->rows : m->cols, c = tall ? m->cols : m->rows;
	if (c == 0)
		return 0;
	gsl_matrix *u = gsl_matrix_alloc((size_t)r, (size_t)c);
	gsl_matrix *v = gsl_matrix_alloc((size_t)c, (size_t)c);
	gsl_vector *s = gsl_vector_alloc((size_t)c), *work = gsl_vector_alloc((size_t)c);
	for (int i = 0; i < m->rows; i++)
		for (int j = 0; j < m->cols; j++)
			gsl_matrix_set(u, tall ? (size_t)i : (size_t)j,
			               tall ? (size_t)j : (size_t)i, m->a[i * m->cols + j]);
	gsl_linalg_SV_decomp(u, v, s, work);
	double smax = gsl_vector_get(s, 0), tol = r * DBL_EPSILON * smax;
	int rank = 0;
	for (int k = 0; k < c; k++)
		rank += gsl_vector_get(s, (size_t)k) > tol;
	if (smax_out)
		*smax_out = smax;
	gsl_matrix_free(u), gsl_matrix_free(v), gsl_vector_free(s), gsl_vector_free(work);
	return rank;
}

static int mat_rank(lua_State *L)
{
	lua_pushinteger(L, rank_of(check_matrix(L, 1), NULL));
	return 1;
}

static struct matrix *check_square(lua_State *L, int idx, const char *what)
{
	struct matrix *a = check_matrix(L, idx);
	if (a->rows != a->cols || a->rows == 0)
		luaL_error(L, "%s needs a square matrix, not %d x %d", what, a->rows, a->cols);
	return a;
}

/* LU factors of a square matrix, allocated by GSL and freed by lu_free. */
struct lu {
	gsl_matrix *lu;
	gsl_permutation *perm;
	int signum;
};

static void lu_free(struct lu *f)
{
	gsl_matrix_free(f->lu);
	gsl_permutation_free(f->perm);
}

/* Factor the square matrix at idx; a singular one raises an error that
 * gives its rank, before anything is allocated. */
static struct lu lu_or_error(lua_State *L, int idx, const char *what)
{
	struct matrix *a = check_square(L, idx, what);
	int rank = rank_of(a, NULL);
	if (rank < a->rows)
		luaL_error(L,
		           "the %d x %d matrix is singular (rank %d): its rows are not independent",
		           a->rows, a->cols, rank);
	size_t n = (size_t)a->rows;
	struct lu f = {gsl_matrix_alloc(n, n), gsl_permutation_alloc(n), 0};
	gsl_matrix_view av = view(a);
	gsl_matrix_memcpy(f.lu, &av.matrix);
	gsl_linalg_LU_decomp(f.lu, f.perm, &f.signum);
	return f;
}

/* A symmetric matrix's entries agree with their mirror images to round-off
 * of its largest entry. */
static struct matrix *check_symmetric(lua_State *L, int idx, const char *what)
{
	struct matrix *a = check_square(L, idx, what);
	double scale = 0;
	for (int i = 0; i < a->rows * a->cols; i++) {
		if (!isfinite(a->a[i]))
			luaL_error(L, "%s: entry %d of the matrix is not finite", what, i + 1);
		scale = fmax(scale, fabs(a->a[i]));
	}
	for (int i = 0; i < a->rows; i++)
		for (int j = 0; j < i; j++)
			if (!(fabs(a->a[i * a->cols + j] - a->a[j * a->cols + i]) <= 1e-10 * scale))
				luaL_error(
				    L,
				    "%s needs a symmetric matrix: entries (%d, %d) and (%d, %d) "
				    "differ%s",
				    what, i + 1, j + 1, j + 1, i + 1,
				    idx == 1 ? "; mb.mat.eig_nonsym takes any square matrix" : "");
	return a;
}

/* values, vectors = eig(A [, B]): the eigenvalues of a symmetric A in
 * ascending order and the eigenvectors as the columns of a matrix
 * (A x = λ x, unit length); with a symmetric positive definite B, those of
 * A x = λ B x (Sec. 15's modes: K x = ω² M x), each x scaled so x'Bx = 1.
 * GSL's symmetric QR (gsl_eigen_symmv, gsl_eigen_gensymmv). */
static int mat_eig(lua_State *L)
{
	struct matrix *a = check_symmetric(L, 1, "eig");
	int general = !lua_isnoneornil(L, 2);
	struct matrix *b = general ? check_symmetric(L, 2, "eig") : NULL;
	if (b && b->rows != a->rows)
		return luaL_error(L, "eig: A is %d x %d but B is %d x %d", a->rows, a->cols,
		                  b->rows, b->cols);
	size_t n = (size_t)a->rows;
	struct matrix *vec = push_new(L, a->rows, a->rows);
	gsl_matrix *ac = gsl_matrix_alloc(n, n), *bc = gsl_matrix_alloc(n, n);
	gsl_vector *eval = gsl_vector_alloc(n);
	gsl_matrix_view av = view(a), vv = view(vec);
	gsl_matrix_memcpy(ac, &av.matrix);
	int status;
	if (b) {
		gsl_matrix_view bv = view(b);
		gsl_matrix_memcpy(bc, &bv.matrix);
		gsl_eigen_gensymmv_workspace *w = gsl_eigen_gensymmv_alloc(n);
		status = gsl_eigen_gensymmv(ac, bc, eval, &vv.matrix, w);
		gsl_eigen_gensymmv_free(w);
		if (status == 0)
			gsl_eigen_gensymmv_sort(eval, &vv.matrix, GSL_EIGEN_SORT_VAL_ASC);
	} else {
		gsl_eigen_symmv_workspace *w = gsl_eigen_symmv_alloc(n);
		status = gsl_eigen_symmv(ac, eval, &vv.matrix, w);
		gsl_eigen_symmv_free(w);
		if (status == 0)
			gsl_eigen_symmv_sort(eval, &vv.matrix, GSL_EIGEN_SORT_VAL_ASC);
	}
	if (status == 0 && b) { /* x'Bx = 1 */
		gsl_matrix_view bv = view(b);
		gsl_vector *bx = gsl_vector_alloc(n);
		for (size_t k = 0; k < n; k++) {
			gsl_vector_view x = gsl_matrix_column(&vv.matrix, k);
			double xbx;
			gsl_blas_dgemv(CblasNoTrans, 1.0, &bv.matrix, &x.vector, 0.0, bx);
			gsl_blas_ddot(&x.vector, bx, &xbx);
			gsl_vector_scale(&x.vector, 1 / sqrt(xbx));
		}
		gsl_vector_free(bx);
	}
	gsl_matrix_free(ac), gsl_matrix_free(bc);
	if (status != 0) {
		gsl_vector_free(eval);
		return luaL_error(L, b ? "eig: B must be positive definite (its Cholesky factor "
		                         "failed)"
		                       : "eig: the eigenvalues did not converge");
	}
	lua_createtable(L, (int)n, 0);
	for (size_t k = 0; k < n; k++) {
		lua_pushnumber(L, gsl_vector_get(eval, k));
		lua_rawseti(L, -2, (lua_Integer)k + 1);
	}
	gsl_vector_free(eval);
	lua_insert(L, -2);
	return 2;
}

/* re, im, V_re, V_im = eig_nonsym(A): the eigenvalues λ = re + i im of any
 * square A, in ascending order of |λ| (a complex pair: the one with
 * im > 0 first), and the eigenvectors as the columns of V_re + i V_im,
 * each of unit length. GSL's Francis QR (gsl_eigen_nonsymmv). */
static int mat_eig_nonsym(lua_State *L)
{
	struct matrix *a = check_square(L, 1, "eig_nonsym");
	size_t n = (size_t)a->rows;
	for (int i = 0; i < a->rows * a->cols; i++)
		if (!isfinite(a->a[i]))
			return luaL_error(L, "eig_nonsym: entry %d of A is not finite", i + 1);
	struct matrix *vre = push_new(L, a->rows, a->rows);
	struct matrix *vim = push_new(L, a->rows, a->rows);
	gsl_matrix *ac = gsl_matrix_alloc(n, n);
	gsl_vector_complex *eval = gsl_vector_complex_alloc(n);
	gsl_matrix_complex *evec = gsl_matrix_complex_alloc(n, n);
	gsl_eigen_nonsymmv_workspace *w = gsl_eigen_nonsymmv_alloc(n);
	gsl_matrix_view av = view(a);
	gsl_matrix_memcpy(ac, &av.matrix);
	int status = gsl_eigen_nonsymmv(ac, eval, evec, w);
	gsl_eigen_nonsymmv_free(w);
	gsl_matrix_free(ac);
	if (status == 0) {
		gsl_eigen_nonsymmv_sort(eval, evec, GSL_EIGEN_SORT_ABS_ASC);
		/* of a pair with the same |λ|, the one with positive imaginary part first */
		for (size_t k = 0; k + 1 < n; k++) {
			gsl_complex p = gsl_vector_complex_get(eval, k);
			gsl_complex q = gsl_vector_complex_get(eval, k + 1);
			if (GSL_IMAG(p) < 0 && GSL_IMAG(q) > 0 &&
			    fabs(GSL_REAL(p) - GSL_REAL(q)) <= 1e-12 * gsl_complex_abs(p)) {
				gsl_vector_complex_swap_elements(eval, k, k + 1);
				gsl_matrix_complex_swap_columns(evec, k, k + 1);
			}
		}
	}
	lua_createtable(L, (int)n, 0);
	lua_createtable(L, (int)n, 0);
	for (size_t k = 0; status == 0 && k < n; k++) {
		gsl_complex z = gsl_vector_complex_get(eval, k);
		lua_pushnumber(L, GSL_REAL(z));
		lua_rawseti(L, -3, (lua_Integer)k + 1);
		lua_pushnumber(L, GSL_IMAG(z));
		lua_rawseti(L, -2, (lua_Integer)k + 1);
		for (size_t i = 0; i < n; i++) {
			gsl_complex v = gsl_matrix_complex_get(evec, i, k);
			vre->a[i * n + k] = GSL_REAL(v), vim->a[i * n + k] = GSL_IMAG(v);
		}
	}
	gsl_vector_complex_free(eval), gsl_matrix_complex_free(evec);
	if (status != 0)
		return luaL_error(L, "eig_nonsym: the eigenvalues did not converge");
	/* re, im, V_re, V_im */
	lua_rotate(L, -4, 2);
	return 4;
}

/* s, U, V = svd(A): A = U diag(s) V' with the singular values s in
 * descending order, one per min(rows, cols); U is rows x min(rows, cols)
 * and V the full cols x cols, its columns beyond s (and those whose s is
 * zero) a basis of the null space of A. One-sided Jacobi
 * (gsl_linalg_SV_decomp_jacobi), accurate in the small singular values;
 * a wide A is padded with zero rows, as GSL wants rows >= cols. */
static int mat_svd(lua_State *L)
{
	struct matrix *a = check_matrix(L, 1);
	for (int i = 0; i < a->rows * a->cols; i++)
		if (!isfinite(a->a[i]))
			return luaL_error(L, "svd: entry %d of A is not finite", i + 1);
	if (a->cols == 0)
		return luaL_error(L, "svd: A has no columns");
	int k = a->rows < a->cols ? a->rows : a->cols;
	size_t rows = (size_t)(a->rows > a->cols ? a->rows : a->cols), cols = (size_t)a->cols;
	gsl_matrix *u = gsl_matrix_calloc(rows, cols);
	gsl_matrix *v = gsl_matrix_alloc(cols, cols);
	gsl_vector *s = gsl_vector_alloc(cols);
	for (int i = 0; i < a->rows; i++)
		for (int j = 0; j < a->cols; j++)
			gsl_matrix_set(u, (size_t)i, (size_t)j, a->a[i * a->cols + j]);
	int status = gsl_linalg_SV_decomp_jacobi(u, v, s);
	lua_createtable(L, k, 0);
	for (int i = 0; i < k; i++) {
		lua_pushnumber(L, gsl_vector_get(s, (size_t)i));
		lua_rawseti(L, -2, i + 1);
	}
	struct matrix *um = push_new(L, a->rows, k);
	for (int i = 0; i < a->rows; i++)
		for (int j = 0; j < k; j++)
			um->a[i * k + j] = gsl_matrix_get(u, (size_t)i, (size_t)j);
	struct matrix *vm = push_new(L, a->cols, a->cols);
	gsl_matrix_view vv = view(vm);
	gsl_matrix_memcpy(&vv.matrix, v);
	gsl_matrix_free(u), gsl_matrix_free(v), gsl_vector_free(s);
	if (status != 0)
		return luaL_error(L, "svd: the singular values did not converge");
	return 3;
}

/* cond(A): the 2-norm condition number, the largest singular value over
 * the smallest of min(rows, cols); math.huge when that one is zero. */
static int mat_cond(lua_State *L)
{
	lua_settop(L, 1);
	mat_svd(L);
	lua_pop(L, 2);
	lua_Integer k = luaL_len(L, -1);
	lua_geti(L, -1, 1);
	lua_geti(L, -2, k);
	double largest = lua_tonumber(L, -2), smallest = lua_tonumber(L, -1);
	lua_pushnumber(L, k == 0 || largest == 0 ? 0
	                  : smallest > 0         ? largest / smallest
	                                         : HUGE_VAL);
	return 1;
}

/* x = A \ b by LU (Eq. 2.47: solve, never form the inverse) */
static int mat_solve(lua_State *L)
{
	int plain_right = !luaL_testudata(L, 2, MAT_META);
	struct matrix *b = check_matrix(L, 2);
	struct matrix *a = check_square(L, 1, "solve");
	if (b->rows != a->rows)
		return luaL_error(L, "solve: A is %d x %d but b has %d rows", a->rows, a->cols,
		                  b->rows);
	struct matrix *x = push_new(L, b->rows, b->cols);
	struct lu f = lu_or_error(L, 1, "solve");
	size_t n = (size_t)a->rows;
	for (int j = 0; j < b->cols; j++) {
		gsl_vector_view col =
		    gsl_vector_view_array_with_stride(x->a + j, (size_t)b->cols, n);
		gsl_vector_const_view rhs =
		    gsl_vector_const_view_array_with_stride(b->a + j, (size_t)b->cols, n);
		gsl_linalg_LU_solve(f.lu, f.perm, &rhs.vector, &col.vector);
	}
	lu_free(&f);
	finite_result(L, x->a, x->rows * x->cols, "solve");
	if (plain_right && x->cols == 1)
		push_as_table(L, x);
	return 1;
}

static int mat_inv(lua_State *L)
{
	struct matrix *a = check_square(L, 1, "inv");
	struct matrix *x = push_new(L, a->rows, a->cols);
	struct lu f = lu_or_error(L, 1, "inv");
	gsl_matrix_view xv = view(x);
	gsl_linalg_LU_invert(f.lu, f.perm, &xv.matrix);
	lu_free(&f);
	finite_result(L, x->a, x->rows * x->cols, "inv");
	return 1;
}

static int mat_det(lua_State *L)
{
	struct matrix *a = check_square(L, 1, "det");
	size_t n = (size_t)a->rows;
	gsl_matrix *lu = gsl_matrix_alloc(n, n);
	gsl_permutation *p = gsl_permutation_alloc(n);
	gsl_matrix_view av = view(a);
	int signum;
	gsl_matrix_memcpy(lu, &av.matrix);
	gsl_linalg_LU_decomp(lu, p, &signum);
	double det = gsl_linalg_LU_det(lu, signum);
	gsl_matrix_free(lu), gsl_permutation_free(p);
	finite_result(L, &det, 1, "det");
	lua_pushnumber(L, det);
	return 1;
}

static int mat_norm(lua_State *L)
{
	struct matrix *a = check_matrix(L, 1);
	double big = 0, s = 0; /* scaled by the largest entry, so squares cannot overflow */
	for (int i = 0; i < a->rows * a->cols; i++)
		big = fmax(big, fabs(a->a[i]));
	for (int i = 0; big > 0 && i < a->rows * a->cols; i++)
		s += (a->a[i] / big) * (a->a[i] / big);
	double norm = big * sqrt(s);
	finite_result(L, &norm, 1, "norm");
	lua_pushnumber(L, norm);
	return 1;
}

static int mat_totable(lua_State *L)
{
	struct matrix *m = check_matrix(L, 1);
	lua_createtable(L, m->rows, 0);
	for (int i = 0; i < m->rows; i++) {
		lua_createtable(L, m->cols, 0);
		for (int j = 0; j < m->cols; j++) {
			lua_pushnumber(L, m->a[i * m->cols + j]);
			lua_rawseti(L, -2, j + 1);
		}
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

static int mat_eq(lua_State *L)
{
	struct matrix *a = check_matrix(L, 1), *b = check_matrix(L, 2);
	int same = a->rows == b->rows && a->cols == b->cols;
	for (int i = 0; same && i < a->rows * a->cols; i++)
		same = a->a[i] == b->a[i];
	lua_pushboolean(L, same);
	return 1;
}

/* Columns aligned, six significant digits, like MATLAB's short display. */
static int mat_tostring(lua_State *L)
{
	struct matrix *m = check_matrix(L, 1);
	luaL_Buffer b;
	luaL_buffinit(L, &b);
	lua_pushfstring(L, "%d x %d matrix", m->rows, m->cols);
	luaL_addvalue(&b);
	double scale = 0;
	for (int i = 0; i < m->rows * m->cols; i++)
		scale = fmax(scale, fabs(m->a[i]));
	int width = 1;
	char cell[32];
	for (int i = 0; i < m->rows * m->cols; i++) {
		mb_format_number(cell, sizeof cell, m->a[i], scale);
		width = (int)fmax(width, (double)strlen(cell));
	}
	for (int i = 0; i < m->rows; i++) {
		luaL_addchar(&b, '\n');
		for (int j = 0; j < m->cols; j++) {
			char padded[48];
			mb_format_number(cell, sizeof cell, m->a[i * m->cols + j], scale);
			snprintf(padded, sizeof padded, "  %*s", width, cell);
			luaL_addstring(&b, padded);
		}
	}
	luaL_pushresult(&b);
	return 1;
}

/* A[i] is row i as a plain table; other keys are methods. */
static int mat_index(lua_State *L)
{
	if (lua_isinteger(L, 2)) {
		struct matrix *m = check_matrix(L, 1);
		lua_Integer i = lua_tointeger(L, 2);
		if (i < 1 || i > m->rows)
			return luaL_error(L, "row %d is outside a %d x %d matrix", (int)i, m->rows,
			                  m->cols);
		lua_createtable(L, m->cols, 0);
		for (int j = 0; j < m->cols; j++) {
			lua_pushnumber(L, m->a[(i - 1) * m->cols + j]);
			lua_rawseti(L, -2, j + 1);
		}
		return 1;
	}
	lua_getfield(L, lua_upvalueindex(1), luaL_optstring(L, 2, ""));
	return 1;
}

static int mat_len(lua_State *L)
{
	lua_pushinteger(L, check_matrix(L, 1)->rows);
	return 1;
}

static int mat_call(lua_State *L) { return mat_get(L); }

int mb_open_mat(lua_State *L)
{
	static const luaL_Reg funcs[] = {{"new", mat_new},
	                                 {"zeros", mat_zeros},
	                                 {"eye", mat_eye},
	                                 {"diag", mat_diag},
	                                 {"size", mat_size},
	                                 {"get", mat_get},
	                                 {"set", mat_set},
	                                 {"t", mat_transpose},
	                                 {"transpose", mat_transpose},
	                                 {"rank", mat_rank},
	                                 {"solve", mat_solve},
	                                 {"inv", mat_inv},
	                                 {"det", mat_det},
	                                 {"norm", mat_norm},
	                                 {"totable", mat_totable},
	                                 {"eig", mat_eig},
	                                 {"eig_nonsym", mat_eig_nonsym},
	                                 {"svd", mat_svd},
	                                 {"cond", mat_cond},
	                                 {NULL, NULL}};
	static const luaL_Reg meta[] = {
	    {"__add", mat_add}, {"__sub", mat_sub},   {"__unm", mat_unm},
	    {"__mul", mat_mul}, {"__eq", mat_eq},     {"__tostring", mat_tostring},
	    {"__len", mat_len}, {"__call", mat_call}, {NULL, NULL}};

	luaL_newlib(L, funcs);
	luaL_newmetatable(L, MAT_META);
	luaL_setfuncs(L, meta, 0);
	lua_pushvalue(L, -2);
	lua_pushcclosure(L, mat_index, 1);
	lua_setfield(L, -2, "__index");
	lua_pushliteral(L, "matrix");
	lua_setfield(L, -2, "__name");
	lua_pop(L, 1);
	lua_newtable(L); /* mat{{...}} constructs */
	lua_pushcfunction(L, mat_call_ctor);
	lua_setfield(L, -2, "__call");
	lua_setmetatable(L, -2);
	return 1;
}
