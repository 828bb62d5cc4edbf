import Foundation
import Testing

@testable import Touchline

/// The JSON reader in front of every kind: RFC 8259 as written, errors with line and column, defined answers for
/// the corner cases, and every number range of every schema.
@Suite struct JSONDocumentTests {
    func parse(_ text: String) -> Result<JSONValue, JSONSyntaxError> { JSONDocument.parse(Data(text.utf8)) }

    func error(_ text: String) -> JSONSyntaxError? {
        if case let .failure(error) = parse(text) { return error }
        return nil
    }

    @Test func syntaxErrorsCarryLineAndColumn() throws {
        let found = try #require(error("{\"a\": 1,\n  \"b\": [1, 2,, 3]}"))
        #expect(found.line == 2)
        #expect(found.column == 14)
        #expect(found.issue.message.contains("line 2, column 14"))
        #expect(found.issue.path == "")
        // Columns count characters, not bytes.
        let accented = try #require(error("{\"é\": tru}"))
        #expect(accented.line == 1)
        #expect(accented.column == 7)
        #expect(error("{\"a\": 1} x")?.message.contains("after the end of the document") == true)
        #expect(error("")?.message.contains("empty") == true)
        #expect(error("{\"a\": 01}") != nil)
        #expect(error("{\"a\": 1.}") != nil)
        #expect(error("{\"a\": +1}") != nil)
        #expect(error("{\"a\": \"tab\there\"}") != nil)
        #expect(error("{'a': 1}") != nil)
        #expect(error("{\"a\": NaN}") != nil)
    }

    @Test func everyRFC8259NumberIsRead() throws {
        let value = try parse(#"{"a": 0.5, "b": 1e308, "c": 1e-400, "d": 9223372036854775808, "e": -0, "f": 1E+2, "g": 10.0, "h": 1e400}"#).get()
        func number(_ key: String) -> JSONNumber? {
            if case let .number(n)? = value[key] { return n }
            return nil
        }
        #expect(number("a")?.value == 0.5)
        #expect(number("a")?.integer == nil)
        #expect(number("b")?.value == 1e308)
        #expect(number("c")?.value == 0)
        #expect(number("c")?.text == "1e-400")
        #expect(number("d")?.integer == nil)
        #expect(number("e")?.integer == 0)
        #expect(number("f")?.integer == 100)
        #expect(number("g")?.integer == 10)
        #expect(number("h")?.value == .infinity)
        // Written back, every one reads with Foundation's decoder.
        let normalized = JSONDocument.normalized(value)
        #expect((try? JSONSerialization.jsonObject(with: normalized)) != nil)
    }

    @Test func cornerCasesHaveDefinedAnswers() throws {
        // A UTF-8 byte order mark is ignored.
        let bom = Data([0xEF, 0xBB, 0xBF]) + Data("{\"a\": 1}".utf8)
        #expect((try? JSONDocument.parse(bom).get()) != nil)
        // UTF-16 is named.
        let utf16 = Data([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00])
        guard case let .failure(sixteen) = JSONDocument.parse(utf16) else { Issue.record("UTF-16 accepted"); return }
        #expect(sixteen.message.contains("UTF-16"))
        // Invalid UTF-8, with its position.
        let broken = Data("{\"a\": \"x".utf8) + Data([0xC3, 0x28]) + Data("\"}".utf8)
        guard case let .failure(invalid) = JSONDocument.parse(broken) else { Issue.record("invalid UTF-8 accepted"); return }
        #expect(invalid.message.contains("UTF-8"))
        #expect(invalid.column == 9)
        // Overlong encodings and surrogates encoded in UTF-8 are invalid too.
        #expect((try? JSONDocument.parse(Data("{\"a\": \"".utf8) + Data([0xC0, 0xAF]) + Data("\"}".utf8)).get()) == nil)
        #expect((try? JSONDocument.parse(Data("{\"a\": \"".utf8) + Data([0xED, 0xA0, 0x80]) + Data("\"}".utf8)).get()) == nil)
        // A duplicate key names its path.
        let duplicate = try #require(error(#"{"teams": [{"id": "a", "id": "b"}]}"#))
        #expect(duplicate.issue.path == "teams[0].id")
        #expect(duplicate.issue.message.contains("duplicate key"))
        // The top level must be an object.
        let array = try #require(error("[1, 2]"))
        #expect(array.issue.message.contains("an array; expected a JSON object"))
        // An unpaired surrogate escape is refused; a pair is read.
        #expect(error(#"{"a": "\ud800"}"#) != nil)
        let pair = try parse(#"{"a": "\ud83d\ude00"}"#).get()
        if case let .string(text)? = pair["a"] { #expect(text == "😀") } else { Issue.record("pair not read") }
        // Deep nesting is an error, not a stack overflow.
        let deep = "{\"a\": " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        #expect(error(deep)?.message.contains("deep") == true)
    }

    @Test func everyNumberOfEverySchemaHasARange() {
        for kind in ProblemKinds.all {
            #expect(SchemaRanges.unbounded(kind.schema).isEmpty, "\(kind.name): \(SchemaRanges.unbounded(kind.schema))")
        }
    }

    @Test func outOfRangeNumbersNameTheirPathAndTheRestIsStillChecked() throws {
        let text = #"""
            {"problem": "standings", "points": {"win": 9223372036854775807, "draw": 1, "loss": 0},
             "teams": [{"id": "a"}, {"id": "a"}],
             "results": [{"home": "a", "away": "a", "homeGoals": 0.5, "awayGoals": 1e-400}],
             "adjustments": [{"team": "a", "points": 1e400}]}
            """#
        guard case let .failure(error) = StandingsKind.decodeValidInstance(Data(text.utf8)) else {
            Issue.record("accepted")
            return
        }
        let messages = Dictionary(error.issues.map { ($0.path, $0.message) }, uniquingKeysWith: { a, _ in a })
        #expect(messages["points.win"]?.contains("got 9223372036854775807") == true)
        #expect(messages["results[0].homeGoals"]?.contains("expected a whole number") == true)
        #expect(messages["adjustments[0].points"] != nil)
        // The duplicate team is found as well, from the clamped copy.
        #expect(messages["teams[1].id"] != nil)
    }

    @Test func printableEscapesEveryLineBreakAndControl() {
        #expect("South\nvenue[9]: forged".printable == "South\\nvenue[9]: forged")
        #expect("a\u{7F}b\u{85}c\u{2028}d\te".printable == "a\\u{7F}b\\u{85}c\\u{2028}d\\te")
        #expect("plain é 😀".printable == "plain é 😀")
        let issue = InputIssue(path: "groups.South\r\nX", message: "bad\u{1B}[2J")
        #expect(!issue.description.contains("\n") && !issue.description.contains("\r") && !issue.description.contains("\u{1B}"))
    }
}
