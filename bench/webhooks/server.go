package main

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

// server runs `artel serve` again and again over one database, each time
// on a fresh loopback port published in base (as bench/crashtest does).
type server struct {
	binary string
	args   []string
	env    []string
	logf   *os.File
	cmd    *exec.Cmd
	done   chan error
	base   atomic.Pointer[string]
}

func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}

func (s *server) start(ctx context.Context) error {
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	cmd := exec.Command(s.binary, append([]string{"serve", "--listen", addr}, s.args...)...)
	cmd.Env = append(os.Environ(), s.env...)
	cmd.Stdout, cmd.Stderr = s.logf, s.logf
	if err := cmd.Start(); err != nil {
		return err
	}
	s.cmd, s.done = cmd, make(chan error, 1)
	go func(done chan error) { done <- cmd.Wait() }(s.done)
	u := "http://" + addr
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		if r, err := http.Get(u + "/healthz"); err == nil {
			_, _ = io.Copy(io.Discard, r.Body)
			r.Body.Close()
			if r.StatusCode == http.StatusOK {
				s.base.Store(&u)
				return nil
			}
		}
		select {
		case err := <-s.done:
			s.done <- err
			return fmt.Errorf("server exited during start: %v", err)
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(15 * time.Millisecond):
		}
	}
	return errors.New("server did not answer /healthz within a minute")
}

// kill is the crash: SIGKILL, and wait until the process is gone.
func (s *server) kill() {
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGKILL)
	<-s.done
	s.cmd = nil
}
