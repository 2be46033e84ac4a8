// SHA-1 block compression (FIPS 180-4 §6.1.2) with the x86 SHA extensions, for OAEP and MGF1.
//
// The registers hold words in reverse lane order: A (and W[t]) in the highest lane. SHA1RNDS4
// does four rounds from ABCD and four message words whose first already carries E; its immediate
// picks the round function and constant (rounds 0-19, 20-39, 40-59, 60-79). E for the next four
// rounds is A of four rounds earlier rotated by 30, which SHA1NEXTE adds onto the next message
// words. The schedule comes four words at a time: SHA1MSG1 XORs W[t-16] with W[t-14], then
// W[t-8] is XORed in, and SHA1MSG2 XORs W[t-3] (including words it is producing) and rotates.
#include "PaymentFormCryptoKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

// Four rounds with round function `group / 5` (an immediate, hence the switch, folded away once
// the loop below is unrolled).
__attribute__((target("sha,sse4.1,ssse3")))
static inline __m128i four_rounds(__m128i abcd, __m128i words_and_e, int group) {
    switch (group / 5) {
    case 0: return _mm_sha1rnds4_epu32(abcd, words_and_e, 0);
    case 1: return _mm_sha1rnds4_epu32(abcd, words_and_e, 1);
    case 2: return _mm_sha1rnds4_epu32(abcd, words_and_e, 2);
    default: return _mm_sha1rnds4_epu32(abcd, words_and_e, 3);
    }
}

__attribute__((target("sha,sse4.1,ssse3")))
void pfe_sha1_compress(uint32_t state[5], const uint8_t *blocks, size_t block_count) {
    // Big-endian words with W0 in the highest lane: reverse all 16 bytes.
    const __m128i reverse = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)state), 0x1B);
    __m128i e = _mm_set_epi32((int)state[4], 0, 0, 0);

    for (size_t block = 0; block < block_count; block++) {
        const uint8_t *input = blocks + 64 * block;
        const __m128i abcd_start = abcd, e_start = e;
        __m128i message[4];
        for (int g = 0; g < 4; g++) {
            message[g] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(input + 16 * g)), reverse);
        }
        // `previous` is ABCD before the last four rounds (its A gives the next E).
        __m128i previous = abcd;
#pragma clang loop unroll(full)
        for (int g = 0; g < 20; g++) {
            __m128i words;
            if (g < 4) {
                words = message[g];
            } else {
                __m128i sum = _mm_xor_si128(_mm_sha1msg1_epu32(message[g & 3], message[(g - 3) & 3]), message[(g - 2) & 3]);
                words = _mm_sha1msg2_epu32(sum, message[(g - 1) & 3]);
                message[g & 3] = words;
            }
            __m128i with_e = g == 0 ? _mm_add_epi32(e, words) : _mm_sha1nexte_epu32(previous, words);
            previous = abcd;
            abcd = four_rounds(abcd, with_e, g);
        }
        // E after round 79 is A after round 75 rotated, added to the starting E.
        e = _mm_sha1nexte_epu32(previous, e_start);
        abcd = _mm_add_epi32(abcd, abcd_start);
    }
    _mm_storeu_si128((__m128i *)state, _mm_shuffle_epi32(abcd, 0x1B));
    state[4] = (uint32_t)_mm_extract_epi32(e, 3);
}

#else

void pfe_sha1_compress(uint32_t state[5], const uint8_t *blocks, size_t block_count) {
    (void)state; (void)blocks; (void)block_count;
}

#endif
