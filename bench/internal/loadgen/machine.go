package loadgen

import (
	"os"
	"runtime"
	"strconv"
	"strings"
)

// Machine describes where a measurement ran.
type Machine struct {
	CPUs     int    `json:"nproc"`
	CPUModel string `json:"cpuModel"`
	MemoryMB int64  `json:"memoryMB"`
	Go       string `json:"go"`
	Load1    string `json:"loadAverage1mAtStart"`
}

// ThisMachine reads /proc for the CPU model, memory and load average.
func ThisMachine() Machine {
	m := Machine{CPUs: runtime.NumCPU(), Go: runtime.Version()}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				m.CPUModel = strings.TrimSpace(v)
				break
			}
		}
	}
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(line, "MemTotal:"); ok {
				kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
				m.MemoryMB = kb / 1024
			}
		}
	}
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		m.Load1 = strings.Fields(string(b))[0]
	}
	return m
}
