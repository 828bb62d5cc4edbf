import ArgumentParser
import Foundation
import Touchline
import TouchlineMILP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@main
struct TouchlineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchline",
        abstract: "Plans sports-club match days with integer programming: JSON in, JSON out.",
        discussion: """
            Problem kinds: \(ProblemKinds.all.map { "\($0.name) (\($0.summary))" }.joined(separator: "; ")).
            MILP backend: \(BuildInfo.backend).

            Exit codes: 0 a plan was printed (or validate/verify/export succeeded); 1 verify found violations; \
            2 infeasible (the result says why); 3 unknown (no plan found in time, nothing proven; the result has a \
            best-effort plan); 64 bad usage; 65 invalid input (every error with its JSON path); \
            66 an input file cannot be read; 69 the method is not in this build; 70 internal error; \
            73 an output file cannot be written; 74 standard output cannot be written (closed, full, broken pipe).
            """,
        version: "touchline \(TouchlineVersion.string), MILP backend \(BuildInfo.backend)",
        subcommands: [
            Solve.self, Validate.self, Verify.self, Export.self, Split.self, Merge.self, Schema.self, Kinds.self, Generate.self, ReportCommand.self
        ],
        defaultSubcommand: Solve.self
    )

    static func main() {
        IO.prepare()
        main(nil)
    }
}

// The C library's calls under names that IO's own read/write/exit do not shadow.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }
private func posixExit(_ code: Int32) -> Never { exit(code) }

/// Reading inputs and writing outputs with the documented exit codes. Plain POSIX reads and writes: a closed
/// stream, a full disk or a reader that went away (`| head -c1`) end the run with a message on standard error
/// and exit 74, never a trap or a silent SIGPIPE.
enum IO {
    /// Standard streams that were closed when the process started (reopened on /dev/null so that no file
    /// opened later takes their number).
    nonisolated(unsafe) static var closedAtStart: Set<Int32> = []

    /// Call first: SIGPIPE becomes an error code on write, closed standard streams are noted.
    static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        for fd in [Int32(0), 1, 2] where fcntl(fd, F_GETFD) == -1 {
            closedAtStart.insert(fd)
            let null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if null >= 0 && null != fd {
                dup2(null, fd)
                close(null)
            }
        }
    }

    static func read(_ path: String?) throws -> Data {
        if path == nil || path == "-" {
            if closedAtStart.contains(0) {
                error("cannot read standard input: it is closed")
                throw ArgumentParser.ExitCode(ExitStatus.noInput.rawValue)
            }
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { posixRead(0, $0.baseAddress, $0.count) }
                if count > 0 {
                    data.append(contentsOf: buffer[0..<count])
                } else if count == 0 {
                    return data
                } else if errno != EINTR {
                    error("cannot read standard input: \(String(cString: strerror(errno)))")
                    throw ArgumentParser.ExitCode(ExitStatus.noInput.rawValue)
                }
            }
        }
        guard let data = FileManager.default.contents(atPath: path!) else {
            // Why, and where it looked: a relative path is read from the working directory (scripts/run.sh runs
            // from the repository's root).
            let full = URL(fileURLWithPath: path!).standardizedFileURL.path
            var reason = "it cannot be opened"
            var isFolder: ObjCBool = false
            if !FileManager.default.fileExists(atPath: path!, isDirectory: &isFolder) {
                reason = "no such file"
            } else if isFolder.boolValue {
                reason = "it is a folder"
            } else if !FileManager.default.isReadableFile(atPath: path!) {
                reason = "permission denied"
            }
            error("cannot read \(path!.printable) (\(full.printable)): \(reason)")
            throw ArgumentParser.ExitCode(ExitStatus.noInput.rawValue)
        }
        return data
    }

    /// Writes all of `bytes` to `fd`; the errno of the failure otherwise.
    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { posixWrite(fd, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return written < 0 ? errno : EIO
            }
        }
        return nil
    }

    static func write(_ text: String) {
        guard !text.isEmpty else { return }
        // `utf8.last`: "\r\n" is one Character, so `hasSuffix("\n")` is false for CRLF text (iCalendar).
        let bytes = Array((text.utf8.last == 10 ? text : text + "\n").utf8)
        if closedAtStart.contains(1) { outputFailed(EBADF) }
        if let failure = writeAll(1, bytes) { outputFailed(failure) }
    }

    /// Standard output cannot take the result: say so on standard error and exit 74.
    static func outputFailed(_ code: Int32) -> Never {
        let reason =
            switch code {
            case EPIPE: "the reader closed the pipe before the end of the output"
            case EBADF: "it is closed"
            default: String(cString: strerror(code))
            }
        error("cannot write standard output: \(reason)")
        posixExit(ExitStatus.outputError.rawValue)
    }

    /// Writes `text` to `path`, or to standard output when `path` is nil (exit 73 when the file cannot be made).
    static func save(_ text: String, to path: String?) throws {
        guard let path else {
            write(text)
            return
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            error("cannot write \(path.printable)")
            throw ArgumentParser.ExitCode(ExitStatus.cannotCreate.rawValue)
        }
    }

    /// A line on standard error (control characters escaped, so that one message is one line; ignored when standard error is closed or full: nothing else can be told).
    static func error(_ text: String) {
        guard !closedAtStart.contains(2) else { return }
        _ = writeAll(2, Array("touchline: \(text.printable)\n".utf8))
    }

    /// Raw text on standard error (the progress line); errors are ignored, as a closed stderr loses nothing.
    static func errorText(_ text: String) {
        guard !closedAtStart.contains(2) else { return }
        _ = writeAll(2, Array(text.utf8))
    }

    static func exit(_ status: ExitStatus) throws {
        if status != .success { throw ArgumentParser.ExitCode(status.rawValue) }
    }
}

enum BuildInfo {
    static var backend: String {
        #if GLPK
            if let missing = GLPKVersion.missingMessage { return "none (\(missing))" }
            return "GLPK \(GLPKVersion.string) (GPL-3.0-or-later)"
        #else
            return "none (greedy-only build; lineups by the built-in solver)"
        #endif
    }
}
