import Foundation
import TouchlineMILP

/// The machine a report ran on.
package struct MachineInfo: Sendable, Codable, Equatable {
    package var cpu: String
    package var cores: Int
    package var memoryGiB: Double
    package var system: String
    package var swift: String
    package var glpk: String
    /// Versions of the external solvers found (`glpsol`, `cbc`, `highs`).
    package var solvers: [String: String]

    /// What this process can find out about its machine (Linux `/proc` and `/etc/os-release`; fewer details
    /// elsewhere).
    package static func current(solvers: ExternalSolvers) -> MachineInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let cpu =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
            ?? "unknown"
        let release = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
        let pretty = release.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
            .map { String($0.dropFirst("PRETTY_NAME=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        var swift = "unknown"
        if let path = ExternalSolvers.which("swift"), let output = try? Command.run(path, ["--version"], timeout: 60) {
            swift = output.stdout.split(separator: "\n").first.map(String.init) ?? swift
        }
        return MachineInfo(
            cpu: cpu, cores: ProcessInfo.processInfo.activeProcessorCount,
            memoryGiB: (Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824 * 10).rounded() / 10,
            system: (pretty ?? ProcessInfo.processInfo.operatingSystemVersionString)
                + ((try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8)).map {
                    ", Linux " + $0.trimmingCharacters(in: .whitespacesAndNewlines)
                } ?? ""),
            swift: swift, glpk: GLPKVersion.string.isEmpty ? "none (greedy-only build)" : "GLPK \(GLPKVersion.string)",
            solvers: solvers.versions())
    }
}
