package app

import (
	"os"
	"runtime/debug"
)

// Garbage collector settings of a serving process, unless GOGC or
// GOMEMLIMIT say otherwise. A request allocates much and keeps little
// (the live heap is tens of MB), so Go's default of collecting each time
// the heap doubles runs the collector every few dozen list pages. Letting
// the heap grow to five times the live set cut a task page's CPU by about
// a tenth (docs/performance.md); the soft limit keeps a large live heap
// from growing fivefold.
const (
	gcPercent   = 400
	memoryLimit = 1 << 30
)

// TuneGC applies the settings; cmd/artel serve and the profiled bench
// server call it.
func TuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
}
