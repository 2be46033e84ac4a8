// Montgomery multiplication on AVX-512 IFMA for the modular exponentiation kernels (private to
// this target: included by ModularExponentiation1024.c and ModularExponentiation2048.c).
//
// Numbers are held as `limbs` limbs of 52 bits (20 for 1,024-bit moduli, 40 for 2,048-bit ones),
// eight to a 512-bit register, because VPMADD52LUQ / VPMADD52HUQ multiply eight pairs of 52-bit
// limbs per instruction and add the low or high 52 bits of each 104-bit product to a 64-bit lane.
// The multiplication is the "almost Montgomery" kind (Gueron, "Efficient software
// implementations of modular exponentiation", 2012) with R = 2^(52·limbs): for a, b < 2m and
// 4m < R, a·b·R⁻¹ comes out below 2m without a final subtraction, so no step compares values.
//
// How one multiplication is laid out (operand scanning, one limb bᵢ of b per step i):
//  - The accumulator holds the columns of a·b + y·m at fixed positions: column c is lane c % 8 of
//    register c / 8, so products are added in place and nothing is shifted per step. Step i adds
//    a·bᵢ at columns i ... i+limbs through copies of a shifted up by i % 8 lanes (made once per
//    multiplication) and the quotient digit's yᵢ·m through copies of m shifted the same way (made
//    once per modulus).
//  - The quotient digit yᵢ = column i · (−m⁻¹) mod 2^52 is a chain from one step to the next:
//    column i must hold every contribution of y₀ ... yᵢ₋₁ before yᵢ can be computed. The vector
//    round trip (broadcast yⱼ, multiply-add, read a lane back) takes about 25 cycles, so the
//    contributions of yⱼ to the next WINDOW−1 columns are computed with scalar multiplications
//    instead (the low half of m_d·yⱼ is (column j · (−m⁻¹·m_d)) mod 2^52, available as soon as
//    column j is, and the high half of m_d·yⱼ is one MULX) and carried in `pending`; the vector
//    part of yⱼ starts at column j+WINDOW, by which time WINDOW steps have passed. (A window of 2
//    measured best on a Zen 5 EPYC: the two interleaved chains of the private operation leave
//    enough slack, and a wider window costs more scalar work than it saves; 3 is as fast for
//    the single chain of the public operation.)
//  - The vector part of yⱼ that falls in a register still being read during those steps is
//    computed into a separate register and added WINDOW steps later ("deferred"), so reading
//    column i never waits for a multiply-add it does not need.
//  - Step order (program order, separated by compiler barriers): low products of bᵢ, the
//    deferred part of yᵢ₋WINDOW, read column i and compute yᵢ, high products of bᵢ, the vector
//    part of yᵢ. The shifted copy of a that step i's high products use is step i+1's for its
//    low products, so it is loaded into registers once (the loads are what limits a step: the
//    multiply-adds take their other operand from memory).
//
// Constant time: every step runs the same instructions on the same addresses for every value.
// There are no branches here (the loops are over compile-time constants and unrolled), no table
// lookups, and carries are propagated with shifts, masks and mask arithmetic.
#ifndef PFE_IFMA_MONTGOMERY_H
#define PFE_IFMA_MONTGOMERY_H

#if defined(__x86_64__)
#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#define PFE_IFMA_TARGET __attribute__((target("avx512f,avx512ifma,avx512vl,avx512dq,avx512bw,bmi2")))
#define PFE_IFMA_INLINE static inline __attribute__((always_inline)) PFE_IFMA_TARGET
// A scheduling boundary: keeps the compiler from interleaving the phases of a step (which would
// put a multiply-add that waits for a quotient digit in front of work that does not).
#define PFE_IFMA_PHASE() __asm__ __volatile__("" ::: "memory")

enum {
    pfe_ifma_max_registers = 5,                          // 40 limbs
    pfe_ifma_max_columns = 2 * 8 * pfe_ifma_max_registers + 8,
    pfe_ifma_window = 2,                                 // columns per quotient digit done in scalar
};

static const uint64_t pfe_mask52 = (1ull << 52) - 1;

/// What a multiplication needs to know about its modulus (made once per modulus).
typedef struct {
    /// m with limbs 0 ... WINDOW−1 cleared, shifted up by o lanes (o = 0 ... 7): the low halves
    /// of yᵢ·m that the vector part adds, for a step with i % 8 = o.
    __m512i low[8][pfe_ifma_max_registers + 1];
    /// m with limbs 0 ... WINDOW−2 cleared, shifted up by o + 1 lanes: the high halves.
    __m512i high[8][pfe_ifma_max_registers + 1];
    /// −m⁻¹ mod 2^52, times 2^12: t·k0s mod 2^64 is yᵢ·2^12, whose MULX by m_d has hi(yᵢ·m_d)
    /// in its high word.
    uint64_t k0s;
    uint64_t m[pfe_ifma_window];         // m₀ ... m_{WINDOW−1}
    uint64_t km[pfe_ifma_window];        // −m⁻¹·m_d mod 2^52
} pfe_ifma_modulus;

/// The running state of one multiplication.
typedef struct {
    __m512i column[pfe_ifma_max_columns / 8];           // the accumulator, by absolute column
    __m512i deferred[pfe_ifma_window][2];               // vector parts of the last quotient digits
    uint64_t pending[pfe_ifma_window];                  // scalar parts for the next columns
} pfe_ifma_state;

PFE_IFMA_INLINE int pfe_ifma_overlaps(int first, int last, int reg) { return first <= 8 * reg + 7 && last >= 8 * reg; }

/// Register k of `value` (`registers` registers, zero above) shifted up by `by` lanes (0 ... 8).
PFE_IFMA_INLINE __m512i pfe_ifma_shifted(const __m512i *value, int registers, int by, int k) {
    const __m512i high = k < registers ? value[k] : _mm512_setzero_si512();
    const __m512i low = k >= 1 && k - 1 < registers ? value[k - 1] : _mm512_setzero_si512();
    switch (by) {
    case 0: return high;
    case 1: return _mm512_alignr_epi64(high, low, 7);
    case 2: return _mm512_alignr_epi64(high, low, 6);
    case 3: return _mm512_alignr_epi64(high, low, 5);
    case 4: return _mm512_alignr_epi64(high, low, 4);
    case 5: return _mm512_alignr_epi64(high, low, 3);
    case 6: return _mm512_alignr_epi64(high, low, 2);
    case 7: return _mm512_alignr_epi64(high, low, 1);
    default: return low;
    }
}

/// Lane o (0 ... 7) of a register.
PFE_IFMA_INLINE uint64_t pfe_ifma_lane(__m512i value, int o) {
    __m128i pair;
    switch (o / 2) {
    case 0: pair = _mm512_castsi512_si128(value); break;
    case 1: pair = _mm512_extracti64x2_epi64(value, 1); break;
    case 2: pair = _mm512_extracti64x2_epi64(value, 2); break;
    default: pair = _mm512_extracti64x2_epi64(value, 3); break;
    }
    return (o & 1) ? (uint64_t)_mm_extract_epi64(pair, 1) : (uint64_t)_mm_cvtsi128_si64(pair);
}

/// The constants for modulus `m` (`limbs` normalized limbs, zero up to a whole register);
/// k0 = −m⁻¹ mod 2^52.
PFE_IFMA_INLINE void pfe_ifma_prepare_modulus(pfe_ifma_modulus *c, const uint64_t *m, int limbs, uint64_t k0) {
    const int registers = (limbs + 7) / 8;
    __m512i low[pfe_ifma_max_registers], high[pfe_ifma_max_registers];
    for (int k = 0; k < registers; k++) low[k] = high[k] = _mm512_loadu_si512(m + 8 * k);
    low[0] = _mm512_maskz_mov_epi64((__mmask8)(0xFF << pfe_ifma_window), low[0]);
    high[0] = _mm512_maskz_mov_epi64((__mmask8)(0xFF << (pfe_ifma_window - 1)), high[0]);
    for (int o = 0; o < 8; o++) {
        for (int k = 0; k <= registers; k++) {
            c->low[o][k] = pfe_ifma_shifted(low, registers, o, k);
            c->high[o][k] = pfe_ifma_shifted(high, registers, o + 1, k);
        }
    }
    c->k0s = k0 << 12;
    for (int d = 0; d < pfe_ifma_window; d++) {
        c->m[d] = m[d];
        c->km[d] = (k0 * m[d]) & pfe_mask52;
    }
}

/// Starts a multiplication by a: its shifted copies into `shifted` (registers + 1 per shift),
/// an empty accumulator.
PFE_IFMA_INLINE void pfe_ifma_begin(pfe_ifma_state *s, __m512i (*shifted)[pfe_ifma_max_registers + 1], const uint64_t *a, int limbs) {
    const int registers = (limbs + 7) / 8;
    __m512i value[pfe_ifma_max_registers];
    for (int k = 0; k < registers; k++) value[k] = _mm512_loadu_si512(a + 8 * k);
    for (int by = 0; by <= 8; by++) {
        for (int k = 0; k <= registers; k++) _mm512_store_si512(&shifted[by][k], pfe_ifma_shifted(value, registers, by, k));
    }
    // The copies live in memory and are read as operands of the multiply-adds.
    __asm__ __volatile__("" : : "r"(shifted) : "memory");
    for (int r = 0; r < pfe_ifma_max_columns / 8; r++) s->column[r] = _mm512_setzero_si512();
    for (int d = 0; d < pfe_ifma_window; d++) s->pending[d] = 0;
}

/// The registers of a's copy shifted up by `by` lanes (0 ... 8) that a step uses, loaded once for
/// the high products of one step and the low products of the next.
typedef struct {
    __m512i value[pfe_ifma_max_registers + 1];
} pfe_ifma_copy;

PFE_IFMA_INLINE pfe_ifma_copy pfe_ifma_load_copy(__m512i (*shifted)[pfe_ifma_max_registers + 1], int by, int limbs) {
    pfe_ifma_copy copy;
    for (int k = 0; k <= (limbs + 7) / 8; k++) copy.value[k] = shifted[by][k];
    return copy;
}

/// bᵢ in every lane, kept in a register for both halves of step i (an empty asm makes it opaque,
/// so the compiler does not broadcast it from memory again for the second half).
PFE_IFMA_INLINE __m512i pfe_ifma_broadcast(uint64_t b) {
    __m512i value = _mm512_set1_epi64((long long)b);
    __asm__("" : "+v"(value));
    return value;
}

/// Step i, phase 1: the low halves of a·bᵢ, with a's copy shifted by i % 8.
PFE_IFMA_INLINE void pfe_ifma_low_products(pfe_ifma_state *s, const pfe_ifma_copy *copy, __m512i b, int i, int limbs) {
    const int g = i / 8, o = i % 8, registers = (limbs + 7) / 8;
    for (int k = 0; k <= registers; k++) {
        if (pfe_ifma_overlaps(o, o + limbs - 1, k)) s->column[g + k] = _mm512_madd52lo_epu64(s->column[g + k], copy->value[k], b);
    }
}

/// Step i, phase 4: the high halves of a·bᵢ (one column up), with a's copy shifted by i % 8 + 1.
PFE_IFMA_INLINE void pfe_ifma_high_products(pfe_ifma_state *s, const pfe_ifma_copy *copy, __m512i b, int i, int limbs) {
    const int g = i / 8, o = i % 8, registers = (limbs + 7) / 8;
    for (int k = 0; k <= registers; k++) {
        if (pfe_ifma_overlaps(o + 1, o + limbs, k)) s->column[g + k] = _mm512_madd52hi_epu64(s->column[g + k], copy->value[k], b);
    }
}

/// The registers that hold columns j+1 ... j+WINDOW−1 (read before yⱼ's vector part is added).
PFE_IFMA_INLINE int pfe_ifma_near_first(int j) { return (j + 1) / 8; }
PFE_IFMA_INLINE int pfe_ifma_near_last(int j) { return (j + pfe_ifma_window - 1) / 8; }

/// Phase 2: adds the deferred vector part of yⱼ (j = i − WINDOW; nothing for j < 0).
PFE_IFMA_INLINE void pfe_ifma_add_deferred(pfe_ifma_state *s, int j, int limbs) {
    if (j < 0) return;
    for (int r = pfe_ifma_near_first(j); r <= pfe_ifma_near_last(j); r++) {
        if (pfe_ifma_overlaps(j + pfe_ifma_window, j + limbs, r)) {
            s->column[r] = _mm512_add_epi64(s->column[r], s->deferred[j % pfe_ifma_window][r - pfe_ifma_near_first(j)]);
        }
    }
}

/// Phase 3: column i (complete now) gives the quotient digit yᵢ, returned times 2^12; its
/// contributions to the next WINDOW−1 columns and the column's carry go into `pending`.
PFE_IFMA_INLINE uint64_t pfe_ifma_quotient_digit(pfe_ifma_state *s, const pfe_ifma_modulus *c, int i) {
    const uint64_t t = pfe_ifma_lane(s->column[i / 8], i % 8) + s->pending[0];
    const uint64_t y = t * c->k0s;                         // yᵢ·2^12
    // Column i + yᵢ·m₀ is a multiple of 2^52 by construction: it carries ⌈t / 2^52⌉.
    const uint64_t carry = (t + pfe_mask52) >> 52;
    uint64_t next[pfe_ifma_window];
    for (int d = 1; d < pfe_ifma_window; d++) {
        // Column i+d gets lo(m_d·yᵢ) + hi(m_{d−1}·yᵢ).
        next[d] = ((t * c->km[d]) & pfe_mask52) + (uint64_t)(((unsigned __int128)y * c->m[d - 1]) >> 64);
    }
    for (int d = 0; d + 1 < pfe_ifma_window; d++) s->pending[d] = s->pending[d + 1] + next[d + 1];
    s->pending[pfe_ifma_window - 1] = 0;
    s->pending[0] += carry;
    return y;
}

/// Phase 5: the vector part of yᵢ·m (columns i+WINDOW and up): added now to registers that are
/// not read in the next WINDOW−1 steps, deferred for the others.
PFE_IFMA_INLINE void pfe_ifma_reduction_products(pfe_ifma_state *s, const pfe_ifma_modulus *c, uint64_t y_shifted, int i, int limbs) {
    const int g = i / 8, o = i % 8, registers = (limbs + 7) / 8;
    const __m512i y = _mm512_set1_epi64((long long)(y_shifted >> 12));
    for (int k = 0; k <= registers; k++) {
        const int r = g + k;
        const int low = pfe_ifma_overlaps(o + pfe_ifma_window, o + limbs - 1, k);
        const int high = pfe_ifma_overlaps(o + pfe_ifma_window, o + limbs, k);
        if (!low && !high) continue;
        __m512i part = _mm512_setzero_si512();
        if (low) part = _mm512_madd52lo_epu64(part, c->low[o][k], y);
        if (high) part = _mm512_madd52hi_epu64(part, c->high[o][k], y);
        if (r >= pfe_ifma_near_first(i) && r <= pfe_ifma_near_last(i)) {
            s->deferred[i % pfe_ifma_window][r - pfe_ifma_near_first(i)] = part;
        } else {
            s->column[r] = _mm512_add_epi64(s->column[r], part);
        }
    }
}

/// Ends a multiplication: the columns limbs ... 2·limbs (the result, below 2m < R) normalized to
/// `limbs` limbs of 52 bits into `result` (zero up to a whole register).
PFE_IFMA_INLINE void pfe_ifma_finish(pfe_ifma_state *s, uint64_t *result, int limbs) {
    const int registers = (limbs + 7) / 8;
    for (int j = limbs - pfe_ifma_window; j < limbs; j++) pfe_ifma_add_deferred(s, j, limbs);
    __m512i v[pfe_ifma_max_registers];
    // The result starts at column `limbs`: lane limbs % 8 of register limbs / 8. Column 2·limbs
    // and above are zero, since the result is below R.
    for (int k = 0; k < registers; k++) {
        if (limbs % 8 == 4) v[k] = _mm512_alignr_epi64(s->column[limbs / 8 + k + 1], s->column[limbs / 8 + k], 4);
        else v[k] = s->column[limbs / 8 + k];
    }
    for (int d = 0; d + 1 < pfe_ifma_window; d++) {
        v[0] = _mm512_add_epi64(v[0], _mm512_maskz_set1_epi64((__mmask8)(1u << d), (long long)s->pending[d]));
    }
    const __m512i mask = _mm512_set1_epi64((long long)pfe_mask52), zero = _mm512_setzero_si512();
    // Lanes are below 2^60: one round of carries leaves them below 2^52 + 2^8 ...
    __m512i carries[pfe_ifma_max_registers];
    for (int k = 0; k < registers; k++) {
        carries[k] = _mm512_srli_epi64(v[k], 52);
        v[k] = _mm512_and_si512(v[k], mask);
    }
    for (int k = 0; k < registers; k++) {
        v[k] = _mm512_add_epi64(v[k], _mm512_alignr_epi64(carries[k], k == 0 ? zero : carries[k - 1], 7));
    }
    // ... and the last carry bits ripple through lanes that are all ones: lanes above 2^52 − 1
    // generate a carry, lanes equal to it propagate one, and which lanes receive one is the
    // carry-lookahead sum ((generate << 1) + propagate) ^ propagate, computed on bit masks.
    uint64_t generate = 0, propagate = 0;
    for (int k = 0; k < registers; k++) {
        generate |= (uint64_t)_mm512_cmpgt_epu64_mask(v[k], mask) << (8 * k);
        propagate |= (uint64_t)_mm512_cmpeq_epu64_mask(v[k], mask) << (8 * k);
    }
    const uint64_t incoming = ((generate << 1) + propagate) ^ propagate;
    for (int k = 0; k < registers; k++) {
        const __mmask8 add_one = (__mmask8)(incoming >> (8 * k));
        v[k] = _mm512_mask_sub_epi64(v[k], add_one, v[k], _mm512_set1_epi64(-1));
        _mm512_storeu_si512(result + 8 * k, _mm512_and_si512(v[k], mask));
    }
}

// MARK: - Conversions and reductions (scalar, constant time)

/// Keeps the optimizer from reasoning about a mask's value (and turning its use into a branch).
static inline uint64_t pfe_value_barrier(uint64_t value) {
    __asm__("" : "+r"(value));
    return value;
}

/// Clears a buffer that held secrets (the barrier keeps the stores from being dropped as dead).
static inline void pfe_clear_secret(void *buffer, size_t size) {
    memset(buffer, 0, size);
    __asm__ __volatile__("" : : "r"(buffer) : "memory");
}

/// `words` little-endian 64-bit words to `limbs` limbs of 52 bits, zero up to a whole register.
static inline void pfe_to_radix52(uint64_t *out, const uint64_t *in, int words, int limbs) {
    for (int limb = 0; limb < limbs; limb++) {
        const int bit = 52 * limb, word = bit / 64, offset = bit % 64;
        uint64_t value = word < words ? in[word] >> offset : 0;
        if (offset > 12 && word + 1 < words) value |= in[word + 1] << (64 - offset);
        out[limb] = value & pfe_mask52;
    }
    for (int lane = limbs; lane < (limbs + 7) / 8 * 8; lane++) out[lane] = 0;
}

/// `limbs` normalized limbs of a value below 2^(64·words) to `words` words.
static inline void pfe_from_radix52(uint64_t *out, const uint64_t *in, int words, int limbs) {
    for (int word = 0; word < words; word++) out[word] = 0;
    for (int limb = 0; limb < limbs; limb++) {
        const int bit = 52 * limb, word = bit / 64, offset = bit % 64;
        if (word < words) out[word] |= in[limb] << offset;
        if (offset > 12 && word + 1 < words) out[word + 1] |= in[limb] >> (64 - offset);
    }
}

/// value − m if value ≥ m, else value (`limbs` normalized limbs, value < 2m), selected by mask.
static inline void pfe_reduce_once(uint64_t *value, const uint64_t *m, int limbs) {
    uint64_t difference[8 * pfe_ifma_max_registers];
    uint64_t borrow = 0;
    for (int limb = 0; limb < limbs; limb++) {
        const uint64_t t = value[limb] - m[limb] - borrow;
        difference[limb] = t & pfe_mask52;
        borrow = t >> 63;
    }
    const uint64_t keep = pfe_value_barrier(0 - borrow);   // all ones when value < m
    for (int limb = 0; limb < limbs; limb++) value[limb] = (value[limb] & keep) | (difference[limb] & ~keep);
    pfe_clear_secret(difference, sizeof difference);
}

#endif
#endif
