import Foundation

/// Runs a program with arguments and collects its output, killing it after `timeout` seconds.
enum Command {
    struct Output {
        var status: Int32
        var stdout: String
    }

    static func run(_ executable: String, _ arguments: [String], timeout: Double) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = DispatchTime.now() + timeout
        let killer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: deadline, execute: killer)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        killer.cancel()
        return Output(status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self))
    }
}
