/// Detection answers, precomputed for every prefix so that a keystroke costs one pass over the
/// typed characters and one binary search.
///
/// Why it works: the resolution rule only ever looks at the first `min(n, k)` digits of an
/// `n`-digit input for a `k`-digit range, so inputs of `n ≥ longestPrefix` digits are answered
/// by their first `longestPrefix` digits, and for each `d = min(n, longestPrefix)` the answer is
/// a step function of the `d`-digit prefix: it can change only where some range starts or ends
/// (read at `d` digits). The index keeps, per `d`, the sorted starts of the steps and the answer
/// of each step; consecutive steps with the same answer are merged.
struct DetectionIndex: Sendable {
    /// The longest range prefix of the table, in digits (0 for a table without ranges).
    let longestPrefix: Int
    /// Steps of level `d` (1-based) are `levelBounds[d - 1] ..< levelBounds[d]`.
    let levelBounds: [Int]
    /// The first prefix of each step, ascending within a level; each level starts at 0.
    let stepStarts: [UInt64]
    /// Index into `answers` of each step.
    let stepAnswers: [Int32]
    /// The distinct answers.
    let answers: [BrandDetection]

    static let empty = DetectionIndex(longestPrefix: 0, levelBounds: [0], stepStarts: [], stepAnswers: [], answers: [])

    /// The answer for an input of `digitCount` digits (≥ 1) whose first `min(digitCount,
    /// longestPrefix)` digits, read as a number, are `prefix`.
    @inline(__always)
    func answer(digitCount: Int, prefix: UInt64) -> BrandDetection {
        guard longestPrefix > 0 else { return .unknown }
        let level = min(digitCount, longestPrefix)
        // The last step whose start is ≤ prefix; every level's first step starts at 0.
        var low = levelBounds[level - 1]
        var high = levelBounds[level]
        while high - low > 1 {
            let middle = (low + high) >> 1
            if stepStarts[middle] <= prefix { low = middle } else { high = middle }
        }
        return answers[Int(stepAnswers[low])]
    }

    /// Builds the index of `brands` (already checked by ``BrandTableValidation``) and lists the
    /// overlaps the rule cannot settle.
    static func build(brands: [Brand]) -> (index: DetectionIndex, problems: [String]) {
        let longest = brands.lazy.flatMap { $0.prefixRanges }.map { $0.digitCount }.max() ?? 0
        guard longest > 0 else { return (.empty, []) }
        var rule = ResolutionRule(brands: brands, scale: longest)
        var levelBounds = [0]
        var stepStarts: [UInt64] = []
        var stepAnswers: [Int32] = []
        var answerIndex: [ResolutionRule.Answer: Int32] = [:]
        var answers: [BrandDetection] = []

        for level in 1...longest where !rule.hasEnoughProblems {
            var entries: [ResolutionRule.Entry] = []
            for (brandIndex, brand) in brands.enumerated() {
                for (rangeIndex, range) in brand.prefixRanges.enumerated() {
                    entries.append(ResolutionRule.Entry(brandIndex: brandIndex, rangeIndex: rangeIndex, range: range, level: level, scale: longest))
                }
            }
            entries.sort { ($0.start, $0.brandIndex, $0.rangeIndex) < ($1.start, $1.brandIndex, $1.rangeIndex) }
            let levelEnd = DecimalPower.of(level)
            var cuts: [UInt64] = [0]
            for entry in entries {
                cuts.append(entry.start)
                if entry.end + 1 < levelEnd { cuts.append(entry.end + 1) }
            }
            cuts.sort()

            var active: [ResolutionRule.Entry] = []
            var next = 0
            var previousCut: UInt64?
            var previousAnswer: Int32 = -1
            for cut in cuts where cut != previousCut && !rule.hasEnoughProblems {
                previousCut = cut
                active.removeAll { $0.end < cut }
                while next < entries.count, entries[next].start <= cut {
                    if entries[next].end >= cut { active.append(entries[next]) }
                    next += 1
                }
                let answer = rule.answer(active: active, level: level, at: cut)
                let index: Int32
                if let known = answerIndex[answer] {
                    index = known
                } else {
                    index = Int32(answers.count)
                    answerIndex[answer] = index
                    answers.append(BrandDetection(brands: answer.brandIndexes.map { brands[$0] }, isAmbiguous: answer.isAmbiguous))
                }
                if index != previousAnswer {
                    stepStarts.append(cut)
                    stepAnswers.append(index)
                    previousAnswer = index
                }
            }
            levelBounds.append(stepStarts.count)
        }
        let index = DetectionIndex(longestPrefix: longest, levelBounds: levelBounds, stepStarts: stepStarts,
                                   stepAnswers: stepAnswers, answers: answers)
        // A table with problems is refused; an index cut short must never be used.
        return (rule.problems.isEmpty ? index : .empty, rule.problems)
    }
}
