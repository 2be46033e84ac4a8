/// One instruction of a ``BacktrackingProgram``: the operations of ICU's regular-expression
/// engine, with its meaning (what matches, what backtracks, when the end of the input counts as
/// looked at), so the program answers what ICU answers, hit end included.
///
/// Targets are instruction indices; slots index the frame's variables (capture positions,
/// counters, loop starts), which a saved state copies; data index the run's variables
/// (saved stack depths, look-around bounds), which it does not.
enum BacktrackingInstruction: Sendable {
    case nop
    /// One literal code point.
    case character(UInt32)
    /// One ASCII letter under `(?i)` (lowercase): it, its capital, and `K`/`ſ` for `k`/`s`.
    case foldedCharacter(UInt32)
    /// Literal UTF-16 units `program.literals[start..<start + count]`.
    case string(start: Int32, count: Int32)
    /// Folded ASCII letters and other ASCII characters under `(?i)`, each read as
    /// ``foldedCharacter(_:)`` (or literally, when not a letter).
    case foldedString(start: Int32, count: Int32)
    /// One code point of `program.sets[index]`.
    case set(Int32)
    case word(negated: Bool)
    case space(negated: Bool)
    case digit(negated: Bool)
    case horizontalSpace(negated: Bool)
    case verticalSpace(negated: Bool)
    case lineBreak
    case dot
    case dotAll
    case startOfInput
    case startOfLine
    case endOfInputOrLine
    case endOfLine
    case endOfInput
    case wordBoundary(negated: Bool)
    case previousMatchEnd
    case startCapture(Int32)
    case endCapture(Int32)
    case backReference(Int32)
    /// Saves the state, to continue at `target` on backtracking.
    case save(Int32)
    case jump(Int32)
    /// Saves the state at the next instruction, then jumps (the bottom of a greedy loop).
    case jumpSave(Int32)
    /// As ``jumpSave(_:)`` when the loop moved since `slot` was stored; else leaves the loop.
    case jumpSaveIfMoved(target: Int32, slot: Int32)
    case storeInput(Int32)
    /// A counted loop's head: `loop` is its ``counterLoop(body:slot:minimum:maximum:)``.
    case counterInit(slot: Int32, loop: Int32, minimum: Int32, maximum: Int32)
    case counterLoop(body: Int32, slot: Int32, minimum: Int32, maximum: Int32)
    case lazyCounterInit(slot: Int32, loop: Int32, minimum: Int32, maximum: Int32)
    case lazyCounterLoop(body: Int32, slot: Int32, minimum: Int32, maximum: Int32)
    /// Stores the saved-state depth (atomic groups, possessive quantifiers).
    case storeStack(Int32)
    /// Drops the states saved since ``storeStack(_:)``.
    case loadStack(Int32)
    case lookStart(Int32)
    case lookEnd(Int32)
    case behindStart(Int32)
    case behindContinue(data: Int32, minimum: Int32, maximum: Int32)
    case behindEnd(Int32)
    case behindNotContinue(data: Int32, minimum: Int32, maximum: Int32, next: Int32)
    case behindNotEnd(Int32)
    /// `[set]*` in one scan; the next instruction is its ``loopBack(_:)``.
    case loopSet(Int32)
    /// `.*` in one scan; the next instruction is its ``loopBack(_:)``.
    case loopDot(all: Bool)
    /// Gives back one character of the scan above on each backtrack.
    case loopBack(Int32)
    case backtrack
    case end

    /// Whether the instruction reads one character (what ICU's length rules count).
    var readsOneCharacter: Bool {
        switch self {
        case .character, .foldedCharacter, .set, .word, .space, .digit, .horizontalSpace, .verticalSpace, .lineBreak, .dot, .dotAll:
            true
        default:
            false
        }
    }
}
