import Foundation
import Testing
import TouchlineTesting

@testable import Touchline

/// The decoder that reads the model straight from the parsed document answers as Foundation's `JSONDecoder`
/// does on the same bytes: the same values, and for a value of the wrong type the same error at the same path
/// (and so the same message for the user).
@Suite struct JSONValueDecoderTests {
    /// Both decoders on one document: the instances re-encoded with sorted keys, or the issue each error makes.
    static func both<Kind: ProblemKind>(_ document: JSONValue, as kind: Kind.Type) -> (ours: String, foundation: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        func render(_ decode: () throws -> Kind.Instance) -> String {
            do {
                return String(decoding: try encoder.encode(try decode()), as: UTF8.self)
            } catch {
                return "error: \(JSONPath.issue(from: error))"
            }
        }
        let ours = render { try JSONValueDecoder().decode(Kind.Instance.self, from: document) }
        let foundation = render { try JSONDecoder().decode(Kind.Instance.self, from: JSONDocument.normalized(document)) }
        return (ours, foundation)
    }

    static func compare(_ document: JSONValue, _ kind: any ProblemKind.Type) -> (ours: String, foundation: String) {
        func open<Kind: ProblemKind>(_ kind: Kind.Type) -> (ours: String, foundation: String) { both(document, as: kind) }
        return open(kind)
    }

    /// Every shipped instance decodes to the same value.
    @Test func shippedInstancesDecodeAlike() throws {
        let folder = Repository.url("instances")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" && $0.lastPathComponent != "expected.json" }
        var compared = 0
        for file in files {
            let data = try Data(contentsOf: file)
            guard let kind = JSONFrontEnd.kind(of: data) else { continue }
            let document = try JSONDocument.parse(data).get()
            let (ours, foundation) = Self.compare(document, kind)
            #expect(ours == foundation, "\(file.lastPathComponent): the decoders disagree")
            #expect(!ours.hasPrefix("error"), "\(file.lastPathComponent): \(ours.prefix(200))")
            compared += 1
        }
        #expect(compared >= 40)
    }

    /// Values of the wrong type, missing and null fields, numbers that do not fit: the same error at the same
    /// path. The documents go to the decoders directly, without the schema's checks before them.
    @Test(arguments: [
        #"{"problem":"lineup","match":{"periods":2,"periodMinutes":"25"},"formation":{"GK":1},"players":[{"id":"a","positions":["GK"]}]}"#,
        #"{"problem":"lineup","match":{"periods":2,"periodMinutes":25},"formation":{"GK":1},"players":[{"id":"a","positions":"GK"}]}"#,
        #"{"problem":"lineup","match":{"periods":2,"periodMinutes":25},"formation":{"GK":1},"players":[{"id":"a"}]}"#,
        #"{"problem":"lineup","match":{"periods":2,"periodMinutes":25},"formation":{"GK":1},"players":[{"id":null,"positions":["GK"]}]}"#,
        #"{"problem":"lineup","match":{"periods":2,"periodMinutes":25},"formation":{"GK":"one"},"players":[{"id":"a","positions":["GK"]}]}"#,
        #"{"problem":"lineup","match":{"periods":2,"periodMinutes":25},"formation":{"GK":1},"players":[{"id":"a","positions":["GK"],"status":"hurt"}]}"#,
        #"{"problem":"lineup","match":{"periods":2,"periodMinutes":25},"formation":{"GK":1},"players":{"id":"a"}}"#,
        #"{"problem":"lineup","match":{"periods":2,"periodMinutes":25},"formation":{"GK":1},"players":[{"id":"a","positions":["GK"]}],"rules":{"minShare":"half"}}"#,
        #"{"problem":"standings","teams":[{"id":"a"},{"id":"b"}],"results":[{"home":"a","away":"b","homeGoals":1,"awayGoals":true}]}"#,
        #"{"problem":"standings","teams":[{"id":"a"},{"id":"b"}],"results":[{"home":"a","away":"b","homeGoals":1}],"points":{"win":2}}"#,
        #"{"problem":"pitches","pitches":[{"id":"p","sizes":["A"]}],"matches":[{"id":"m","start":"2026-02-30T10:00","durationMinutes":60,"size":"A"}]}"#
    ])
    func errorsAreFoundationsErrors(_ text: String) throws {
        let data = Data(text.utf8)
        let kind = try #require(JSONFrontEnd.kind(of: data))
        let document = try JSONDocument.parse(data).get()
        let (ours, foundation) = Self.compare(document, kind)
        #expect(ours == foundation)
    }

    /// A number that does not fit its field (`2.5` or `1e30` for a whole number): Foundation's decoder answers
    /// "not valid JSON" with no path; this one names the field. (The range check names both before any decoder
    /// sees them; this is the decoder's own answer.)
    @Test(arguments: [
        (
            #"{"problem":"lineup","match":{"periods":2.5,"periodMinutes":25},"formation":{"GK":1},"players":[{"id":"a","positions":["GK"]}]}"#,
            "match.periods", "2.5"
        ),
        (
            #"{"problem":"officials","venues":[{"id":"v"}],"matches":[{"id":"m","start":"2026-01-10T10:00","durationMinutes":60,"venue":"v"}],"officials":[{"id":"o","level":1e30}]}"#,
            "officials[0].level", "1e+30"
        )
    ])
    func numbersThatDoNotFitNameTheirField(_ text: String, _ path: String, _ shown: String) throws {
        let data = Data(text.utf8)
        let kind = try #require(JSONFrontEnd.kind(of: data))
        let (ours, foundation) = Self.compare(try JSONDocument.parse(data).get(), kind)
        #expect(ours == "error: \(path): Parsed JSON number <\(shown)> does not fit in Int.")
        #expect(foundation.hasPrefix("error: not valid JSON"))
    }
}
