/// Runs a ``BacktrackingProgram`` over a value's UTF-16 units, as ICU's engine runs its compiled
/// pattern: one instruction at a time, saving whole frames (position, captures, counters) to
/// backtrack to, and noting when it looked at the end of the input (its "hit end": a longer
/// value could change the outcome).
///
/// Frames are kept as ICU keeps them: the current one on top of the saved ones, so saving copies
/// the frame and backtracking just drops it. Every instruction, every character a scan or a
/// comparison reads and every eight variables a saved frame copies count one step; a run stops
/// when it has taken the steps it was allowed, or when its frames would pass
/// ``maximumStackWords``, and then reports that it did not finish. The time of a run is
/// therefore bounded by its allowance, whatever the pattern.
struct BacktrackingMachine {
    /// Frames may hold this many variables (16 MiB); a run that needs more stops unfinished.
    static let maximumStackWords = 4 << 20

    private let sets: [BacktrackingSet]
    private let literals: [UInt16]
    private let length: Int
    /// Words per frame: resume target, position, then the pattern's frame variables.
    private let frameWords: Int
    private let saveCost: Int
    private let allowance: Int

    private var pc = 0
    private var position = 0
    /// The frames, the current one on top at `top`.
    private var stack: UnsafeMutablePointer<Int32>
    private var capacity: Int
    private var top = 0
    private var savedCount = 0
    private var data: [Int]
    private var hitEnd = false
    private var steps = 0
    private var activeLimit: Int
    private var stopped = false

    /// Runs `program` over `input` within `allowance` steps.
    static func run(_ program: BacktrackingProgram, input: [UInt16], allowance: Int) -> BacktrackingRun {
        guard input.count < Int(Int32.max) / 2 else { return BacktrackingRun(matched: false, hitEnd: false, steps: 0, finished: false) }
        var machine = BacktrackingMachine(program, length: input.count, allowance: allowance)
        defer { machine.stack.deallocate() }
        let matched = program.instructions.withUnsafeBufferPointer { code in
            input.withUnsafeBufferPointer { text in machine.execute(code, text) }
        }
        return BacktrackingRun(matched: matched && !machine.stopped, hitEnd: machine.hitEnd, steps: min(machine.steps, allowance),
                               finished: !machine.stopped)
    }

    private init(_ program: BacktrackingProgram, length: Int, allowance: Int) {
        sets = program.sets
        literals = program.literals
        self.length = length
        frameWords = program.frameSize + 2
        saveCost = 1 + program.frameSize >> 3
        self.allowance = allowance
        capacity = max(64, 8 * frameWords)
        stack = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        stack.initialize(repeating: -1, count: frameWords)
        data = [Int](repeating: 0, count: program.dataSize)
        activeLimit = length
    }

    // MARK: - Frames

    /// The current frame's variable `slot`.
    @inline(__always)
    private func variable(_ slot: Int32) -> Int32 { stack[top + 2 + Int(slot)] }

    @inline(__always)
    private func setVariable(_ slot: Int32, _ value: Int32) { stack[top + 2 + Int(slot)] = value }

    /// Saves the state, to resume at `target`; `false` once the run must stop.
    @inline(__always)
    private mutating func save(_ target: Int) -> Bool {
        steps += saveCost
        let next = top + frameWords
        if next + frameWords > capacity {
            guard next + frameWords <= Self.maximumStackWords else {
                stopped = true
                return false
            }
            let larger = min(max(2 * capacity, next + frameWords), Self.maximumStackWords)
            let moved = UnsafeMutablePointer<Int32>.allocate(capacity: larger)
            moved.initialize(from: stack, count: top + frameWords)
            stack.deallocate()
            stack = moved
            capacity = larger
        }
        stack[top] = Int32(target)
        stack[top + 1] = Int32(position)
        (stack + next + 2).initialize(from: stack + top + 2, count: frameWords - 2)
        top = next
        savedCount += 1
        return true
    }

    /// Resumes the last saved state; `false` when there is none (no match).
    @inline(__always)
    private mutating func restore() -> Bool {
        guard savedCount > 0 else { return false }
        top -= frameWords
        savedCount -= 1
        pc = Int(stack[top])
        position = Int(stack[top + 1])
        return true
    }

    /// Drops the states saved after the first `count`, keeping the current frame.
    private mutating func cut(to count: Int) {
        guard count < savedCount else { return }
        let base = count * frameWords
        (stack + base + 2).update(from: stack + top + 2, count: frameWords - 2)
        top = base
        savedCount = count
    }

    // MARK: - Reading the input

    @inline(__always)
    private static func isLineTerminator(_ value: UInt32) -> Bool {
        value <= 0x0D ? value >= 0x0A : value == 0x85 || value == 0x2028 || value == 0x2029
    }

    /// The code point at `index` (before `limit`) and the index after it.
    @inline(__always)
    private static func scalar(_ text: UnsafeBufferPointer<UInt16>, at index: Int, limit: Int) -> (UInt32, Int) {
        let unit = text[index]
        if unit & 0xFC00 == 0xD800, index + 1 < limit, text[index + 1] & 0xFC00 == 0xDC00 {
            return (0x10000 + (UInt32(unit & 0x3FF) << 10 | UInt32(text[index + 1] & 0x3FF)), index + 2)
        }
        return (UInt32(unit), index + 1)
    }

    /// The code point before `index` and the index it starts at.
    @inline(__always)
    private static func scalar(_ text: UnsafeBufferPointer<UInt16>, before index: Int) -> (UInt32, Int) {
        let unit = text[index - 1]
        if unit & 0xFC00 == 0xDC00, index >= 2, text[index - 2] & 0xFC00 == 0xD800 {
            return (0x10000 + (UInt32(text[index - 2] & 0x3FF) << 10 | UInt32(unit & 0x3FF)), index - 2)
        }
        return (UInt32(unit), index - 1)
    }

    @inline(__always)
    private static func foldedEqual(_ value: UInt32, _ folded: UInt32) -> Bool {
        guard folded >= 0x61, folded <= 0x7A else { return value == folded }
        return value == folded || value == folded - 0x20 || (folded == 0x6B && value == 0x212A) || (folded == 0x73 && value == 0x17F)
    }

    private static let decimalNumber = GeneralCategories.named("Nd") ?? []
    private static let spaceSeparator = GeneralCategories.named("Zs") ?? []

    /// Whether `value` passes the test of a one-character instruction (`nil` for the others).
    @inline(__always)
    private func accepts(_ instruction: BacktrackingInstruction, _ value: UInt32) -> Bool {
        switch instruction {
        case .set(let index): sets[Int(index)].contains(value)
        case .word(let negated): BacktrackingSet.word.contains(value) != negated
        case .space(let negated): BacktrackingSet.space.contains(value) != negated
        case .digit(let negated): GeneralCategories.of(value: value).intersects(Self.decimalNumber) != negated
        case .horizontalSpace(let negated):
            (value == 0x09 || GeneralCategories.of(value: value).intersects(Self.spaceSeparator)) != negated
        case .verticalSpace(let negated): Self.isLineTerminator(value) != negated
        case .dot: !Self.isLineTerminator(value)
        default: false
        }
    }

    /// ICU's `\b` at `index`: whether a word character is on one side only, stepping over
    /// combining and format characters on the left (and never a boundary before one).
    private mutating func isWordBoundary(_ text: UnsafeBufferPointer<UInt16>, _ index: Int) -> Bool {
        var isWord = false
        if index >= length {
            hitEnd = true
        } else {
            let (value, _) = Self.scalar(text, at: index, limit: length)
            if UnicodeBinaryProperties.ignoredByWordBoundaries.contains(value) { return false }
            isWord = BacktrackingSet.word.contains(value)
        }
        var before = index
        var previousIsWord = false
        while before > 0 {
            steps += 1
            let (value, start) = Self.scalar(text, before: before)
            before = start
            if !UnicodeBinaryProperties.ignoredByWordBoundaries.contains(value) {
                previousIsWord = BacktrackingSet.word.contains(value)
                break
            }
        }
        return isWord != previousIsWord
    }

    /// Where a look-behind tries its body next, or `nil` when every start was tried.
    private mutating func behindStart(_ text: UnsafeBufferPointer<UInt16>, _ base: Int, minimum: Int32, maximum: Int32) -> Int? {
        var start = data[base + 4]
        if start < 0 {
            start = position - Int(minimum)
            if start > 0, start < length, text[start] & 0xFC00 == 0xDC00, text[start - 1] & 0xFC00 == 0xD800 { start -= 1 }
        } else if start == 0 {
            start = -1
        } else {
            start = Self.scalar(text, before: start).1
        }
        data[base + 4] = start
        return start < 0 || start < position - Int(maximum) ? nil : start
    }

    /// After a `[set]*` or `.*` scan that ends at `end`: nothing to give back when it read
    /// nothing; else a saved state at the ``BacktrackingInstruction/loopBack(_:)`` after it.
    private mutating func enterLoop(_ code: UnsafeBufferPointer<BacktrackingInstruction>, to end: Int) -> Bool {
        guard end != position, case .loopBack(let slot) = code[pc] else {
            pc += 1
            return true
        }
        setVariable(slot, Int32(position))
        position = end
        guard save(pc) else { return false }
        pc += 1
        return true
    }

    // MARK: - The loop

    /// Runs the program; whether it reached its end (a match).
    private mutating func execute(_ code: UnsafeBufferPointer<BacktrackingInstruction>, _ text: UnsafeBufferPointer<UInt16>) -> Bool {
        while true {
            steps += 1
            if steps > allowance || stopped {
                stopped = true
                return false
            }
            let instruction = code[pc]
            pc += 1
            var fails = false
            switch instruction {
            case .nop:
                break
            case .character(let expected):
                if position < activeLimit {
                    let (value, next) = Self.scalar(text, at: position, limit: activeLimit)
                    if value == expected { position = next } else { fails = true }
                } else {
                    hitEnd = true
                    fails = true
                }
            case .foldedCharacter(let expected):
                if position < activeLimit {
                    let (value, next) = Self.scalar(text, at: position, limit: activeLimit)
                    if Self.foldedEqual(value, expected) { position = next } else { fails = true }
                } else {
                    hitEnd = true
                    fails = true
                }
            case .set, .word, .space, .digit, .horizontalSpace, .verticalSpace, .dot:
                if position < activeLimit {
                    let (value, next) = Self.scalar(text, at: position, limit: activeLimit)
                    if accepts(instruction, value) { position = next } else { fails = true }
                } else {
                    hitEnd = true
                    fails = true
                }
            case .string(let start, let count):
                var index = position
                for offset in 0..<Int(count) {
                    steps += 1
                    if index >= activeLimit {
                        hitEnd = true
                        fails = true
                        break
                    }
                    if text[index] != literals[Int(start) + offset] {
                        fails = true
                        break
                    }
                    index += 1
                }
                if !fails { position = index }
            case .foldedString(let start, let count):
                var index = position
                for offset in 0..<Int(count) {
                    steps += 1
                    if index >= activeLimit {
                        hitEnd = true
                        fails = true
                        break
                    }
                    let (value, next) = Self.scalar(text, at: index, limit: activeLimit)
                    if !Self.foldedEqual(value, UInt32(literals[Int(start) + offset])) {
                        fails = true
                        break
                    }
                    index = next
                }
                if !fails { position = index }
            case .lineBreak:
                if position >= activeLimit {
                    hitEnd = true
                    fails = true
                } else {
                    let (value, next) = Self.scalar(text, at: position, limit: activeLimit)
                    if Self.isLineTerminator(value) {
                        position = next
                        if value == 0x0D, position < activeLimit, text[position] == 0x0A { position += 1 }
                    } else {
                        fails = true
                    }
                }
            case .dotAll:
                if position >= activeLimit {
                    hitEnd = true
                    fails = true
                } else {
                    let (value, next) = Self.scalar(text, at: position, limit: activeLimit)
                    position = next
                    if value == 0x0D, position < activeLimit, text[position] == 0x0A { position += 1 }
                }
            case .startOfInput, .previousMatchEnd:
                fails = position != 0
            case .startOfLine:
                if position != 0 {
                    fails = !(position < length && Self.isLineTerminator(UInt32(text[position - 1])))
                }
            case .endOfInputOrLine:
                if position >= length {
                    hitEnd = true
                } else if position == length - 1 {
                    let value = UInt32(text[position])
                    if Self.isLineTerminator(value), !(value == 0x0A && position > 0 && text[position - 1] == 0x0D) {
                        hitEnd = true
                    } else {
                        fails = true
                    }
                } else if position == length - 2, text[position] == 0x0D, text[position + 1] == 0x0A {
                    hitEnd = true
                } else {
                    fails = true
                }
            case .endOfLine:
                if position >= length {
                    hitEnd = true
                } else {
                    let value = UInt32(text[position])
                    fails = !(Self.isLineTerminator(value) && !(value == 0x0A && position > 0 && text[position - 1] == 0x0D))
                }
            case .endOfInput:
                if position < length { fails = true } else { hitEnd = true }
            case .wordBoundary(let negated):
                fails = isWordBoundary(text, position) == negated
            case .startCapture(let slot):
                setVariable(slot + 2, Int32(position))
            case .endCapture(let slot):
                setVariable(slot, variable(slot + 2))
                setVariable(slot + 1, Int32(position))
            case .backReference(let slot):
                let start = Int(variable(slot)), end = Int(variable(slot + 1))
                if start < 0 {
                    fails = true
                } else {
                    var index = position
                    for groupIndex in start..<max(start, end) {
                        steps += 1
                        if index >= activeLimit {
                            hitEnd = true
                            fails = true
                            break
                        }
                        if text[groupIndex] != text[index] {
                            fails = true
                            break
                        }
                        index += 1
                    }
                    if !fails { position = index }
                }
            case .save(let target):
                if !save(Int(target)) { return false }
            case .jump(let target):
                pc = Int(target)
            case .jumpSave(let target):
                if !save(pc) { return false }
                pc = Int(target)
            case .jumpSaveIfMoved(let target, let slot):
                if Int(variable(slot)) < position {
                    if !save(pc) { return false }
                    pc = Int(target)
                    setVariable(slot, Int32(position))
                }
            case .storeInput(let slot):
                setVariable(slot, Int32(position))
            case .counterInit(let slot, let loop, let minimum, let maximum):
                setVariable(slot, 0)
                if minimum == 0, !save(Int(loop) + 1) { return false }
                if maximum == -1 {
                    setVariable(slot + 1, Int32(position))
                } else if maximum == 0 {
                    fails = true
                }
            case .counterLoop(let body, let slot, let minimum, let maximum):
                let count = variable(slot) + 1
                setVariable(slot, count)
                if maximum != -1, count >= maximum { break }
                if count >= minimum {
                    if maximum == -1 {
                        if Int(variable(slot + 1)) == position { break }
                        setVariable(slot + 1, Int32(position))
                    }
                    if !save(pc) { return false }
                }
                pc = Int(body)
            case .lazyCounterInit(let slot, let loop, let minimum, let maximum):
                setVariable(slot, 0)
                if maximum == -1 { setVariable(slot + 1, Int32(position)) }
                if minimum == 0 {
                    if maximum != 0, !save(pc) { return false }
                    pc = Int(loop) + 1
                }
            case .lazyCounterLoop(let body, let slot, let minimum, let maximum):
                let count = variable(slot) + 1
                setVariable(slot, count)
                if maximum != -1, count >= maximum { break }
                if count < minimum {
                    pc = Int(body)
                } else {
                    if maximum == -1 {
                        if Int(variable(slot + 1)) == position { break }
                        setVariable(slot + 1, Int32(position))
                    }
                    if !save(Int(body)) { return false }
                }
            case .storeStack(let index):
                data[Int(index)] = savedCount
            case .loadStack(let index):
                cut(to: data[Int(index)])
            case .lookStart(let index):
                let base = Int(index)
                data[base] = savedCount
                data[base + 1] = position
                data[base + 3] = activeLimit
                activeLimit = length
            case .lookEnd(let index):
                let base = Int(index)
                cut(to: data[base])
                position = data[base + 1]
                activeLimit = data[base + 3]
            case .behindStart(let index):
                let base = Int(index)
                data[base] = savedCount
                data[base + 1] = position
                data[base + 3] = activeLimit
                activeLimit = position
                data[base + 4] = -1
            case .behindContinue(let index, let minimum, let maximum):
                let base = Int(index)
                if let start = behindStart(text, base, minimum: minimum, maximum: maximum) {
                    if !save(pc - 1) { return false }
                    position = start
                } else {
                    activeLimit = data[base + 3]
                    fails = true
                }
            case .behindEnd(let index):
                if position != activeLimit {
                    fails = true
                } else {
                    activeLimit = data[Int(index) + 3]
                }
            case .behindNotContinue(let index, let minimum, let maximum, let next):
                let base = Int(index)
                if let start = behindStart(text, base, minimum: minimum, maximum: maximum) {
                    if !save(pc - 1) { return false }
                    position = start
                } else {
                    activeLimit = data[base + 3]
                    pc = Int(next)
                }
            case .behindNotEnd(let index):
                if position == activeLimit {
                    activeLimit = data[Int(index) + 3]
                    cut(to: data[Int(index)])
                }
                fails = true
            case .loopSet(let index):
                let set = sets[Int(index)]
                var end = position
                while true {
                    steps += 1
                    if end >= activeLimit {
                        hitEnd = true
                        break
                    }
                    let (value, next) = Self.scalar(text, at: end, limit: activeLimit)
                    guard set.contains(value) else { break }
                    end = next
                }
                if !enterLoop(code, to: end) { return false }
            case .loopDot(let all):
                var end = position
                if all {
                    end = activeLimit
                    hitEnd = true
                } else {
                    while true {
                        steps += 1
                        if end >= activeLimit {
                            hitEnd = true
                            break
                        }
                        let (value, next) = Self.scalar(text, at: end, limit: activeLimit)
                        if Self.isLineTerminator(value) { break }
                        end = next
                    }
                }
                if !enterLoop(code, to: end) { return false }
            case .loopBack(let slot):
                let start = Int(variable(slot))
                if start == position { break }
                let (value, previous) = Self.scalar(text, before: position)
                position = previous
                if value == 0x0A, position > start, text[position - 1] == 0x0D, case .loopDot = code[pc - 2] {
                    position -= 1
                }
                if !save(pc - 1) { return false }
            case .backtrack:
                fails = true
            case .end:
                return true
            }
            if fails, !restore() { return false }
        }
    }
}
