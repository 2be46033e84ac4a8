// AES-256 (FIPS 197) key expansion and CBC mode (NIST SP 800-38A §6.2) with AES-NI.
//
// The AES instructions do a whole round in hardware with no table lookups, so unlike the Swift
// fallback's T-tables their timing does not depend on the key or the data.
#include "PaymentFormCryptoKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

// One half step of FIPS 197 §5.2 for Nk = 8: w[i..i+3] = w[i-8..i-5] prefix-XORed, XOR the
// broadcast `assist` word (SubWord(RotWord(w[i-1])) ^ Rcon, or SubWord(w[i-1])).
__attribute__((target("aes,sse4.1")))
static inline __m128i expand_half(__m128i previous, __m128i assist) {
    previous = _mm_xor_si128(previous, _mm_slli_si128(previous, 4));
    previous = _mm_xor_si128(previous, _mm_slli_si128(previous, 4));
    previous = _mm_xor_si128(previous, _mm_slli_si128(previous, 4));
    return _mm_xor_si128(previous, assist);
}

// AESKEYGENASSIST takes its round constant as an immediate, hence a macro per step. Lane 3 of its
// result is RotWord(SubWord(w[i-1])) ^ Rcon, lane 2 is SubWord(w[i-1]).
#define PFE_EXPAND_PAIR(index, rcon)                                                                     \
    keys[index] = expand_half(keys[(index) - 2], _mm_shuffle_epi32(_mm_aeskeygenassist_si128(keys[(index) - 1], rcon), 0xFF)); \
    if ((index) + 1 < 15) {                                                                              \
        keys[(index) + 1] = expand_half(keys[(index) - 1], _mm_shuffle_epi32(_mm_aeskeygenassist_si128(keys[index], 0), 0xAA)); \
    }

__attribute__((target("aes,sse4.1")))
void pfe_aes256_expand_key(const uint8_t key[32], uint8_t encryption[240], uint8_t *decryption) {
    __m128i keys[15];
    keys[0] = _mm_loadu_si128((const __m128i *)key);
    keys[1] = _mm_loadu_si128((const __m128i *)(key + 16));
    PFE_EXPAND_PAIR(2, 0x01)
    PFE_EXPAND_PAIR(4, 0x02)
    PFE_EXPAND_PAIR(6, 0x04)
    PFE_EXPAND_PAIR(8, 0x08)
    PFE_EXPAND_PAIR(10, 0x10)
    PFE_EXPAND_PAIR(12, 0x20)
    PFE_EXPAND_PAIR(14, 0x40)
    for (int i = 0; i < 15; i++) _mm_storeu_si128((__m128i *)(encryption + 16 * i), keys[i]);
    if (decryption) {
        // The equivalent inverse cipher (FIPS 197 §5.3.5): reversed, InvMixColumns on the middle.
        _mm_storeu_si128((__m128i *)decryption, keys[14]);
        for (int i = 1; i < 14; i++) _mm_storeu_si128((__m128i *)(decryption + 16 * i), _mm_aesimc_si128(keys[14 - i]));
        _mm_storeu_si128((__m128i *)(decryption + 16 * 14), keys[0]);
    }
    // Wipe the stack copy of the schedule.
    volatile __m128i *wipe = keys;
    for (int i = 0; i < 15; i++) wipe[i] = _mm_setzero_si128();
}

__attribute__((target("aes,sse4.1")))
void pfe_aes256_cbc_encrypt_key(const uint8_t key[32], const uint8_t iv[16], const uint8_t *input, size_t block_count,
                                const uint8_t *last, uint8_t *output) {
    // The round keys stay in registers (or on this function's stack), and expanding them overlaps
    // with the first block's rounds.
    __m128i keys[15];
    keys[0] = _mm_loadu_si128((const __m128i *)key);
    keys[1] = _mm_loadu_si128((const __m128i *)(key + 16));
    PFE_EXPAND_PAIR(2, 0x01)
    PFE_EXPAND_PAIR(4, 0x02)
    PFE_EXPAND_PAIR(6, 0x04)
    PFE_EXPAND_PAIR(8, 0x08)
    PFE_EXPAND_PAIR(10, 0x10)
    PFE_EXPAND_PAIR(12, 0x20)
    PFE_EXPAND_PAIR(14, 0x40)
    const size_t total = block_count + (last != NULL);
    if (total > 0) {
        // CBC encryption is one chain of rounds through all the blocks, so its speed is the
        // chain's length per block. The last round ends with an XOR by its round key, and the next
        // block starts with XORs by its plaintext and the first round key: one AESENCLAST with
        // the three XORed together (computed off the chain) goes straight from one block's 13th
        // round to the next block's first, and a second AESENCLAST beside it gives the ciphertext.
        const __m128i last_and_first = _mm_xor_si128(keys[14], keys[0]);
        __m128i next = _mm_loadu_si128((const __m128i *)(block_count > 0 ? input : last));
        __m128i state = _mm_xor_si128(_mm_xor_si128(_mm_loadu_si128((const __m128i *)iv), keys[0]), next);
        for (size_t block = 0; block < total; block++) {
            for (int round = 1; round < 14; round++) state = _mm_aesenc_si128(state, keys[round]);
            // Read the next block before writing this one: input and output may be the same.
            next = block + 1 < block_count ? _mm_loadu_si128((const __m128i *)(input + 16 * (block + 1)))
                 : block + 1 < total ? _mm_loadu_si128((const __m128i *)last) : _mm_setzero_si128();
            _mm_storeu_si128((__m128i *)(output + 16 * block), _mm_aesenclast_si128(state, keys[14]));
            state = _mm_aesenclast_si128(state, _mm_xor_si128(last_and_first, next));
        }
    }
    // Wipe the stack copy of the schedule.
    volatile __m128i *wipe = keys;
    for (int i = 0; i < 15; i++) wipe[i] = _mm_setzero_si128();
}

#undef PFE_EXPAND_PAIR

__attribute__((target("aes,sse4.1")))
void pfe_aes256_cbc_decrypt(const uint8_t decryption[240], const uint8_t iv[16], uint8_t *data, size_t block_count) {
    __m128i k[15];
    for (int i = 0; i < 15; i++) k[i] = _mm_loadu_si128((const __m128i *)(decryption + 16 * i));
    __m128i chain = _mm_loadu_si128((const __m128i *)iv);
    size_t block = 0;
    // CBC decryption has no chain through the cipher: four blocks at a time keep the AES unit busy.
    for (; block + 4 <= block_count; block += 4) {
        __m128i *at = (__m128i *)(data + 16 * block);
        __m128i c0 = _mm_loadu_si128(at), c1 = _mm_loadu_si128(at + 1);
        __m128i c2 = _mm_loadu_si128(at + 2), c3 = _mm_loadu_si128(at + 3);
        __m128i x0 = _mm_xor_si128(c0, k[0]), x1 = _mm_xor_si128(c1, k[0]);
        __m128i x2 = _mm_xor_si128(c2, k[0]), x3 = _mm_xor_si128(c3, k[0]);
        for (int round = 1; round < 14; round++) {
            x0 = _mm_aesdec_si128(x0, k[round]);
            x1 = _mm_aesdec_si128(x1, k[round]);
            x2 = _mm_aesdec_si128(x2, k[round]);
            x3 = _mm_aesdec_si128(x3, k[round]);
        }
        _mm_storeu_si128(at, _mm_xor_si128(_mm_aesdeclast_si128(x0, k[14]), chain));
        _mm_storeu_si128(at + 1, _mm_xor_si128(_mm_aesdeclast_si128(x1, k[14]), c0));
        _mm_storeu_si128(at + 2, _mm_xor_si128(_mm_aesdeclast_si128(x2, k[14]), c1));
        _mm_storeu_si128(at + 3, _mm_xor_si128(_mm_aesdeclast_si128(x3, k[14]), c2));
        chain = c3;
    }
    for (; block < block_count; block++) {
        __m128i *at = (__m128i *)(data + 16 * block);
        __m128i c = _mm_loadu_si128(at);
        __m128i x = _mm_xor_si128(c, k[0]);
        for (int round = 1; round < 14; round++) x = _mm_aesdec_si128(x, k[round]);
        _mm_storeu_si128(at, _mm_xor_si128(_mm_aesdeclast_si128(x, k[14]), chain));
        chain = c;
    }
}

#else

void pfe_aes256_cbc_encrypt_key(const uint8_t key[32], const uint8_t iv[16], const uint8_t *input, size_t block_count,
                                const uint8_t *last, uint8_t *output) {
    (void)key; (void)iv; (void)input; (void)block_count; (void)last; (void)output;
}

void pfe_aes256_expand_key(const uint8_t key[32], uint8_t encryption[240], uint8_t *decryption) {
    (void)key; (void)encryption; (void)decryption;
}

void pfe_aes256_cbc_decrypt(const uint8_t decryption[240], const uint8_t iv[16], uint8_t *data, size_t block_count) {
    (void)decryption; (void)iv; (void)data; (void)block_count;
}

#endif
