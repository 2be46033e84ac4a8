// SHA-256 block compression (FIPS 180-4 §6.2.2) with the x86 SHA extensions.
//
// The instructions keep the eight working variables in two registers, "ABEF" and "CDGH" (A in
// the highest lane). SHA256RNDS2 does two rounds from the low two lanes of a W+K vector and
// returns the new ABEF; the old ABEF is then the new CDGH, so two calls with the roles swapped
// do four rounds and leave the registers where they started. The message schedule for words 16+
// comes four at a time: SHA256MSG1 adds sigma0 of the next word to each of four words, the
// W[t-7] terms are a byte shift (PALIGNR) across two vectors, and SHA256MSG2 adds sigma1 of the
// words two back (including those it is producing).
#include "PaymentFormCryptoKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

static const uint32_t round_constants[64] = {
    0x428A2F98, 0x71374491, 0xB5C0FBCF, 0xE9B5DBA5, 0x3956C25B, 0x59F111F1, 0x923F82A4, 0xAB1C5ED5,
    0xD807AA98, 0x12835B01, 0x243185BE, 0x550C7DC3, 0x72BE5D74, 0x80DEB1FE, 0x9BDC06A7, 0xC19BF174,
    0xE49B69C1, 0xEFBE4786, 0x0FC19DC6, 0x240CA1CC, 0x2DE92C6F, 0x4A7484AA, 0x5CB0A9DC, 0x76F988DA,
    0x983E5152, 0xA831C66D, 0xB00327C8, 0xBF597FC7, 0xC6E00BF3, 0xD5A79147, 0x06CA6351, 0x14292967,
    0x27B70A85, 0x2E1B2138, 0x4D2C6DFC, 0x53380D13, 0x650A7354, 0x766A0ABB, 0x81C2C92E, 0x92722C85,
    0xA2BFE8A1, 0xA81A664B, 0xC24B8B70, 0xC76C51A3, 0xD192E819, 0xD6990624, 0xF40E3585, 0x106AA070,
    0x19A4C116, 0x1E376C08, 0x2748774C, 0x34B0BCB5, 0x391C0CB3, 0x4ED8AA4A, 0x5B9CCA4F, 0x682E6FF3,
    0x748F82EE, 0x78A5636F, 0x84C87814, 0x8CC70208, 0x90BEFFFA, 0xA4506CEB, 0xBEF9A3F7, 0xC67178F2,
};

__attribute__((target("sha,sse4.1,ssse3")))
void pfe_sha256_compress(uint32_t state[8], const uint8_t *blocks, size_t block_count) {
    // Big-endian message words: reverse the bytes of each 32-bit lane.
    const __m128i byte_swap = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);

    // H0..H3 = [A B C D] and H4..H7 = [E F G H] (lane 0 first) into ABEF = [F E B A], CDGH = [H G D C].
    __m128i abcd = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i efgh = _mm_loadu_si128((const __m128i *)&state[4]);
    __m128i badc = _mm_shuffle_epi32(abcd, 0xB1);
    __m128i hgfe = _mm_shuffle_epi32(efgh, 0x1B);
    __m128i abef = _mm_alignr_epi8(badc, hgfe, 8);
    __m128i cdgh = _mm_blend_epi16(hgfe, badc, 0xF0);

    for (size_t block = 0; block < block_count; block++) {
        const uint8_t *input = blocks + 64 * block;
        const __m128i abef_start = abef, cdgh_start = cdgh;
        // The last 16 schedule words, four per vector; group g lives in message[g % 4].
        __m128i message[4];
        for (int g = 0; g < 4; g++) {
            message[g] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(input + 16 * g)), byte_swap);
        }
#pragma clang loop unroll(full)
        for (int g = 0; g < 16; g++) {
            __m128i words;
            if (g < 4) {
                words = message[g];
            } else {
                // W[4g..4g+3] from W[4g-16..4g-13] (+ sigma0 of W[4g-15..4g-12]), W[4g-7..4g-4]
                // and sigma1 of W[4g-2..4g+1].
                __m128i previous = message[(g - 1) & 3], before = message[(g - 2) & 3];
                __m128i sum = _mm_sha256msg1_epu32(message[g & 3], message[(g - 3) & 3]);
                sum = _mm_add_epi32(sum, _mm_alignr_epi8(previous, before, 4));
                words = _mm_sha256msg2_epu32(sum, previous);
                message[g & 3] = words;
            }
            __m128i wk = _mm_add_epi32(words, _mm_loadu_si128((const __m128i *)&round_constants[4 * g]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk, 0x0E));
        }
        abef = _mm_add_epi32(abef, abef_start);
        cdgh = _mm_add_epi32(cdgh, cdgh_start);
    }

    // Back to [A B C D] and [E F G H].
    __m128i abef_lanes = _mm_shuffle_epi32(abef, 0x1B);  // [A B E F]
    __m128i ghcd = _mm_shuffle_epi32(cdgh, 0xB1);        // [G H C D]
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(abef_lanes, ghcd, 0xF0));
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(ghcd, abef_lanes, 8));
}

#else

void pfe_sha256_compress(uint32_t state[8], const uint8_t *blocks, size_t block_count) {
    (void)state; (void)blocks; (void)block_count;
}

#endif
