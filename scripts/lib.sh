# Sourced by the scripts, never run alone.
#
# TEST_BUILD: the one build the test suite, the contract oracle, the split-and-merge check and the fuzzer share:
# optimised (the solver-heavy tests run several times faster than in a debug build) and compiled for testing
# (the test targets `@testable import` the modules), in its own folder so that it and scripts/run.sh's plain
# release build in .build/ never overwrite each other. Every `swift build` or `swift test` of these scripts passes
# exactly these flags: with other flags SwiftPM compiles everything again. `-num-threads 2` lets the optimiser's
# code generation of one module use both cores (a whole-module build otherwise compiles each module on one:
# measured 277 s against 305 s for the whole build from a fresh clone).
TEST_BUILD=(-c release -Xswiftc -enable-testing -Xswiftc -num-threads -Xswiftc 2 --scratch-path .build-test)
# Where that build puts its products (touchline, touchline-fuzz).
TEST_BIN=.build-test/release
