import Foundation
import PaymentFormJSON
import PaymentFormSandboxClientAPI

/// The checks the platform makes on what a merchant's server sends, before anything is done with
/// it: currencies, amounts, references, idempotence keys and the `Date` header. Each refusal is
/// an error item naming the member at fault (`propertyName`), id `INVALID_VALUE` as the
/// platform's, a `SANDBOX_…` code saying which check failed.
package enum ServerAPIInput {
    /// The largest amount in minor units the platform takes: 12 digits.
    package static let maximumAmount = 999_999_999_999

    /// How far a request's `Date` may be from the sandbox's clock, either way (seconds). The
    /// platform does not publish its own window; 15 minutes covers any test machine whose clock
    /// is kept, and refuses the replays of a captured request after that.
    package static let dateSkew: TimeInterval = 15 * 60

    /// The longest idempotence key the platform takes (printable ASCII only).
    package static let maximumIdempotenceKeyLength = 40

    /// The ISO 4217 currencies in use (alphabetic codes), without the codes that are not money
    /// (XXX, XTS, the metals, the SDR and the bond-market units).
    static let currencies: Set<String> = Set("""
        AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF CHE CHF CHW CLF
        CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR
        ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR
        MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP
        SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST XAF
        XCD XCG XOF XPF YER ZAR ZMW ZWG ZWL
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))

    package static func invalid(_ code: String, _ message: String, property: String) -> SandboxErrorBody.Item {
        SandboxErrorBody.Item(code: code, id: "INVALID_VALUE", message: message, propertyName: property)
    }

    /// `{amount, currencyCode}` at `property`: an integer from 0 (or 1 when `positive`) to
    /// ``maximumAmount`` and an ISO 4217 currency. `required: false` accepts an absent object.
    package static func money(_ value: JSONValue?, property: String, positive: Bool = false, required: Bool = true)
        -> Result<(amount: Int, currency: String)?, SandboxErrorBody.Item>
    {
        guard let value, value != .null else {
            return required
                ? .failure(invalid("SANDBOX_MISSING_VALUE", "\(property) is required: {amount, currencyCode}", property: property))
                : .success(nil)
        }
        switch amount(value["amount"], property: property + ".amount", positive: positive) {
        case .failure(let item): return .failure(item)
        case .success(let amount):
            guard let amount else { return .failure(invalid("SANDBOX_MISSING_VALUE", "\(property).amount is required", property: property + ".amount")) }
            switch currency(value["currencyCode"], property: property + ".currencyCode") {
            case .failure(let item): return .failure(item)
            case .success(let currency): return .success((amount, currency))
            }
        }
    }

    /// An amount in minor units: `nil` when absent.
    package static func amount(_ value: JSONValue?, property: String, positive: Bool = false) -> Result<Int?, SandboxErrorBody.Item> {
        guard let value, value != .null else { return .success(nil) }
        guard case .number(let text) = value, let amount = Int(text) else {
            return .failure(invalid("SANDBOX_INVALID_AMOUNT", "\(property) must be an integer in minor units", property: property))
        }
        guard amount >= (positive ? 1 : 0), amount <= maximumAmount else {
            return .failure(invalid(
                "SANDBOX_INVALID_AMOUNT", "\(property) must be from \(positive ? 1 : 0) to \(maximumAmount) (12 digits, in minor units)",
                property: property))
        }
        return .success(amount)
    }

    /// An ISO 4217 currency code in use.
    package static func currency(_ value: JSONValue?, property: String) -> Result<String, SandboxErrorBody.Item> {
        guard case .string(let code)? = value, currencies.contains(code) else {
            return .failure(invalid("SANDBOX_INVALID_CURRENCY", "\(property) must be an ISO 4217 currency code in use (EUR, USD, ...)", property: property))
        }
        return .success(code)
    }

    /// A reference (`merchantReference`, ...): at most `maximumLength` characters, no control
    /// characters. `nil` when absent.
    package static func reference(_ value: JSONValue?, property: String, maximumLength: Int) -> Result<String?, SandboxErrorBody.Item> {
        guard let value, value != .null else { return .success(nil) }
        guard case .string(let text) = value else {
            return .failure(invalid("SANDBOX_INVALID_REFERENCE", "\(property) must be a string", property: property))
        }
        guard text.count <= maximumLength, text.unicodeScalars.allSatisfy({ !$0.properties.generalCategory.isControlOrFormat }) else {
            return .failure(invalid(
                "SANDBOX_INVALID_REFERENCE", "\(property) must be at most \(maximumLength) characters without control characters",
                property: property))
        }
        return .success(text)
    }

    /// Whether `key` is an idempotence key the platform takes: 1 to 40 printable ASCII characters.
    package static func isIdempotenceKey(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.count <= maximumIdempotenceKeyLength && key.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }

    /// The instant of an RFC 1123 date (`Sun, 06 Nov 1994 08:49:37 GMT`, what the SDKs send), or
    /// `nil` for anything else: other formats, other zones, a day that does not exist, a weekday
    /// that is not the date's, longer text. Read by hand (a `DateFormatter` per request cost a
    /// third of the Server API's throughput).
    package static func rfc1123Date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 29, bytes[3] == UInt8(ascii: ","), bytes[4] == 0x20, bytes[7] == 0x20, bytes[11] == 0x20, bytes[16] == 0x20,
              bytes[19] == UInt8(ascii: ":"), bytes[22] == UInt8(ascii: ":"), bytes[25] == 0x20, bytes[26...] == Array("GMT".utf8)[...]
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1 Jan 1970 was a Thursday
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard let weekday = weekdays.firstIndex(of: String(decoding: bytes[0..<3], as: UTF8.self)),
              let monthIndex = months.firstIndex(of: String(decoding: bytes[8..<11], as: UTF8.self)),
              let day = number(5..<7), let year = number(12..<16), let hour = number(17..<19), let minute = number(20..<22),
              let second = number(23..<25), hour < 24, minute < 60, second < 60, year >= 1970
        else { return nil }
        let month = monthIndex + 1
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...lengths[monthIndex]).contains(day) else { return nil }
        // Days since 1970-01-01 (the civil-from-days inverse, for the Gregorian calendar).
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        guard days % 7 == weekday else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    /// Whether the `Date` header value is an RFC 1123 date within ``dateSkew`` of `now`.
    package static func isAcceptableDate(_ text: String?, now: Date = Date()) -> Bool {
        guard let text, let date = rfc1123Date(text) else { return false }
        return abs(date.timeIntervalSince(now)) <= dateSkew
    }
}

extension Unicode.GeneralCategory {
    /// Control (Cc), format (Cf), line and paragraph separators: nothing a reference may hold.
    package var isControlOrFormat: Bool {
        switch self {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse: true
        default: false
        }
    }
}
