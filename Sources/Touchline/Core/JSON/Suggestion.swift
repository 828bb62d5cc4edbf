import Foundation

/// The nearest of a few allowed words to what a user typed, for "did you mean" in errors and warnings.
enum Suggestion {
    /// The allowed word closest to `text`: equal but for case and surrounding spaces, or a prefix of it (at least
    /// three characters, `every` for `everyMinutes`), or within an edit distance of a third of its length (at
    /// least 2). Nil when none is that close, or when two are equally close.
    static func nearest(_ text: String, among allowed: [String]) -> String? {
        let typed = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !typed.isEmpty else { return nil }
        if let same = allowed.first(where: { $0.lowercased() == typed }) { return same }
        let prefixed = allowed.filter { typed.count >= 3 && $0.lowercased().hasPrefix(typed) }
        if prefixed.count == 1 { return prefixed[0] }
        let scored = allowed.map { ($0, distance(typed, $0.lowercased())) }.sorted { $0.1 < $1.1 }
        guard let best = scored.first, best.1 <= max(2, typed.count / 3) else { return nil }
        return scored.count > 1 && scored[1].1 == best.1 ? nil : best.0
    }

    /// Levenshtein distance (insertions, deletions and substitutions of one character each).
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        guard !x.isEmpty else { return y.count }
        guard !y.isEmpty else { return x.count }
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[y.count]
    }
}

/// A string enum of the input whose decoding error lists the allowed values (and the nearest one), where Swift's
/// own says only "Cannot initialize X from invalid String value y".
protocol InputChoice: RawRepresentable, CaseIterable, Decodable where RawValue == String {}

extension InputChoice {
    /// Decodes the value, or fails naming every allowed value and the nearest one to what was given.
    static func decodeChoice(from decoder: any Decoder) throws -> Self {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        if let value = Self(rawValue: text) { return value }
        let allowed = allCases.map(\.rawValue)
        var message = "expected one of " + allowed.map { "\"\($0)\"" }.joined(separator: ", ") + ", got \"\(text)\""
        if let near = Suggestion.nearest(text, among: allowed) { message += " (did you mean \"\(near)\"?)" }
        throw DecodingError.dataCorruptedError(in: container, debugDescription: message)
    }
}
