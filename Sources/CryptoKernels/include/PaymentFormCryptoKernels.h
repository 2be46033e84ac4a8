// Hardware kernels for the encryption module: SHA-1 and SHA-256 block compression with the x86
// SHA extensions, AES-256 (key expansion, CBC encryption and decryption) with AES-NI, and on
// AVX-512 IFMA the two 1,024-bit modular exponentiations of an RSA-2048 private operation and the
// 2,048-bit exponentiation of its public operation.
//
// The Swift code in PaymentFormEncryption is the reference implementation and the fallback; it
// calls these functions only after the matching `pfe_cpu_has_*` check returned 1. On other
// architectures (Apple arm64, Linux aarch64, ...) the checks return 0 and the kernels are empty
// stubs, so the package builds everywhere without special compiler flags.
#ifndef PAYMENT_FORM_CRYPTO_KERNELS_H
#define PAYMENT_FORM_CRYPTO_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/// 1 when the CPU has the SHA extensions (SHA-1 and SHA-256 instructions, and the SSSE3 / SSE4.1
/// they are used with), else 0.
int pfe_cpu_has_sha_extensions(void);

/// 1 when the CPU has the AES instructions (and SSE4.1), else 0.
int pfe_cpu_has_aes(void);

/// 1 when the CPU has AVX-512 with the 52-bit integer multiply-add instructions (AVX512F and
/// AVX512IFMA) and the operating system saves the 512-bit registers, else 0.
int pfe_cpu_has_avx512_ifma(void);

/// Absorbs `block_count` 64-byte blocks at `blocks` into the SHA-256 state `state`
/// (H0...H7 of FIPS 180-4, native-endian words). Requires pfe_cpu_has_sha_extensions().
void pfe_sha256_compress(uint32_t state[8], const uint8_t *blocks, size_t block_count);

/// Absorbs `block_count` 64-byte blocks at `blocks` into the SHA-1 state `state` (H0...H4 of
/// FIPS 180-4, native-endian words). Requires pfe_cpu_has_sha_extensions().
void pfe_sha1_compress(uint32_t state[5], const uint8_t *blocks, size_t block_count);

/// Expands a 32-byte AES-256 key into the 15 round keys (240 bytes) for encryption and, when
/// `decryption` is not NULL, the 15 round keys of the equivalent inverse cipher (what
/// pfe_aes256_cbc_decrypt takes).
/// Requires pfe_cpu_has_aes().
void pfe_aes256_expand_key(const uint8_t key[32], uint8_t encryption[240], uint8_t *decryption);

/// CBC-encrypts under the 32-byte `key`, chaining from `iv`, the `block_count` 16-byte blocks at
/// `input` and then, when `last` is not NULL, the 16-byte block at `last`, into `output` (which
/// may be `input`): the key expansion and the encryption in one call, the round keys never
/// leaving the function. Requires pfe_cpu_has_aes().
void pfe_aes256_cbc_encrypt_key(const uint8_t key[32], const uint8_t iv[16], const uint8_t *input, size_t block_count,
                                const uint8_t *last, uint8_t *output);

/// CBC-decrypts `block_count` 16-byte blocks at `data` in place, chaining from `iv`, with the
/// inverse-cipher round keys from pfe_aes256_expand_key. Requires pfe_cpu_has_aes().
void pfe_aes256_cbc_decrypt(const uint8_t decryption[240], const uint8_t iv[16], uint8_t *data, size_t block_count);

/// Two modular exponentiations at once, in constant time: result_i = base_i^exponent_i mod
/// modulus_i for i = 0, 1, every number 16 little-endian 64-bit words. Each modulus must be odd
/// and above 2^64; base_i below modulus_i; r_squared_i = 2^2048 mod modulus_i; inverse_i =
/// −modulus_i⁻¹ mod 2^64; `bit_count` (public, at most 1,024) is how many low bits of the
/// exponents are used. Requires pfe_cpu_has_avx512_ifma().
void pfe_modexp1024_x2(uint64_t *result0, uint64_t *result1,
                       const uint64_t *base0, const uint64_t *base1,
                       const uint64_t *exponent0, const uint64_t *exponent1,
                       const uint64_t *modulus0, const uint64_t *modulus1,
                       const uint64_t *r_squared0, const uint64_t *r_squared1,
                       uint64_t inverse0, uint64_t inverse1, size_t bit_count);

/// result = base^exponent mod modulus for a public exponent of `exponent_words` words (the
/// branches follow its bits) and a base that may be secret (it meets only constant-time
/// arithmetic), every other number 32 little-endian 64-bit words. The modulus must be odd and
/// above 2^128; base below modulus; r_squared = 2^4096 mod modulus; inverse = −modulus⁻¹ mod
/// 2^64. Requires pfe_cpu_has_avx512_ifma().
void pfe_modexp2048_public(uint64_t *result, const uint64_t *base, const uint64_t *exponent, size_t exponent_words,
                           const uint64_t *modulus, const uint64_t *r_squared, uint64_t inverse);

#endif
