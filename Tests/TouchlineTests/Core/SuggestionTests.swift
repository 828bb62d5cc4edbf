import Testing

@testable import Touchline

/// "Did you mean": case and spaces, a prefix, a few typos; nothing when far or when two are as near.
@Suite struct SuggestionTests {
    @Test func nearestAllowedWord() {
        let modes = ["balanced", "turnBased", "preMarked", "colourGroups"]
        #expect(Suggestion.nearest("balance", among: modes) == "balanced")
        #expect(Suggestion.nearest(" TurnBased ", among: modes) == "turnBased")
        #expect(Suggestion.nearest("colorGroups", among: modes) == "colourGroups")
        #expect(Suggestion.nearest("rotation", among: modes) == nil)
        #expect(Suggestion.nearest("every", among: ["atMinutes", "everyMinutes"]) == "everyMinutes")
        #expect(Suggestion.nearest("preffered", among: ["preferred", "pitch", "teams"]) == "preferred")
        #expect(Suggestion.nearest("ab", among: ["ax", "ay"]) == nil)
        #expect(Suggestion.nearest("", among: modes) == nil)
    }

    @Test func editDistance() {
        #expect(Suggestion.distance("kitten", "sitting") == 3)
        #expect(Suggestion.distance("", "abc") == 3)
        #expect(Suggestion.distance("same", "same") == 0)
    }
}
