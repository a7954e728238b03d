package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/artel/artel/bench/internal/loadgen"
)

// Latency summarises durations in milliseconds.
type Latency struct {
	Name  string  `json:"name"`
	Count int     `json:"count"`
	P50Ms float64 `json:"p50Ms"`
	P99Ms float64 `json:"p99Ms"`
	MaxMs float64 `json:"maxMs"`
}

func summarize(name string, ds []time.Duration) Latency {
	l := Latency{Name: name, Count: len(ds)}
	if len(ds) == 0 {
		return l
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	at := func(q float64) time.Duration { return s[min(len(s)-1, int(q*float64(len(s))))] }
	l.P50Ms, l.P99Ms, l.MaxMs = ms(at(0.50)), ms(at(0.99)), ms(s[len(s)-1])
	return l
}

// Figure is one setup and socket count.
type Figure struct {
	Setup       string  `json:"setup"`
	Nodes       int     `json:"nodes"`
	Sockets     int     `json:"sockets"`
	OpenSeconds float64 `json:"openSeconds"`
	RSSBeforeMB float64 `json:"rssBeforeMB"` // all nodes
	RSSAfterMB  float64 `json:"rssIdleSocketsMB"`
	KBPerSocket float64 `json:"kbPerIdleSocket"` // RSS growth / sockets
	// Go's own view, from /metrics: what the growth is made of.
	HeapKBPerSocket     float64   `json:"heapKBPerIdleSocket"`
	StackKBPerSocket    float64   `json:"stackKBPerIdleSocket"`
	GoroutinesPerSocket float64   `json:"goroutinesPerIdleSocket"`
	Write               Latency   `json:"write"`    // the edit's own request, sent to node 1
	Delivery            Latency   `json:"delivery"` // from sending the edit to each socket's receipt
	PerNode             []Latency `json:"perNode"`
	// ServerCPUMsPerEdit is the nodes' CPU time per edit (write, rights
	// check, every delivery): what the fan-out costs whatever else runs.
	ServerCPUMsPerEdit float64 `json:"serverCpuMsPerEdit"`
	LoadAverage        string  `json:"loadAverage1mAfter"`
}

func (f *Figure) print() {
	fmt.Printf("%s, %d sockets: delivery p50 %.1f ms, p99 %.1f ms, max %.1f ms (write itself p50 %.1f ms); "+
		"%.1f KB per idle socket (heap %.1f KB, stacks %.1f KB, %.2f goroutines); server CPU %.1f ms per edit; load %s\n",
		f.Setup, f.Sockets, f.Delivery.P50Ms, f.Delivery.P99Ms, f.Delivery.MaxMs, f.Write.P50Ms, f.KBPerSocket,
		f.HeapKBPerSocket, f.StackKBPerSocket, f.GoroutinesPerSocket, f.ServerCPUMsPerEdit, f.LoadAverage)
}

// Result is one run, as written to bench/results.
type Result struct {
	Date    string          `json:"date"`
	Machine loadgen.Machine `json:"machine"`
	Binary  string          `json:"binary"`
	Users   int             `json:"users"`
	Rounds  int             `json:"rounds"`
	Figures []*Figure       `json:"figures"`
}

func (r *Result) save(dir string) (string, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", err
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, r.Date+"-fanout.json")
	return path, os.WriteFile(path, append(b, '\n'), 0o644)
}

func (r *Result) table(w io.Writer) {
	fmt.Fprintf(w, "\n| setup | sockets | p50 ms | p99 ms | max ms | write p50 ms | server CPU ms/edit | KB per idle socket (heap, stacks) |\n")
	fmt.Fprintf(w, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, f := range r.Figures {
		nodes := "1 node"
		if f.Nodes > 1 {
			nodes = fmt.Sprintf("%d nodes", f.Nodes)
		}
		fmt.Fprintf(w, "| %s (%s) | %d | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f (%.1f, %.1f) |\n", f.Setup, nodes, f.Sockets,
			f.Delivery.P50Ms, f.Delivery.P99Ms, f.Delivery.MaxMs, f.Write.P50Ms, f.ServerCPUMsPerEdit,
			f.KBPerSocket, f.HeapKBPerSocket, f.StackKBPerSocket)
		for _, n := range f.PerNode {
			if len(f.PerNode) > 1 {
				fmt.Fprintf(w, "| &nbsp; %s | %d | %.1f | %.1f | %.1f | | | |\n", n.Name, n.Count/max(1, r.Rounds), n.P50Ms, n.P99Ms, n.MaxMs)
			}
		}
	}
}
