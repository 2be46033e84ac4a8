// Two 1024-bit modular exponentiations at once on AVX-512 IFMA (the two halves of an RSA-2048
// private operation by CRT), in constant time.
//
// Each number is 20 limbs of 52 bits (1,040 bits, R = 2^1040) in three 512-bit registers; the
// Montgomery multiplication is the one of IFMAMontgomery.h. The two exponentiations run in
// lockstep, their multiplications interleaved step by step: each multiplication is a chain of
// quotient digits, one after the other, and the second chain fills the vector units while the
// first waits.
//
// What an observer could time depends only on the sizes: the windows are fixed (5 bits over the
// public bit count), every table entry is read for every window and kept by a mask, and the final
// subtraction is selected by a mask. The buffers holding secrets are cleared before returning.
#include "PaymentFormCryptoKernels.h"

#if defined(__x86_64__)
#include "IFMAMontgomery.h"

enum {
    limbCount = 20,       // 52-bit limbs in use (20 · 52 = 1,040 bits)
    laneCount = 24,       // three registers of eight lanes; the top four lanes stay zero
    wordCount = 16,       // 64-bit words of a 1,024-bit number
    windowBits = 5,
    tableEntries = 1 << windowBits,
};

typedef __m512i shifted_copies[9][pfe_ifma_max_registers + 1];

// r[s] = a[s]·b[s]·2^-1040 mod m[s] (almost: below 2·m[s]) for s = 0, 1. Inputs normalized and
// below 2·m[s]; r may alias a or b. The two multiplications interleaved, phase by phase.
PFE_IFMA_TARGET __attribute__((noinline)) static void almost_montgomery_multiply_x2(
    uint64_t *r0, const uint64_t *a0, const uint64_t *b0, const pfe_ifma_modulus *m0, shifted_copies copies0,
    uint64_t *r1, const uint64_t *a1, const uint64_t *b1, const pfe_ifma_modulus *m1, shifted_copies copies1)
{
    pfe_ifma_state s0, s1;
    pfe_ifma_begin(&s0, copies0, a0, limbCount);
    pfe_ifma_begin(&s1, copies1, a1, limbCount);
    pfe_ifma_copy copy0 = pfe_ifma_load_copy(copies0, 0, limbCount), copy1 = pfe_ifma_load_copy(copies1, 0, limbCount);
#pragma clang loop unroll(full)
    for (int i = 0; i < limbCount; i++) {
        PFE_IFMA_PHASE();
        const __m512i bi0 = pfe_ifma_broadcast(b0[i]), bi1 = pfe_ifma_broadcast(b1[i]);
        pfe_ifma_low_products(&s0, &copy0, bi0, i, limbCount);
        pfe_ifma_low_products(&s1, &copy1, bi1, i, limbCount);
        pfe_ifma_add_deferred(&s0, i - pfe_ifma_window, limbCount);
        pfe_ifma_add_deferred(&s1, i - pfe_ifma_window, limbCount);
        PFE_IFMA_PHASE();
        const uint64_t y0 = pfe_ifma_quotient_digit(&s0, m0, i);
        const uint64_t y1 = pfe_ifma_quotient_digit(&s1, m1, i);
        PFE_IFMA_PHASE();
        // Shifted by i % 8 + 1 for these high products and the next step's low ones (a shift by
        // 8 is the copy shifted by 0, one register up: the next step's register index does it).
        copy0 = pfe_ifma_load_copy(copies0, i % 8 + 1, limbCount);
        copy1 = pfe_ifma_load_copy(copies1, i % 8 + 1, limbCount);
        pfe_ifma_high_products(&s0, &copy0, bi0, i, limbCount);
        pfe_ifma_high_products(&s1, &copy1, bi1, i, limbCount);
        pfe_ifma_reduction_products(&s0, m0, y0, i, limbCount);
        pfe_ifma_reduction_products(&s1, m1, y1, i, limbCount);
        if (i % 8 == 7) {
            copy0 = pfe_ifma_load_copy(copies0, 0, limbCount);
            copy1 = pfe_ifma_load_copy(copies1, 0, limbCount);
        }
    }
    PFE_IFMA_PHASE();
    pfe_ifma_finish(&s0, r0, limbCount);
    pfe_ifma_finish(&s1, r1, limbCount);
}

// destination = table[digit] (24 lanes), reading every entry and keeping one by mask.
PFE_IFMA_TARGET static void select_entry(uint64_t destination[laneCount], const uint64_t *table, uint64_t digit) {
    __m512i s0 = _mm512_setzero_si512(), s1 = s0, s2 = s0;
    for (uint64_t entry = 0; entry < tableEntries; entry++) {
        // All ones for the wanted entry, else zero: arithmetic, so no comparison of the digit.
        const uint64_t difference = pfe_value_barrier(entry ^ digit);
        const __m512i keep = _mm512_set1_epi64((long long)pfe_value_barrier(((difference | (0 - difference)) >> 63) - 1));
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
    const int word = position / 64, offset = position % 64;
    const uint64_t digit = exponent[word] >> offset | (exponent[word + 1] << 1) << (63 - offset);
    return digit & (tableEntries - 1);
}

struct pfe_exponentiation {
    pfe_ifma_modulus constants;
    shifted_copies copies;            // the multiplications' shifted copies of their first factor
    uint64_t modulus[laneCount] __attribute__((aligned(64)));
    uint64_t rr[laneCount] __attribute__((aligned(64)));          // R² = 2^2080 mod m: into Montgomery form
    uint64_t accumulator[laneCount] __attribute__((aligned(64)));
    uint64_t selected[laneCount] __attribute__((aligned(64)));
    uint64_t table[tableEntries * laneCount] __attribute__((aligned(64)));
    uint64_t exponent[wordCount + 1];  // with a zero word on top, for window_digit
};

PFE_IFMA_TARGET static void prepare(struct pfe_exponentiation *state, const uint64_t base[wordCount],
                                    const uint64_t exponent[wordCount], const uint64_t modulus[wordCount],
                                    const uint64_t r_squared[wordCount], uint64_t inverse) {
    pfe_to_radix52(state->rr, r_squared, wordCount, limbCount);   // 2^2048 mod m for now
    pfe_to_radix52(state->modulus, modulus, wordCount, limbCount);
    pfe_to_radix52(state->table + laneCount, base, wordCount, limbCount);   // entry 1 in normal form for now
    pfe_ifma_prepare_modulus(&state->constants, state->modulus, limbCount, inverse & pfe_mask52);
    memcpy(state->exponent, exponent, sizeof(uint64_t) * wordCount);
    state->exponent[wordCount] = 0;
    memset(state->selected, 0, sizeof state->selected);
    state->selected[0] = 1;
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
    almost_montgomery_multiply_x2(r0, a0, b0, &s[0].constants, s[0].copies, r1, a1, b1, &s[1].constants, s[1].copies)
#define ENTRY(side, index) (s[side].table + (index) * laneCount)
    // R² mod m for R = 2^1040 from r_squared = 2^2048 mod m: 2^2048·2^64·R⁻¹ = 2^1072, then
    // 2^2048·2^1072·R⁻¹ = 2^2080 (2^64 is below m, so it is its own residue).
    for (int side = 0; side < 2; side++) {
        memset(s[side].accumulator, 0, sizeof s[side].accumulator);
        s[side].accumulator[1] = 1ull << 12;                        // 2^64 = 2^(52 + 12)
    }
    AMM2(s[0].accumulator, s[0].rr, s[0].accumulator, s[1].accumulator, s[1].rr, s[1].accumulator);
    AMM2(s[0].rr, s[0].rr, s[0].accumulator, s[1].rr, s[1].rr, s[1].accumulator);
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
    const int windows = ((int)bit_count + windowBits) / windowBits;
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
    pfe_reduce_once(s[0].accumulator, s[0].modulus, limbCount);
    pfe_reduce_once(s[1].accumulator, s[1].modulus, limbCount);
    pfe_from_radix52(result0, s[0].accumulator, wordCount, limbCount);
    pfe_from_radix52(result1, s[1].accumulator, wordCount, limbCount);
    pfe_clear_secret(s, sizeof s);
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
