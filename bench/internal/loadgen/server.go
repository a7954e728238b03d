package loadgen

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Proc is a server process started for a measurement.
type Proc struct {
	Cmd     *exec.Cmd
	URL     string
	Startup time.Duration // from exec to the first 200 on /healthz
	exited  chan error
}

// FreePort asks the kernel for a free loopback port.
func FreePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// Start runs binary with args plus --listen on a free loopback port and
// env added to the environment, sends its output to logPath, and waits for
// the first 200 on /healthz; Startup is how long that took.
func Start(binary string, args []string, env []string, logPath string) (*Proc, error) {
	port, err := FreePort()
	if err != nil {
		return nil, err
	}
	addr := "127.0.0.1:" + strconv.Itoa(port)
	log, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(binary, append(args, "--listen", addr)...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = log, log
	p := &Proc{Cmd: cmd, URL: "http://" + addr, exited: make(chan error, 1)}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		log.Close()
		return nil, err
	}
	go func() { p.exited <- cmd.Wait(); log.Close() }()
	hc := &http.Client{Timeout: time.Second}
	for deadline := start.Add(3 * time.Minute); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		select {
		case err := <-p.exited:
			return nil, fmt.Errorf("loadgen: %s exited before answering: %v (see %s)", binary, err, logPath)
		default:
		}
		resp, err := hc.Get(p.URL + "/healthz")
		if err != nil {
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == 200 {
			p.Startup = time.Since(start)
			return p, nil
		}
	}
	p.Stop()
	return nil, fmt.Errorf("loadgen: %s did not answer /healthz within 3 minutes (see %s)", binary, logPath)
}

// Stop sends SIGTERM and waits for the exit, killing after 30 seconds.
func (p *Proc) Stop() error {
	_ = p.Cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-p.exited:
		return err
	case <-time.After(30 * time.Second):
		_ = p.Cmd.Process.Kill()
		return errors.New("loadgen: server ignored SIGTERM for 30s; killed")
	}
}

// RSS is the process's resident memory in bytes (VmRSS).
func (p *Proc) RSS() (int64, error) { return RSSOf(p.Cmd.Process.Pid) }

// RSSOf reads VmRSS from /proc/PID/status.
func RSSOf(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb * 1024, err
		}
	}
	return 0, errors.New("loadgen: no VmRSS")
}

// PeakRSS samples a process's VmRSS every 100ms until ctx ends and
// returns the highest value seen through the returned function.
func PeakRSS(ctx context.Context, pid int) func() int64 {
	var mu sync.Mutex
	var peak int64
	go func() {
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			if v, err := RSSOf(pid); err == nil {
				mu.Lock()
				peak = max(peak, v)
				mu.Unlock()
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	return func() int64 { mu.Lock(); defer mu.Unlock(); return peak }
}

// CPUTime is the CPU time (user + system) a process has used so far,
// from /proc/PID/stat. Divided by the operations of a scenario it gives
// the server's CPU cost per request, a figure that other load on the
// machine does not change the way it changes throughput.
func CPUTime(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')') // the command name may hold spaces
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return 0, errors.New("loadgen: short /proc stat")
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * time.Second / clockTicks, nil
}

// clockTicks is USER_HZ, 100 on every Linux this runs on.
const clockTicks = 100
