# Artel: the two commands a newcomer needs are `make run` and `make test`.
SHELL := /bin/bash
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
GO ?= go
LDFLAGS := -X main.version=$(VERSION)
FUZZTIME ?= 30s

.PHONY: build web run test test-go test-web bench fuzz clean

# build: the web app when web/ has one, then the single binary bin/artel.
build: web
	$(GO) build -ldflags "$(LDFLAGS)" -o bin/artel ./cmd/artel

web:
	@if [ -f web/package.json ]; then \
		cd web && { [ -d node_modules ] || npm ci; } && npm run build; \
	fi

# run: build, then serve with embedded SQLite in ./data and the demo company.
run: build
	./bin/artel serve --demo

# test: every test. Set ARTEL_TEST_POSTGRES to a PostgreSQL URL to run the
# store and API suites on PostgreSQL as well as SQLite.
test: test-go test-web

test-go:
	$(GO) vet ./...
	$(GO) test -count=1 ./...

test-web:
	@if [ -f web/package.json ]; then \
		cd web && { [ -d node_modules ] || npm ci; } && npm test; \
	fi

# bench: the benchmarks; figures go to docs/performance.md.
bench:
	$(GO) test -run '^$$' -bench . -benchmem -count 1 ./internal/...

# fuzz: every go test -fuzz target for FUZZTIME each (their seed corpora
# already run in make test).
fuzz:
	@set -e; for pkg in $$($(GO) list ./...); do \
		for target in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
			echo "== $$pkg $$target"; \
			$(GO) test -run '^$$' -fuzz "^$$target$$" -fuzztime $(FUZZTIME) $$pkg; \
		done; \
	done

clean:
	rm -rf bin web/dist
