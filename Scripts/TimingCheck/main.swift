// timing-check: a dudect-style test (Reparaz, Balasch, Verbauwhede, "Dude, is my code constant
// time?", 2017) of the private-key paths. Built by Scripts/timing-check.sh together with the
// encryption module's sources (so it can craft inputs with internal functions).
//
// For each check, two classes of inputs are timed in random interleaved order; Welch's t-test
// compares the classes over all samples and over samples cropped at several percentiles (which
// removes the long tail of interrupts and blinding refreshes). |t| > 4.5 in any crop is evidence
// of a timing difference between the classes. On a shared machine one crop now and then crosses
// it by noise, so a flagged check is run again with three times the samples, and fails only when
// the difference shows again. The control (an early-exit comparison) must be flagged on its one
// run, every time: otherwise the harness could not see a leak at all.
//
//     timing-check PRIVATE_KEY_PEM [SECONDS_PER_CHECK]

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let threshold = 4.5

func cpuNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Welch's t statistic of two samples.
func welch(_ a: [Double], _ b: [Double]) -> Double {
    func meanVariance(_ x: [Double]) -> (Double, Double) {
        let mean = x.reduce(0, +) / Double(x.count)
        let variance = x.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(max(x.count - 1, 1))
        return (mean, variance)
    }
    guard a.count > 2, b.count > 2 else { return 0 }
    let (meanA, varianceA) = meanVariance(a), (meanB, varianceB) = meanVariance(b)
    let denominator = (varianceA / Double(a.count) + varianceB / Double(b.count)).squareRoot()
    return denominator > 0 ? (meanA - meanB) / denominator : 0
}

struct Outcome {
    let name: String
    let samples: Int
    let statistics: [(crop: String, t: Double)]
    var worst: Double { statistics.map { abs($0.t) }.max() ?? 0 }
}

/// Times `operation` on inputs of class 0 and class 1 (`input(class, index)`), interleaved at
/// random, for about `seconds` of CPU time.
func check(_ name: String, seconds: Double, input: (Int, Int) -> [UInt8], operation: ([UInt8]) -> Void) -> Outcome {
    var generator = SystemRandomNumberGenerator()
    var times: [[Double]] = [[], []]
    let budget = UInt64(seconds * 1e9)
    let start = cpuNanoseconds()
    var index = 0
    // Warm up both classes first (caches, the blinding pair, lazily built tables).
    for warm in 0..<20 { operation(input(warm & 1, warm)) }
    while cpuNanoseconds() - start < budget {
        let inputClass = Int(generator.next() & 1)
        let data = input(inputClass, index)
        let before = cpuNanoseconds()
        operation(data)
        let after = cpuNanoseconds()
        times[inputClass].append(Double(after - before))
        index += 1
    }
    let all = (times[0] + times[1]).sorted()
    var statistics = [("all", welch(times[0], times[1]))]
    for percentile in [0.5, 0.75, 0.9, 0.95, 0.99] {
        let cut = all[min(all.count - 1, Int(Double(all.count) * percentile))]
        statistics.append(("below p\(Int(percentile * 100))", welch(times[0].filter { $0 <= cut }, times[1].filter { $0 <= cut })))
    }
    return Outcome(name: name, samples: index, statistics: statistics)
}

let arguments = CommandLine.arguments
guard arguments.count >= 2, let pem = try? String(contentsOfFile: arguments[1], encoding: .utf8),
      let key = try? RSAPrivateKey(pemRepresentation: pem)
else {
    FileHandle.standardError.write(Data("usage: timing-check PRIVATE_KEY_PEM [SECONDS_PER_CHECK]\n".utf8))
    exit(2)
}
let seconds = arguments.count >= 3 ? Double(arguments[2]) ?? 10 : 10
let publicKey = key.publicKey
let k = publicKey.byteCount

/// A random integer below n, as k big-endian bytes.
func randomBelowModulus() -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    while true {
        let candidate = RandomBytes.make(count: k, using: &generator)
        if WordEncoding.words(bigEndian: candidate, count: publicKey.context.count).withUnsafeBufferPointer({ c in
            publicKey.context.modulusWords.withUnsafeBufferPointer { WordEncoding.isLess(c.baseAddress!, $0.baseAddress!, count: c.count) }
        }) == 1 { return candidate }
    }
}

/// The RSA encryption of an OAEP (SHA-1) encoded message, with one rule broken on request.
enum Flaw { case none, leadingByte, labelHash, separator }
func oaepCiphertext(_ flaw: Flaw) -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    let hLen = 20
    let seed = RandomBytes.make(count: hLen, using: &generator)
    var db = SHA1.hash(flaw == .labelHash ? [1] : [UInt8]())
    db += [UInt8](repeating: 0, count: k - 2 * hLen - 2 - 64)
    db.append(flaw == .separator ? 2 : 1)
    db += RandomBytes.make(count: 64, using: &generator)
    let dbMask = MGF1.mask(seed: seed, length: db.count, hash: SHA1.self)
    for index in db.indices { db[index] ^= dbMask[index] }
    let seedMask = MGF1.mask(seed: db, length: hLen, hash: SHA1.self)
    let encoded = [flaw == .leadingByte ? 1 : 0] + zip(seed, seedMask).map { $0 ^ $1 } + db
    return publicKey.rawEncrypt(encoded) ?? []
}

let pool = 512
// Both classes read their inputs from a pool of `pool` separate buffers, so their memory access
// is the same: a fixed input read from one buffer stays in the L1 cache while random inputs
// come from further away, which a quiet machine shows as a difference that is the harness's own.
let fixed = randomBelowModulus()
let fixedCopies = (0..<pool).map { _ in fixed.map { $0 } }
let randomCiphertexts = (0..<pool).map { _ in randomBelowModulus() }
let leading = (0..<pool).map { _ in oaepCiphertext(.leadingByte) }
let label = (0..<pool).map { _ in oaepCiphertext(.labelHash) }
let separator = (0..<pool).map { _ in oaepCiphertext(.separator) }

// JWE: a well-formed token with a wrong tag, and one whose encrypted key does not unwrap.
let payload = [UInt8](repeating: 0x61, count: 300)
func tamperedTokens(keyDoesNotUnwrap: Bool) -> [String] {
    (0..<64).map { _ in
        guard let token = try? JWE.encrypt(payload, for: publicKey, keyId: "k") else { return "" }
        var parts = token.split(separator: ".").map(String.init)
        if keyDoesNotUnwrap {
            parts[1] = Base64URL.encode(oaepCiphertext(.labelHash))
        } else {
            var tag = (try? Base64URL.decode(parts[4])) ?? []
            tag[0] ^= 1
            parts[4] = Base64URL.encode(tag)
        }
        return parts.joined(separator: ".")
    }
}
let badTag = tamperedTokens(keyDoesNotUnwrap: false), badKey = tamperedTokens(keyDoesNotUnwrap: true)

print("timing-check: \(seconds) s of CPU per check, threshold |t| < \(threshold); a flagged check runs again for \(seconds * 3) s")
/// The checks, each a function of the CPU time it may take.
let checks: [(String, (Double) -> Outcome)] = [
    ("private op: fixed vs random ciphertexts", { seconds in
        check("private op: fixed vs random ciphertexts", seconds: seconds,
              input: { inputClass, index in inputClass == 0 ? fixedCopies[index % pool] : randomCiphertexts[index % pool] },
              operation: { _ = key.rawDecrypt($0) }) }),
    ("OAEP errors: bad leading byte vs bad label hash", { seconds in
        check("OAEP errors: bad leading byte vs bad label hash", seconds: seconds,
              input: { inputClass, index in inputClass == 0 ? leading[index % pool] : label[index % pool] },
              operation: { _ = try? RSAOAEP.decrypt($0, with: key, hash: SHA1.self) }) }),
    ("OAEP errors: bad leading byte vs no separator", { seconds in
        check("OAEP errors: bad leading byte vs no separator", seconds: seconds,
              input: { inputClass, index in inputClass == 0 ? leading[index % pool] : separator[index % pool] },
              operation: { _ = try? RSAOAEP.decrypt($0, with: key, hash: SHA1.self) }) }),
    ("JWE errors: wrong tag vs key that does not unwrap", { seconds in
        check("JWE errors: wrong tag vs key that does not unwrap", seconds: seconds,
              input: { inputClass, index in Array((inputClass == 0 ? badTag : badKey)[index % 64].utf8) },
              operation: { _ = try? JWE.decrypt(String(decoding: $0, as: UTF8.self), with: key) }) }),
]
// A control that must be flagged, or the harness could not see a leak at all: an early-exit
// comparison of 4 KiB buffers that are equal (class 0) or differ in the first byte (class 1).
let reference = [UInt8](repeating: 7, count: 4096)
let control = check("control: early-exit comparison (must be flagged)", seconds: min(seconds, 1),
                    input: { inputClass, _ in inputClass == 0 ? reference : [8] + reference.dropFirst() },
                    operation: { blackHole($0 == reference) })

var failed = false
func report(_ outcome: Outcome, verdict: String) {
    let details = outcome.statistics.map { "\($0.crop) \(String(format: "%+.2f", $0.t))" }.joined(separator: ", ")
    print("\(outcome.name): \(outcome.samples) samples, max |t| = \(String(format: "%.2f", outcome.worst)) → \(verdict)")
    print("    t: \(details)")
}
for (_, run) in checks {
    let first = run(seconds)
    guard first.worst >= threshold else {
        report(first, verdict: "ok")
        continue
    }
    report(first, verdict: "flagged: run again with more samples")
    let again = run(seconds * 3)
    if again.worst >= threshold {
        report(again, verdict: "TIMING DIFFERENCE (shown twice)")
        failed = true
    } else {
        report(again, verdict: "ok (the first run's difference did not show again: noise)")
    }
}
print("\(control.name): \(control.samples) samples, max |t| = \(String(format: "%.1f", control.worst)) → \(control.worst >= threshold ? "flagged, as it must be" : "NOT FLAGGED: the harness cannot see timing differences")")
if control.worst < threshold { failed = true }
exit(failed ? 1 : 0)

@inline(never)
func blackHole(_ value: Bool) {
    withExtendedLifetime(value) {}
}
