package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/artel/artel/bench/internal/loadgen"
)

// Figure is one scenario's result.
type Figure struct {
	Key       string   `json:"key"`
	Title     string   `json:"title"`
	Ops       uint64   `json:"ops"`
	OpsPerSec float64  `json:"opsPerSec"`
	P50Ms     float64  `json:"p50Ms"`
	P99Ms     float64  `json:"p99Ms"`
	MaxMs     float64  `json:"maxMs"`
	Errors    int64    `json:"errors"`
	Ratio     float64  `json:"ratioToCeiling"`
	CPUMsOp   float64  `json:"serverCpuMsPerOp"`
	Samples   []string `json:"errorSamples,omitempty"`
}

func figure(key, title string, s loadgen.Stats, ceiling float64) Figure {
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	f := Figure{Key: key, Title: title, Ops: s.Ops, OpsPerSec: s.PerSec(), P50Ms: ms(s.P50), P99Ms: ms(s.P99),
		MaxMs: ms(s.Max), Errors: s.Errors, Samples: s.Samples}
	if ceiling > 0 {
		f.Ratio = f.OpsPerSec / ceiling
	}
	return f
}

// Result is one dialect's run, as written to bench/results.
type Result struct {
	Date        string          `json:"date"`
	Dialect     string          `json:"dialect"`
	Machine     loadgen.Machine `json:"machine"`
	Binary      string          `json:"binary"`
	Version     string          `json:"version"`
	Source      string          `json:"source"` // git describe of the working tree measured
	Tasks       int             `json:"tasks"`
	Clients     int             `json:"clients"`
	Deals       int             `json:"deals"`
	Employees   int             `json:"employees"`
	Comments    int             `json:"comments"`
	Concurrency int             `json:"concurrency"`
	DurationSec float64         `json:"durationPerScenarioSec"`
	GenSeconds  float64         `json:"generateSeconds"`
	GenCached   bool            `json:"generateCached"`
	StartupMs   float64         `json:"startToFirstHealthzMs"`
	RSSIdleMB   float64         `json:"rssIdleMB"`
	RSSLoadMB   float64         `json:"rssPeakUnderLoadMB"`
	DBSizeMB    float64         `json:"databaseSizeMB"`
	Ceiling     Figure          `json:"ceiling"`
	Scenarios   []Figure        `json:"scenarios"`
}

func (r *Result) save(dir string) (string, error) {
	name := r.Date + "-" + r.Dialect
	if r.Tasks != 1000000 {
		name += fmt.Sprintf("-t%d", r.Tasks) // a quick run does not replace a full one
	}
	path := filepath.Join(dir, name+".json")
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	return path, os.WriteFile(path, append(b, '\n'), 0o644)
}

// printTable writes the one table: a row per scenario, a column group per
// dialect.
func printTable(w io.Writer, runs []*Result) {
	if len(runs) == 0 {
		return
	}
	head := fmt.Sprintf("%-34s", "scenario")
	line := strings.Repeat("-", 34)
	for _, r := range runs {
		head += fmt.Sprintf(" | %-8s %7s %8s %8s %4s %6s %6s", r.Dialect, "ops/s", "p50 ms", "p99 ms", "err", "ratio", "cpu ms")
		line += "-+-" + strings.Repeat("-", 55)
	}
	fmt.Fprintln(w, head)
	fmt.Fprintln(w, line)
	row := func(title string, get func(r *Result) *Figure) {
		s := fmt.Sprintf("%-34s", title)
		for _, r := range runs {
			f := get(r)
			if f == nil {
				s += fmt.Sprintf(" | %-55s", "-")
				continue
			}
			s += fmt.Sprintf(" | %-8s %7.0f %8.2f %8.2f %4d %6.3f %6.2f", "", f.OpsPerSec, f.P50Ms, f.P99Ms, f.Errors, f.Ratio, f.CPUMsOp)
		}
		fmt.Fprintln(w, s)
	}
	for i, sc := range runs[0].Scenarios {
		i, sc := i, sc
		row(sc.Title, func(r *Result) *Figure {
			if i < len(r.Scenarios) && r.Scenarios[i].Key == sc.Key {
				return &r.Scenarios[i]
			}
			return nil
		})
	}
	row("ceiling: plain Go handler", func(r *Result) *Figure { return &r.Ceiling })
	fmt.Fprintln(w, line)
	extra := func(title, format string, get func(r *Result) float64) {
		s := fmt.Sprintf("%-34s", title)
		for _, r := range runs {
			s += fmt.Sprintf(" | %-55s", fmt.Sprintf(format, get(r)))
		}
		fmt.Fprintln(w, s)
	}
	extra("start to first 200 on /healthz", "%.0f ms", func(r *Result) float64 { return r.StartupMs })
	extra("resident memory idle", "%.0f MB", func(r *Result) float64 { return r.RSSIdleMB })
	extra("resident memory under load (peak)", "%.0f MB", func(r *Result) float64 { return r.RSSLoadMB })
	extra("database size on disk", "%.0f MB", func(r *Result) float64 { return r.DBSizeMB })
	extra("generate the data set", "%.0f s", func(r *Result) float64 { return r.GenSeconds })
	fmt.Fprintln(w, "cpu ms: the server process's CPU time per operation (/proc/PID/stat), which other load on the machine changes less than ops/s")
	fmt.Fprintf(w, "%d tasks, %d clients, %d deals, %d employees, %d comments; %d clients, %.0fs per scenario; %s, %d CPUs, %s\n",
		runs[0].Tasks, runs[0].Clients, runs[0].Deals, runs[0].Employees, runs[0].Comments, runs[0].Concurrency,
		runs[0].DurationSec, runs[0].Machine.CPUModel, runs[0].Machine.CPUs, runs[0].Date)
	for _, r := range runs {
		fmt.Fprintf(w, "%s: load average %s when its session began\n", r.Dialect, r.Machine.Load1)
	}
}
