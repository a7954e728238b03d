// Command gen fills an Artel account with a large deterministic data set,
// for measuring: go run ./bench/gen -data DIR -tasks 1000000 ...
// It prints rows per second per content type and the total time.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime/pprof"

	"github.com/artel/artel/bench/internal/datagen"
)

func main() {
	var o datagen.Options
	flag.StringVar(&o.DataDir, "data", "", "SQLite data directory")
	flag.StringVar(&o.DatabaseURL, "database-url", "", "PostgreSQL URL (instead of -data)")
	flag.IntVar(&o.Tasks, "tasks", 1000000, "tasks (in projects of 500)")
	flag.IntVar(&o.Clients, "clients", 100000, "clients: 30% companies, 70% people")
	flag.IntVar(&o.Deals, "deals", 100000, "deals")
	flag.IntVar(&o.Employees, "employees", 1000, "employees")
	flag.IntVar(&o.Comments, "comments", -1, "comments on tasks (default: tasks/5)")
	seed := flag.Uint64("seed", 1, "random seed; the same seed and counts give the same data")
	flag.StringVar(&o.Writer, "writer", "bulk", "bulk (batched INSERTs from the catalogue) or engine (entity.Engine.Create per row)")
	flag.IntVar(&o.Batch, "batch", 10000, "rows per transaction")
	cpuprofile := flag.String("cpuprofile", "", "write the generator's CPU profile here")
	flag.Parse()
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	o.Seed = *seed
	if o.Comments < 0 {
		o.Comments = o.Tasks / 5
	}
	if (o.DataDir == "") == (o.DatabaseURL == "") {
		fmt.Fprintln(os.Stderr, "gen: give exactly one of -data DIR or -database-url URL")
		os.Exit(2)
	}
	o.Log = os.Stdout
	res, err := datagen.Run(context.Background(), o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1) //nolint: the profile of a failed run is not needed
	}
	if o.DataDir != "" {
		// Marks the directory complete, for bench/load's cache.
		if err := datagen.WriteResult(o.DataDir, res); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
	}
	rows := 0
	for _, s := range res.Steps {
		rows += s.Rows
	}
	fmt.Printf("total: %d rows in %.1fs (%.0f rows/s), tasks %d..%d, admin %s / %s\n",
		rows, res.Seconds, float64(rows)/res.Seconds, res.TaskFirst, res.TaskLast, datagen.AdminLogin, datagen.AdminPassword)
}
