package import PaymentFormJSON

/// What the Client API knows about a customer from a lookup value such as a fiscal number
/// (`POST /products/{id}/customerDetails`): name, address, contact. Every member is optional.
///
/// It is personal data: its description names which members are set, never their values.
public struct CustomerDetails: ClientAPIModel, JSONModel, Hashable, CustomStringConvertible {
    /// The city.
    public var city: String?
    /// The country (ISO 3166 alpha-2).
    public var country: String?
    /// The e-mail address.
    public var emailAddress: String?
    /// The first name.
    public var firstName: String?
    /// The fiscal number (personal identity number).
    public var fiscalNumber: String?
    /// The preferred language (ISO 639-1).
    public var languageCode: String?
    /// The phone number.
    public var phoneNumber: String?
    /// The street and house number.
    public var street: String?
    /// The surname.
    public var surname: String?
    /// The postal code.
    public var zip: String?

    /// Customer details.
    package init(
        city: String? = nil, country: String? = nil, emailAddress: String? = nil, firstName: String? = nil,
        fiscalNumber: String? = nil, languageCode: String? = nil, phoneNumber: String? = nil, street: String? = nil,
        surname: String? = nil, zip: String? = nil
    ) {
        self.city = city
        self.country = country
        self.emailAddress = emailAddress
        self.firstName = firstName
        self.fiscalNumber = fiscalNumber
        self.languageCode = languageCode
        self.phoneNumber = phoneNumber
        self.street = street
        self.surname = surname
        self.zip = zip
    }

    package var members: [(String, String?)] {
        [("city", city), ("country", country), ("emailAddress", emailAddress), ("firstName", firstName), ("fiscalNumber", fiscalNumber),
         ("languageCode", languageCode), ("phoneNumber", phoneNumber), ("street", street), ("surname", surname), ("zip", zip)]
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        city = try object.string("city")
        country = try object.string("country")
        emailAddress = try object.string("emailAddress")
        firstName = try object.string("firstName")
        fiscalNumber = try object.string("fiscalNumber")
        languageCode = try object.string("languageCode")
        phoneNumber = try object.string("phoneNumber")
        street = try object.string("street")
        surname = try object.string("surname")
        zip = try object.string("zip")
    }

    package var json: JSONValue {
        jsonObject(members.map { ($0.0, JSONValue.from($0.1)) })
    }

    /// Names the members that are set; never their values.
    public var description: String {
        "CustomerDetails(set: \(members.filter { $0.1 != nil }.map { $0.0 }))"
    }

}
