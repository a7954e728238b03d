package loadgen

import (
	"net"
	"net/http"
	"os"
	"time"
)

// CeilingArg makes a bench binary serve the ceiling instead of measuring:
// the load tool starts itself again with it, so the ceiling is a separate
// process behind the same loopback, HTTP stack and client as the server.
const CeilingArg = "-serve-ceiling"

var ceilingBody = []byte(`{"meta":{"status":200,"errors":[]},"data":{"contentType":"Task","id":"1","name":"ceiling"}}` + "\n")

// ServeCeilingIfAsked serves a plain handler answering a fixed JSON when
// the program was started with CeilingArg, and never returns then.
func ServeCeilingIfAsked() {
	if len(os.Args) < 4 || os.Args[1] != CeilingArg || os.Args[2] != "--listen" {
		return
	}
	ln, err := net.Listen("tcp", os.Args[3])
	if err != nil {
		os.Exit(1)
	}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		_, _ = w.Write(ceilingBody)
	})
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		// The parent stops the ceiling with SIGTERM; a lost parent must
		// not leave it running, so it also ends after an hour at most.
		time.Sleep(time.Hour)
		os.Exit(0)
	}()
	_ = srv.Serve(ln)
	os.Exit(0)
}

// StartCeiling starts this program again as the ceiling server.
func StartCeiling(logPath string) (*Proc, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return Start(self, []string{CeilingArg}, nil, logPath)
}
