/* SPDX-License-Identifier: GPL-3.0-or-later */
/* linalg.c — see linalg.h. */
#include "util/linalg.h"

#include <math.h>

double vec_norm(const double *v, int n)
{
	double s = 0;
	for (int k = 0; k < n; k++)
		s += v[k] * v[k];
	return sqrt(s);
}

int vec_worst(const double *v, int n)
{
	int w = 0;
	for (int k = 1; k < n; k++)
		if (fabs(v[k]) > fabs(v[w]))
			w = k;
	return w;
}

int vec_beyond(const double *v, int n, double largest)
{
	for (int k = 0; k < n; k++)
		if (!(fabs(v[k]) <= largest))
			return k;
	return -1;
}
