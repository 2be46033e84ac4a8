#!/usr/bin/env python3
"""Type-checks every Swift snippet of the documentation against the built modules, so no snippet
can drift from the API: the README, the DocC catalogs' articles and the ```swift examples in
`///` comments of the public modules. Then runs the snippets that claim a value and compares.

A claim is a comment that states what an expression is, in one of two forms:

    detection.brands.map(\.id)          // ["american-express"]
    let edit = mask.apply(...)          // (a declaration: the claim is about `edit`)
    // edit.text == "4111 1111 5", edit.cursor == 11

The value is a Swift literal (a string, an array, a number, `true`, `false`, `nil`) or an enum
case (`.incomplete`); prose may follow it after `:`, `,`, `;` or ` (`. Each claim becomes a check
that compiles with the snippet (a claim about a value of another type is a compile error at the
documentation's line), and every snippet with a claim is run, linked against the debug build's
objects, with real values for the names the documentation uses without defining them (the Visa
sample for `product`, the demo key, a sandbox Client API for `session`; see RUN_PRELUDE). A claim
that does not hold, or a snippet that uses a name with no value to run with, fails the check.

    Scripts/dev/check-doc-snippets.sh            (builds first; this file does the work)

Each snippet is compiled inside a function of its own, after `import PaymentFormEngine`,
`PaymentFormProcessors`, `PaymentFormEngineTesting` and Foundation, after a prelude of
placeholder variables for the names the documentation uses without defining them (`productData`,
`session`, `context`, ...; see PRELUDE), in a nested scope so its own declarations shadow them. `#sourceLocation` points every error at the markdown or
Swift file and line it came from. Snippets that declare extensions or protocols are compiled at
file scope. A `Package.swift` snippet (it starts with `// swift-tools-version`) is checked by
`swift package dump-package` in a scratch folder. Snippets that need Apple's UI frameworks
(UIKit, AppKit, SwiftUI) cannot compile on Linux: they are listed as skipped, and compiled on
platforms that have them.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

# Placeholder values for names the docs use without declaring them. Snippets that declare a name
# themselves shadow it (they are compiled inside a function; these are globals).
# Declarations the placeholder values need, at file scope.
GLOBALS = r'''
struct CreateSessionAnswer { var clientSessionId = "", customerId = "", clientApiUrl = "", assetUrl = "" }
func placeholder<T>(_ type: T.Type = T.self, _ name: String = "") -> T { fatalError("documentation placeholder \(name) has no value to run with") }
/// A claim of the documentation (`expression // value`), checked when the snippet runs.
func __claim<T: Equatable>(_ actual: T, _ expected: T, _ file: String, _ line: Int, _ text: String) {
    guard actual != expected else { return }
    print("\(file):\(line): the documentation says \(text) is \(String(reflecting: expected)); it is \(String(reflecting: actual))")
    __claimsFailed = true
}
nonisolated(unsafe) var __claimsFailed = false
func show(_ update: FormUpdate) {}
func show(_ message: String, on fieldId: String) {}
func show(_ label: String?, _ logo: String?) {}
func show(_ fieldErrors: [FieldError], _ message: String) {}
func switchLogo(to productId: Int?) {}
func redraw(_ field: FormFieldState) {}
func redraw(_ fields: [FormFieldState]) {}
func focus(_ fieldId: String) {}
func send(_ prepared: PreparedPaymentRequest) {}
func askServerForTheResult() {}
/// What an app's web view offers; the docs call it `webView`.
struct WebViewStandIn {
    func load(_ request: URLRequest) {}
    func loadHTMLString(_ html: String, baseURL: URL?) {}
    func stopLoading() {}
}
'''

# Placeholder values for names the docs use without declaring them, declared as variables at the
# top of each snippet's function; the snippet runs in a nested scope, so a name it declares
# itself shadows the placeholder.
PRELUDE = r'''
var productData: [UInt8] = []
var listData: [UInt8] = []
var publicKeyData: [UInt8] = []
var sdkAnswer: [UInt8] = []
var clientSessionId = "session"
var sessionId = "session"
var customerId = "customer"
var clientApiUrl = "https://example.com/client"
var assetUrl = "https://example.com/assets"
var unmaskedCardNumber = "411111"
var redirectURL = URL(fileURLWithPath: "/")
var paymentContext = PaymentContext(amountOfMoney: AmountOfMoney(amount: 1000, currencyCode: "EUR"), countryCode: "NL")
var context = ValidationContext(now: YearMonth(year: 2026, month: 11)!)
var localizer = Localizer(languageTag: "en")
var answer = CreateSessionAnswer()
var product: PaymentProduct = placeholder()
var decryptedValues: [String: String] = [:]
var visa: PaymentProduct = placeholder()
var cardsGroup: PaymentProductGroup = placeholder()
var productList: PaymentProductList = placeholder()
var cardNumberField: PaymentProductField = placeholder()
var session: ClientSession = placeholder()
var request: PaymentRequest = placeholder()
var controller: PaymentFormController = placeholder()
var form: PaymentForm = placeholder()
var report: ValidationReport = placeholder()
var detection: BrandDetection = placeholder()
var choice: BrandChoice = placeholder()
var publicKeyResponse: PublicKeyResponse = placeholder()
var key: EncryptionKey = placeholder()
var fieldError: FieldError = placeholder()
var initializeAnswer: SipsInitialization = placeholder()
var cardOrderForm: PaymentProduct = placeholder()
var saferpayForm: PaymentProduct = placeholder()
var prepared: PreparedPaymentRequest = placeholder()
var privateKeyPEM = ""
var error: FieldError = placeholder()
var validator: Validator = placeholder()
var productJSON: [UInt8] = []
var publicKeyJSON: [UInt8] = []
var saferpayCard: PaymentProduct = placeholder()
var cardOrderJSON: [UInt8] = []
var sdkAnswerJSON: [UInt8] = []
var answerFromMyServer: [UInt8] = []
var enrolmentAnswer: [UInt8] = []
var termURLCallback = "putpares:placeholder"
var cardOrderDefinition: PaymentProduct = placeholder()
var enrolment: SipsResponse = placeholder()
var sessionKey = "order-42"
var webView = WebViewStandIn()
var url = URL(fileURLWithPath: "/")
var successURL = URL(fileURLWithPath: "/success")
var failURL = URL(fileURLWithPath: "/fail")
var abortURL = URL(fileURLWithPath: "/abort")
var selection = 0..<0
var typed = "4"
'''

# The same names with real values, for running the snippets that claim a value: the Visa sample,
# the demo key, November 2026, and a sandbox Client API on loopback for `session`. A name with no
# value to run with stops the run naming it (a snippet that uses it must define its own).
RUN_PRELUDE = r'''
let __sandbox = try ClientAPISandbox()
defer { __sandbox.stop() }
var productData: [UInt8] = ShippedSamples.productJSON(named: "visa") ?? []
var productJSON = productData
var listData: [UInt8] { placeholder([UInt8].self, "listData") }
var publicKeyData: [UInt8] = Array(try JSONEncoder().encode(ShippedSamples.demoPublicKey()))
var publicKeyJSON = publicKeyData
var sdkAnswer: [UInt8] = Array(#"{"inAppResponseCode": "00", "holderAuthentStatus": "3D_SUCCESS", "amount": 1050, "cardData": {"cardBrand": "VISA"}}"#.utf8)
var clientSessionId = __sandbox.clientSessionId
var sessionId = __sandbox.clientSessionId
var customerId = __sandbox.customerId
var clientApiUrl = __sandbox.clientApiUrl
var assetUrl = __sandbox.assetUrl
var unmaskedCardNumber = "411111"
var answerFromMyServer: [UInt8] = Array(#"""
    {"redirectionData": "REDIRECTION-DATA", "redirectionUrl": "https://office-server.test.sips-services.com/rs-services/v2/checkoutInApp/next",
     "redirectionVersion": "IR_MB_3.0", "publicKeyValue": "PUBLIC-KEY", "merchantId": "011223344550000"}
    """#.utf8)
var redirectURL = URL(fileURLWithPath: "/")
var paymentContext = PaymentContext(amountOfMoney: AmountOfMoney(amount: 1000, currencyCode: "EUR"), countryCode: "NL")
var context = ValidationContext(now: YearMonth(year: 2026, month: 11) ?? placeholder(YearMonth.self, "now"))
var localizer = Localizer(languageTag: "en")
var answer = CreateSessionAnswer(clientSessionId: __sandbox.clientSessionId, customerId: __sandbox.customerId,
                                 clientApiUrl: __sandbox.clientApiUrl, assetUrl: __sandbox.assetUrl)
var product: PaymentProduct = try ShippedSamples.product(named: "visa")
var visa: PaymentProduct = try ShippedSamples.product(named: "visa")
var cardsGroup: PaymentProductGroup = try ShippedSamples.group(withId: "cards")
var productList: PaymentProductList { placeholder(PaymentProductList.self, "productList") }
var cardNumberField: PaymentProductField = product.field(withId: "cardNumber") ?? placeholder(PaymentProductField.self, "cardNumberField")
var session: ClientSession = try ClientSession(__sandbox.sessionConfiguration(appIdentifier: "documentation"))
var request = PaymentRequest(product: product)
var controller = PaymentFormController(item: product, localizer: localizer, context: context)
var form: PaymentForm = controller.form
var report: ValidationReport = request.validate(in: context)
var detection: BrandDetection = try BrandDetector.shipped.detect("4111")
var choice: BrandChoice { placeholder(BrandChoice.self, "choice") }
var publicKeyResponse: PublicKeyResponse = try ShippedSamples.demoPublicKey()
var key: EncryptionKey = try EncryptionKey(ShippedSamples.demoPublicKey())
var fieldError: FieldError { placeholder(FieldError.self, "fieldError") }
var initializeAnswer: SipsInitialization = try SipsInitialization(jsonEncoded: answerFromMyServer)
var cardOrderForm: PaymentProduct = try ShippedSamples.product(named: "sips-card-order")
var saferpayForm: PaymentProduct = try ShippedSamples.product(named: "saferpay-card")
var prepared: PreparedPaymentRequest { placeholder(PreparedPaymentRequest.self, "prepared") }
var privateKeyPEM: String { placeholder(String.self, "privateKeyPEM") }
var error: FieldError { placeholder(FieldError.self, "error") }
var validator: Validator { placeholder(Validator.self, "validator") }
var saferpayCard: PaymentProduct = try ShippedSamples.product(named: "saferpay-card")
var cardOrderJSON: [UInt8] = ShippedSamples.productJSON(named: "sips-card-order") ?? []
var sdkAnswerJSON: [UInt8] = sdkAnswer
var enrolmentAnswer: [UInt8] = Array(#"""
    {"redirectionStatusCode": "00", "authentRedirectionUrl": "https://acs.example/pareq", "paReqMessage": "PAREQ",
     "redirectionUrl": "https://office.example/next", "transactionContextData": "CTX", "transactionContextVersion": "2"}
    """#.utf8)
var termURLCallback = "putpares:placeholder"
var cardOrderDefinition: PaymentProduct = try ShippedSamples.product(named: "sips-card-order")
var enrolment: SipsResponse { placeholder(SipsResponse.self, "enrolment") }
var sessionKey = "order-42"
var webView = WebViewStandIn()
var url = URL(fileURLWithPath: "/")
var successURL = URL(fileURLWithPath: "/success")
var failURL = URL(fileURLWithPath: "/fail")
var abortURL = URL(fileURLWithPath: "/abort")
var selection = 0..<0
var typed = "4"
'''

# What one document's snippets run with besides RUN_PRELUDE: its running example (declared in a
# scope around each snippet, so a snippet's own declarations still win).
RUN_CONTEXT = {
    "Sources/Engine/PaymentFormEngine.docc/AccountsOnFile.md": 'let product = try ShippedSamples.product(named: "mastercard-accounts-on-file")',
    "Sources/Engine/PaymentFormEngine.docc/CardBrands.md": 'let detection = try BrandDetector.shipped.detect("3782 82")',
    "Sources/Engine/PaymentFormEngine.docc/Requests.md": """
        var __request = PaymentRequest(product: product)
        try __request.setValue("12", forField: "cvv")
        let error = __request.validate(in: context).errors.first { $0.fieldId == "cvv" } ?? placeholder(FieldError.self, "error")""",
    "Sources/Localization/Localizer.swift": """
        var __request = PaymentRequest(product: product)
        try __request.setValue("1", forField: "cvv")
        let fieldError = __request.validate(in: context).errors.first { $0.fieldId == "cvv" } ?? placeholder(FieldError.self, "fieldError")""",
    "Sources/FormEngine/Controller/FormFieldState.swift": """
        var controller = PaymentFormController(item: product, localizer: localizer, context: context)
        try controller.set("cardNumber", value: "4111111111111111")""",
    "Sources/FormEngine/CardNumbers/PaymentFormController+IIN.swift": """
        let __cartesBancaires = try ShippedSamples.product(named: "cartes-bancaires").eraseToAnyPaymentItem()
        var controller = PaymentFormController(item: product, localizer: localizer, context: context, otherItems: [__cartesBancaires])
        try controller.set("cardNumber", value: "4000 0025 0000 1001")""",
    "Sources/EngineTesting/ClientAPISandbox.swift": """
        var request = PaymentRequest(product: product)
        try request.setValue("4111 1111 1111 1111", forField: "cardNumber")
        try request.setValue("12/30", forField: "expiryDate")
        try request.setValue("123", forField: "cvv")""",
}

UI_FRAMEWORKS = re.compile(r"\b(import (UIKit|AppKit|SwiftUI)|UIViewController|\bBinding\(|UITextField|NSTextField|NSViewController|some View\b|: View \{)")
FILE_SCOPE = re.compile(r"^(extension |protocol |@main)", re.M)


def markdown_snippets(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    inside, start, body = False, 0, []
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if not inside and stripped.startswith("```swift"):
            inside, start, body = True, number + 1, []
        elif inside and stripped.startswith("```"):
            inside = False
            yield start, body
        elif inside:
            body.append(line)


def comment_snippets(path):
    """The ```swift blocks of `///` comments on public declarations (package and internal ones
    are documentation for this package's own developers, who read them beside the code)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    inside, start, body, found = False, 0, [], []
    for number, line in enumerate(lines, 1):
        match = re.match(r"^(\s*)///\s?(.*)$", line)
        text = match.group(2) if match else None
        if not inside and text is not None and text.strip().startswith("```swift"):
            inside, start, body = True, number + 1, []
        elif inside and (text is None or text.strip().startswith("```")):
            inside = False
            found.append((start, body, number))
        elif inside:
            body.append(text)
    for start, body, end in found:
        # The declaration the comment documents: the first line after it that is not a comment
        # or an attribute.
        declaration = ""
        for line in lines[end - 1:]:
            stripped = line.strip()
            if stripped.startswith("//") or stripped.startswith("@") and " " not in stripped or not stripped:
                continue
            declaration = stripped
            break
        if re.search(r"\bpublic\b|\bopen\b", declaration):
            yield start, body


# Claims: `expression // value` and `// expression == value, expression == value`.
STATEMENT_KEYWORDS = re.compile(r"^(for|if|guard|while|switch|case|default|return|func|import|else|do|catch|throw|defer|try\?|@|\}|\{|#)")


def split_comment(line):
    """The code and the `//` comment of a line (a `//` inside a string literal is code)."""
    in_string, escaped = False, False
    for index, character in enumerate(line):
        if in_string:
            if escaped:
                escaped = False
            elif character == "\\":
                escaped = True
            elif character == '"':
                in_string = False
        elif character == '"':
            in_string = True
        elif line.startswith("//", index):
            return line[:index], line[index + 2:]
    return line, None


def leading_literal(text):
    """The Swift literal or enum case that starts `text`, and what follows it, when what follows is
    nothing or prose after `:`, `,`, `;` or ` (`; else None."""
    text = text.strip()
    literal = None
    if text.startswith('"'):
        escaped = False
        for index in range(1, len(text)):
            if escaped:
                escaped = False
            elif text[index] == "\\":
                escaped = True
            elif text[index] == '"':
                literal = text[:index + 1]
                break
    elif text.startswith("["):
        depth, in_string, escaped = 0, False, False
        for index, character in enumerate(text):
            if in_string:
                if escaped:
                    escaped = False
                elif character == "\\":
                    escaped = True
                elif character == '"':
                    in_string = False
            elif character == '"':
                in_string = True
            elif character == "[":
                depth += 1
            elif character == "]":
                depth -= 1
                if depth == 0:
                    literal = text[:index + 1]
                    break
    else:
        match = re.match(r"(-?\d+(?:\.\d+)?|true|false|nil|\.[A-Za-z_]\w*)(?![\w.\-(])", text)
        if match:
            literal = match.group(1)
    if literal is None:
        return None
    rest = text[len(literal):]
    if rest.strip() and not re.match(r"^\s*([:;,]|\()", rest):
        return None
    return literal, rest


def top_level_parts(text):
    """`text` split at the commas and semicolons outside brackets and string literals."""
    parts, current, depth, in_string, escaped = [], "", 0, False, False
    for character in text:
        if in_string:
            current += character
            if escaped:
                escaped = False
            elif character == "\\":
                escaped = True
            elif character == '"':
                in_string = False
            continue
        if character == '"':
            in_string = True
        elif character in "([":
            depth += 1
        elif character in ")]":
            depth -= 1
        elif character in ",;" and depth == 0:
            parts.append(current)
            current = ""
            continue
        current += character
    parts.append(current)
    return parts


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def with_claims(body, relative, start):
    """The snippet's lines with each claim turned into a `__claim` check on the same line, and
    the number of claims."""
    lines, count = [], 0
    for offset, line in enumerate(body):
        number = start + offset
        code, comment = split_comment(line)
        checks = []
        if comment is not None and code.strip():
            stripped = code.strip()
            found = leading_literal(comment)
            balanced = stripped.count("(") == stripped.count(")") and stripped.count("[") == stripped.count("]")
            if found and balanced and not STATEMENT_KEYWORDS.match(stripped) and not stripped.endswith(("{", ",", "(")):
                literal = found[0]
                declaration = re.match(r"^(?:let|var)\s+([A-Za-z_]\w*)\s*(?::[^=]+)?=\s*(.+)$", stripped)
                if declaration:
                    subject = declaration.group(1)
                    checks.append((subject, literal))
                    lines.append(code.rstrip() + "; " + claim_call(subject, literal, relative, number))
                else:
                    lines.append(code[:len(code) - len(code.lstrip())] + claim_call(stripped, literal, relative, number))
                count += 1
                continue
        elif comment is not None:
            calls = []
            for part in top_level_parts(comment):
                match = re.match(r"^\s*([A-Za-z_][^=]*?)\s*==\s*(.+)$", part)
                if not match:
                    continue
                found = leading_literal(match.group(2))
                if found:
                    calls.append(claim_call(match.group(1).strip(), found[0], relative, number))
            if calls:
                lines.append(code + "; ".join(calls))
                count += len(calls)
                continue
        lines.append(line)
    return lines, count


def claim_call(subject, literal, relative, number):
    return f"__claim({subject}, {literal}, {swift_string(relative)}, {number}, {swift_string(subject)})"


def sources():
    files = [os.path.join(ROOT, "README.md")]
    for base, _, names in os.walk(os.path.join(ROOT, "Sources")):
        for name in sorted(names):
            path = os.path.join(base, name)
            if name.endswith(".md") and ".docc" in base:
                files.append(path)
    # The folders whose public symbols an app sees, from the target graph.
    graph = subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "dev", "target-graph.py"), "public-folders"],
                           capture_output=True, text=True, check=True).stdout.split()
    for folder in graph:
        for base, _, names in os.walk(os.path.join(ROOT, folder)):
            files += [os.path.join(base, n) for n in sorted(names) if n.endswith(".swift")]
    return files


# The library targets whose debug objects the snippets that claim values are linked against.
LINKED_TARGETS = subprocess.run(
    [sys.executable, os.path.join(ROOT, "Scripts", "dev", "target-graph.py"), "build-order", "PaymentFormEngine", "PaymentFormProcessors",
     "PaymentFormEngineTesting", "PaymentFormRendering", "PaymentFormSamples"],
    capture_output=True, text=True, check=True).stdout.split("\n")
LINKED_TARGETS = [line.split()[1] for line in LINKED_TARGETS if line.strip()]


def main():
    for relative in RUN_CONTEXT:
        if not os.path.exists(os.path.join(ROOT, relative)):
            sys.exit(f"check-doc-snippets: RUN_CONTEXT names {relative}, which does not exist (moved?)")
    modules = sys.argv[1]
    build = os.path.dirname(modules) if os.path.basename(os.path.normpath(modules)) == "Modules" else modules
    work = tempfile.mkdtemp(prefix="payform-snippets.")
    functions, file_scope, manifests, skipped = [], [], [], []
    count, claims, unrun_claims = 0, 0, []
    for path in sources():
        relative = os.path.relpath(path, ROOT)
        found = markdown_snippets(path) if path.endswith(".md") else comment_snippets(path)
        for line, body in found:
            text = "\n".join(body)
            count += 1
            if text.lstrip().startswith("// swift-tools-version"):
                manifests.append((relative, line, text))
            elif UI_FRAMEWORKS.search(text):
                skipped.append(f"{relative}:{line}")
            else:
                kept = [l if not re.match(r"^\s*import \w+\s*$", l) else "" for l in body]
                checked, claimed = with_claims(kept, relative, line)
                claims += claimed
                entry = (relative, line, "\n".join(checked), claimed)
                if FILE_SCOPE.search(text):
                    file_scope.append(entry)
                    if claimed:
                        unrun_claims.append(f"{relative}:{line}")
                else:
                    functions.append(entry)

    header = "import Foundation\n#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\nimport Testing\nimport PaymentFormEngine\nimport PaymentFormProcessors\nimport PaymentFormEngineTesting\n"
    status = 0

    def function(name, prelude, relative, line, code, context=""):
        return (f"func {name}() async throws {{\n{prelude}\ndo {{\n{context}\ndo {{\n"
                f"#sourceLocation(file: \"{relative}\", line: {line})\n{code}\n#sourceLocation()\n}}\n}}\n}}\n")

    parts = [header, GLOBALS]
    for index, (relative, line, code, _) in enumerate(functions):
        parts.append(function(f"snippet{index}", PRELUDE, relative, line, code))
    batches = [("snippets.swift", "".join(parts))]
    for index, (relative, line, code, _) in enumerate(file_scope):
        # Declarations at file scope, statements in a function after them.
        declarations, statements = split_file_scope(code)
        batches.append((f"file-scope-{index}.swift", header + GLOBALS
                        + f"#sourceLocation(file: \"{relative}\", line: {line})\n{declarations}\n#sourceLocation()\n"
                        + f"func run() async throws {{\n{PRELUDE}\ndo {{\n{statements}\n}}\n}}\n"))
    typechecked = True
    for name, text in batches:
        path = os.path.join(work, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        result = subprocess.run(["swiftc", "-typecheck", "-parse-as-library", "-swift-version", "6", "-I", modules,
                                 "-I", os.path.join(ROOT, "Sources/CryptoKernels/include"), path],
                                capture_output=True, text=True)
        errors = [l for l in (result.stdout + result.stderr).split("\n") if ": error:" in l]
        if result.returncode != 0:
            status, typechecked = 1, False
            print("\n".join(errors[:80]) or result.stderr[-3000:], file=sys.stderr)

    for relative, line, text in manifests:
        folder = tempfile.mkdtemp(prefix="payform-manifest.", dir=work)
        with open(os.path.join(folder, "Package.swift"), "w", encoding="utf-8") as f:
            f.write(text + "\n")
        result = subprocess.run(["swift", "package", "dump-package"], cwd=folder, capture_output=True, text=True)
        if result.returncode != 0:
            status = 1
            print(f"{relative}:{line}: the Package.swift snippet does not load:\n{result.stderr[-2000:]}", file=sys.stderr)

    # The snippets that claim values, run.
    claiming = [entry for entry in functions if entry[3]]
    failed_claims = 0
    if unrun_claims:
        status = 1
        print(f"check-doc-snippets: claims in snippets with file-scope declarations are not run; move them to a snippet of "
              f"their own: {', '.join(unrun_claims)}", file=sys.stderr)
    if claiming and typechecked:
        failed_claims = run_claims(claiming, header, function, modules, build, work)
        if failed_claims:
            status = 1

    compiled = len(functions) + len(file_scope)
    print(f"check-doc-snippets: {count} snippets: {compiled} type-checked, {len(manifests)} manifests loaded, "
          f"{len(skipped)} skipped (Apple UI frameworks, not on this platform: {', '.join(skipped) or 'none'}); "
          + (f"{claims} claimed values in {len(claiming)} snippets run, {failed_claims} snippets with a claim not holding"
             if typechecked else f"{claims} claimed values not run (the type-check failed)"))
    return status


def run_claims(claiming, header, function, modules, build, work):
    """Links the snippets that claim values into one program against the debug build's objects,
    runs each in a process of its own and reports every claim that does not hold. Returns how many
    snippets failed."""
    parts = [header, GLOBALS]
    for index, (relative, line, code, _) in enumerate(claiming):
        parts.append(function(f"claims{index}", RUN_PRELUDE, relative, line, code, RUN_CONTEXT.get(relative, "")))
    cases = "\n".join(f"            case {index}: try await claims{index}()" for index in range(len(claiming)))
    parts.append(f"""
@main struct ClaimsRunner {{
    static func main() async {{
        let index = Int(CommandLine.arguments.dropFirst().first ?? "") ?? -1
        do {{
            switch index {{
{cases}
            default: print("no snippet \\(index)"); exit(2)
            }}
        }} catch {{
            print("the snippet threw \\(error)")
            exit(1)
        }}
        exit(__claimsFailed ? 1 : 0)
    }}
}}
""")
    source = os.path.join(work, "claims.swift")
    with open(source, "w", encoding="utf-8") as f:
        f.write("".join(parts))
    objects = []
    for target in LINKED_TARGETS:
        folder = os.path.join(build, f"{target}.build")
        objects += sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".o")) if os.path.isdir(folder) else []
    runner = os.path.join(work, "claims")
    result = subprocess.run(["swiftc", "-parse-as-library", "-swift-version", "6", "-I", modules,
                             "-I", os.path.join(ROOT, "Sources/CryptoKernels/include"), source, *objects, "-o", runner],
                            capture_output=True, text=True)
    if result.returncode != 0:
        errors = [l for l in (result.stdout + result.stderr).split("\n") if ": error:" in l]
        print("check-doc-snippets: the snippets that claim values do not link:\n" + ("\n".join(errors[:40]) or result.stderr[-3000:]),
              file=sys.stderr)
        return len(claiming)
    failed = 0
    for index, (relative, line, _, _) in enumerate(claiming):
        try:
            result = subprocess.run([runner, str(index)], capture_output=True, text=True, timeout=120)
        except subprocess.TimeoutExpired:
            failed += 1
            print(f"{relative}:{line}: the snippet did not finish within 120 s", file=sys.stderr)
            continue
        if result.returncode == 0:
            continue
        failed += 1
        placeholder = re.search(r"documentation placeholder (\S+) has no value to run with", result.stdout + result.stderr)
        if placeholder:
            print(f"{relative}:{line}: the snippet claims values but uses `{placeholder.group(1)}`, which has no value to run "
                  f"with: define it in the snippet (or give it one in RUN_PRELUDE)", file=sys.stderr)
        else:
            shown = result.stdout.strip() or result.stderr.strip()[-1500:] or f"exit {result.returncode}"
            print("\n".join(l if l.startswith(relative) else f"{relative}:{line}: {l}" for l in shown.split("\n")), file=sys.stderr)
    return failed


def split_file_scope(code):
    """Top-level declarations (extension, protocol, struct, ...) apart from statements."""
    declarations, statements, depth, current = [], [], 0, None
    for line in code.split("\n"):
        if depth == 0:
            current = declarations if re.match(r"^(extension|protocol|struct|final class|class|enum|func|@main|@\w+)\b", line) else statements
        current.append(line)
        depth += line.count("{") - line.count("}")
    return "\n".join(declarations), "\n".join(statements)


if __name__ == "__main__":
    sys.exit(main())
