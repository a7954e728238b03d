package api

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store/storetest"
	"github.com/artel/artel/internal/value"
)

// The built-in groups give every employee every *_enter action, so over
// HTTP no user lacks one yet. Here the scope is made by hand, as a custom
// rights group will make it, to show each item follows its action.
func TestMenuFollowsPermissions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, dialect string) {
		ctx, db, cat := context.Background(), storetest.Open(t, dialect), catalog.MustLoad()
		e := entity.New(db, cat, nil)
		accounts, err := auth.NewAccounts(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		fs, err := auth.Bootstrap(ctx, accounts, e, "admin@example.com", "long enough pass")
		if err != nil {
			t.Fatal(err)
		}
		s := &Server{DB: db, Cat: cat, Engine: e, Accounts: accounts, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
		me := value.Link{Type: "Employee", ID: 1}
		cases := []struct {
			name string
			sc   entity.Scope
			want string
		}{
			{"nothing", entity.Scope{}, "desktop workspaces knowledge help"},
			{"tasks only", entity.Scope{Perms: map[string]bool{"tasks_enter": true}}, "desktop workspaces tasks knowledge help"},
			{"guest", entity.Scope{Guest: true, Perms: map[string]bool{"tasks_enter": true, "discuss_enter": true}},
				"desktop workspaces tasks discuss knowledge help"},
			{"sales", entity.Scope{Perms: map[string]bool{"crm_enter": true, "deal_enter": true, "invoice_enter": true, "offer_enter": true}},
				"desktop workspaces crm deals invoices offers knowledge help"},
			{"settings right", entity.Scope{Perms: map[string]bool{"settings_setting_enter": true}}, "desktop workspaces knowledge help settings"},
			{"administrator", entity.Scope{Admin: true},
				"desktop workspaces tasks todo discuss crm deals invoices finance offers warehouse docs reports staff knowledge help settings"},
		}
		for _, tc := range cases {
			tc.sc.Account, tc.sc.Actor = fs.Account, me
			items, err := s.menuItems(ctx, &call{sc: tc.sc, lang: "ru"})
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, it := range items {
				ids = append(ids, it["id"].(string))
			}
			if got := strings.Join(ids, " "); got != tc.want {
				t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
			}
		}
		// The landing page follows the same rights: without tasks, the first item.
		if res := s.menuDefaultURL(ctx, &call{sc: entity.Scope{Account: fs.Account, Actor: me}, lang: "ru"}, nil); res.Data != "/newdashboard" {
			t.Errorf("landing without tasks: %v", res.Data)
		}
	})
}
