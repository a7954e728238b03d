// Command webhooks measures webhook delivery: writers create tasks over
// HTTP against the real binary, a webhook posts each create to a receiver
// this program serves, and the server is killed with SIGKILL a few times
// on the way. It reports, for every acknowledged create, whether its
// event arrived (none may be lost), repeats (delivery is at least once),
// and the time from the create's request to the event's receipt: an
// upper bound of commit-to-receipt, since the commit falls between.
//
//	go run ./bench/webhooks -binary bin/artel -events 10000 -kills 3 [-postgres URL]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	binary := flag.String("binary", "bin/artel", "the artel binary")
	events := flag.Int("events", 10000, "creates to acknowledge")
	writers := flag.Int("writers", 4, "concurrent writers")
	kills := flag.Int("kills", 3, "SIGKILLs of the server while writing")
	pg := flag.String("postgres", "", "PostgreSQL URL; run there (on a fresh database) instead of SQLite")
	wait := flag.Duration("wait", 2*time.Minute, "longest to wait for the last events after the writes")
	logPath := flag.String("log", "", "keep the server's output in this file")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := run(ctx, config{binary: *binary, events: *events, writers: *writers, kills: *kills, postgres: *pg, wait: *wait, log: *logPath})
	if res != nil {
		fmt.Print(res)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "webhooks:", err)
		os.Exit(1)
	}
	if res.lost > 0 || res.badSignatures > 0 {
		os.Exit(1)
	}
}
