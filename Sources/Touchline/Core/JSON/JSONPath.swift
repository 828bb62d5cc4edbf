import Foundation

/// Renders coding paths and decoding errors as JSON paths a user can find in the file.
enum JSONPath {
    static func render(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(index)" {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    static func join(_ base: String, _ key: String) -> String { base.isEmpty ? key : "\(base).\(key)" }
    static func join(_ base: String, _ index: Int) -> String { "\(base)[\(index)]" }

    /// Turns a `DecodingError` into an issue naming the JSON path and what was expected.
    static func issue(from error: any Error) -> InputIssue {
        guard let error = error as? DecodingError else {
            return InputIssue(path: "", message: "not valid JSON: \(error.localizedDescription)")
        }
        switch error {
        case let .typeMismatch(type, context):
            return InputIssue(path: render(context.codingPath), message: "expected \(describe(type))")
        case let .valueNotFound(type, context):
            return InputIssue(path: render(context.codingPath), message: "expected \(describe(type)), found null")
        case let .keyNotFound(key, context):
            return InputIssue(path: join(render(context.codingPath), key.stringValue), message: "required field is missing")
        case let .dataCorrupted(context):
            let path = render(context.codingPath)
            if context.codingPath.isEmpty {
                let underlying = (context.underlyingError as NSError?)?.localizedDescription ?? context.debugDescription
                return InputIssue(path: "", message: "not valid JSON: \(underlying)")
            }
            return InputIssue(path: path, message: context.debugDescription)
        @unknown default:
            return InputIssue(path: "", message: "\(error)")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type: return "a whole number"
        case is Double.Type: return "a number"
        case is Bool.Type: return "true or false"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") { return "an object" }
            if name.hasPrefix("Optional") { return "a value" }
            return "an object (\(name))"
        }
    }
}

/// Collects input issues while validating an instance.
package struct IssueCollector: Sendable {
    package private(set) var issues: [InputIssue] = []

    package init() {}

    package mutating func add(_ path: String, _ message: String) {
        issues.append(InputIssue(path: path, message: message))
    }

    /// Adds an issue when `condition` is false.
    package mutating func require(_ condition: Bool, _ path: String, _ message: @autoclosure () -> String) {
        if !condition { add(path, message()) }
    }

    package var isEmpty: Bool { issues.isEmpty }
}
