package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/app"
	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/demo"
	"github.com/artel/artel/internal/realip"
)

func serve(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("serve", flag.ExitOnError)
	listen := fs.String("listen", env("ARTEL_LISTEN", "127.0.0.1:8080"), "address to listen on")
	withDemo := fs.Bool("demo", false, "fill an empty account with the demo company")
	proxies := fs.String("trusted-proxies", env("ARTEL_TRUSTED_PROXIES", ""), "reverse proxies whose X-Forwarded-For names the visitor: addresses and networks, comma-separated")
	var d dbFlags
	d.register(fs)
	_ = fs.Parse(args)
	app.TuneGC()
	trusted, err := realip.Parse(*proxies)
	if err != nil {
		return err
	}
	srv, db, err := d.server(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	srv.Proxies = trusted
	if err := firstStart(ctx, srv, *withDemo); err != nil {
		return err
	}
	// Background jobs run once the account exists and stop when serve
	// returns, after the last request and before the database closes.
	runner, err := app.Jobs(ctx, srv)
	if err != nil {
		return err
	}
	if err := runner.Start(ctx); err != nil {
		return err
	}
	defer func() {
		stopCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := runner.Stop(stopCtx); err != nil {
			slog.Error("stopping background jobs", "err", err)
		}
	}()
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return err
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	slog.Info("artel listening", "url", "http://"+ln.Addr().String(), "database", db.Dialect.String(), "version", version)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	// SIGTERM: stop accepting, let in-flight requests finish, then close
	// the database (deferred above) and exit 0. Live sockets go first:
	// the HTTP server does not track hijacked connections, so they are
	// told "going away" (clients reconnect, to another node if there is
	// one) and drained within their own budget, and long polls are
	// answered at once instead of holding the shutdown for 25 s.
	slog.Info("shutting down")
	socketsCtx, cancelSockets := context.WithTimeout(context.Background(), 10*time.Second)
	srv.Realtime.Shutdown(socketsCtx)
	cancelSockets()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err = hs.Shutdown(shutdownCtx)
	srv.Realtime.Close()
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// firstStart creates the account and administrator on an empty database,
// and with --demo fills the default account with the demo company.
func firstStart(ctx context.Context, srv *api.Server, withDemo bool) error {
	fs, err := auth.Bootstrap(ctx, srv.Accounts, srv.Engine, os.Getenv("ARTEL_ADMIN_EMAIL"), os.Getenv("ARTEL_ADMIN_PASSWORD"))
	if err != nil {
		return err
	}
	if fs != nil {
		fmt.Printf("Created the account and its administrator: login %s\n", fs.Login)
		if fs.Generated {
			fmt.Printf("Generated administrator password (shown once): %s\n", fs.Password)
		}
	}
	if !withDemo {
		return nil
	}
	account, err := srv.Accounts.Resolve("")
	if err != nil {
		return err
	}
	res, err := demo.Fill(ctx, srv.Engine, account)
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	if res.Created {
		fmt.Println("Filled the demo company.")
	}
	fmt.Printf("Demo login: %s  password: %s\n", res.Login, res.Password)
	return nil
}
