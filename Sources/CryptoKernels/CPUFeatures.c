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

#else

int pfe_cpu_has_sha_extensions(void) { return 0; }
int pfe_cpu_has_aes(void) { return 0; }

#endif
