// Command fanout measures the live socket of the real artel binary: how
// long an entity event takes from the write that commits it to delivery
// on 1,000 and 10,000 idle sockets (p50, p99), and how much memory an
// idle socket costs the server (RSS growth / sockets). It runs on SQLite
// (one node) and, with -postgres, on two nodes sharing a PostgreSQL
// database: sockets alternate between the nodes and the writes go
// through the first, so half the deliveries cross LISTEN/NOTIFY.
//
//	go run ./bench/fanout -binary bin/artel -postgres URL
//	go run ./bench/fanout -binary bin/artel -sockets 1000 -rounds 10   # quick
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/artel/artel/bench/internal/loadgen"
)

type config struct {
	binary   string
	postgres string
	sockets  []int
	users    int
	rounds   int
	results  string
	setups   []string
	dialConc int
}

func main() {
	var c config
	flag.StringVar(&c.binary, "binary", "bin/artel", "the artel binary to measure")
	flag.StringVar(&c.postgres, "postgres", "", "PostgreSQL URL (127.0.0.1); adds the two-node run")
	sockets := flag.String("sockets", "1000,10000", "idle socket counts to measure")
	flag.IntVar(&c.users, "users", 100, "employees the sockets belong to (round robin); each sees the task")
	flag.IntVar(&c.rounds, "rounds", 30, "edits per socket count; each waits for every delivery of the previous")
	flag.StringVar(&c.results, "results", "bench/results", "where the JSON results go")
	flag.IntVar(&c.dialConc, "dial-concurrency", 64, "sockets opened at once")
	setups := flag.String("setups", "", "sqlite,postgres (default: sqlite, plus postgres when -postgres is set)")
	flag.Parse()
	for _, s := range strings.Split(*sockets, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n <= 0 {
			fail(fmt.Errorf("-sockets: %q", s))
		}
		c.sockets = append(c.sockets, n)
	}
	c.setups = []string{"sqlite"}
	if c.postgres != "" {
		c.setups = append(c.setups, "postgres")
	}
	if *setups != "" {
		c.setups = strings.Split(*setups, ",")
	}
	if _, err := os.Stat(c.binary); err != nil {
		fail(fmt.Errorf("no binary %s: run make build first (%v)", c.binary, err))
	}
	// Every socket is a file on both ends; 10,000 of them need more than
	// the usual soft limit of 1,024, in this process and the servers it
	// starts (which inherit it).
	if err := raiseOpenFiles(); err != nil {
		fail(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	res := &Result{Date: time.Now().Format("2006-01-02"), Machine: loadgen.ThisMachine(), Binary: c.binary,
		Users: c.users, Rounds: c.rounds}
	for _, setup := range c.setups {
		for _, n := range c.sockets {
			if ctx.Err() != nil {
				fail(ctx.Err())
			}
			f, err := run(ctx, c, setup, n)
			if err != nil {
				fail(fmt.Errorf("%s, %d sockets: %w", setup, n, err))
			}
			f.print()
			res.Figures = append(res.Figures, f)
		}
	}
	path, err := res.save(c.results)
	if err != nil {
		fail(err)
	}
	fmt.Println("wrote", path)
	res.table(os.Stdout)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "fanout:", err)
	os.Exit(1)
}

func raiseOpenFiles() error {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return err
	}
	lim.Cur = lim.Max
	return syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
}

// run measures one setup with n sockets on fresh servers.
func run(ctx context.Context, c config, setup string, n int) (*Figure, error) {
	cl, err := startCluster(ctx, c, setup)
	if err != nil {
		return nil, err
	}
	defer cl.stop()
	acc, err := prepare(ctx, cl, c.users)
	if err != nil {
		return nil, err
	}
	if err := cl.restart(); err != nil {
		return nil, err
	}
	time.Sleep(2 * time.Second) // let the servers settle before the baseline
	before := cl.rss()
	heap0, stack0, g0 := cl.runtime(ctx)
	fmt.Printf("%s: opening %d sockets (%d users, %d node(s))\n", setup, n, c.users, len(cl.nodes))
	start := time.Now()
	socks, err := openSockets(ctx, cl, acc, n, c.dialConc)
	if err != nil {
		return nil, err
	}
	defer closeAll(socks)
	opened := time.Since(start)
	time.Sleep(idle) // what the sockets cost at rest
	after := cl.rss()
	heap1, stack1, g1 := cl.runtime(ctx)
	f := &Figure{Setup: setup, Nodes: len(cl.nodes), Sockets: n, OpenSeconds: opened.Seconds(),
		RSSBeforeMB: float64(before) / mb, RSSAfterMB: float64(after) / mb,
		KBPerSocket:         float64(after-before) / 1024 / float64(n),
		HeapKBPerSocket:     (heap1 - heap0) / 1024 / float64(n),
		StackKBPerSocket:    (stack1 - stack0) / 1024 / float64(n),
		GoroutinesPerSocket: (g1 - g0) / float64(n)}
	cpu0 := cl.cpu()
	if err := fanOut(ctx, cl, acc, socks, c.rounds, f); err != nil {
		return nil, err
	}
	f.ServerCPUMsPerEdit = float64((cl.cpu() - cpu0).Microseconds()) / 1000 / float64(c.rounds)
	f.LoadAverage = loadgen.ThisMachine().Load1
	return f, nil
}

const mb = 1 << 20

// idle is how long the sockets rest before their memory is read: long
// enough for the collections the opening triggered to have run.
const idle = 10 * time.Second
