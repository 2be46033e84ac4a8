// The RSA-2048 public operation (m^e mod n for a public exponent e) on AVX-512 IFMA.
//
// Each number is 40 limbs of 52 bits (2,080 bits, R = 2^2080) in five 512-bit registers; the
// Montgomery multiplication is the one of IFMAMontgomery.h. Left-to-right square and multiply:
// the branches follow the exponent's bits, which are public; the base may be secret (an OAEP
// encoding, or a private operation's result being checked) and only meets the multiplication,
// which runs the same instructions whatever the values.
#include "PaymentFormCryptoKernels.h"

#if defined(__x86_64__)
#include "IFMAMontgomery.h"

enum {
    limbCount = 40,       // 52-bit limbs (40 · 52 = 2,080 bits)
    laneCount = 40,       // five registers of eight lanes
    wordCount = 32,       // 64-bit words of a 2,048-bit number
};

typedef __m512i shifted_copies[9][pfe_ifma_max_registers + 1];

// r = a·b·2^-2080 mod m (almost: below 2m). Inputs normalized and below 2m; r may alias a or b.
PFE_IFMA_TARGET __attribute__((noinline)) static void almost_montgomery_multiply(
    uint64_t *r, const uint64_t *a, const uint64_t *b, const pfe_ifma_modulus *m, shifted_copies copies)
{
    pfe_ifma_state s;
    pfe_ifma_begin(&s, copies, a, limbCount);
    pfe_ifma_copy copy = pfe_ifma_load_copy(copies, 0, limbCount);
#pragma clang loop unroll(full)
    for (int i = 0; i < limbCount; i++) {
        PFE_IFMA_PHASE();
        const __m512i bi = pfe_ifma_broadcast(b[i]);
        pfe_ifma_low_products(&s, &copy, bi, i, limbCount);
        pfe_ifma_add_deferred(&s, i - pfe_ifma_window, limbCount);
        PFE_IFMA_PHASE();
        const uint64_t y = pfe_ifma_quotient_digit(&s, m, i);
        PFE_IFMA_PHASE();
        copy = pfe_ifma_load_copy(copies, i % 8 + 1, limbCount);
        pfe_ifma_high_products(&s, &copy, bi, i, limbCount);
        pfe_ifma_reduction_products(&s, m, y, i, limbCount);
        if (i % 8 == 7) copy = pfe_ifma_load_copy(copies, 0, limbCount);
    }
    PFE_IFMA_PHASE();
    pfe_ifma_finish(&s, r, limbCount);
}

struct pfe_public_exponentiation {
    pfe_ifma_modulus constants;
    shifted_copies copies;
    uint64_t modulus[laneCount] __attribute__((aligned(64)));
    uint64_t base[laneCount] __attribute__((aligned(64)));        // normal form
    uint64_t montgomery[laneCount] __attribute__((aligned(64)));  // base·R mod n
    uint64_t accumulator[laneCount] __attribute__((aligned(64)));
};

// The numbers in 52-bit limbs, the modulus's constants, R² and the base in Montgomery form.
PFE_IFMA_TARGET __attribute__((noinline)) static void prepare(struct pfe_public_exponentiation *s, const uint64_t *base,
                                                              const uint64_t *modulus, const uint64_t *r_squared, uint64_t inverse) {
    pfe_to_radix52(s->modulus, modulus, wordCount, limbCount);
    pfe_to_radix52(s->base, base, wordCount, limbCount);
    pfe_ifma_prepare_modulus(&s->constants, s->modulus, limbCount, inverse & pfe_mask52);
    // R² mod n for R = 2^2080 from r_squared = 2^4096 mod n: 2^4096·2^128·R⁻¹ = 2^2144, then
    // 2^4096·2^2144·R⁻¹ = 2^4160 (2^128 is below n, so it is its own residue).
    pfe_to_radix52(s->accumulator, r_squared, wordCount, limbCount);
    memset(s->montgomery, 0, sizeof s->montgomery);
    s->montgomery[2] = 1ull << 24;                                   // 2^128 = 2^(2·52 + 24)
    almost_montgomery_multiply(s->montgomery, s->accumulator, s->montgomery, &s->constants, s->copies);
    almost_montgomery_multiply(s->accumulator, s->accumulator, s->montgomery, &s->constants, s->copies);
    almost_montgomery_multiply(s->montgomery, s->base, s->accumulator, &s->constants, s->copies);
}

// The result below n in words, and the buffers cleared.
__attribute__((noinline)) static void finish(struct pfe_public_exponentiation *s, uint64_t *result) {
    pfe_reduce_once(s->accumulator, s->modulus, limbCount);
    pfe_from_radix52(result, s->accumulator, wordCount, limbCount);
    pfe_clear_secret(s, sizeof *s);
}

// The only branches here follow the exponent's bits (public): Scripts/dev/check-constant-time.sh
// lists them apart; everything that touches the base is in the functions above.
PFE_IFMA_TARGET void pfe_modexp2048_public(uint64_t *result, const uint64_t *base, const uint64_t *exponent, size_t exponent_words,
                                           const uint64_t *modulus, const uint64_t *r_squared, uint64_t inverse) {
    struct pfe_public_exponentiation s __attribute__((aligned(64)));
    prepare(&s, base, modulus, r_squared, inverse);
    // The exponent's top set bit.
    int bit = -1;
    for (size_t word = exponent_words; word > 0 && bit < 0; word--) {
        if (exponent[word - 1] != 0) bit = (int)(64 * (word - 1)) + 63 - __builtin_clzll(exponent[word - 1]);
    }
    if (bit < 0) {
        // m^0 = 1 (n > 1).
        memset(s.accumulator, 0, sizeof s.accumulator);
        s.accumulator[0] = 1;
    } else {
        memcpy(s.accumulator, s.montgomery, sizeof s.accumulator);
        int normal = 0;   // whether the accumulator is out of Montgomery form already
        for (bit--; bit >= 0; bit--) {
            almost_montgomery_multiply(s.accumulator, s.accumulator, s.accumulator, &s.constants, s.copies);
            if ((exponent[bit / 64] >> (bit % 64)) & 1) {
                // The last multiplication by the base in normal form leaves the result in normal form.
                normal = bit == 0;
                almost_montgomery_multiply(s.accumulator, s.accumulator, normal ? s.base : s.montgomery, &s.constants, s.copies);
            }
        }
        if (!normal) {
            memset(s.base, 0, sizeof s.base);
            s.base[0] = 1;
            almost_montgomery_multiply(s.accumulator, s.accumulator, s.base, &s.constants, s.copies);
        }
    }
    finish(&s, result);
}

#else

void pfe_modexp2048_public(uint64_t *result, const uint64_t *base, const uint64_t *exponent, size_t exponent_words,
                           const uint64_t *modulus, const uint64_t *r_squared, uint64_t inverse) {
    (void)result; (void)base; (void)exponent; (void)exponent_words; (void)modulus; (void)r_squared; (void)inverse;
}

#endif
