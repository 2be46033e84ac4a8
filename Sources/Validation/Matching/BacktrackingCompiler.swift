/// Emits a ``BacktrackingProgram``'s instructions for a tree, in the shapes ICU's compiler gives
/// each construct: literal runs as one string, `[set]*` and `.*` as a scan that gives back one
/// character at a time, `x{n,m}` written out when short and `x` is one instruction, loops over
/// something that can match nothing stopped by the "did it move" checks, look-behind tried from
/// the positions its length bounds allow. The shapes matter: they decide when ICU looks at the
/// end of the input (its "hit end"), and ICU's length bounds are computed on them
/// (``BacktrackingMatchLength``).
struct BacktrackingCompiler {
    typealias Node = BacktrackingSyntax.Node
    typealias Refusal = BacktrackingSyntax.Refusal

    var instructions: [BacktrackingInstruction] = []
    var sets: [BacktrackingSet] = []
    var literals: [UInt16] = []
    var frameSize: Int
    var dataSize = 0

    /// Each capturing group's three frame variables start at `3 × (number − 1)`: its start, end
    /// and tentative start.
    init(groupCount: Int) {
        frameSize = 3 * groupCount
    }

    private var here: Int32 { Int32(instructions.count) }

    private mutating func frameVariables(_ count: Int) -> Int32 {
        frameSize += count
        return Int32(frameSize - count)
    }

    private mutating func dataVariables(_ count: Int) -> Int32 {
        dataSize += count
        return Int32(dataSize - count)
    }

    /// A slot to fill in once its target is known.
    private mutating func placeholder() -> Int {
        instructions.append(.nop)
        return instructions.count - 1
    }

    mutating func emit(_ node: Node) throws(Refusal) {
        switch node {
        case .sequence(let items):
            // Literals next to each other are one string, as ICU gathers them; a set of one
            // character is a literal too.
            var run: [UInt32] = []
            var runIsCaseless = false
            for item in items {
                let literal: (UInt32, Bool)?
                switch item {
                case .literal(let scalar, let caseless): literal = (scalar, caseless)
                case .set(let set, let caseless): literal = set.onlyMember.map { ($0, caseless) }
                default: literal = nil
                }
                if let (scalar, caseless) = literal {
                    if !run.isEmpty, caseless != runIsCaseless { try emitLiterals(run, caseless: runIsCaseless); run = [] }
                    run.append(scalar)
                    runIsCaseless = caseless
                    continue
                }
                if !run.isEmpty { try emitLiterals(run, caseless: runIsCaseless); run = [] }
                try emit(item)
            }
            if !run.isEmpty { try emitLiterals(run, caseless: runIsCaseless) }
        case .alternation(let branches):
            var exits: [Int] = []
            var pendingSave: Int?
            for (index, branch) in branches.enumerated() {
                if let save = pendingSave { instructions[save] = .save(here) }
                pendingSave = index < branches.count - 1 ? placeholder() : nil
                try emit(branch)
                if index < branches.count - 1 { exits.append(placeholder()) }
            }
            for exit in exits { instructions[exit] = .jump(here) }
        case .literal(let scalar, let caseless):
            try emitLiterals([scalar], caseless: caseless)
        case .flagChange:
            break
        case .set(let set, let caseless):
            if let only = set.onlyMember {
                try emitLiterals([only], caseless: caseless)
            } else if set.count == 0 {
                instructions.append(.backtrack)
            } else {
                sets.append(set)
                instructions.append(.set(Int32(sets.count - 1)))
            }
        case .dot(let all): instructions.append(all ? .dotAll : .dot)
        case .word(let negated): instructions.append(.word(negated: negated))
        case .space(let negated): instructions.append(.space(negated: negated))
        case .digit(let negated): instructions.append(.digit(negated: negated))
        case .horizontalSpace(let negated): instructions.append(.horizontalSpace(negated: negated))
        case .verticalSpace(let negated): instructions.append(.verticalSpace(negated: negated))
        case .lineBreak: instructions.append(.lineBreak)
        case .startOfInput: instructions.append(.startOfInput)
        case .startOfLine: instructions.append(.startOfLine)
        case .endOfInputOrLine: instructions.append(.endOfInputOrLine)
        case .endOfLine: instructions.append(.endOfLine)
        case .endOfInput: instructions.append(.endOfInput)
        case .wordBoundary(let negated): instructions.append(.wordBoundary(negated: negated))
        case .previousMatchEnd: instructions.append(.previousMatchEnd)
        case .backReference(let number): instructions.append(.backReference(Int32(3 * (number - 1))))
        case .group(let body, let kind):
            try emitGroup(body, kind)
        case .repetition(let body, let repetition):
            try emitRepetition(body, repetition)
        }
    }

    /// A literal run: one character, or a string (ICU's `ONECHAR`, `STRING`, and their
    /// case-insensitive forms, folded).
    private mutating func emitLiterals(_ scalars: [UInt32], caseless: Bool) throws(Refusal) {
        if caseless {
            let folded = scalars.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
            // Full case folding reads `ß` as `ss` (and `ﬀ`, `ﬁ`, `ﬂ`, `ﬅ`, `ﬆ` likewise), which ICU's
            // string comparison then matches: not reproduced here.
            for index in folded.indices.dropFirst() {
                let pair = (folded[index - 1], folded[index])
                if [(0x73, 0x73), (0x66, 0x66), (0x66, 0x69), (0x66, 0x6C), (0x73, 0x74)].contains(where: { $0 == pair }) {
                    throw Refusal("two letters full case folding reads as one character under (?i)", at: 0)
                }
            }
            if folded.count == 1 {
                let isLetter = (0x61...0x7A).contains(folded[0])
                instructions.append(isLetter ? .foldedCharacter(folded[0]) : .character(folded[0]))
            } else {
                let start = Int32(literals.count)
                literals += folded.map { UInt16($0) }
                instructions.append(.foldedString(start: start, count: Int32(folded.count)))
            }
            return
        }
        if scalars.count == 1 {
            instructions.append(.character(scalars[0]))
            return
        }
        let start = Int32(literals.count)
        for scalar in scalars {
            if scalar < 0x10000 {
                literals.append(UInt16(scalar))
            } else {
                literals += [UInt16(0xD800 + ((scalar - 0x10000) >> 10)), UInt16(0xDC00 + (scalar & 0x3FF))]
            }
        }
        instructions.append(.string(start: start, count: Int32(literals.count) - start))
    }

    private mutating func emitGroup(_ body: Node, _ kind: BacktrackingSyntax.Group) throws(Refusal) {
        switch kind {
        case .plain:
            // ICU's groups always hold an instruction (its reserved slots), even `(?:)`: a loop
            // over one then has a body, which its length rules see (`(?<=(?:)*a)` has no bound).
            instructions.append(.nop)
            try emit(body)
        case .capture(let number):
            let slot = Int32(3 * (number - 1))
            instructions.append(.startCapture(slot))
            try emit(body)
            instructions.append(.endCapture(slot))
        case .atomic:
            let data = dataVariables(1)
            instructions.append(.storeStack(data))
            try emit(body)
            instructions.append(.loadStack(data))
        case .lookahead:
            // On failure inside, the save leads to the second `lookEnd` and a backtrack; on
            // success, the last `lookEnd` drops the states saved inside.
            let data = dataVariables(4)
            instructions += [.lookStart(data), .save(here + 3), .jump(here + 5), .lookEnd(data), .backtrack]
            try emit(body)
            instructions.append(.lookEnd(data))
        case .negativeLookahead:
            let data = dataVariables(4)
            instructions.append(.lookStart(data))
            let save = placeholder()
            try emit(body)
            instructions += [.lookEnd(data), .backtrack]
            instructions[save] = .save(here)
            instructions.append(.lookEnd(data))
        case .lookbehind, .negativeLookbehind:
            let data = dataVariables(5)
            instructions.append(.behindStart(data))
            let head = placeholder()
            let bodyStart = instructions.count
            try emit(body)
            if kind == .lookbehind {
                instructions += [.behindEnd(data), .lookEnd(data)]
            } else {
                instructions.append(.behindNotEnd(data))
            }
            let lengths = BacktrackingMatchLength(instructions: instructions, literals: literals)
            var minimum = lengths.minimum(from: bodyStart, through: instructions.count - 1)
            let maximum = lengths.maximum(from: bodyStart, through: instructions.count - 1)
            guard maximum < 0x00FF_FFFF else { throw Refusal("a look-behind whose length has no bound", at: 0) }
            if minimum == Int32.max { minimum = 0 }
            instructions[head] = kind == .lookbehind
                ? .behindContinue(data: data, minimum: minimum, maximum: maximum)
                : .behindNotContinue(data: data, minimum: minimum, maximum: maximum, next: here)
        }
    }

    /// Whether `node` compiles to one instruction (what ICU writes out `x{n,m}` for).
    private static func isOneInstruction(_ node: Node) -> Bool {
        switch node {
        case .literal, .set, .dot, .word, .space, .digit, .horizontalSpace, .verticalSpace, .lineBreak, .backReference: true
        default: false
        }
    }

    /// `[set]` (of two or more characters) or `.`, whose `*` and `+` are one scan.
    private static func scans(_ node: Node) -> Bool {
        switch node {
        case .set(let set, _): set.count > 1
        case .dot: true
        default: false
        }
    }

    /// The scan of `[set]*` or `.*` (for `+`, after the body's own instruction).
    private mutating func emitScan(_ node: Node) {
        if case .set(let set, _) = node {
            sets.append(set)
            instructions.append(.loopSet(Int32(sets.count - 1)))
        } else if case .dot(let all) = node {
            instructions.append(.loopDot(all: all))
        }
        instructions.append(.loopBack(frameVariables(1)))
    }

    private mutating func emitRepetition(_ body: Node, _ repetition: BacktrackingSyntax.Repetition) throws(Refusal) {
        switch (repetition.form, repetition.mode) {
        case (.optional, .greedy):
            let save = placeholder()
            try emit(body)
            instructions[save] = .save(here)
        case (.optional, .lazy):
            let skip = placeholder()
            let bodyStart = here
            try emit(body)
            let exit = placeholder()
            instructions[skip] = .jump(here)
            instructions.append(.save(bodyStart))
            instructions[exit] = .jump(here)
        case (.optional, .possessive):
            let data = dataVariables(1)
            instructions.append(.storeStack(data))
            let save = placeholder()
            try emit(body)
            instructions.append(.loadStack(data))
            instructions[save] = .save(here)
        case (.star, .greedy):
            if Self.scans(body) {
                emitScan(body)
                return
            }
            let save = placeholder()
            try emitLoopBody(body)
            instructions[save] = .save(here)
        case (.star, .lazy):
            let skip = placeholder()
            let bodyStart = here
            try emit(body)
            instructions[skip] = .jump(here)
            instructions.append(.save(bodyStart))
        case (.star, .possessive):
            let data = dataVariables(1)
            instructions.append(.storeStack(data))
            let top = here
            let save = placeholder()
            try emit(body)
            instructions.append(.jump(top))
            instructions[save] = .save(here)
            instructions.append(.loadStack(data))
        case (.plus, .greedy):
            if Self.scans(body) {
                try emit(body)
                emitScan(body)
                return
            }
            try emitLoopBody(body)
        case (.plus, .lazy):
            let bodyStart = here
            try emit(body)
            instructions.append(.save(bodyStart))
        case (.plus, .possessive):
            let data = dataVariables(1)
            instructions.append(.storeStack(data))
            let bodyStart = here
            try emit(body)
            instructions += [.save(here + 2), .jump(bodyStart), .loadStack(data)]
        case (.interval(let minimum, let maximum), .greedy):
            if let maximum, maximum <= 10, maximum >= minimum, Self.isOneInstruction(body) || maximum == 1 {
                guard maximum > 0 else { return }
                var saves: [Int] = []
                if minimum == 0 { saves.append(placeholder()) }
                try emit(body)
                for count in 1..<max(maximum, 1) {
                    if count >= minimum { saves.append(placeholder()) }
                    try emit(body)
                }
                for save in saves { instructions[save] = .save(here) }
            } else {
                try emitCounted(body, minimum: minimum, maximum: maximum, lazy: false)
            }
        case (.interval(let minimum, let maximum), .lazy):
            try emitCounted(body, minimum: minimum, maximum: maximum, lazy: true)
        case (.interval(let minimum, let maximum), .possessive):
            let data = dataVariables(1)
            instructions.append(.storeStack(data))
            try emitCounted(body, minimum: minimum, maximum: maximum, lazy: false)
            instructions.append(.loadStack(data))
        }
    }

    /// The body of a greedy `*` or `+` and the jump back to it: checked for progress (ICU's
    /// `STO_INP_LOC` … `JMP_SAV_X`) when the body can match nothing.
    private mutating func emitLoopBody(_ body: Node) throws(Refusal) {
        let store = placeholder()
        let bodyStart = here
        try emit(body)
        let lengths = BacktrackingMatchLength(instructions: instructions, literals: literals)
        if lengths.minimum(from: Int(bodyStart), through: instructions.count - 1) == 0 {
            let slot = frameVariables(1)
            instructions[store] = .storeInput(slot)
            instructions.append(.jumpSaveIfMoved(target: bodyStart, slot: slot))
        } else {
            instructions.append(.jumpSave(bodyStart))
        }
    }

    /// `x{n,m}` as a counted loop (ICU's `CTR_INIT` … `CTR_LOOP`).
    private mutating func emitCounted(_ body: Node, minimum: Int, maximum: Int?, lazy: Bool) throws(Refusal) {
        let slot = frameVariables(maximum == nil ? 2 : 1)
        let head = placeholder()
        let bodyStart = here
        try emit(body)
        let loop = here
        let low = Int32(minimum), high = Int32(maximum ?? -1)
        instructions.append(lazy ? .lazyCounterLoop(body: bodyStart, slot: slot, minimum: low, maximum: high)
                                 : .counterLoop(body: bodyStart, slot: slot, minimum: low, maximum: high))
        instructions[head] = lazy ? .lazyCounterInit(slot: slot, loop: loop, minimum: low, maximum: high)
                                  : .counterInit(slot: slot, loop: loop, minimum: low, maximum: high)
    }
}
