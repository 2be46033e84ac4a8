#!/usr/bin/env bash
# Builds a throwaway app package that depends on this one the way a user's would, to check that
# the public surface is what an app needs and nothing clashes:
#   - the app target is built with the upcoming feature `MemberImportVisibility` (SE-0444) and
#     imports only `PaymentFormEngine`: the controller, a mask and its edit result, the session,
#     requests, brands, keys and their members must all be reachable through that one import;
#   - the app has its own target named `Validation` and its own `struct Form`, `Label`,
#     `Session`: the package graph resolves and the app builds;
#   - the crypto primitives and the JSON parser (`SHA256`, `HMAC`, `JSONParser`, `RSAPublicKey`)
#     are not visible, even with an explicit import of the module that defines them;
#   - an app that does not add the `PaymentFormProcessors` product sees neither its module nor
#     `SipsCallParameters`.
#
#   Scripts/consumer-check.sh            (builds in a temporary folder; about two minutes)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/payform-consumer.XXXXXX")"
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/Sources/Validation" "$work/Sources/App"
cat > "$work/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ConsumerApp",
    platforms: [.macOS(.v12), .iOS(.v15)],
    dependencies: [.package(name: "PaymentFormEngine", path: "$root")],
    targets: [
        // An app's own module with a name the engine must not take.
        .target(name: "Validation"),
        .executableTarget(
            name: "App",
            dependencies: ["Validation", .product(name: "PaymentFormEngine", package: "PaymentFormEngine")],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
SWIFT
cat > "$work/Sources/Validation/Validation.swift" <<'SWIFT'
/// The app's own validation module.
public enum AppValidation {
    public static func isNotEmpty(_ text: String) -> Bool { !text.isEmpty }
}
SWIFT
cat > "$work/Sources/App/main.swift" <<'SWIFT'
import PaymentFormEngine
import Validation

// The app's own types with names SwiftUI and apps commonly use.
struct Form { var title = "Checkout" }
struct Label { var text = "" }
struct Session {}

let productJSON = #"""
{"id": 1, "paymentMethod": "card", "displayHints": {"label": "Visa", "logo": "visa.png"},
 "fields": [{"id": "cardNumber", "type": "numericstring",
   "dataRestrictions": {"isRequired": true, "validators": {"luhn": {}, "length": {"minLength": 13, "maxLength": 19}}},
   "displayHints": {"label": "Card number", "mask": "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}", "formElement": {"type": "text"}}}]}
"""#

/// The Client API session, as an app calls it (not run here: there is no server).
func loadProducts(_ configuration: ClientSessionConfiguration) async throws -> [PaymentProduct] {
    let session = try ClientSession(configuration)
    let context = PaymentContext(amountOfMoney: AmountOfMoney(amount: 1000, currencyCode: "EUR"), countryCode: "NL")
    let list = try await session.paymentProducts(for: context)
    let lookup = try await session.iinDetails(forPartialCardNumber: "411111", context: context)
    _ = (lookup.status, lookup.paymentProductId, lookup.coBrands.map(\.paymentProductId))
    return list.productsInDisplayOrder
}

do {
    let product = try PaymentProduct(jsonEncoded: Array(productJSON.utf8))
    // The form controller a screen binds to.
    var controller = PaymentFormController(item: product, localizer: Localizer(languageTag: "fr"),
                                           context: ValidationContext(now: YearMonth(year: 2026, month: 11)!))
    try controller.focus("cardNumber")
    let update: FormUpdate = try controller.replace("cardNumber", range: 0..<0, with: "4")
    let state: FormFieldState? = update["cardNumber"]
    let submission: FormSubmission = controller.submit()
    // A mask and an edit, the low-level tools.
    let mask = Mask("{{9999}} {{9999}}")
    let edit: EditResult = mask.apply(.insert("4"), to: "", selection: 0..<0)
    let formatter = FieldFormatter(mask: mask)
    let typed: EditResult = formatter.apply(TextEdit.insert("1"), to: edit.text, selection: edit.cursor..<edit.cursor)
    // A request, validated.
    var request = PaymentRequest(product: product)
    try request.setValue("4111 1111 1111 1111", forField: "cardNumber")
    let report: ValidationReport = request.validate(in: ValidationContext(now: YearMonth(year: 2026, month: 11)!))
    let message = report.errors.first.map { Localizer(languageTag: "fr").message(for: $0) } ?? "valid"
    let validator: Validator = .luhn
    let _: (EncryptionKey, PrepareError, PreparedPaymentRequest, ClientMetaInfo)? = nil
    // Card brands.
    let detection: BrandDetection = try BrandDetector.shipped.detect("4571 0000")
    var choice = BrandChoice()
    choice.update(with: detection)
    try choice.select(brandId: "visa")
    request.selectedBrand = choice.selected
    let layout = product.field(withId: "cardNumber")?.cardNumberLayout(for: detection) ?? .generic
    print(Form().title, controller.form.productLabel, state?.text ?? "", state?.state.rawValue ?? "", submission.isValid,
          edit.text, edit.cursor, typed.value, report.isValid, message, validator.name, AppValidation.isNotEmpty("x"),
          detection.brands.map(\.id), layout.grouped("4571000000000001"))
} catch {
    print("error: \(error)")
}
SWIFT

echo "== building a consumer app with its own Validation target and Form type"
(cd "$work" && swift build 2>&1 | tail -n 3)
"$work/.build/debug/App"

modules="$work/.build/debug/Modules"
[[ -d "$modules" ]] || modules="$work/.build/debug"
status=0
probe() {
  local import="$1" symbol="$2"
  printf 'import %s\nlet probe = %s.self\n' "$import" "$symbol" > "$work/probe.swift"
  # The C kernels' module map (SwiftPM passes it to the app's own compiles; a bare swiftc needs it
  # to load the encryption module, which imports it).
  if (cd "$work" && swiftc -typecheck -I "$modules" -I "$root/Sources/CryptoKernels/include" probe.swift > "$work/probe.log" 2>&1); then
    echo "consumer-check: $symbol is visible to an app through 'import $import'" >&2
    status=1
  elif ! grep -q "cannot find '$symbol' in scope" "$work/probe.log"; then
    echo "consumer-check: probing $symbol failed for another reason:" >&2
    cat "$work/probe.log" >&2
    status=1
  else
    echo "ok: $symbol is not visible through 'import $import'"
  fi
}
for symbol in SHA256 SHA512 HMAC JSONParser JSONValue RSAPublicKey AES256CBC Base64 ConstantTime JWE; do
  probe PaymentFormEngine "$symbol"
done
for symbol in SHA256 HMAC RSAPublicKey JWE; do probe PaymentFormEncryption "$symbol"; done
for symbol in JSONParser JSONValue; do probe PaymentFormJSON "$symbol"; done
# The Processors product was not added: its module was not built, and its types are not reachable
# through the engine.
probe PaymentFormEngine SipsCallParameters
probe PaymentFormEngine SaferpayCardPost
printf 'import PaymentFormProcessors\n' > "$work/probe.swift"
if (cd "$work" && swiftc -typecheck -I "$modules" -I "$root/Sources/CryptoKernels/include" probe.swift > "$work/probe.log" 2>&1); then
  echo "consumer-check: an app without the PaymentFormProcessors product can import it" >&2
  status=1
elif grep -q "no such module 'PaymentFormProcessors'" "$work/probe.log"; then
  echo "ok: an app without the PaymentFormProcessors product cannot import it"
else
  echo "consumer-check: probing 'import PaymentFormProcessors' failed for another reason:" >&2
  cat "$work/probe.log" >&2
  status=1
fi
exit $status
