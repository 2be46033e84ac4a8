// Mirrors that leave card data out of `dump` and debuggers, for the types of PaymentFormMasking.
// Mirror is a runtime reflection type: it is not available in Embedded Swift, so these live here,
// beside the core, for native builds.
import PaymentFormMasking

extension FormattedText: CustomReflectable {
    /// A mirror without the text itself.
    public var customMirror: Mirror {
        Mirror(self, children: ["textUTF16Length": text.utf16.count, "cursor": cursor], displayStyle: .struct)
    }
}

extension EditResult: CustomReflectable {
    /// A mirror without the text or value.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "outcome": outcome,
            "textUTF16Length": text.utf16.count,
            "cursor": cursor,
            "valueCharacterCount": value.count,
        ], displayStyle: .struct)
    }
}

extension TextEdit: CustomReflectable {
    /// A mirror without the inserted text.
    public var customMirror: Mirror {
        switch self {
        case .insert(let text):
            return Mirror(self, children: ["insertedCharacterCount": text.count], displayStyle: .enum)
        case .deleteBackward, .deleteForward:
            return Mirror(self, children: [], displayStyle: .enum)
        }
    }
}
