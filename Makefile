# Shortcuts for the README's commands (each is a script in scripts/ that works without make too).
.PHONY: run test test-greedy-only report bench fuzz udine terms limits oracle tup

run:
	bash scripts/run.sh

test:
	bash scripts/test.sh

test-greedy-only:
	bash scripts/test-greedy-only.sh

# Benchmarks/REPORT.md with its charts: every shipped instance, a size series per kind, glpsol, CBC and HiGHS.
report:
	bash scripts/report.sh

# The package-benchmark targets (objective and gap as custom metrics); first build takes several minutes.
bench:
	bash scripts/bench.sh

# The fuzzer for 1,000,000 inputs (about 45 minutes on 2 cores); the summary goes to Benchmarks/FUZZ.md and
# Benchmarks/REPORT.md. CI runs 100,000 (scripts/fuzz.sh).
fuzz:
	bash scripts/fuzz.sh --record 1000000

# Benchmarks/UDINE.md: every Udine season at 180 s (and under the correct travel time at 60 s), about 40 minutes.
udine:
	swift build -c release --product touchline
	python3 scripts/udine-report.py

# Benchmarks/TERMS.md: the shipped and generated terms, split/merge pipelines, a 10,000-match season.
terms:
	swift build -c release --product touchline
	python3 scripts/terms-report.py

# Benchmarks/LIMITS.md: the time limit at 1, 2 and 10 s on the hardest instance of each kind, --reproducible
# bytes, a 55 MB input's memory, a memory limit too small (about 8 minutes).
limits:
	swift build -c release --product touchline
	python3 scripts/limits-report.py

# Benchmarks/ORACLE.md: the engine against every plan the verifier accepts on N random tiny lineups per mode
# and per kind (default 5000; the test suite runs 500 of each), in the test suite's release build (.build-test/).
N ?= 5000
oracle:
	bash scripts/oracle.sh $(N) --record

# Benchmarks/TUP.md: every row of the Traveling Umpire Problem's published table at the targets' limits (60 s
# up to 10 teams, 300 s for 12-14, 600 s from 16: about 10 hours); CAP=S lowers every limit to S seconds but for
# the rows named in OWN="umps16-q8-4 ..." (measured at their own limit). Rows saved under .build-report/tup/, or
# in the committed TUP.md at the same solver sources and limit, are not measured again.
tup:
	swift build -c release --product touchline
	python3 scripts/tup-report.py $(if $(CAP),--cap $(CAP)) $(if $(OWN),--own $(OWN))
