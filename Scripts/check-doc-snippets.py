#!/usr/bin/env python3
"""Type-checks every Swift snippet of the documentation against the built modules, so no snippet
can drift from the API: the README, the DocC catalogs' articles and the ```swift examples in
`///` comments of the public modules.

    Scripts/check-doc-snippets.sh            (builds first; this file does the work)

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

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

# Placeholder values for names the docs use without declaring them. Snippets that declare a name
# themselves shadow it (they are compiled inside a function; these are globals).
# Declarations the placeholder values need, at file scope.
GLOBALS = r'''
struct CreateSessionAnswer { var clientSessionId = "", customerId = "", clientApiUrl = "", assetUrl = "" }
func placeholder<T>(_ type: T.Type = T.self) -> T { fatalError("documentation placeholder") }
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


def sources():
    files = [os.path.join(ROOT, "README.md")]
    for base, _, names in os.walk(os.path.join(ROOT, "Sources")):
        for name in sorted(names):
            path = os.path.join(base, name)
            if name.endswith(".md") and ".docc" in base:
                files.append(path)
    public = ["Masking", "Validation", "Localization", "Cards", "FormEngine", "Session", "Processors", "Testing"]
    for folder in public:
        for base, _, names in os.walk(os.path.join(ROOT, "Sources", folder)):
            files += [os.path.join(base, n) for n in sorted(names) if n.endswith(".swift")]
    return files


def main():
    modules = sys.argv[1]
    work = tempfile.mkdtemp(prefix="payform-snippets.")
    functions, file_scope, manifests, skipped = [], [], [], []
    count = 0
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
                code = "\n".join(l for l in body if not re.match(r"^\s*import \w+\s*$", l))
                entry = (relative, line, code)
                (file_scope if FILE_SCOPE.search(code) else functions).append(entry)

    header = "import Foundation\n#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\nimport Testing\nimport PaymentFormEngine\nimport PaymentFormProcessors\nimport PaymentFormEngineTesting\n"
    status = 0
    parts = [header, GLOBALS]
    for index, (relative, line, code) in enumerate(functions):
        parts.append(f"func snippet{index}() async throws {{\n{PRELUDE}\ndo {{\n"
                     f"#sourceLocation(file: \"{relative}\", line: {line})\n{code}\n#sourceLocation()\n}}\n}}\n")
    batches = [("snippets.swift", "".join(parts))]
    for index, (relative, line, code) in enumerate(file_scope):
        # Declarations at file scope, statements in a function after them.
        declarations, statements = split_file_scope(code)
        batches.append((f"file-scope-{index}.swift", header + GLOBALS
                        + f"#sourceLocation(file: \"{relative}\", line: {line})\n{declarations}\n#sourceLocation()\n"
                        + f"func run() async throws {{\n{PRELUDE}\ndo {{\n{statements}\n}}\n}}\n"))
    for name, text in batches:
        path = os.path.join(work, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        result = subprocess.run(["swiftc", "-typecheck", "-parse-as-library", "-swift-version", "6", "-I", modules,
                                 "-I", os.path.join(ROOT, "Sources/CryptoKernels/include"), path],
                                capture_output=True, text=True)
        errors = [l for l in (result.stdout + result.stderr).split("\n") if ": error:" in l]
        if result.returncode != 0:
            status = 1
            print("\n".join(errors[:80]) or result.stderr[-3000:], file=sys.stderr)

    for relative, line, text in manifests:
        folder = tempfile.mkdtemp(prefix="payform-manifest.", dir=work)
        with open(os.path.join(folder, "Package.swift"), "w", encoding="utf-8") as f:
            f.write(text + "\n")
        result = subprocess.run(["swift", "package", "dump-package"], cwd=folder, capture_output=True, text=True)
        if result.returncode != 0:
            status = 1
            print(f"{relative}:{line}: the Package.swift snippet does not load:\n{result.stderr[-2000:]}", file=sys.stderr)

    compiled = len(functions) + len(file_scope)
    print(f"check-doc-snippets: {count} snippets: {compiled} type-checked, {len(manifests)} manifests loaded, "
          f"{len(skipped)} skipped (Apple UI frameworks, not on this platform: {', '.join(skipped) or 'none'})")
    return status


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
