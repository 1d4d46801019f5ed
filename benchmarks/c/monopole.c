/*
 * The C reference for the force kernels: softened monopole gravity, double precision, SIMD over
 * targets (i-parallel). A group of TARGETS bodies sits in SIMD lanes, W at a time; every source of
 * the list is broadcast to all lanes -- the layout of the body loop of the Java VectorListKernel.
 *
 * Per (target, source) pair, in this order (the same operations as the Java scalar and Vector API
 * benchmark kernels, io.stormsim.benchmarks.MonopoleKernels):
 *     dx = xi - xj;  dy = yi - yj;  dz = zi - zj
 *     r2s = dx*dx + dy*dy + dz*dz + eps2          (left to right)
 *     inv = 1 / sqrt(r2s)                           (IEEE sqrt and divide, no approximation)
 *     mInv = inv * mj;  mInv3 = mInv * inv * inv
 *     ax -= mInv3*dx;  ay -= mInv3*dy;  az -= mInv3*dz;  pot -= mInv
 *
 * Built by scripts/bench-kernels with  gcc -O3 -march=native  and NO -ffast-math: fast-math would
 * let the compiler reassociate the sums and replace sqrt/divide by approximations, i.e. compute
 * other numbers than the Java kernels must (they keep bit-for-bit IEEE semantics). Two builds are
 * measured: -ffp-contract=off (exactly the Java operations; same bits as the Java scalar kernel,
 * checked through the printed checksum) and gcc's default -ffp-contract=fast (a*b+c fused into FMA
 * where the CPU has it: what a C programmer gets by default).
 *
 * The mixed-precision kernel (c-simd-mixed, the body loop of the Java MixedVectorListKernel, measured in
 * the -ffp-contract=off build): float lanes, twice as many, positions relative to the group's centre,
 * explicit fused multiply-adds (so the same bits as Java's Math.fma / FloatVector.fma),
 *     dx = xi - xj (float) ...;  r2s = fma(dz, dz, fma(dy, dy, fma(dx, dx, eps2)))
 *     inv = 1 / sqrt(r2s);  mInv = inv * mj;  nm3 = -(mInv * inv * inv)
 *     ax = fma(nm3, dx, ax) ...;  pot -= mInv
 * in runs of 64 sources summed in float, each run's sums then added to the target's double sums.
 *
 * Usage: monopole [SOURCES [TARGETS [SECONDS_PER_TRIAL [WARMUP_TRIALS [TRIALS]]]]]
 * Prints the SIMD kernel and a scalar build of the same loop (vectorisation disabled), each as
 *     RESULT <name> <mean M interactions/s> <min> <max> <lanes>
 * and a line  BITS <name> <hash>  (FNV-1a over the bits of the field after one pass) to compare with the
 * Java kernels, which print the same hash.
 */
#define _POSIX_C_SOURCE 199309L
#include <immintrin.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__AVX512F__)
#define LANES 8
#define ISA "avx512"
typedef __m512d vd;
#define FLANES 16
typedef __m512 vf;
#define FLOAD(p) _mm512_loadu_ps(p)
#define FSTORE(p, v) _mm512_storeu_ps(p, v)
#define FSET1(x) _mm512_set1_ps(x)
#define FSUB(a, b) _mm512_sub_ps(a, b)
#define FMUL(a, b) _mm512_mul_ps(a, b)
#define FDIV(a, b) _mm512_div_ps(a, b)
#define FSQRT(a) _mm512_sqrt_ps(a)
#define FFMA(a, b, c) _mm512_fmadd_ps(a, b, c)
#define VLOAD(p) _mm512_loadu_pd(p)
#define VSTORE(p, v) _mm512_storeu_pd(p, v)
#define VSET1(x) _mm512_set1_pd(x)
#define VADD(a, b) _mm512_add_pd(a, b)
#define VSUB(a, b) _mm512_sub_pd(a, b)
#define VMUL(a, b) _mm512_mul_pd(a, b)
#define VDIV(a, b) _mm512_div_pd(a, b)
#define VSQRT(a) _mm512_sqrt_pd(a)
#elif defined(__AVX__)
#define LANES 4
#define ISA "avx2"
typedef __m256d vd;
#if defined(__FMA__)
#define FLANES 8
typedef __m256 vf;
#define FLOAD(p) _mm256_loadu_ps(p)
#define FSTORE(p, v) _mm256_storeu_ps(p, v)
#define FSET1(x) _mm256_set1_ps(x)
#define FSUB(a, b) _mm256_sub_ps(a, b)
#define FMUL(a, b) _mm256_mul_ps(a, b)
#define FDIV(a, b) _mm256_div_ps(a, b)
#define FSQRT(a) _mm256_sqrt_ps(a)
#define FFMA(a, b, c) _mm256_fmadd_ps(a, b, c)
#endif
#define VLOAD(p) _mm256_loadu_pd(p)
#define VSTORE(p, v) _mm256_storeu_pd(p, v)
#define VSET1(x) _mm256_set1_pd(x)
#define VADD(a, b) _mm256_add_pd(a, b)
#define VSUB(a, b) _mm256_sub_pd(a, b)
#define VMUL(a, b) _mm256_mul_pd(a, b)
#define VDIV(a, b) _mm256_div_pd(a, b)
#define VSQRT(a) _mm256_sqrt_pd(a)
#else
#define LANES 2
#define ISA "sse2"
typedef __m128d vd;
#define VLOAD(p) _mm_loadu_pd(p)
#define VSTORE(p, v) _mm_storeu_pd(p, v)
#define VSET1(x) _mm_set1_pd(x)
#define VADD(a, b) _mm_add_pd(a, b)
#define VSUB(a, b) _mm_sub_pd(a, b)
#define VMUL(a, b) _mm_mul_pd(a, b)
#define VDIV(a, b) _mm_div_pd(a, b)
#define VSQRT(a) _mm_sqrt_pd(a)
#endif

#ifndef CONTRACT
#define CONTRACT "unknown"
#endif

/* splitmix64: the same generator as MonopoleKernels.Inputs, so both sides sum the same numbers. */
static uint64_t rng_state;
static double next_double(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z = z ^ (z >> 31);
    return (double)(z >> 11) * 0x1.0p-53;
}

typedef struct {
    int ns, nt;
    double eps2;
    double *sx, *sy, *sz, *sm;     /* sources (the interaction list) */
    double *tx, *ty, *tz;          /* targets (the group), padded to a multiple of LANES */
    double *ax, *ay, *az, *pot;    /* field on the targets */
    float *fsx, *fsy, *fsz, *fsm;  /* the mixed kernel's sources: float, relative to the group's centre */
    float *ftx, *fty, *ftz;        /* its targets, padded to a multiple of FLANES */
} problem;

/* The group's centre, the origin of the mixed kernel's float positions (MonopoleKernels.CENTRE). */
#define CENTRE 2.05

static double *alloc(int n) {
    double *p = aligned_alloc(64, ((size_t)n * sizeof(double) + 63) / 64 * 64);
    if (!p) {
        perror("aligned_alloc");
        exit(1);
    }
    memset(p, 0, (size_t)n * sizeof(double));
    return p;
}

static float *falloc(int n) {
    float *p = aligned_alloc(64, ((size_t)n * sizeof(float) + 63) / 64 * 64);
    if (!p) {
        perror("aligned_alloc");
        exit(1);
    }
    memset(p, 0, (size_t)n * sizeof(float));
    return p;
}

/* Sources in the unit cube [0,1)^3, masses 1/ns; targets in a small cube [2, 2.1)^3 nearby (a group). */
static void setup(problem *p, int ns, int nt) {
#ifdef FLANES
    int ntp = (nt + FLANES - 1) / FLANES * FLANES;
#else
    int ntp = (nt + LANES - 1) / LANES * LANES;
#endif
    p->ns = ns;
    p->nt = nt;
    p->eps2 = 0.01 * 0.01;
    p->sx = alloc(ns); p->sy = alloc(ns); p->sz = alloc(ns); p->sm = alloc(ns);
    p->tx = alloc(ntp); p->ty = alloc(ntp); p->tz = alloc(ntp);
    p->ax = alloc(ntp); p->ay = alloc(ntp); p->az = alloc(ntp); p->pot = alloc(ntp);
    p->fsx = falloc(ns); p->fsy = falloc(ns); p->fsz = falloc(ns); p->fsm = falloc(ns);   /* used with FLANES */
    p->ftx = falloc(ntp); p->fty = falloc(ntp); p->ftz = falloc(ntp);
    rng_state = 42;
    for (int k = 0; k < ns; k++) {
        p->sx[k] = next_double();
        p->sy[k] = next_double();
        p->sz[k] = next_double();
        p->sm[k] = 1.0 / ns;
    }
    for (int j = 0; j < ntp; j++) {
        int src = j < nt ? j : nt - 1;   /* padding lanes repeat the last target */
        if (j < nt) {
            p->tx[j] = 2 + 0.1 * next_double();
            p->ty[j] = 2 + 0.1 * next_double();
            p->tz[j] = 2 + 0.1 * next_double();
        } else {
            p->tx[j] = p->tx[src];
            p->ty[j] = p->ty[src];
            p->tz[j] = p->tz[src];
        }
    }
    for (int k = 0; k < ns; k++) {
        p->fsx[k] = (float)(p->sx[k] - CENTRE);
        p->fsy[k] = (float)(p->sy[k] - CENTRE);
        p->fsz[k] = (float)(p->sz[k] - CENTRE);
        p->fsm[k] = (float)p->sm[k];
    }
    for (int j = 0; j < ntp; j++) {
        p->ftx[j] = (float)(p->tx[j] - CENTRE);
        p->fty[j] = (float)(p->ty[j] - CENTRE);
        p->ftz[j] = (float)(p->tz[j] - CENTRE);
    }
}

/* SIMD: LANES targets per pass, every source broadcast. */
static void __attribute__((noinline)) field_simd(problem *restrict p) {
    const vd eps2 = VSET1(p->eps2), one = VSET1(1.0);
    const double *restrict sx = p->sx, *restrict sy = p->sy, *restrict sz = p->sz, *restrict sm = p->sm;
    for (int base = 0; base < p->nt; base += LANES) {
        vd xi = VLOAD(p->tx + base), yi = VLOAD(p->ty + base), zi = VLOAD(p->tz + base);
        vd ax = VSET1(0.0), ay = ax, az = ax, pot = ax;
        for (int k = 0; k < p->ns; k++) {
            vd dx = VSUB(xi, VSET1(sx[k])), dy = VSUB(yi, VSET1(sy[k])), dz = VSUB(zi, VSET1(sz[k]));
            vd r2s = VADD(VADD(VADD(VMUL(dx, dx), VMUL(dy, dy)), VMUL(dz, dz)), eps2);
            vd inv = VDIV(one, VSQRT(r2s));
            vd mInv = VMUL(inv, VSET1(sm[k]));
            vd mInv3 = VMUL(VMUL(mInv, inv), inv);
            ax = VSUB(ax, VMUL(mInv3, dx));
            ay = VSUB(ay, VMUL(mInv3, dy));
            az = VSUB(az, VMUL(mInv3, dz));
            pot = VSUB(pot, mInv);
        }
        VSTORE(p->ax + base, ax);
        VSTORE(p->ay + base, ay);
        VSTORE(p->az + base, az);
        VSTORE(p->pot + base, pot);
    }
}

#ifdef FLANES
/* Mixed precision: FLANES float targets per pass, runs of RUN sources summed in float, then in double. */
#define RUN 64
static void __attribute__((noinline)) field_mixed(problem *restrict p) {
    const vf eps2 = FSET1((float)p->eps2), one = FSET1(1.0f);
    const float *restrict sx = p->fsx, *restrict sy = p->fsy, *restrict sz = p->fsz, *restrict sm = p->fsm;
    float run[4][FLANES];
    for (int base = 0; base < p->nt; base += FLANES) {
        vf xi = FLOAD(p->ftx + base), yi = FLOAD(p->fty + base), zi = FLOAD(p->ftz + base);
        double sum[4][FLANES] = {{0}};
        for (int from = 0; from < p->ns; from += RUN) {
            int to = from + RUN < p->ns ? from + RUN : p->ns;
            vf ax = FSET1(0.0f), ay = ax, az = ax, pot = ax;
            for (int k = from; k < to; k++) {
                vf dx = FSUB(xi, FSET1(sx[k])), dy = FSUB(yi, FSET1(sy[k])), dz = FSUB(zi, FSET1(sz[k]));
                vf r2s = FFMA(dz, dz, FFMA(dy, dy, FFMA(dx, dx, eps2)));
                vf inv = FDIV(one, FSQRT(r2s));
                vf mInv = FMUL(inv, FSET1(sm[k]));
                vf nm3 = FMUL(FMUL(FMUL(mInv, inv), inv), FSET1(-1.0f));   /* exact negation, as Java's neg() */
                ax = FFMA(nm3, dx, ax);
                ay = FFMA(nm3, dy, ay);
                az = FFMA(nm3, dz, az);
                pot = FSUB(pot, mInv);
            }
            FSTORE(run[0], ax);
            FSTORE(run[1], ay);
            FSTORE(run[2], az);
            FSTORE(run[3], pot);
            for (int a = 0; a < 4; a++) {
                for (int lane = 0; lane < FLANES; lane++) {
                    sum[a][lane] += run[a][lane];
                }
            }
        }
        for (int lane = 0; lane < FLANES; lane++) {
            p->ax[base + lane] = sum[0][lane];
            p->ay[base + lane] = sum[1][lane];
            p->az[base + lane] = sum[2][lane];
            p->pot[base + lane] = sum[3][lane];
        }
    }
}
#endif

/* Scalar: one target against the list, the compiler not allowed to vectorise (for context only). */
static void __attribute__((noinline, optimize("no-tree-vectorize", "no-tree-slp-vectorize")))
field_scalar(problem *restrict p) {
    const double eps2 = p->eps2;
    for (int j = 0; j < p->nt; j++) {
        double xi = p->tx[j], yi = p->ty[j], zi = p->tz[j];
        double ax = 0, ay = 0, az = 0, pot = 0;
        for (int k = 0; k < p->ns; k++) {
            double dx = xi - p->sx[k], dy = yi - p->sy[k], dz = zi - p->sz[k];
            double r2s = dx * dx + dy * dy + dz * dz + eps2;
            double inv = 1.0 / sqrt(r2s);
            double mInv = inv * p->sm[k];
            double mInv3 = mInv * inv * inv;
            ax -= mInv3 * dx;
            ay -= mInv3 * dy;
            az -= mInv3 * dz;
            pot -= mInv;
        }
        p->ax[j] = ax;
        p->ay[j] = ay;
        p->az[j] = az;
        p->pot[j] = pot;
    }
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static double sink;

/* FNV-1a over the bit patterns of ax, ay, az, pot of every target: equal hashes = same bits. */
static uint64_t bits_hash(const problem *p) {
    uint64_t h = 0xcbf29ce484222325ULL;
    const double *out[4] = {p->ax, p->ay, p->az, p->pot};
    for (int a = 0; a < 4; a++) {
        for (int j = 0; j < p->nt; j++) {
            uint64_t v;
            memcpy(&v, &out[a][j], sizeof v);
            h = (h ^ v) * 0x100000001b3ULL;
        }
    }
    return h;
}

/* One trial: whole passes over the group until `seconds` have passed; M interactions/s. */
static double trial(void (*kernel)(problem *), problem *p, double seconds) {
    long passes = 0;
    double t0 = now(), t;
    do {
        for (int r = 0; r < 16; r++) {
            kernel(p);
            sink += p->ax[0];
        }
        passes += 16;
        t = now();
    } while (t - t0 < seconds);
    return (double)passes * p->ns * p->nt / (t - t0) / 1e6;
}

static void measure(const char *name, void (*kernel)(problem *), problem *p, double seconds, int warmups,
                    int trials, int lanes) {
    for (int w = 0; w < warmups; w++) {
        trial(kernel, p, seconds);
    }
    double sum = 0, lo = 1e300, hi = 0;
    for (int i = 0; i < trials; i++) {
        double r = trial(kernel, p, seconds);
        sum += r;
        lo = r < lo ? r : lo;
        hi = r > hi ? r : hi;
    }
    kernel(p);
    printf("RESULT %s %.1f %.1f %.1f %d\n", name, sum / trials, lo, hi, lanes);
    printf("BITS %s %016llx\n", name, (unsigned long long)bits_hash(p));
}

int main(int argc, char **argv) {
    int ns = argc > 1 ? atoi(argv[1]) : 1024;
    int nt = argc > 2 ? atoi(argv[2]) : 64;
    double seconds = argc > 3 ? atof(argv[3]) : 1.0;
    int warmups = argc > 4 ? atoi(argv[4]) : 3;
    int trials = argc > 5 ? atoi(argv[5]) : 5;
    if (ns < 1 || nt < 1 || seconds <= 0 || warmups < 0 || trials < 1) {
        fprintf(stderr, "usage: monopole [SOURCES>=1 [TARGETS>=1 [SECONDS>0 [WARMUPS>=0 [TRIALS>=1]]]]]\n");
        return 2;
    }
    problem p;
    setup(&p, ns, nt);
    printf("INFO isa=%s lanes=%d contract=%s sources=%d targets=%d trial=%.2fs warmups=%d trials=%d\n", ISA,
           LANES, CONTRACT, ns, nt, seconds, warmups, trials);
    char name[64];
    snprintf(name, sizeof name, "c-simd-%s", CONTRACT);
    measure(name, field_simd, &p, seconds, warmups, trials, LANES);
    snprintf(name, sizeof name, "c-scalar-%s", CONTRACT);
    measure(name, field_scalar, &p, seconds, warmups, trials, 1);
#ifdef FLANES
    if (strcmp(CONTRACT, "nofma") == 0) {
        measure("c-simd-mixed", field_mixed, &p, seconds, warmups, trials, FLANES);
    }
#endif
    return sink == 12345.678 ? 1 : 0;
}
