#!/usr/bin/env python3
"""Solves a CPLEX LP or MPS file with HiGHS (the highspy package) for `touchline report`.

Usage: highs-solve.py MODEL TIME_LIMIT_SECONDS
Prints one line: STATUS OBJECTIVE SECONDS, where STATUS is optimal, time-limit, infeasible or error, OBJECTIVE
is the best objective found or `none`, and SECONDS covers reading and solving (not Python's start-up).
"""
import os
import sys
import time

import highspy


def main():
    path, limit = sys.argv[1], float(sys.argv[2])
    # Recent HiGHS versions print a banner on standard output when constructed; keep the one line clean.
    sys.stdout.flush()
    saved = os.dup(1)
    with open(os.devnull, "w") as devnull:
        os.dup2(devnull.fileno(), 1)
        try:
            highs = highspy.Highs()
        finally:
            sys.stdout.flush()
            os.dup2(saved, 1)
            os.close(saved)
    highs.setOptionValue("output_flag", False)
    highs.setOptionValue("time_limit", limit)
    started = time.perf_counter()
    highs.readModel(path)
    highs.run()
    seconds = time.perf_counter() - started
    status = highs.getModelStatus()
    info = highs.getInfo()
    names = {highspy.HighsModelStatus.kOptimal: "optimal", highspy.HighsModelStatus.kTimeLimit: "time-limit",
             highspy.HighsModelStatus.kInfeasible: "infeasible"}
    label = names.get(status, "error")
    has_solution = info.primal_solution_status == 2  # kSolutionStatusFeasible
    objective = repr(info.objective_function_value) if has_solution and label != "infeasible" else "none"
    print(label, objective, "%.6f" % seconds)


if __name__ == "__main__":
    main()
