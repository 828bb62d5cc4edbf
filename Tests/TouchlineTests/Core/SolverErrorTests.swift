import Testing

@testable import Touchline

/// A solver failure reaches a person as one sentence, never as GLPK's log.
@Suite struct SolverErrorTests {
    @Test func memoryLimitIsASentence() {
        let text = Engine.solverErrorSentence(
            "GLPK fatal error: glp_alloc: memory allocation limit exceeded\nError detected in file env/alloc.c at line 84",
            memoryLimitMB: 2)
        #expect(text == "GLPK needed more memory than options.memoryLimitMB allows (2 MB); raise or remove the limit")
    }

    @Test func otherFailuresKeepOneLineAndNoFileNames() {
        let text = Engine.solverErrorSentence("GLPK fatal error: glp_x: bad\nError detected in file x.c at line 1", memoryLimitMB: nil)
        #expect(!text.contains("\n"))
        #expect(!text.contains("Error detected in file"))
        #expect(text.contains("glp_x: bad"))
        #expect(Engine.solverErrorSentence(nil, memoryLimitMB: nil) == "the solver failed (no answer)")
    }
}
