// swift-tools-version: 6.1
//
// A package that depends on Touchline the way an app or a server does, built by scripts/test-dependent.sh
// in both configurations: with Touchline's default traits (GLPK) and with `traits: []` (greedy-only, what an
// iOS app without GLPK takes). The script places this folder beside a link named Touchline to the checkout.
import PackageDescription

import class Foundation.ProcessInfo

let greedyOnly = ProcessInfo.processInfo.environment["TOUCHLINE_GREEDY_ONLY"] == "1"

let package = Package(
    name: "Dependent",
    platforms: [.macOS(.v13)],
    dependencies: [
        greedyOnly
            ? .package(path: "../Touchline", traits: [])
            : .package(path: "../Touchline")
    ],
    targets: [
        .executableTarget(name: "Dependent", dependencies: [.product(name: "Touchline", package: "Touchline")])
    ]
)
