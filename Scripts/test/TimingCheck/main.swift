// timing-check: a dudect-style test (Reparaz, Balasch, Verbauwhede, "Dude, is my code constant
// time?", 2017) of the private-key paths. Built by Scripts/test/timing-check.sh together with the
// encryption module's sources (so it can craft inputs with internal functions).
//
// For each check, two classes of inputs are timed in random interleaved order; Welch's t-test
// compares the classes over all samples and over samples cropped at several percentiles (which
// removes the long tail of interrupts and blinding refreshes). |t| > 4.5 in any crop is evidence
// of a timing difference between the classes. Each input is copied into one buffer before it is
// timed, so where the classes' inputs lie in memory cannot tell them apart (it did: two classes of
// byte-identical inputs in buffers of their own differed at |t| 50-250). On a shared machine one
// crop now and then crosses the threshold by noise, so every run draws fresh inputs, and a flagged
// check runs again in a fresh process with three times the samples: it fails only when the
// difference shows again in the same direction, as a real leak does. The control (an early-exit
// comparison) must be flagged on its one run, every time: otherwise the harness could not see a
// leak at all.
//
//     timing-check PRIVATE_KEY_PEM [SECONDS_PER_CHECK]
//     timing-check PRIVATE_KEY_PEM SECONDS --again INDEX DIRECTION   (the re-run of one check)

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
    /// The flagged crops' direction: +1 when class 0 was slower in all of them, -1 when class 1
    /// was, 0 when none is flagged or they disagree.
    var direction: Int {
        let signs = Set(statistics.filter { abs($0.t) >= threshold }.map { $0.t > 0 ? 1 : -1 })
        return signs.count == 1 ? signs.first ?? 0 : 0
    }
}

/// Times `operation` on inputs of class 0 and class 1, interleaved at random, for about `seconds`
/// of CPU time. `inputs` makes the two classes' pools (equal sizes); it runs before the clock starts.
func check(_ name: String, seconds: Double, inputs: () -> [[[UInt8]]], operation: ([UInt8]) -> Void) -> Outcome {
    // Every input is copied, before the clock starts, into one buffer the operation then reads:
    // where an input lies in memory must not tell the classes apart. (With each class read from
    // buffers of its own, two classes of byte-identical inputs differed at |t| 50-250 over a
    // million samples of a 2 µs operation, the slower class following the buffers' placement.)
    let pools = inputs()
    let entries = zip(pools[0], pools[1]).flatMap { [(inputClass: 0, data: $0), (inputClass: 1, data: $1)] }
    var generator = SystemRandomNumberGenerator()
    var times: [[Double]] = [[], []]
    let budget = UInt64(seconds * 1e9)
    var count = 0
    var input = [UInt8]()
    input.reserveCapacity(entries.map(\.data.count).max() ?? 0)
    // Warm up both classes first (caches, the blinding pair, lazily built tables).
    for warm in 0..<min(20, entries.count) { operation(entries[warm].data) }
    let start = cpuNanoseconds()
    while cpuNanoseconds() - start < budget {
        let entry = entries[Int.random(in: 0..<entries.count, using: &generator)]
        input.removeAll(keepingCapacity: true)
        input.append(contentsOf: entry.data)
        let before = cpuNanoseconds()
        operation(input)
        let after = cpuNanoseconds()
        times[entry.inputClass].append(Double(after - before))
        count += 1
    }
    let all = (times[0] + times[1]).sorted()
    var statistics = [("all", welch(times[0], times[1]))]
    for percentile in [0.5, 0.75, 0.9, 0.95, 0.99] {
        let cut = all[min(all.count - 1, Int(Double(all.count) * percentile))]
        statistics.append(("below p\(Int(percentile * 100))", welch(times[0].filter { $0 <= cut }, times[1].filter { $0 <= cut })))
    }
    return Outcome(name: name, samples: count, statistics: statistics)
}

let arguments = CommandLine.arguments
guard arguments.count >= 2, let pem = try? String(contentsOfFile: arguments[1], encoding: .utf8),
      let key = try? RSAPrivateKey(pemRepresentation: pem)
else {
    FileHandle.standardError.write(Data("usage: timing-check PRIVATE_KEY_PEM [SECONDS_PER_CHECK]\n".utf8))
    exit(2)
}
let seconds = arguments.count >= 3 ? Double(arguments[2]) ?? 10 : 10
/// `--again INDEX DIRECTION`: this process is the re-run of check INDEX, flagged first in DIRECTION.
let again: (index: Int, direction: Int)? = arguments.count >= 6 && arguments[3] == "--again"
    ? Int(arguments[4]).flatMap { index in Int(arguments[5]).map { (index, $0) } } : nil
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
/// Two pools of `pool` inputs, one per class, made in turn.
func pools(_ class0: () -> [UInt8], _ class1: () -> [UInt8]) -> [[[UInt8]]] {
    var pools: [[[UInt8]]] = [[], []]
    for _ in 0..<pool {
        pools[0].append(class0())
        pools[1].append(class1())
    }
    return pools
}

// JWE: well-formed tokens with a wrong tag, each paired with the same token whose encrypted key
// does not unwrap (every other byte equal, the wrong tag included).
let payload = [UInt8](repeating: 0x61, count: 300)
func tokenPools() -> [[[UInt8]]] {
    var pools: [[[UInt8]]] = [[], []]
    for _ in 0..<pool {
        guard let token = try? JWE.encrypt(payload, for: publicKey, keyId: "k") else { continue }
        var parts = token.split(separator: ".").map(String.init)
        var tag = (try? Base64URL.decode(parts[4])) ?? []
        tag[0] ^= 1
        parts[4] = Base64URL.encode(tag)
        pools[0].append(Array(parts.joined(separator: ".").utf8))
        parts[1] = Base64URL.encode(oaepCiphertext(.labelHash))
        pools[1].append(Array(parts.joined(separator: ".").utf8))
    }
    return pools
}

/// The checks: a name, the inputs of each class and the operation timed.
let checks: [(name: String, inputs: () -> [[[UInt8]]], operation: ([UInt8]) -> Void)] = [
    ("private op: fixed vs random ciphertexts",
     { let fixed = randomBelowModulus(); return pools({ fixed }, randomBelowModulus) },
     { _ = key.rawDecrypt($0) }),
    ("OAEP errors: bad leading byte vs bad label hash",
     { pools({ oaepCiphertext(.leadingByte) }, { oaepCiphertext(.labelHash) }) },
     { _ = try? RSAOAEP.decrypt($0, with: key, hash: SHA1.self) }),
    ("OAEP errors: bad leading byte vs no separator",
     { pools({ oaepCiphertext(.leadingByte) }, { oaepCiphertext(.separator) }) },
     { _ = try? RSAOAEP.decrypt($0, with: key, hash: SHA1.self) }),
    ("JWE errors: wrong tag vs key that does not unwrap",
     tokenPools,
     { _ = try? JWE.decrypt(String(decoding: $0, as: UTF8.self), with: key) }),
]

func report(_ outcome: Outcome, verdict: String) {
    let details = outcome.statistics.map { "\($0.crop) \(String(format: "%+.2f", $0.t))" }.joined(separator: ", ")
    print("\(outcome.name): \(outcome.samples) samples, max |t| = \(String(format: "%.2f", outcome.worst)) → \(verdict)")
    print("    t: \(details)")
}

if let again {
    // The re-run: exit 1 when the difference shows again in the same direction.
    guard checks.indices.contains(again.index) else { exit(2) }
    let check = checks[again.index]
    let outcome = PaymentFormEncryption.check(check.name, seconds: seconds, inputs: check.inputs, operation: check.operation)
    // A first run whose flagged crops disagreed in sign names no direction: then any flag fails.
    let reproduced = outcome.worst >= threshold && (again.direction == 0 || outcome.direction == again.direction)
    report(outcome, verdict: reproduced
        ? "TIMING DIFFERENCE (shown twice, in the same direction)"
        : "ok (the first run's difference did not show again in the same direction: noise)")
    exit(reproduced ? 1 : 0)
}

print("timing-check: \(seconds) s of CPU per check, threshold |t| < \(threshold); a flagged check runs again for \(seconds * 3) s in a fresh process")
var failed = false
for (index, check) in checks.enumerated() {
    let first = PaymentFormEncryption.check(check.name, seconds: seconds, inputs: check.inputs, operation: check.operation)
    guard first.worst >= threshold else {
        report(first, verdict: "ok")
        continue
    }
    let slower = first.direction > 0 ? "class 0 slower" : first.direction < 0 ? "class 1 slower" : "crops disagree in sign"
    report(first, verdict: "flagged (\(slower)): run again in a fresh process with more samples")
    let rerun = Process()
    rerun.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    rerun.arguments = [arguments[1], String(seconds * 3), "--again", String(index), String(first.direction)]
    fflush(nil)  // this process's lines first, then the re-run's (nil: every output stream)
    do {
        try rerun.run()
        rerun.waitUntilExit()
    } catch {
        print("could not start the re-run: \(error)")
        failed = true
        continue
    }
    if rerun.terminationStatus != 0 { failed = true }
}

// A control that must be flagged, or the harness could not see a leak at all: an early-exit
// comparison of 4 KiB buffers that are equal (class 0) or differ in the first byte (class 1).
let reference = [UInt8](repeating: 7, count: 4096)
let control = check("control: early-exit comparison (must be flagged)", seconds: min(seconds, 1),
                    inputs: { pools({ reference }, { [8] + reference.dropFirst() }) },
                    operation: { blackHole($0 == reference) })
print("\(control.name): \(control.samples) samples, max |t| = \(String(format: "%.1f", control.worst)) → \(control.worst >= threshold ? "flagged, as it must be" : "NOT FLAGGED: the harness cannot see timing differences")")
if control.worst < threshold { failed = true }
exit(failed ? 1 : 0)

@inline(never)
func blackHole(_ value: Bool) {
    withExtendedLifetime(value) {}
}
