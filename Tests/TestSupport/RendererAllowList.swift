/// The tags and attributes the form renderer writes: anything else in its HTML came from a value.
/// Shared by the renderer tests and the renderer fuzz target.
package enum RendererAllowList {
    /// Start and end tags.
    package static let tags: Set<String> = [
        "!doctype", "html", "/html", "head", "/head", "meta", "title", "/title", "style", "/style", "body", "/body",
        "h1", "/h1", "p", "/p", "form", "/form", "div", "/div", "label", "/label", "select", "/select",
        "option", "/option", "input", "button", "/button", "small", "/small", "a", "/a", "span", "/span",
    ]

    /// Attribute names (besides `data-*` and `aria-*`, which are allowed by prefix).
    package static let attributes: Set<String> = [
        "html", "lang", "charset", "name", "content", "class", "id", "for", "method", "autocomplete", "required",
        "readonly", "selected", "disabled", "value", "type", "checked", "inputmode", "placeholder",
        "spellcheck", "href", "target", "rel", "novalidate", "action", "role", "dir",
    ]

    /// The attributes of `structure` that are not allowed.
    package static func unexpectedAttributes(in structure: HTMLStructure) -> Set<String> {
        structure.attributeNames.filter { !attributes.contains($0) && !$0.hasPrefix("data-") && !$0.hasPrefix("aria-") }
    }
}
