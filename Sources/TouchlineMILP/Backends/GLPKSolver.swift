#if GLPK
    import CTouchlineGLPK
    import Foundation

    /// The GNU GLPK backend (`glp_simplex`, then `glp_intopt` with its presolver off).
    ///
    /// Safety: the model is validated before it reaches GLPK, and the whole build-solve-free sequence runs inside
    /// one C call (`tl_solve`) under `setjmp` with `glp_error_hook`, so a GLPK fatal error that validation missed
    /// becomes ``LevelTermination/error`` and the process lives on. GLPK writes nothing to standard output: its
    /// terminal hook swallows the log, or forwards it to standard error when ``SolveOptions/verbose`` is set.
    /// GLPK keeps its state per thread: each call builds, solves and frees its problem on the calling thread, so
    /// independent models may be solved on parallel threads (never hold a solve across an `await`).
    public struct GLPKSolver: Solver {
        public init() {}

        public var name: String { "glpk" }

        /// GLPK's version, e.g. "5.0".
        public static var version: String { String(cString: tl_glpk_version()) }

        /// Whether the C shim was compiled with `glpk.h` (false: every call would fail).
        public static var isCompiledIn: Bool { tl_glpk_available() != 0 }

        public func solveLevel(
            _ problem: FlatProblem, timeLimitSeconds: Double?, warmStart: [Double]?, options: SolveOptions
        ) -> LevelOutcome {
            let started = Date()
            let call = Self.call(problem, timeLimitSeconds, warmStart, options, relaxationOnly: false)
            let seconds = Date().timeIntervalSince(started)
            var result = call.result
            let message = Self.message(of: &result)
            let bound: Double? = result.bound.isNaN ? nil : result.bound
            let gap: Double? = result.gap.isNaN ? nil : result.gap
            let values = call.values
            // An unproven stop: cancelled, at the requested gap, or at the time limit.
            let stopped: StopReason = options.isCancelled ? .cancelled : tl_stopped_at_gap(&result) != 0 ? .gapReached : .timeLimit
            switch Int(call.status) {
            case Int(TL_STATUS_OPTIMAL):
                return LevelOutcome(
                    termination: .optimal, values: values, objective: result.objective, bound: bound, gap: gap,
                    nodes: Int(result.nodes), seconds: seconds, warmStartAccepted: result.warm_start_accepted != 0,
                    message: message)
            case Int(TL_STATUS_FEASIBLE):
                return LevelOutcome(
                    termination: .feasible, values: values, objective: result.objective, bound: bound, gap: gap,
                    nodes: Int(result.nodes), seconds: seconds, warmStartAccepted: result.warm_start_accepted != 0,
                    message: message, stopReason: stopped)
            case Int(TL_STATUS_NO_SOLUTION):
                return LevelOutcome(
                    termination: .noSolution, bound: bound, nodes: Int(result.nodes), seconds: seconds, message: message,
                    stopReason: options.isCancelled ? .cancelled : .timeLimit)
            case Int(TL_STATUS_INFEASIBLE):
                return LevelOutcome(termination: .infeasible, nodes: Int(result.nodes), seconds: seconds, message: message)
            case Int(TL_STATUS_UNBOUNDED):
                return LevelOutcome(termination: .unbounded, seconds: seconds, message: message)
            default:
                options.control?.recordFailure(message ?? "GLPK failed")
                return LevelOutcome(termination: .error, seconds: seconds, message: message ?? "GLPK failed")
            }
        }

        public func solveRelaxation(_ problem: FlatProblem, timeLimitSeconds: Double?, options: SolveOptions) -> RelaxationOutcome {
            let started = Date()
            let call = Self.call(problem, timeLimitSeconds, nil, options, relaxationOnly: true)
            let seconds = Date().timeIntervalSince(started)
            var result = call.result
            let message = Self.message(of: &result)
            switch Int(call.status) {
            case Int(TL_STATUS_OPTIMAL):
                return RelaxationOutcome(
                    termination: .optimal, objective: result.objective, values: call.values, rowDuals: call.duals,
                    reducedCosts: call.reducedCosts, seconds: seconds, message: message)
            case Int(TL_STATUS_INFEASIBLE):
                return RelaxationOutcome(termination: .infeasible, seconds: seconds, message: message)
            case Int(TL_STATUS_UNBOUNDED):
                return RelaxationOutcome(termination: .unbounded, seconds: seconds, message: message)
            case Int(TL_STATUS_NO_SOLUTION):
                return RelaxationOutcome(termination: .noSolution, seconds: seconds, message: message)
            default:
                options.control?.recordFailure(message ?? "GLPK failed")
                return RelaxationOutcome(termination: .error, seconds: seconds, message: message ?? "GLPK failed")
            }
        }

        private struct Call {
            var status: Int32
            var result: tl_result
            var values: [Double]
            var duals: [Double]
            var reducedCosts: [Double]
        }

        private static func call(
            _ problem: FlatProblem, _ timeLimitSeconds: Double?, _ warmStart: [Double]?, _ options: SolveOptions,
            relaxationOnly: Bool
        ) -> Call {
            let columnCount = problem.columnLower.count
            let kinds = problem.columnIsInteger.map { $0 ? Int32(TL_KIND_INTEGER) : Int32(TL_KIND_CONTINUOUS) }
            var values = [Double](repeating: 0, count: columnCount)
            var duals = [Double](repeating: 0, count: relaxationOnly ? problem.rowLower.count : 0)
            var reducedCosts = [Double](repeating: 0, count: relaxationOnly ? columnCount : 0)
            var result = tl_result()
            let status: Int32 = problem.columnLower.withUnsafeBufferPointer { columnLower in
                problem.columnUpper.withUnsafeBufferPointer { columnUpper in
                    kinds.withUnsafeBufferPointer { kinds in
                        problem.objective.withUnsafeBufferPointer { objective in
                            problem.rowLower.withUnsafeBufferPointer { rowLower in
                                problem.rowUpper.withUnsafeBufferPointer { rowUpper in
                                    problem.matrixRow.withUnsafeBufferPointer { matrixRow in
                                        problem.matrixColumn.withUnsafeBufferPointer { matrixColumn in
                                            problem.matrixValue.withUnsafeBufferPointer { matrixValue in
                                                values.withUnsafeMutableBufferPointer { output in
                                                    duals.withUnsafeMutableBufferPointer { dualOutput in
                                                        reducedCosts.withUnsafeMutableBufferPointer { reducedOutput in
                                                            var model = tl_model(
                                                                num_cols: Int32(columnCount),
                                                                num_rows: Int32(problem.rowLower.count),
                                                                col_lb: columnLower.baseAddress, col_ub: columnUpper.baseAddress,
                                                                col_kind: kinds.baseAddress, objective: objective.baseAddress,
                                                                objective_constant: problem.objectiveConstant,
                                                                maximize: problem.maximize ? 1 : 0,
                                                                row_lb: rowLower.baseAddress, row_ub: rowUpper.baseAddress,
                                                                nnz: Int32(problem.matrixValue.count),
                                                                matrix_row: matrixRow.baseAddress,
                                                                matrix_col: matrixColumn.baseAddress,
                                                                matrix_value: matrixValue.baseAddress)
                                                            result.values = output.baseAddress
                                                            if relaxationOnly {
                                                                result.row_duals = dualOutput.baseAddress
                                                                result.reduced_costs = reducedOutput.baseAddress
                                                            }
                                                            return Self.run(
                                                                &model, &result, timeLimitSeconds, warmStart, options,
                                                                relaxationOnly: relaxationOnly)
                                                        }
                                                    }
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            result.values = nil
            result.row_duals = nil
            result.reduced_costs = nil
            return Call(status: status, result: result, values: values, duals: duals, reducedCosts: reducedCosts)
        }

        private static func run(
            _ model: inout tl_model, _ result: inout tl_result, _ timeLimitSeconds: Double?, _ warmStart: [Double]?,
            _ options: SolveOptions, relaxationOnly: Bool
        ) -> Int32 {
            var parameters = tl_params()
            parameters.relaxation_only = relaxationOnly ? 1 : 0
            parameters.time_limit_seconds = timeLimitSeconds ?? 0
            parameters.mip_gap = options.mipGap
            parameters.memory_limit_mb = Int32(clamping: options.memoryLimitMB ?? 0)
            parameters.verbose = options.verbose ? 1 : 0
            parameters.feasibility_pump = options.tuning.feasibilityPump ? 1 : 0
            parameters.proximity_search = options.tuning.proximitySearch ? 1 : 0
            parameters.cuts = options.tuning.cuts ? 1 : 0
            parameters.branching = Int32(options.tuning.branching.rawValue)
            parameters.backtracking = Int32(options.tuning.backtracking.rawValue)
            if let control = options.control {
                if control.cancellable { parameters.cancel = UnsafePointer(control.flag) }
                if options.reportsProgress && control.isObserved && !relaxationOnly {
                    // The control itself is the callback's context (the options hold it for the whole call).
                    parameters.progress = { context, incumbent, bound, gap, nodes in
                        guard let context else { return }
                        let control = Unmanaged<SolveControl>.fromOpaque(context).takeUnretainedValue()
                        control.report(
                            .progress(
                                level: control.currentLevel, incumbent: incumbent.isNaN ? nil : incumbent,
                                bound: bound.isNaN || abs(bound) > 1e300 ? nil : bound, gap: gap.isNaN ? nil : gap, nodes: Int(nodes),
                                seconds: control.seconds))
                    }
                    parameters.progress_context = Unmanaged.passUnretained(control).toOpaque()
                }
            }
            defer { withExtendedLifetime(options.control) {} }
            if let warmStart, warmStart.count == Int(model.num_cols) {
                return warmStart.withUnsafeBufferPointer { start in
                    parameters.warm_start = start.baseAddress
                    return tl_solve(&model, &parameters, &result)
                }
            }
            parameters.warm_start = nil
            return tl_solve(&model, &parameters, &result)
        }

        private static func message(of result: inout tl_result) -> String? {
            let text = withUnsafeBytes(of: &result.message) { raw -> String in
                let bytes = raw.bindMemory(to: UInt8.self)
                let end = bytes.firstIndex(of: 0) ?? bytes.count
                return String(decoding: bytes[..<end], as: UTF8.self)
            }
            return text.isEmpty ? nil : text
        }

        /// Calls a GLPK routine with arguments that make GLPK abort, under the same guard as every solve, and
        /// returns the error the guard turned it into (for tests of the guard). `which`: 0 adds zero rows, 1 loads
        /// a row with a duplicate column index, 2 uses a column index out of range, 3 exceeds a 1 MB memory limit.
        @_spi(Testing) public static func provokeFatalError(_ which: Int) -> MILPError? {
            var result = tl_result()
            let status = tl_provoke_fatal_error(Int32(which), &result)
            if Int(status) == Int(TL_STATUS_ERROR) {
                return .solverFailure(message(of: &result) ?? "GLPK fatal error")
            }
            return nil
        }
    }
#endif
