// swift-tools-version: 6.1
//
// Touchline: plans sports-club match days with integer programming.
//
// Build configurations
// - default (`swift build`): the `GLPK` trait is on; the MILP backend links GNU GLPK (Debian `libglpk-dev`).
// - greedy-only (`swift build --disable-default-traits`): no GLPK anywhere; every public API still exists and
//   the greedy solvers answer. This is what an iOS app or a machine without `glpk.h` embeds.
// - benchmarks: set `TOUCHLINE_BENCHMARKS=1` to add the package-benchmark targets in `Benchmarks/`; a plain
//   build, `swift test` and CI never compile them.

import PackageDescription

import class Foundation.ProcessInfo

let glpk: TargetDependencyCondition? = .when(traits: ["GLPK"])

let package = Package(
    name: "Touchline",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "Touchline", targets: ["Touchline"]),
        .library(name: "TouchlineMILP", targets: ["TouchlineMILP"]),
        .executable(name: "touchline", targets: ["touchline"])
    ],
    traits: [
        .trait(name: "GLPK", description: "Solve integer programs with GNU GLPK (GPL-3.0-or-later; needs libglpk-dev)."),
        .default(enabledTraits: ["GLPK"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation` (DocC); a plugin, compiled only when it runs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0")
    ],
    targets: [
        // GNU GLPK as a system library. Debian ships no pkg-config file for it, so none is declared.
        .systemLibrary(
            name: "CGLPK",
            providers: [.apt(["libglpk-dev"]), .brew(["glpk"])]
        ),
        // The only code that calls GLPK: builds, solves and frees one problem inside one C call, under
        // setjmp with glp_error_hook, so a GLPK fatal error becomes an error code and never a Swift frame
        // crossed by longjmp. Guards itself with __has_include(<glpk.h>) (C targets do not see traits).
        .target(
            name: "CTouchlineGLPK",
            dependencies: [.target(name: "CGLPK", condition: glpk)],
            linkerSettings: [.linkedLibrary("glpk", .when(traits: ["GLPK"]))]
        ),
        // The combinatorial searches that are not integer programming, for the package's own targets only (no
        // product): a CDCL satisfiability solver, the assignment problem (Hungarian method) and the seeded random
        // source every generator, search and fuzzer draws from.
        .target(name: "TouchlineSearch"),
        // Solver-neutral modelling layer: variables, expressions, constraints, lexicographic objectives,
        // LP/MPS export, the Solver protocol and the GLPK backend (under `#if GLPK`).
        .target(
            name: "TouchlineMILP",
            dependencies: ["TouchlineSearch", .target(name: "CTouchlineGLPK", condition: glpk)]
        ),
        // The domain: the JSON envelope, the problem-kind registry and one folder per problem kind.
        .target(
            name: "Touchline",
            dependencies: ["TouchlineMILP", "TouchlineSearch"]
        ),
        // The evidence report (`touchline report`): every shipped instance and a generated size series with
        // greedy and the MILP, exported models solved by glpsol, CBC and HiGHS when installed, SVG charts and
        // Markdown. Runs programs (Foundation.Process), so it stays out of the library an app embeds.
        .target(
            name: "TouchlineReport",
            dependencies: ["Touchline", "TouchlineMILP"]
        ),
        // The `touchline` command-line tool: JSON in, JSON out.
        .executableTarget(
            name: "touchline",
            dependencies: [
                "Touchline",
                "TouchlineMILP",
                "TouchlineReport",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        // The fuzzer's library: a structure-aware mutator of JSON instances and the checks one input goes through
        // (validate, solve, verify, export, render). Used by `touchline-fuzz` and by the regression tests.
        .target(
            name: "TouchlineFuzz",
            dependencies: ["Touchline", "TouchlineMILP", "TouchlineSearch"]
        ),
        // `touchline-fuzz`: runs the fuzzer (scripts/fuzz.sh, `make fuzz`, CI).
        .executableTarget(
            name: "touchline-fuzz",
            dependencies: [
                "TouchlineFuzz",
                "Touchline",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        // Test support: the conformance check every kind's tests run (KindConformance), the exhaustive search
        // of the oracle tests, the repository's root.
        .target(
            name: "TouchlineTesting",
            dependencies: ["Touchline", "TouchlineMILP"]
        ),
        .testTarget(
            name: "TouchlineMILPTests",
            dependencies: ["TouchlineMILP", "TouchlineSearch", "TouchlineTesting"]
        ),
        .testTarget(
            name: "TouchlineTests",
            dependencies: ["Touchline", "TouchlineSearch", "TouchlineTesting"]
        ),
        .testTarget(
            name: "TouchlineReportTests",
            dependencies: ["TouchlineReport", "TouchlineTesting"]
        ),
        .testTarget(
            name: "TouchlineFuzzTests",
            dependencies: ["TouchlineFuzz", "TouchlineTesting"],
            exclude: ["Regressions"]
        ),
        .testTarget(
            name: "TouchlineCLITests",
            dependencies: ["touchline", "TouchlineTesting"]
        )
    ]
)

if ProcessInfo.processInfo.environment["TOUCHLINE_BENCHMARKS"] != nil {
    package.dependencies.append(
        .package(url: "https://github.com/ordo-one/package-benchmark", exact: "1.38.1", traits: ["MallocInterposer"])
    )
    package.targets.append(
        .executableTarget(
            name: "TouchlineBenchmarks",
            dependencies: [
                "Touchline",
                .product(name: "Benchmark", package: "package-benchmark")
            ],
            path: "Benchmarks/TouchlineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        )
    )
}
