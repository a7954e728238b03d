// Command artel is the whole product in one binary: the API, the live
// socket and the embedded web app. This file only parses the command line
// and wires the parts together; the rules live in internal/.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, nil)))
	if len(os.Args) < 2 {
		usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	var err error
	switch os.Args[1] {
	case "serve":
		err = serve(ctx, os.Args[2:])
	case "migrate":
		err = migrateCmd(ctx, os.Args[2:])
	case "account":
		err = accountCmd(ctx, os.Args[2:])
	case "backup":
		err = backupCmd(ctx, os.Args[2:])
	case "restore":
		err = restoreCmd(ctx, os.Args[2:])
	case "version":
		fmt.Println("artel", version)
	case "help", "-h", "--help":
		usage()
	default:
		usage()
		os.Exit(2)
	}
	if err != nil {
		slog.Error("artel", "err", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprint(os.Stderr, `usage: artel <command> [flags]

commands:
  serve     start the server (flags: --listen, --data, --database-url, --demo)
  migrate   bring the database schema up to date and exit
  account   create --host HOST [--name NAME] [--admin-email E --admin-password P]
            licence --host H|--account ID [--quantity N] [--until YYYY-MM-DD|none] [--mobile-until ...] [--trial] [--lock]
  backup    FILE: copy the SQLite database while the server runs (PostgreSQL: prints the pg_dump command)
  restore   FILE: replace the SQLite database with a backup; the server must be stopped
  version   print the version
`)
}
