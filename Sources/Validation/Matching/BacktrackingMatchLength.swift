/// ICU's bounds on how many UTF-16 units a stretch of compiled instructions can match, by ICU's
/// own rules (not the exact bounds): look-behind tries its body from the positions these bounds
/// allow, and a loop whose body's lower bound is 0 is checked for progress. Reading the same
/// instruction shapes with the same rules gives the same numbers, hence the same positions tried
/// and the same "hit end" reports.
struct BacktrackingMatchLength {
    let instructions: [BacktrackingInstruction]
    let literals: [UInt16]

    /// No upper bound (or none known).
    static let unbounded = Int32.max

    private static func adding(_ value: Int32, _ delta: Int32) -> Int32 {
        Int32.max - value > delta ? value + delta : Int32.max
    }

    /// The lower bound for `instructions[start...end]` (``unbounded`` when nothing can match).
    func minimum(from start: Int, through end: Int) -> Int32 {
        guard start <= end else { return 0 }
        // What forward branches carry to each position, `end + 1` included.
        var forwarded = [Int32](repeating: Int32.max, count: end - start + 2)
        func carry(_ length: Int32, to target: Int) {
            guard target >= start, target <= end + 1 else { return }
            forwarded[target - start] = min(forwarded[target - start], length)
        }
        var current: Int32 = 0
        var location = start
        while location <= end {
            current = min(current, forwarded[location - start])
            let instruction = instructions[location]
            if instruction.readsOneCharacter {
                current = Self.adding(current, 1)
            } else {
                switch instruction {
                case .string(_, let count):
                    current = Self.adding(current, count)
                case .foldedString:
                    current = Self.adding(current, 1)
                case .jump(let target):
                    if Int(target) < location {
                        current = forwarded[location + 1 - start]
                    } else {
                        carry(current, to: Int(target))
                    }
                case .backtrack:
                    current = forwarded[location + 1 - start]
                case .save(let target):
                    if Int(target) > location { carry(current, to: Int(target)) }
                case .counterInit(_, let loop, let minimum, _), .lazyCounterInit(_, let loop, let minimum, _):
                    if minimum == 0 { location = Int(loop) }
                case .lookStart, .behindStart:
                    // The look-around's body is skipped: it may match nothing.
                    var depth = 0
                    if case .lookStart = instruction { depth = 2 } else { depth = 1 }
                    while location < end {
                        location += 1
                        switch instructions[location] {
                        case .lookStart: depth += 2
                        case .behindStart: depth += 1
                        case .lookEnd, .behindNotEnd: depth -= 1
                        case .save(let target) where Int(target) > location: carry(current, to: Int(target))
                        default: break
                        }
                        if depth == 0 { break }
                    }
                default:
                    break
                }
            }
            location += 1
        }
        return min(current, forwarded[end + 1 - start])
    }

    /// The upper bound for `instructions[start...end]` (``unbounded`` when there is none).
    func maximum(from start: Int, through end: Int) -> Int32 {
        guard start <= end else { return 0 }
        var forwarded = [Int32](repeating: 0, count: end - start + 1)
        func carry(_ length: Int32, to target: Int) {
            guard target >= start, target <= end else { return }
            forwarded[target - start] = max(forwarded[target - start], length)
        }
        var current: Int32 = 0
        var location = start
        while location <= end {
            current = max(current, forwarded[location - start])
            switch instructions[location] {
            case .backReference, .loopSet, .loopDot, .loopBack:
                current = Self.unbounded
            case .character(let scalar):
                current = Self.adding(current, scalar > 0x10000 ? 2 : 1)
            case .foldedCharacter, .set, .word, .space, .digit, .horizontalSpace, .verticalSpace, .lineBreak, .dot, .dotAll:
                current = Self.adding(current, 2)
            case .string(_, let count), .foldedString(_, let count):
                current = Self.adding(current, count)
            case .jump(let target), .jumpSave(let target), .jumpSaveIfMoved(let target, _):
                if Int(target) < location {
                    current = Self.unbounded
                } else {
                    carry(current, to: Int(target))
                    current = 0
                }
            case .backtrack:
                current = location + 1 <= end ? forwarded[location + 1 - start] : 0
            case .save(let target):
                if Int(target) > location {
                    carry(current, to: Int(target))
                } else {
                    current = Self.unbounded
                }
            case .counterInit(_, let loop, _, let maximum), .lazyCounterInit(_, let loop, _, let maximum):
                // (ICU skips a loop with no instructions inside; its groups always hold some, even
                // `(?:)`, so an unbounded loop of one is unbounded there too.)
                if maximum == -1 {
                    current = Self.unbounded
                } else {
                    let body = Int64(self.maximum(from: location + 1, through: Int(loop) - 1))
                    let total = Int64(current) + body * Int64(maximum)
                    current = total >= Int64(Int32.max) ? Self.unbounded : Int32(total)
                    location = Int(loop)
                }
            case .behindStart(let data):
                // A look-behind inside matches nothing here.
                while location < end {
                    location += 1
                    if case .lookEnd(data) = instructions[location] { break }
                    if case .behindNotEnd(data) = instructions[location] { break }
                }
            default:
                break
            }
            if current == Self.unbounded { break }
            location += 1
        }
        return current
    }
}
