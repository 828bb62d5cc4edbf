import TouchlineMILP

// The pattern model's modes beyond balanced and pre-marked: which ones it takes, and what their encoders share.
// The turn-based queue's rows are in `LineupPatternModes+TurnBased.swift`, the colour groups' in
// `LineupPatternModes+ColourGroups.swift`.

extension LineupPatternSpace {
    /// Why the pattern model cannot take this instance's mode (nil when it can).
    var modeLimit: String? {
        let a = analysis
        switch a.instance.mode {
        case .balanced, .preMarked:
            return nil
        case .turnBased:
            if let keeper = a.keeper, !keeperColumns,
                a.instance.players.indices.contains(where: { a.outfield[$0] && a.eligible[$0].contains(keeper) })
            {
                return "turn-based with a keeper who may change inside a period and also plays outfield"
            }
            return nil
        case .colourGroups:
            return nil
        }
    }
}

extension LineupPatternModel {
    /// Values the encoder derives from the columns it has set: an "emptied" binary is 1 when every listed
    /// expression is 0; a count column takes the expression's value.
    enum Derived {
        case emptied([LinearExpression])
        case count(LinearExpression)
        /// 1 when some expression is 1.
        case any([LinearExpression])
        /// 1 when every expression takes its value.
        case matches([(LinearExpression, Double)])
    }
}
