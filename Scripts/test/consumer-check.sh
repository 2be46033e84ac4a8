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
#     `SipsCallParameters`;
#   - the Connect Swift SDK guide's own code (the product selection screen with groups and display
#     order, a field's keyboard and control from its display hints, an account on file's
#     attributes and label template, the recurring flag) compiles against it, and gives the
#     expected answers when run (Sources/App/ConnectGuide.swift below).
#
#   Scripts/test/consumer-check.sh            (builds in a temporary folder; about two minutes)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
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

cat > "$work/Sources/App/ConnectGuide.swift" <<'SWIFT'
import PaymentFormEngine

// The Connect Swift SDK guide's code, as an app writes it against `import PaymentFormEngine`
// (MemberImportVisibility on): every member below must be declared in that module.

/// The guide's payment product selection screen: the payment items, groups first where products
/// belong to one, in display order (not run here: there is no server).
func selectionScreen(session: ClientSession, context: PaymentContext) async throws -> [String] {
    let paymentItems = try await session.paymentItems(for: context, groupingProducts: true)
    var rows: [String] = []
    for item in paymentItems.items {
        rows.append("\(item.displayHints.displayOrder ?? -1) \(item.displayHints.label ?? item.id) \(item.displayHints.logo ?? "")")
        for account in item.accountsOnFile { rows.append("  \(account.label)") }
    }
    let basicPaymentProduct = paymentItems.paymentItem(withId: "1") as? PaymentProduct
    let basicPaymentGroup = paymentItems.paymentItem(withId: "cards") as? PaymentProductGroup
    rows.append("\(basicPaymentProduct?.paymentProductGroup ?? "-") \(basicPaymentGroup?.displayHints.displayOrder ?? -1)")
    return rows
}

/// The list an app draws from a product list and a group list of its own fetching, with an entry
/// of its own placed by display order (C24, C29), and the products that take recurring payments
/// (C27).
func paymentMethodRows(_ products: PaymentProductList, _ groups: PaymentProductGroupList, appEntryOrder: Int) -> [String] {
    let groupIds = Set(groups.paymentProductGroups.map(\.id))
    var rows: [(order: Int, text: String)] = []
    for product in products.paymentProducts {
        if let group = product.paymentProductGroup, groupIds.contains(group) { continue }
        let recurring = product.allowsRecurring ? " (recurring)" : ""
        rows.append((product.displayHints.displayOrder ?? .max, (product.displayHints.label ?? product.id) + recurring))
    }
    for group in groups.paymentProductGroups {
        rows.append((group.displayHints.displayOrder ?? .max, group.displayHints.label ?? group.id))
    }
    rows.append((appEntryOrder, "Gift card"))
    return rows.sorted { $0.order < $1.order }.map(\.text)
}

/// What a screen of the app's own draws for a field (C43): a keyboard from the preferred input
/// type, a control from the form element, the guide's isRequired and obfuscate.
enum Keyboard: String { case text, numberPad, email, phone, date }
enum Control { case textField(Keyboard, secure: Bool), picker([String]), checkBox, amount }

func control(for field: PaymentProductField) -> Control {
    let hints = field.displayHints
    switch hints.formElement.type {
    case .list: return .picker(hints.formElement.valueMapping.map { "\($0.value)=\($0.label)" })
    case .boolean: return .checkBox
    case .currency: return .amount
    case .text, .date, .other: break
    }
    let keyboard: Keyboard = switch hints.preferredInputType {
    case .integer?: .numberPad
    case .emailAddress?: .email
    case .phoneNumber?: .phone
    case .date?: .date
    case .string?, .other?, nil: field.type == .numericString || field.type == .integer ? .numberPad : .text
    }
    return .textField(keyboard, secure: hints.obfuscate)
}

/// The guide's fragment on the CVV field, with the rest of what a field says.
func describeField(_ field: PaymentProductField) -> String {
    let isRequired = field.dataRestrictions.isRequired
    let obfuscate = field.displayHints.obfuscate
    var parts = ["\(field.id) required=\(isRequired) obfuscate=\(obfuscate)"]
    for validator in field.dataRestrictions.validators {
        switch validator {
        case .length(let minLength, let maxLength): parts.append("length \(minLength)-\(maxLength.map(String.init) ?? "")")
        default: parts.append(validator.name)
        }
    }
    if let label = field.displayHints.label { parts.append("label=\(label)") }
    if let placeholder = field.displayHints.placeholderLabel { parts.append("placeholder=\(placeholder)") }
    if let tooltip = field.displayHints.tooltip { parts.append("tooltip=\(tooltip.label ?? "")|\(tooltip.image ?? "")") }
    switch control(for: field) {
    case .textField(let keyboard, let secure): parts.append("textField \(keyboard.rawValue)\(secure ? " secure" : "")")
    case .picker(let options): parts.append("picker \(options.joined(separator: ","))")
    case .checkBox: parts.append("checkBox")
    case .amount: parts.append("amount")
    }
    return parts.joined(separator: " ")
}

/// An account on file as the guide lists it (C37): its label, the values stored in it with their
/// status, and the template the label is built from.
func describeAccount(_ account: AccountOnFile) -> [String] {
    var lines = [account.label, account.displayHints.labelTemplate.map(\.attributeKey).joined(separator: "+")]
    for attribute in account.attributes {
        let status: String = switch attribute.status {
        case .readOnly: "read-only"
        case .canWrite: "can-write"
        case .mustWrite: "must-write \(attribute.mustWriteReason ?? "")"
        case .other(let name): name
        }
        lines.append("\(attribute.key): \(status)")
    }
    return lines
}

/// What the guide's code said, when it is not what was expected.
struct ConnectGuideMismatch: Error {}

/// Runs the guide's code on a product list, a group list and a product, and checks what it says.
func checkConnectGuide() throws {
    let list = try PaymentProductList(jsonEncoded: Array(#"""
    {"paymentProducts": [
      {"id": 1, "paymentMethod": "card", "paymentProductGroup": "cards", "allowsRecurring": true, "displayHints": {"displayOrder": 10, "label": "Visa"}},
      {"id": 809, "paymentMethod": "redirect", "allowsRecurring": false, "displayHints": {"displayOrder": 40, "label": "iDEAL"}},
      {"id": 770, "paymentMethod": "directDebit", "allowsRecurring": true, "displayHints": {"displayOrder": 50, "label": "SEPA"}}]}
    """#.utf8))
    let groups = try PaymentProductGroupList(jsonEncoded: Array(#"{"paymentProductGroups": [{"id": "cards", "displayHints": {"displayOrder": 0, "label": "Cards"}}]}"#.utf8))
    let product = try PaymentProduct(jsonEncoded: Array(#"""
    {"id": 3, "paymentMethod": "card", "paymentProductGroup": "cards", "allowsRecurring": true, "displayHints": {"label": "MasterCard"},
     "fields": [
      {"id": "cvv", "type": "numericstring", "dataRestrictions": {"isRequired": true, "validators": {"length": {"minLength": 3, "maxLength": 4}}},
       "displayHints": {"label": "CVV", "placeholderLabel": "123", "obfuscate": true, "preferredInputType": "IntegerKeyboard",
                        "tooltip": {"label": "On the back", "image": "cvv.png"}, "formElement": {"type": "text"}}},
      {"id": "issuerId", "type": "string", "dataRestrictions": {"isRequired": true, "validators": {"fixedList": {"allowedValues": ["ING"]}}},
       "displayHints": {"formElement": {"type": "list", "valueMapping": [{"value": "ING", "displayName": "ING Bank"}]}}}],
     "accountsOnFile": [{"id": 1001, "paymentProductId": 3,
       "displayHints": {"labelTemplate": [{"attributeKey": "alias"}, {"attributeKey": "cardNumber", "mask": "{{9999}} {{9999}} {{9999}} {{9999}}"}]},
       "attributes": [{"key": "alias", "value": "Road Runner", "status": "READ_ONLY"},
                      {"key": "cardNumber", "value": "************4444", "status": "READ_ONLY"},
                      {"key": "cvv", "status": "MUST_WRITE", "mustWriteReason": "IN_THE_PAST"}]}]}
    """#.utf8))
    var said = paymentMethodRows(list, groups, appEntryOrder: 45)
    said += product.fieldsInDisplayOrder.map(describeField)
    said += product.accountsOnFile.flatMap(describeAccount)
    let expected = [
        "Cards", "iDEAL", "Gift card", "SEPA (recurring)",
        "cvv required=true obfuscate=true length 3-4 label=CVV placeholder=123 tooltip=On the back|cvv.png textField numberPad secure",
        "issuerId required=true obfuscate=false fixedList picker ING=ING Bank",
        "Road Runner **** **** **** 4444", "alias+cardNumber", "alias: read-only", "cardNumber: read-only", "cvv: must-write IN_THE_PAST",
    ]
    if said != expected {
        print("consumer-check: the Connect guide's code said:")
        said.forEach { print("  \($0)") }
        throw ConnectGuideMismatch()
    }
    print("ok: the Connect guide's code runs against import PaymentFormEngine")
}
SWIFT
cat >> "$work/Sources/App/main.swift" <<'SWIFT'

// The Connect guide's code (Sources/App/ConnectGuide.swift); a wrong answer stops the app with an
// error, which fails the check.
try checkConnectGuide()
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
