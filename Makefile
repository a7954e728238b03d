# Artel: the two commands a newcomer needs are `make run` and `make test`.
SHELL := /bin/bash
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
GO ?= go
LDFLAGS := -X main.version=$(VERSION)
FUZZTIME ?= 30s

DURATION ?= 10m
PG_URL ?= postgres://postgres@127.0.0.1:5432/test?sslmode=disable

.PHONY: build web run test test-go test-web bench bench-realtime bench-calendar bench-discuss bench-deals bench-webhooks bench-telephony crashtest soak fuzz clean

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
	$(MAKE) --no-print-directory -j3 --output-sync=target test-go-all test-go-disk test-go-s3

# The three runs go side by side: each package's tests wait on databases
# and servers as much as they compute, and the two reruns are short.
.PHONY: test-go-all test-go-disk test-go-s3
test-go-all:
	$(GO) test -count=1 ./...

# The file and document tests again on the local disk and on S3 (a
# gofakes3 server the tests start in-process). The store is the
# subject here, so SQLite alone: the database under it was covered above.
test-go-disk:
	ARTEL_TEST_POSTGRES= ARTEL_TEST_STORAGE=disk $(GO) test -count=1 ./internal/module/file/... ./internal/module/doc/...

test-go-s3:
	ARTEL_TEST_POSTGRES= ARTEL_TEST_STORAGE=s3 $(GO) test -count=1 ./internal/module/file/... ./internal/module/doc/...

# test-web: type and i18n checks, vitest, then Playwright against the
# freshly built binary (which embeds this very build of the app).
test-web: build
	@if [ -f web/package.json ]; then \
		cd web && npm test; \
	fi

# bench: the real binary on a generated account, driven over HTTP, on
# SQLite and PostgreSQL; prints one table and writes bench/results/.
bench: build
	$(GO) run ./bench/load -binary bin/artel -postgres "$(PG_URL)"

# bench-realtime: live-socket fan-out on 1,000 and 10,000 idle sockets
# (commit-to-delivery p50/p99, memory per idle socket), on SQLite and on
# two nodes over PostgreSQL; writes bench/results/<date>-fanout.json.
bench-realtime: build
	$(GO) run ./bench/fanout -binary bin/artel -postgres "$(PG_URL)"

# bench-calendar: a department of 50 people with 20,000 to-dos in a
# month; GET /api/v3/time for a person's month and the department's week
# and month, on SQLite and PostgreSQL; writes bench/results/<date>-calendar.json.
bench-calendar: build
	$(GO) run ./bench/calendar -binary bin/artel -postgres "$(PG_URL)"

# bench-discuss: a chat of 20,000 messages among 200 chats: the history's
# newest and a deep page, the chat list, and send-to-delivery on the live
# socket, on SQLite and PostgreSQL; writes bench/results/<date>-discuss.json.
bench-discuss: build
	$(GO) run ./bench/discuss -binary bin/artel -postgres "$(PG_URL)"

# bench-telephony: a signed PBX event until the call's message is on the
# ringing employee's live socket, with 1,000 users connected, on SQLite
# and on PostgreSQL.
bench-telephony: build
	$(GO) run ./bench/telephony -binary bin/artel
	$(GO) run ./bench/telephony -binary bin/artel -postgres "$(PG_URL)"

# bench-finance: the invoice PDF (50 rows, the Russian form): renders
# per second and p50/p99 of one render, at concurrency 1 and 2.
.PHONY: bench-finance
bench-finance:
	$(GO) run ./bench/finance -duration 10s -concurrency 1,2

# bench-deals: a program of 100,000 deals; its deal list page and the
# kanban's first read (100 cards with possibleTransitions), as the
# administrator and as an employee, on SQLite and PostgreSQL.
bench-deals: build
	$(GO) run ./bench/load -binary bin/artel -tasks 1000 -deals 100000 -clients 10000 -employees 100 \
		-duration 5s -concurrency 4 -scenarios deals,deals-emp,board,board-emp -postgres "$(PG_URL)"

# bench-webhooks: 10,000 task creates posted by a webhook to a local
# receiver, the server SIGKILLed three times; p99 commit-to-receipt and
# no event lost, on SQLite and PostgreSQL (docs/integration.md).
bench-webhooks: build
	$(GO) run ./bench/webhooks -binary bin/artel -events 10000 -kills 3
	$(GO) run ./bench/webhooks -binary bin/artel -events 10000 -kills 3 -postgres "$(PG_URL)"

# crashtest: writers over HTTP while the server is killed with SIGKILL;
# every acknowledged write must survive.
crashtest: build
	$(GO) run ./bench/crashtest -binary bin/artel -kills 50 -postgres "$(PG_URL)"

# soak: mixed read/write load for DURATION; errors, p99 over time, memory.
soak: build
	$(GO) run ./bench/soak -binary bin/artel -duration $(DURATION)

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
