package loadgen

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/pprof"
	"syscall"
	"time"

	"github.com/artel/artel/internal/app"
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/migrate"
	"github.com/artel/artel/internal/store"
)

// ProfiledArg makes a bench binary serve the API in-process with a CPU
// profile running, instead of measuring. It is the binary's own wiring
// (store.Open, migrate.Run, app.Build, Server.Handler, request log to
// stderr) with nothing added to the server's code: the load tool starts
// itself with it when asked for -profile, and the profile is written when
// SIGTERM stops it. Profiling starts at SIGUSR1, which the load tool sends
// when the measured runs begin, so the set-up's checks stay out of it.
const ProfiledArg = "-serve-profiled"

// ServeProfiledIfAsked serves when started as
// `bench -serve-profiled PROFILE DATA_DIR DATABASE_URL --listen ADDR`,
// and never returns then.
func ServeProfiledIfAsked() {
	if len(os.Args) < 7 || os.Args[1] != ProfiledArg || os.Args[5] != "--listen" {
		return
	}
	profile, dataDir, dbURL, addr := os.Args[2], os.Args[3], os.Args[4], os.Args[6]
	if err := serveProfiled(profile, dataDir, dbURL, addr); err != nil {
		slog.Error("profiled server", "err", err)
		os.Exit(1)
	}
	os.Exit(0)
}

func serveProfiled(profile, dataDir, dbURL, addr string) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	app.TuneGC()
	cat := catalog.MustLoad()
	db, err := store.Open(ctx, dataDir, dbURL)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := migrate.Run(ctx, db, cat); err != nil {
		return err
	}
	srv, err := app.Build(ctx, db, cat, "bench-profiled", slog.New(slog.NewTextHandler(os.Stderr, nil)))
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	f, err := os.Create(profile)
	if err != nil {
		return err
	}
	defer f.Close()
	usr1 := make(chan os.Signal, 1)
	signal.Notify(usr1, syscall.SIGUSR1)
	go func() {
		<-usr1
		_ = pprof.StartCPUProfile(f)
	}()
	defer pprof.StopCPUProfile()
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = hs.Serve(ln) }()
	select {
	case <-ctx.Done():
	case <-time.After(time.Hour): // bounded even if the parent is lost
	}
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err = hs.Shutdown(sctx)
	// What the run allocated, beside the CPU profile (PROFILE.allocs).
	if af, aerr := os.Create(profile + ".allocs"); aerr == nil {
		_ = pprof.Lookup("allocs").WriteTo(af, 0)
		af.Close()
	}
	return err
}

// StartProfiled starts this program again as the profiled server.
func StartProfiled(profile, dataDir, dbURL, logPath string) (*Proc, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return Start(self, []string{ProfiledArg, profile, dataDir, dbURL}, nil, logPath)
}
