package main

import (
	"fmt"

	"github.com/artel/artel/bench/internal/loadgen"
)

// report prints the figures and writes them with the machine and tree.
func report(c config, rs []result) {
	fmt.Printf("\n%-9s %-15s %-48s %7s %9s %9s %9s %6s\n", "database", "scenario", "what", "items", "per sec", "p50 ms", "p99 ms", "errors")
	for _, r := range rs {
		fmt.Printf("%-9s %-15s %-48s %7d %9.1f %9.1f %9.1f %6d\n", r.Dialect, r.Key, r.What, r.Items, r.PerSec, r.P50ms, r.P99ms, r.Errors)
	}
	path, err := loadgen.WriteResults(c.out, "discuss", map[string]any{"binary": c.binary, "messages": c.messages, "chats": c.chats,
		"concurrency": c.concurrency, "durationPerScenarioSec": c.duration.Seconds(), "scenarios": rs})
	if err != nil {
		fmt.Println("not written:", err)
		return
	}
	fmt.Println("written", path)
}
