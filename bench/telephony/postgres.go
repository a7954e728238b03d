package main

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"strings"

	_ "github.com/jackc/pgx/v5/stdlib" // the PostgreSQL admin connection
)

// freshPostgres makes an empty database beside the given URL's and
// returns its URL and a function that drops it.
func freshPostgres(ctx context.Context, base string) (string, func(), error) {
	u, err := url.Parse(base)
	if err != nil || !strings.HasPrefix(u.Host, "127.0.0.1") && !strings.HasPrefix(u.Host, "localhost") {
		return "", nil, fmt.Errorf("-postgres must be a 127.0.0.1 URL: %q", base)
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, err
	}
	name := fmt.Sprintf("artel_bench_telephony_%d", os.Getpid())
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		admin.Close()
		return "", nil, err
	}
	v := *u
	v.Path = "/" + name
	return v.String(), func() {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		admin.Close()
	}, nil
}
