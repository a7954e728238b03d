package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/artel/artel/internal/account"
	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
)

// accountCmd manages the accounts of a deployment: `artel account create
// --host crm.example.com` adds one that answers that host; `artel account
// licence` sets an account's licence.
func accountCmd(ctx context.Context, args []string) error {
	if len(args) > 0 && args[0] == "licence" {
		return licenceCmd(ctx, args[1:])
	}
	if len(args) == 0 || args[0] != "create" {
		return errors.New("usage: artel account create --host HOST [--name NAME] [--admin-email E --admin-password P]\n" +
			"       artel account licence --host H|--account ID [--quantity N] [--until YYYY-MM-DD|none] [--mobile-until YYYY-MM-DD|none] [--trial] [--lock]")
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
	srv, db, err := d.server(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
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
		if err := auth.CreateAdmin(ctx, srv.Engine, id, *name, *email, pw); err != nil {
			return err
		}
		return srv.Engine.SeedAccount(ctx, id)
	})
	if err != nil {
		return err
	}
	fmt.Printf("Account %d answers %s; administrator %s, password %s\n", id, *host, *email, pw)
	return nil
}

// licenceCmd is `artel account licence`: the operator sets an account's
// licence. Only the flags given change; --until none makes it perpetual,
// --quantity 0 unlimited. --lock keeps account administrators from
// changing it through the API (for an operator hosting other companies).
func licenceCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("account licence", flag.ExitOnError)
	host := fs.String("host", "", "the account answering this host")
	id := fs.Int64("account", 0, "the account id (the default account has no host)")
	qty := fs.Int64("quantity", 0, "employees who may sign in; 0 = unlimited")
	until := fs.String("until", "", "last licensed day YYYY-MM-DD, or none (perpetual)")
	mobile := fs.String("mobile-until", "", "last day of the mobile licence YYYY-MM-DD, or none")
	trial := fs.Bool("trial", false, "a trial: 14 days from today unless --until is given")
	lock := fs.Bool("lock", false, "administrators cannot change the licence through the API")
	var d dbFlags
	d.register(fs)
	_ = fs.Parse(args)
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	if given["host"] == given["account"] {
		return errors.New("give exactly one of --host or --account")
	}
	var p account.LicencePatch
	if given["quantity"] {
		if *qty < 0 {
			return errors.New("--quantity must be 0 (unlimited) or more")
		}
		p.Quantity = qty
	}
	date := func(name string, v *string) (*string, error) {
		if strings.EqualFold(*v, "none") {
			*v = ""
		} else if _, err := time.Parse(time.DateOnly, *v); err != nil {
			return nil, fmt.Errorf("--%s: want YYYY-MM-DD or none, got %q", name, *v)
		}
		return v, nil
	}
	var err error
	if given["until"] {
		if p.EndDate, err = date("until", until); err != nil {
			return err
		}
	}
	if given["mobile-until"] {
		if p.MobileEndDate, err = date("mobile-until", mobile); err != nil {
			return err
		}
	}
	if given["trial"] {
		p.Trial = trial
	}
	if given["lock"] {
		p.Locked = lock
	}
	cat := catalog.MustLoad()
	db, err := d.open(ctx, cat)
	if err != nil {
		return err
	}
	defer db.Close()
	acc, err := account.Get(ctx, db, *id)
	if given["host"] {
		acc, err = account.ByHost(ctx, db, *host)
	}
	if err != nil {
		return err
	}
	l, err := account.SetLicence(ctx, db, acc.ID, p, time.Now())
	if err != nil {
		return err
	}
	users, err := account.CountUsers(ctx, entity.New(db, cat, nil), acc.ID)
	if err != nil {
		return err
	}
	fmt.Println(describeLicence(acc, l, users))
	return nil
}

func describeLicence(acc account.Info, l account.Licence, users int64) string {
	qty, end, mobile := "unlimited licences", "perpetual", "no mobile licence"
	if l.Quantity > 0 {
		qty = fmt.Sprintf("%d licences", l.Quantity)
	}
	if l.EndDate != "" {
		end = "until " + l.EndDate
	}
	if l.MobileEndDate != "" {
		mobile = "mobile until " + l.MobileEndDate
	}
	out := fmt.Sprintf("Account %d (%s): %s, %s, %s", acc.ID, acc.Name, qty, end, mobile)
	if l.Trial {
		out += ", trial"
	}
	if l.Locked {
		out += ", locked"
	}
	out += fmt.Sprintf("; %d employees can sign in", users)
	if l.Quantity > 0 && users > l.Quantity {
		out += " (more than licensed: they keep access, no one new is let in)"
	}
	return out
}
