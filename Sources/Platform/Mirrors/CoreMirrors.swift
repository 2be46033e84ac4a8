// Mirrors that leave card data out of `dump` and debuggers, for the types of PaymentFormCore.
// Mirror is a runtime reflection type: it is not available in Embedded Swift, so these live here,
// beside the core, for native builds.
import PaymentFormCore

extension FormFieldState: CustomReflectable {
    /// A mirror without the text or value.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "id": id, "state": state, "message": message as Any, "error": error as Any, "complete": complete,
            "readOnly": readOnly, "prefilled": prefilled, "hasFocus": hasFocus, "textUTF16Length": text.utf16.count,
            "selection": selection, "valueCharacterCount": value.count,
        ], displayStyle: .struct)
    }
}

extension PaymentFormController: CustomReflectable {
    /// Redacted for `dump` and debuggers: field states show lengths, not text.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "item": item.id, "accountOnFile": accountOnFile?.id as Any, "fields": fields,
            "isSubmitted": isSubmitted, "isValid": isValid,
        ], displayStyle: .struct)
    }
}

extension AccountOnFileAttribute: CustomReflectable {
    /// Key, status and whether there is a value; never the value (`dump` stays safe).
    public var customMirror: Mirror {
        Mirror(self, children: ["key": key, "status": status.name, "hasValue": value != nil], displayStyle: .struct)
    }
}

extension CustomerDetails: CustomReflectable {
    /// The names of the members that are set; never their values (`dump` stays safe).
    public var customMirror: Mirror {
        Mirror(self, children: ["set": members.filter { $0.1 != nil }.map { $0.0 }], displayStyle: .struct)
    }
}

extension PaymentRequest: CustomReflectable {
    /// Redacted for `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "item": item.id,
            "accountOnFile": accountOnFile?.id as Any,
            "tokenize": tokenize,
            "selectedBrand": selectedBrand?.id as Any,
            "fieldsSet": idsOfFieldsSet,
        ], displayStyle: .struct)
    }
}

extension ValidationReport: CustomReflectable {
    /// Errors and the ids of the fields with values; never the values (`dump` stays safe).
    public var customMirror: Mirror {
        Mirror(self, children: ["errors": errors, "valueFieldIds": values.map(\.fieldId)], displayStyle: .struct)
    }
}

extension PaymentForm: CustomReflectable {
    /// Redacted for `dump` and debuggers: the fields without their values.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "productId": productId, "kind": kind, "productLabel": productLabel, "logo": logo as Any,
            "accountOnFile": accountOnFile?.id as Any, "fields": fields,
        ], displayStyle: .struct)
    }
}

extension FormField: CustomReflectable {
    /// Redacted for `dump` and debuggers: everything but the prefilled value.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "id": id, "type": type, "inputType": inputType, "label": label, "placeholder": placeholder as Any,
            "tooltip": tooltip as Any, "tooltipImage": tooltipImage as Any, "mask": mask as Any, "maxLength": maxLength as Any,
            "obfuscate": obfuscate, "required": required, "readOnly": readOnly, "prefilled": value != nil,
            "mustWriteReason": mustWriteReason as Any, "link": link as Any, "linkText": linkText as Any, "options": options,
        ], displayStyle: .struct)
    }
}
