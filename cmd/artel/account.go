package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"

	"github.com/artel/artel/internal/app"
	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/catalog"
)

// accountCmd manages the accounts of a deployment: `artel account create
// --host crm.example.com` adds one that answers that host.
func accountCmd(ctx context.Context, args []string) error {
	if len(args) == 0 || args[0] != "create" {
		return errors.New("usage: artel account create --host HOST [--name NAME] [--admin-email E --admin-password P]")
	}
	fs := flag.NewFlagSet("account create", flag.ExitOnError)
	host := fs.String("host", "", "host name the account answers")
	name := fs.String("name", "Artel", "company name")
	email := fs.String("admin-email", "admin@example.com", "administrator login")
	password := fs.String("admin-password", "", "administrator password; generated when empty")
	var d dbFlags
	d.register(fs)
	_ = fs.Parse(args[1:])
	if *host == "" {
		return errors.New("--host is required")
	}
	cat := catalog.MustLoad()
	db, err := d.open(ctx, cat)
	if err != nil {
		return err
	}
	defer db.Close()
	srv, err := app.Build(ctx, db, cat, version, slog.Default())
	if err != nil {
		return err
	}
	pw := *password
	if pw == "" {
		pw = auth.GeneratePassword()
	}
	var id int64
	err = db.WithTx(ctx, func(ctx context.Context) error {
		var err error
		if id, err = srv.Accounts.Create(ctx, *name, *host); err != nil {
			return err
		}
		return auth.CreateAdmin(ctx, srv.Engine, id, *name, *email, pw)
	})
	if err != nil {
		return err
	}
	fmt.Printf("Account %d answers %s; administrator %s, password %s\n", id, *host, *email, pw)
	return nil
}
