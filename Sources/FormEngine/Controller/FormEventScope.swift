/// The fields a ``PaymentFormController`` event may change: only they are worked out again
/// (synced into the request, validated, given their state and message) and compared for the
/// update, so an event on one field costs the same in a form of 4 fields or 400.
enum FormEventScope: Sendable, Equatable {
    /// These fields, by display-order index, ascending and each once: a field event's own field
    /// and the fields whose rules read its value (see ``FormFieldIndex/affected(by:)``), both
    /// fields of a focus change, or none (a brand choice changes no field).
    case fields([Int])
    /// One field: what most events touch, named without an array to allocate.
    case field(Int)
    /// Every field: the form itself changed (a new item or account on file, a submit).
    case form
}
