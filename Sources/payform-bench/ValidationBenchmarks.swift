import Foundation
import PaymentFormEngine

/// Each validator on a typical value, as a form would run it on submit or on every keystroke.
func validationBenchmarks() -> BenchmarkGroup {
    let context = YearMonth(parsing: "2026-06").map(ValidationContext.init(now:)) ?? .current()
    let pan = "4111111111111111"
    let iban = "GB82WEST12345698765432"
    let expiryPattern = try? RegularExpression("(?:0[1-9]|1[0-2])[0-9]{2}")
    let namePattern = try? RegularExpression("[\\p{L} '-]{1,30}")
    var benchmarks = [
        Benchmark(name: "luhn, 16-digit PAN") { blackHole(Validator.luhn.validate(pan, in: context)) },
        Benchmark(name: "luhn, 19 characters with spaces") {
            blackHole(Validator.luhn.validate("4111 1111 1111 1111", in: context))
        },
        Benchmark(name: "expirationDate, MMYY") { blackHole(Validator.expirationDate.validate("1230", in: context)) },
        Benchmark(name: "expirationDate inputState, 3 digits") {
            blackHole(Validator.expirationDate.inputState(of: "123", in: context))
        },
        Benchmark(name: "iban, 22 characters") { blackHole(Validator.iban.validate(iban, in: context)) },
        Benchmark(name: "emailAddress") {
            blackHole(Validator.emailAddress.validate("john.doe@mail.example.com", in: context))
        },
        Benchmark(name: "length 2...30") {
            blackHole(Validator.length(minLength: 2, maxLength: 30).validate("Wile E. Coyote", in: context))
        },
        Benchmark(name: "range, 64-bit bounds") {
            blackHole(Validator.range(minValue: Int.min, maxValue: Int.max).validate("-9223372036854775808", in: context))
        },
        Benchmark(name: "residentIdNumber, 18 characters") {
            blackHole(Validator.residentIdNumber.validate("11010519491231002X", in: context))
        },
        Benchmark(name: "fixedList, 5 values") {
            blackHole(Validator.fixedList(allowedValues: ["AT", "BE", "DE", "FR", "NL"]).validate("NL", in: context))
        },
    ]
    if let expiryPattern {
        let validator = Validator.regularExpression(expiryPattern)
        benchmarks.append(Benchmark(name: "regularExpression, expiry pattern") { blackHole(validator.validate("1230", in: context)) })
        benchmarks.append(Benchmark(name: "regularExpression inputState, prefix") {
            blackHole(validator.inputState(of: "12", in: context))
        })
    }
    if let namePattern {
        let validator = Validator.regularExpression(namePattern)
        benchmarks.append(Benchmark(name: "regularExpression, \\p{L} name") {
            blackHole(validator.validate("Jean-Luc O'Neill", in: context))
        })
    }
    benchmarks += regularExpressionCompileBenchmarks()
    return BenchmarkGroup(name: "Validation", benchmarks: benchmarks,
                          ratios: [("regex.compile", "foundation.regex.compile"), ("regex.compile.icu", "foundation.regex.compile.icu")])
}

/// Compiling a pattern never seen before, beside `NSRegularExpression` compiling the same
/// patterns in the same run; and the process-wide cache's answer for one already compiled.
func regularExpressionCompileBenchmarks() -> [Benchmark] {
    // The distinct patterns of the shipped sample products that the linear matcher runs, one per
    // operation in turn; the one that only ICU runs has rows of its own below.
    let shipped = ["(?:0[1-9]|1[0-2])[0-9]{2}", "^[0-9]{3}[0-9]?$", "^[0-9]{4}$", "[\\p{L} '.-]+"]
    func cycling(_ patterns: [String], _ body: @escaping (String) -> Void) -> () -> Void {
        var next = 0
        return {
            body(patterns[next])
            next = next + 1 == patterns.count ? 0 : next + 1
        }
    }
    let icuPattern = "(?i)[\\p{L} '.-]+"
    return [
        Benchmark(id: "regex.compile", name: "compile a new pattern (\(shipped.count) shipped ones in turn)",
                  body: cycling(shipped) { blackHole(try? RegularExpression(uncached: $0)) }),
        Benchmark(id: "foundation.regex.compile", name: "baseline: NSRegularExpression, the same patterns",
                  body: cycling(shipped) { blackHole(try? NSRegularExpression(pattern: $0)) }),
        // A pattern outside the linear matcher's subset: ICU checks it when it is compiled and
        // anchors it on its first match; both are counted here.
        Benchmark(id: "regex.compile.icu", name: "compile a new ICU-only pattern and match once") {
            let expression = try? RegularExpression(uncached: icuPattern)
            blackHole(expression?.matchesWhole("Zoë"))
        },
        Benchmark(id: "foundation.regex.compile.icu", name: "baseline: NSRegularExpression, the same pattern") {
            blackHole(try? NSRegularExpression(pattern: icuPattern))
        },
        Benchmark(id: "regex.cached", name: "RegularExpression init, pattern already compiled (cache hit)") {
            blackHole(try? RegularExpression("(?:0[1-9]|1[0-2])[0-9]{2}"))
        },
    ]
}
