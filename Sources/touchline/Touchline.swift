import ArgumentParser
import Foundation
import Touchline
import TouchlineMILP

@main
struct TouchlineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchline",
        abstract: "Plans sports-club match days with integer programming: JSON in, JSON out.",
        discussion: """
            Problem kinds: \(ProblemKinds.all.map { "\($0.name) (\($0.summary))" }.joined(separator: "; ")).
            MILP backend: \(BuildInfo.backend).

            Exit codes: 0 a plan was printed (or validate/verify/export succeeded); 1 verify found violations; \
            2 infeasible (the result says why); 64 bad usage; 65 invalid input (every error with its JSON path); \
            66 an input file cannot be read; 69 the method is not in this build; 70 internal error; \
            73 an output file cannot be written.
            """,
        subcommands: [Solve.self, Validate.self, Verify.self, Export.self, Schema.self, Kinds.self, Generate.self, ReportCommand.self],
        defaultSubcommand: Solve.self
    )
}

/// Reading inputs and writing outputs with the documented exit codes.
enum IO {
    static func read(_ path: String?) throws -> Data {
        if path == nil || path == "-" {
            return FileHandle.standardInput.readDataToEndOfFile()
        }
        guard let data = FileManager.default.contents(atPath: path!) else {
            error("cannot read \(path!)")
            throw ArgumentParser.ExitCode(ExitStatus.noInput.rawValue)
        }
        return data
    }

    static func write(_ text: String) {
        guard !text.isEmpty else { return }
        // `utf8.last`: "\r\n" is one Character, so `hasSuffix("\n")` is false for CRLF text (iCalendar).
        FileHandle.standardOutput.write(Data((text.utf8.last == 10 ? text : text + "\n").utf8))
    }

    /// Writes `text` to `path`, or to standard output when `path` is nil (exit 73 when the file cannot be made).
    static func save(_ text: String, to path: String?) throws {
        guard let path else {
            write(text)
            return
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            error("cannot write \(path)")
            throw ArgumentParser.ExitCode(ExitStatus.cannotCreate.rawValue)
        }
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data("touchline: \(text)\n".utf8))
    }

    static func exit(_ status: ExitStatus) throws {
        if status != .success { throw ArgumentParser.ExitCode(status.rawValue) }
    }
}

enum BuildInfo {
    static var backend: String {
        #if GLPK
        return "GLPK \(GLPKVersion.string) (GPL-3.0-or-later)"
        #else
        return "none (greedy-only build)"
        #endif
    }
}
