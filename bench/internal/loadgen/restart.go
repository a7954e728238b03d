package loadgen

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"sync/atomic"
	"syscall"
	"time"
)

// Restartable runs `artel serve` again and again over the same database,
// for the tools that kill it on purpose (bench/crashtest, bench/webhooks).
// Every start listens on a fresh loopback port, published in base, so
// writers never talk to a port some other process took over meanwhile.
type Restartable struct {
	Binary string
	Args   []string // storage flags: --data DIR or --database-url URL
	Env    []string
	Log    *os.File // every run's output, appended, for the failure report

	cmd  *exec.Cmd
	done chan error

	base atomic.Pointer[string] // "http://127.0.0.1:PORT" of the current process
	gen  atomic.Int64           // incremented when a process becomes healthy
}

func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}

// Launch starts one process without waiting for it to answer.
func (s *Restartable) Launch() error {
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	cmd := exec.Command(s.Binary, append([]string{"serve", "--listen", addr}, s.Args...)...)
	cmd.Env = append(os.Environ(), s.Env...)
	cmd.Stdout, cmd.Stderr = s.Log, s.Log
	if err := cmd.Start(); err != nil {
		return err
	}
	s.cmd, s.done = cmd, make(chan error, 1)
	go func(done chan error) { done <- cmd.Wait() }(s.done)
	u := "http://" + addr
	s.base.Store(&u)
	return nil
}

// Healthy polls /healthz until it answers, the process dies or a minute
// passes (a start normally takes well under a second).
func (s *Restartable) Healthy(ctx context.Context) error {
	url := *s.base.Load() + "/healthz"
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		if r, err := http.Get(url); err == nil {
			_, _ = io.Copy(io.Discard, r.Body)
			r.Body.Close()
			if r.StatusCode == http.StatusOK {
				s.gen.Add(1)
				return nil
			}
		}
		select {
		case err := <-s.done:
			s.done <- err // keep it for kill/stop
			return fmt.Errorf("server exited during start: %v\n%s", err, s.Tail())
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(15 * time.Millisecond):
		}
	}
	return fmt.Errorf("server did not answer /healthz within a minute\n%s", s.Tail())
}

// Start launches a process and waits until it answers.
func (s *Restartable) Start(ctx context.Context) error {
	if err := s.Launch(); err != nil {
		return err
	}
	return s.Healthy(ctx)
}

// Kill is the crash: SIGKILL, then wait until the process is gone, so no
// request of it can still commit once the next one starts.
func (s *Restartable) Kill() error {
	if s.cmd == nil {
		return nil
	}
	err := s.cmd.Process.Signal(syscall.SIGKILL)
	if err != nil && !errors.Is(err, os.ErrProcessDone) {
		return err
	}
	<-s.done
	s.cmd = nil
	return nil
}

// Stop is the clean shutdown at the end: SIGTERM must end the process with
// exit 0 even after all the crashes before it.
func (s *Restartable) Stop() error {
	if s.cmd == nil {
		return nil
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-s.done:
		s.cmd = nil
		if err != nil {
			return fmt.Errorf("exit after SIGTERM: %v\n%s", err, s.Tail())
		}
		return nil
	case <-time.After(30 * time.Second):
		_ = s.Kill()
		return fmt.Errorf("no exit within 30s of SIGTERM\n%s", s.Tail())
	}
}

// Tail is the end of the server log, for error messages.
func (s *Restartable) Tail() string {
	b, err := os.ReadFile(s.Log.Name())
	if err != nil {
		return ""
	}
	if len(b) > 3000 {
		b = b[len(b)-3000:]
	}
	return string(b)
}

// Base is the current process's "http://127.0.0.1:PORT".
func (s *Restartable) Base() string { return *s.base.Load() }

// Gen counts the processes that became healthy, so a writer can tell a
// restart happened.
func (s *Restartable) Gen() int64 { return s.gen.Load() }
