// Package app wires the parts of the server together over an open database.
// The binary and the API tests build the server the same way through it.
package app

import (
	"context"
	"log/slog"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/web"
)

// Build makes the API server over a migrated database.
func Build(ctx context.Context, db *store.DB, cat *catalog.Catalog, version string, log *slog.Logger) (*api.Server, error) {
	engine := entity.New(db, cat, nil)
	authSvc := auth.NewService(db)
	authSvc.Hook(engine)
	accounts, err := auth.NewAccounts(ctx, db)
	if err != nil {
		return nil, err
	}
	return &api.Server{DB: db, Cat: cat, Engine: engine, Auth: authSvc, Accounts: accounts,
		Version: version, Log: log, Web: web.Handler()}, nil
}
