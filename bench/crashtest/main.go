// Command crashtest checks crash safety: concurrent writers over HTTP
// against the real binary, which is killed with SIGKILL at random moments
// and restarted; afterwards every write that was answered 200 must be in
// the database with its value, and the database must be intact.
//
//	go run ./bench/crashtest -binary bin/artel -kills 50 [-postgres URL]
//
// It runs on SQLite always and also on PostgreSQL when -postgres names a
// server (a fresh database is created there and dropped afterwards). It
// exits 1 when a write was lost or anything else went wrong.
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
	kills := flag.Int("kills", 50, "SIGKILLs per database")
	pg := flag.String("postgres", "", "PostgreSQL URL; also run there, on a fresh database")
	writers := flag.Int("writers", 4, "concurrent writers")
	maxUp := flag.Duration("max-up", 400*time.Millisecond, "longest a server lives between kills")
	seed := flag.Uint64("seed", 0, "random seed for the kill moments and writes; 0 picks one")
	timeout := flag.Duration("timeout", 15*time.Minute, "give up after this long")
	verbose := flag.Bool("v", false, "print each kill and restart")
	flag.Parse()

	// Ctrl-C or the timeout end the run, and its deferred cleanup still
	// kills the server and drops the database.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()

	targets := []string{""}
	if *pg != "" {
		targets = append(targets, *pg)
	}
	failed := false
	for _, target := range targets {
		cfg := Config{Binary: *binary, Kills: *kills, Postgres: target, Writers: *writers, MaxUp: *maxUp, Seed: *seed}
		if *verbose {
			cfg.Progress = os.Stderr
		}
		res, err := Run(ctx, cfg)
		fmt.Print(res)
		if err != nil {
			fmt.Fprintf(os.Stderr, "crashtest %s: %v\n", res.Database, err)
			failed = true
		} else if !res.OK() {
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}
