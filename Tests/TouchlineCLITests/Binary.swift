import Foundation
import Testing
import TouchlineTesting

/// Runs the built `touchline` binary, as a user would.
enum Binary {
    /// The package root (for `instances/`).
    static let root: URL = Repository.root

    /// The `touchline` executable built next to this test bundle.
    static let url: URL? = {
        if let override = ProcessInfo.processInfo.environment["TOUCHLINE_BINARY"] { return URL(fileURLWithPath: override) }
        var candidates: [URL] = []
        let arguments0 = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = arguments0.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(directory.appendingPathComponent("touchline"))
            directory = directory.deletingLastPathComponent()
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("touchline"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any]
        }
    }

    static func run(_ arguments: [String], stdin: String? = nil) throws -> Run {
        try run(arguments, bytes: stdin.map { Data($0.utf8) })
    }

    /// Runs `touchline` through `/bin/sh -c`, with the binary as `$0` (for redirections: `"$0" solve x >&-`).
    static func shell(_ script: String) throws -> Run {
        try launch(URL(fileURLWithPath: "/bin/sh"), ["-c", script, try executable().path], stdin: Data())
    }

    static func run(_ arguments: [String], bytes stdin: Data?) throws -> Run {
        try launch(try executable(), arguments, stdin: stdin ?? Data())
    }

    /// The binary, or a recorded issue when it was not built.
    static func executable() throws -> URL {
        guard let executable = Binary.url else {
            Issue.record("the touchline binary was not built next to the tests")
            throw CancellationError()
        }
        return executable
    }

    /// Runs a program in the package root with `stdin` on its standard input (then end of file).
    static func launch(_ executable: URL, _ arguments: [String], stdin: Data) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = root
        let output = Pipe(), errors = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(stdin)
        try input.fileHandleForWriting.close()
        // Read both pipes before waiting, so a large output cannot block the child.
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Writes text to a temporary file and returns its path.
    static func temporaryFile(_ text: String, name: String = "input.json") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("touchline-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }
}

extension Binary {
    /// The first of `names` found on the PATH.
    /// True under CI (`CI=true`), where a test that needs a tool runs and fails without it, never skips.
    static var onCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    static func which(_ names: String...) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in names {
            for folder in path.split(separator: ":") {
                let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            }
        }
        return nil
    }
}
