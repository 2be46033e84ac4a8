// Run-time CPU feature checks (CPUID) for the hardware kernels.
#include "PaymentFormCryptoKernels.h"

#if defined(__x86_64__)
#include <cpuid.h>

// CPUID leaf 1, ECX: SSSE3 is bit 9, SSE4.1 bit 19, AES bit 25.
// CPUID leaf 7 (subleaf 0), EBX: SHA is bit 29.
static int leaf1_ecx(unsigned int *ecx) {
    unsigned int eax, ebx, edx;
    return __get_cpuid(1, &eax, &ebx, ecx, &edx);
}

int pfe_cpu_has_sha_extensions(void) {
    unsigned int ecx1 = 0, eax, ebx, ecx, edx;
    if (!leaf1_ecx(&ecx1)) return 0;
    if (!(ecx1 & (1u << 9)) || !(ecx1 & (1u << 19))) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    return (ebx >> 29) & 1;
}

int pfe_cpu_has_aes(void) {
    unsigned int ecx1 = 0;
    if (!leaf1_ecx(&ecx1)) return 0;
    return (ecx1 & (1u << 25)) && (ecx1 & (1u << 19)) ? 1 : 0;
}

// AVX-512 needs the CPU's instructions (leaf 7 EBX: AVX512F bit 16, AVX512IFMA bit 21, and the
// AVX512DQ, AVX512BW, AVX512VL and BMI2 the kernels are compiled with: bits 17, 30, 31 and 8)
// and the operating system's consent to save the 512-bit state (leaf 1 ECX bit 27, OSXSAVE, then
// XCR0 bits 1, 2, 5, 6 and 7: SSE, AVX, opmask and both halves of the upper registers).
int pfe_cpu_has_avx512_ifma(void) {
    unsigned int ecx1 = 0, eax, ebx, ecx, edx;
    if (!leaf1_ecx(&ecx1) || !(ecx1 & (1u << 27))) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    const unsigned int wanted = (1u << 16) | (1u << 21) | (1u << 17) | (1u << 30) | (1u << 31) | (1u << 8);
    if ((ebx & wanted) != wanted) return 0;
    unsigned int xcr0_low, xcr0_high;
    __asm__ __volatile__("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
    return (xcr0_low & 0xE6u) == 0xE6u ? 1 : 0;
}

#else

int pfe_cpu_has_sha_extensions(void) { return 0; }
int pfe_cpu_has_aes(void) { return 0; }
int pfe_cpu_has_avx512_ifma(void) { return 0; }

#endif
