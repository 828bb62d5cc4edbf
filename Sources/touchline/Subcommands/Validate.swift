import ArgumentParser
import Foundation
import Touchline

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check an instance without solving it; print every problem with its JSON path.")

    @Argument(help: "The instance (JSON); - for standard input.")
    var file: String

    @Flag(help: "Fields the schema does not know are errors instead of warnings (also options.strict in the instance).")
    var strict = false

    @Flag(help: "An unknown field that is a near miss of a known one (arrives for arrivesAt) is a warning, not an error (also options.lenient).")
    var lenient = false

    func run() throws {
        let data = try IO.read(file)
        let issues = JSONFrontEnd.validate(data, strict: strict, lenient: lenient)
        if issues.isEmpty || !issues.contains(where: { $0.message.hasPrefix("unknown field") }) {
            for warning in JSONFrontEnd.warnings(data) { IO.error("warning: \(warning)") }
        }
        if issues.isEmpty {
            IO.write("valid")
            return
        }
        for issue in issues { IO.write(issue.description) }
        try IO.exit(.invalidInput)
    }
}

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Re-check a result against every rule of its instance, independently of the solver.")

    @Argument(help: "The instance (JSON).")
    var instance: String

    @Argument(help: "The result printed by solve (JSON); - for standard input.")
    var result: String

    func run() throws {
        let instanceData = try IO.read(instance)
        let resultData = try IO.read(result)
        let violations: [String]
        do {
            violations = try JSONFrontEnd.verify(instance: instanceData, result: resultData)
        } catch {
            try ExitStatus.fail(error)
        }
        if violations.isEmpty {
            IO.write("ok: the result keeps every rule")
            return
        }
        for violation in violations { IO.write("violation: \(violation.printable)") }
        try IO.exit(.violations)
    }
}

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the JSON Schema of a kind's instance.")

    @Argument(help: "The problem kind: \(ProblemKinds.names.joined(separator: ", ")).")
    var kind: String

    func run() throws {
        guard let schema = JSONFrontEnd.schema(kind) else {
            IO.error("unknown problem kind \"\(kind)\"; expected one of \(ProblemKinds.names.joined(separator: ", "))")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        IO.write(schema)
    }
}

struct Kinds: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the problem kinds and the MILP backend.")

    func run() throws {
        for kind in ProblemKinds.all { IO.write("\(kind.name)\t\(kind.summary)") }
        IO.write("backend\t\(BuildInfo.backend)")
    }
}
