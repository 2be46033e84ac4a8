// Two 1024-bit modular exponentiations at once on AVX-512 IFMA (the two halves of an RSA-2048
// private operation by CRT), in constant time.
//
// Numbers are held as 20 limbs of 52 bits (1,040 bits) in three 512-bit registers, because
// VPMADD52LUQ / VPMADD52HUQ multiply eight pairs of 52-bit limbs per instruction and add the low
// or high 52 bits of each 104-bit product to a 64-bit accumulator. Montgomery multiplication is
// the "almost" kind (Gueron, "Efficient software implementations of modular exponentiation",
// 2012) with R = 2^1040: for a, b < 2m and 4m < R the product a·b·R⁻¹ comes out below 2m without
// a final subtraction, so no step compares values; one masked subtraction at the very end brings
// the result below m. The two exponentiations run in lockstep, interleaved in each Montgomery
// step, because one step is a chain of dependent instructions (a limb, the quotient digit, the
// next limb) that leaves the vector units idle most of the time; the second chain fills them.
//
// What an observer could time depends only on the sizes: the windows are fixed (5 bits over the
// public bit count), every table entry is read for every window and kept by a mask, carries are
// propagated with shifts and masks, and the final subtraction is selected by a mask. The stack
// buffers holding secrets are cleared before returning.
#include "PaymentFormCryptoKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>
#include <string.h>

#define PFE_IFMA __attribute__((target("avx512f,avx512ifma")))

enum {
    limbCount = 20,       // 52-bit limbs in use (20 · 52 = 1,040 bits)
    laneCount = 24,       // three registers of eight lanes; the top four lanes stay zero
    wordCount = 16,       // 64-bit words of a 1,024-bit number
    windowBits = 5,
    tableEntries = 1 << windowBits,
};

static const uint64_t mask52 = (1ull << 52) - 1;

// Keeps the optimizer from reasoning about a mask's value (and turning its use into a branch).
static inline uint64_t value_barrier(uint64_t value) {
    __asm__("" : "+r"(value));
    return value;
}

static void clear_secret(void *buffer, size_t size) {
    memset(buffer, 0, size);
    __asm__ __volatile__("" : : "r"(buffer) : "memory");
}

// 16 words (little-endian) to 20 limbs of 52 bits; lanes 20–23 zero.
static void to_radix52(uint64_t out[laneCount], const uint64_t in[wordCount]) {
    for (int limb = 0; limb < limbCount; limb++) {
        int bit = 52 * limb, word = bit / 64, offset = bit % 64;
        uint64_t value = in[word] >> offset;
        if (offset > 12 && word + 1 < wordCount) value |= in[word + 1] << (64 - offset);
        out[limb] = value & mask52;
    }
    for (int lane = limbCount; lane < laneCount; lane++) out[lane] = 0;
}

// 20 normalized limbs of a value below 2^1024 to 16 words.
static void from_radix52(uint64_t out[wordCount], const uint64_t in[laneCount]) {
    for (int word = 0; word < wordCount; word++) out[word] = 0;
    for (int limb = 0; limb < limbCount; limb++) {
        int bit = 52 * limb, word = bit / 64, offset = bit % 64;
        out[word] |= in[limb] << offset;
        if (offset > 12 && word + 1 < wordCount) out[word + 1] |= in[limb] >> (64 - offset);
    }
}

// value = 2·value mod m for value < m (16 words), in constant time.
static void double_modulo(uint64_t value[wordCount], const uint64_t m[wordCount]) {
    uint64_t doubled[wordCount], reduced[wordCount];
    uint64_t carry = 0, borrow = 0;
    for (int i = 0; i < wordCount; i++) {
        doubled[i] = value[i] << 1 | carry;
        carry = value[i] >> 63;
    }
    for (int i = 0; i < wordCount; i++) {
        unsigned __int128 difference = (unsigned __int128)doubled[i] - m[i] - borrow;
        reduced[i] = (uint64_t)difference;
        borrow = (uint64_t)(difference >> 64) & 1;
    }
    // Keep the doubled value only when nothing was shifted out and it is below m.
    uint64_t keep = value_barrier(0 - (value_barrier(borrow) & (value_barrier(carry) ^ 1)));
    for (int i = 0; i < wordCount; i++) value[i] = (doubled[i] & keep) | (reduced[i] & ~keep);
    clear_secret(doubled, sizeof doubled);
    clear_secret(reduced, sizeof reduced);
}

// Carries each lane's bits above 52 into the next lane (lanes hold less than 2^60 here).
static void normalize(uint64_t value[laneCount]) {
    uint64_t carry = 0;
    for (int lane = 0; lane < limbCount; lane++) {
        uint64_t sum = value[lane] + carry;
        value[lane] = sum & mask52;
        carry = sum >> 52;
    }
}

// r[s] = a[s]·b[s]·2^-1040 mod m[s] (almost: below 2·m[s]) for s = 0, 1. Inputs normalized and
// below 2·m[s]; r may alias a or b. k0[s] = −m[s]⁻¹ mod 2^52.
PFE_IFMA static void almost_montgomery_multiply_x2(
    uint64_t *r0, const uint64_t *a0, const uint64_t *b0, const uint64_t *m0, uint64_t k00,
    uint64_t *r1, const uint64_t *a1, const uint64_t *b1, const uint64_t *m1, uint64_t k01)
{
    const __m512i zero = _mm512_setzero_si512();
    const __m512i a0v0 = _mm512_loadu_si512(a0), a0v1 = _mm512_loadu_si512(a0 + 8), a0v2 = _mm512_loadu_si512(a0 + 16);
    const __m512i m0v0 = _mm512_loadu_si512(m0), m0v1 = _mm512_loadu_si512(m0 + 8), m0v2 = _mm512_loadu_si512(m0 + 16);
    const __m512i a1v0 = _mm512_loadu_si512(a1), a1v1 = _mm512_loadu_si512(a1 + 8), a1v2 = _mm512_loadu_si512(a1 + 16);
    const __m512i m1v0 = _mm512_loadu_si512(m1), m1v1 = _mm512_loadu_si512(m1 + 8), m1v2 = _mm512_loadu_si512(m1 + 16);
    const uint64_t low0 = m0[0], low1 = m1[0];
    __m512i x0 = zero, x1 = zero, x2 = zero;   // the first product's accumulator
    __m512i y0 = zero, y1 = zero, y2 = zero;   // the second's
    for (int i = 0; i < limbCount; i++) {
        const __m512i bx = _mm512_set1_epi64((long long)b0[i]);
        const __m512i by = _mm512_set1_epi64((long long)b1[i]);
        x0 = _mm512_madd52lo_epu64(x0, a0v0, bx);
        y0 = _mm512_madd52lo_epu64(y0, a1v0, by);
        x1 = _mm512_madd52lo_epu64(x1, a0v1, bx);
        y1 = _mm512_madd52lo_epu64(y1, a1v1, by);
        x2 = _mm512_madd52lo_epu64(x2, a0v2, bx);
        y2 = _mm512_madd52lo_epu64(y2, a1v2, by);
        // The quotient digit that clears the lowest limb, and what the cleared limb carries.
        const uint64_t tx = (uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(x0));
        const uint64_t ty = (uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(y0));
        const uint64_t qx = (tx * k00) & mask52, qy = (ty * k01) & mask52;
        const uint64_t carryx = (tx + ((qx * low0) & mask52)) >> 52;
        const uint64_t carryy = (ty + ((qy * low1) & mask52)) >> 52;
        const __m512i qxv = _mm512_set1_epi64((long long)qx), qyv = _mm512_set1_epi64((long long)qy);
        x1 = _mm512_madd52lo_epu64(x1, m0v1, qxv);
        y1 = _mm512_madd52lo_epu64(y1, m1v1, qyv);
        x2 = _mm512_madd52lo_epu64(x2, m0v2, qxv);
        y2 = _mm512_madd52lo_epu64(y2, m1v2, qyv);
        x0 = _mm512_madd52lo_epu64(x0, m0v0, qxv);
        y0 = _mm512_madd52lo_epu64(y0, m1v0, qyv);
        // Divide by 2^52: every lane moves down one; the dropped lane's carry joins the new lowest.
        x0 = _mm512_alignr_epi64(x1, x0, 1);
        y0 = _mm512_alignr_epi64(y1, y0, 1);
        x1 = _mm512_alignr_epi64(x2, x1, 1);
        y1 = _mm512_alignr_epi64(y2, y1, 1);
        x2 = _mm512_alignr_epi64(zero, x2, 1);
        y2 = _mm512_alignr_epi64(zero, y2, 1);
        x0 = _mm512_add_epi64(x0, _mm512_zextsi128_si512(_mm_cvtsi64_si128((long long)carryx)));
        y0 = _mm512_add_epi64(y0, _mm512_zextsi128_si512(_mm_cvtsi64_si128((long long)carryy)));
        // The high halves of this step's products belong one limb up, which after the shift is
        // the same lane as their factor.
        x0 = _mm512_madd52hi_epu64(x0, a0v0, bx);
        y0 = _mm512_madd52hi_epu64(y0, a1v0, by);
        x0 = _mm512_madd52hi_epu64(x0, m0v0, qxv);
        y0 = _mm512_madd52hi_epu64(y0, m1v0, qyv);
        x1 = _mm512_madd52hi_epu64(x1, a0v1, bx);
        y1 = _mm512_madd52hi_epu64(y1, a1v1, by);
        x1 = _mm512_madd52hi_epu64(x1, m0v1, qxv);
        y1 = _mm512_madd52hi_epu64(y1, m1v1, qyv);
        x2 = _mm512_madd52hi_epu64(x2, a0v2, bx);
        y2 = _mm512_madd52hi_epu64(y2, a1v2, by);
        x2 = _mm512_madd52hi_epu64(x2, m0v2, qxv);
        y2 = _mm512_madd52hi_epu64(y2, m1v2, qyv);
    }
    _mm512_storeu_si512(r0, x0);
    _mm512_storeu_si512(r0 + 8, x1);
    _mm512_storeu_si512(r0 + 16, x2);
    _mm512_storeu_si512(r1, y0);
    _mm512_storeu_si512(r1 + 8, y1);
    _mm512_storeu_si512(r1 + 16, y2);
    normalize(r0);
    normalize(r1);
}

// destination = table[digit] (24 lanes), reading every entry and keeping one by mask.
PFE_IFMA static void select_entry(uint64_t destination[laneCount], const uint64_t *table, uint64_t digit) {
    __m512i s0 = _mm512_setzero_si512(), s1 = s0, s2 = s0;
    for (uint64_t entry = 0; entry < tableEntries; entry++) {
        // All ones for the wanted entry, else zero: arithmetic, so no comparison of the digit.
        const uint64_t difference = value_barrier(entry ^ digit);
        const __m512i keep = _mm512_set1_epi64((long long)value_barrier(((difference | (0 - difference)) >> 63) - 1));
        const uint64_t *row = table + entry * laneCount;
        s0 = _mm512_or_si512(s0, _mm512_and_si512(keep, _mm512_loadu_si512(row)));
        s1 = _mm512_or_si512(s1, _mm512_and_si512(keep, _mm512_loadu_si512(row + 8)));
        s2 = _mm512_or_si512(s2, _mm512_and_si512(keep, _mm512_loadu_si512(row + 16)));
    }
    _mm512_storeu_si512(destination, s0);
    _mm512_storeu_si512(destination + 8, s1);
    _mm512_storeu_si512(destination + 16, s2);
}

// The 5-bit window of `exponent` (16 words and a zero word) starting at bit `position` (public):
// the bits of two neighbouring words, with no test of where the window falls.
static uint64_t window_digit(const uint64_t exponent[wordCount + 1], int position) {
    int word = position / 64, offset = position % 64;
    uint64_t digit = exponent[word] >> offset | (exponent[word + 1] << 1) << (63 - offset);
    return digit & (tableEntries - 1);
}

// value − m if value ≥ m, else value (20 normalized limbs, value < 2m), selected by mask.
static void reduce_once(uint64_t value[laneCount], const uint64_t m[laneCount]) {
    uint64_t difference[limbCount];
    uint64_t borrow = 0;
    for (int limb = 0; limb < limbCount; limb++) {
        uint64_t t = value[limb] - m[limb] - borrow;
        difference[limb] = t & mask52;
        borrow = t >> 63;
    }
    uint64_t keep = value_barrier(0 - borrow);   // all ones when value < m
    for (int limb = 0; limb < limbCount; limb++) value[limb] = (value[limb] & keep) | (difference[limb] & ~keep);
    clear_secret(difference, sizeof difference);
}

struct pfe_exponentiation {
    uint64_t modulus[laneCount];
    uint64_t rr[laneCount];          // 2^2080 mod m: converts into Montgomery form
    uint64_t accumulator[laneCount];
    uint64_t selected[laneCount];
    uint64_t table[tableEntries * laneCount];
    uint64_t exponent[wordCount + 1];  // with a zero word on top, for window_digit
    uint64_t k0;
};

PFE_IFMA static void prepare(struct pfe_exponentiation *state, const uint64_t base[wordCount],
                             const uint64_t exponent[wordCount], const uint64_t modulus[wordCount],
                             const uint64_t r_squared[wordCount], uint64_t inverse) {
    uint64_t rr[wordCount];
    // R² for R = 2^1024 (the Swift contexts' R), doubled 32 times: R² for R = 2^1040.
    memcpy(rr, r_squared, sizeof rr);
    for (int i = 0; i < 2 * (52 * limbCount - 64 * wordCount); i++) double_modulo(rr, modulus);
    to_radix52(state->rr, rr);
    to_radix52(state->modulus, modulus);
    to_radix52(state->table + laneCount, base);   // entry 1 in normal form for now
    state->k0 = inverse & mask52;                 // −m⁻¹ mod 2^64 reduced mod 2^52
    memcpy(state->exponent, exponent, sizeof(uint64_t) * wordCount);
    state->exponent[wordCount] = 0;
    memset(state->selected, 0, sizeof state->selected);
    state->selected[0] = 1;
    clear_secret(rr, sizeof rr);
}

void pfe_modexp1024_x2(uint64_t *result0, uint64_t *result1,
                       const uint64_t *base0, const uint64_t *base1,
                       const uint64_t *exponent0, const uint64_t *exponent1,
                       const uint64_t *modulus0, const uint64_t *modulus1,
                       const uint64_t *r_squared0, const uint64_t *r_squared1,
                       uint64_t inverse0, uint64_t inverse1, size_t bit_count) {
    struct pfe_exponentiation s[2] __attribute__((aligned(64)));
    prepare(&s[0], base0, exponent0, modulus0, r_squared0, inverse0);
    prepare(&s[1], base1, exponent1, modulus1, r_squared1, inverse1);
#define AMM2(r0, a0, b0, r1, a1, b1) \
    almost_montgomery_multiply_x2(r0, a0, b0, s[0].modulus, s[0].k0, r1, a1, b1, s[1].modulus, s[1].k0)
#define ENTRY(side, index) (s[side].table + (index) * laneCount)
    // Entry 0: R mod m (rr·1·R⁻¹); entry 1: base·R mod m; then squares and products.
    AMM2(ENTRY(0, 0), s[0].rr, s[0].selected, ENTRY(1, 0), s[1].rr, s[1].selected);
    AMM2(ENTRY(0, 1), ENTRY(0, 1), s[0].rr, ENTRY(1, 1), ENTRY(1, 1), s[1].rr);
    for (int entry = 2; entry < tableEntries; entry++) {
        if (entry % 2 == 0) {
            AMM2(ENTRY(0, entry), ENTRY(0, entry / 2), ENTRY(0, entry / 2),
                 ENTRY(1, entry), ENTRY(1, entry / 2), ENTRY(1, entry / 2));
        } else {
            AMM2(ENTRY(0, entry), ENTRY(0, entry - 1), ENTRY(0, 1),
                 ENTRY(1, entry), ENTRY(1, entry - 1), ENTRY(1, 1));
        }
    }
    // floor((bits + 5) / 5) windows: at least one, and the top one starts at bit 1,020 or below.
    if (bit_count > 64 * wordCount) bit_count = 64 * wordCount;
    int windows = ((int)bit_count + windowBits) / windowBits;
    for (int side = 0; side < 2; side++) {
        select_entry(s[side].accumulator, s[side].table, window_digit(s[side].exponent, (windows - 1) * windowBits));
    }
    for (int window = windows - 2; window >= 0; window--) {
        for (int i = 0; i < windowBits; i++) {
            AMM2(s[0].accumulator, s[0].accumulator, s[0].accumulator, s[1].accumulator, s[1].accumulator, s[1].accumulator);
        }
        for (int side = 0; side < 2; side++) {
            select_entry(s[side].selected, s[side].table, window_digit(s[side].exponent, window * windowBits));
        }
        AMM2(s[0].accumulator, s[0].accumulator, s[0].selected, s[1].accumulator, s[1].accumulator, s[1].selected);
    }
    // Out of Montgomery form (times 1·R⁻¹), then below m.
    for (int side = 0; side < 2; side++) {
        memset(s[side].selected, 0, sizeof s[side].selected);
        s[side].selected[0] = 1;
    }
    AMM2(s[0].accumulator, s[0].accumulator, s[0].selected, s[1].accumulator, s[1].accumulator, s[1].selected);
#undef AMM2
#undef ENTRY
    reduce_once(s[0].accumulator, s[0].modulus);
    reduce_once(s[1].accumulator, s[1].modulus);
    from_radix52(result0, s[0].accumulator);
    from_radix52(result1, s[1].accumulator);
    clear_secret(s, sizeof s);
}

#else

void pfe_modexp1024_x2(uint64_t *result0, uint64_t *result1,
                       const uint64_t *base0, const uint64_t *base1,
                       const uint64_t *exponent0, const uint64_t *exponent1,
                       const uint64_t *modulus0, const uint64_t *modulus1,
                       const uint64_t *r_squared0, const uint64_t *r_squared1,
                       uint64_t inverse0, uint64_t inverse1, size_t bit_count) {
    (void)result0; (void)result1; (void)base0; (void)base1; (void)exponent0; (void)exponent1;
    (void)modulus0; (void)modulus1; (void)r_squared0; (void)r_squared1; (void)inverse0; (void)inverse1; (void)bit_count;
}

#endif
