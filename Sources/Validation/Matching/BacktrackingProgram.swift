/// A pattern compiled for ``BacktrackingMachine``: the instructions ICU's compiler would emit for
/// the pattern anchored to whole values, `\A(?:(?:pattern)\z|(?!))` (what the native fallback
/// runs), with the sets and literal text they refer to.
struct BacktrackingProgram: Sendable {
    let instructions: [BacktrackingInstruction]
    let sets: [BacktrackingSet]
    /// The literal strings' UTF-16 units.
    let literals: [UInt16]
    /// Variables per frame (copied by each saved state).
    let frameSize: Int
    /// Variables of the run (look-around bounds, saved depths).
    let dataSize: Int

    /// More frame variables than this (three per capturing group, one or two per loop) are refused.
    static let maximumFrameSize = 1_024

    /// Compiles `tree` anchored to whole values.
    init(_ tree: BacktrackingSyntax.Tree) throws(BacktrackingSyntax.Refusal) {
        typealias Node = BacktrackingSyntax.Node
        let anchored = Node.sequence([
            .startOfInput,
            .group(.alternation([
                .sequence([.group(tree.node, .plain), .endOfInput]),
                .group(.sequence([]), .negativeLookahead),
            ]), .plain),
        ])
        var compiler = BacktrackingCompiler(groupCount: tree.groupCount)
        try compiler.emit(anchored)
        compiler.instructions.append(.end)
        guard compiler.frameSize <= Self.maximumFrameSize else {
            throw BacktrackingSyntax.Refusal("more than \(Self.maximumFrameSize) capture and loop variables", at: 0)
        }
        instructions = compiler.instructions
        sets = compiler.sets
        literals = compiler.literals
        frameSize = compiler.frameSize
        dataSize = compiler.dataSize
    }
}
