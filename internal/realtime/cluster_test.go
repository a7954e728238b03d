package realtime_test

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/app"
	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/migrate"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/store/storetest"
)

// node is one server of a cluster sharing a PostgreSQL database.
func node(t *testing.T, dataDir, url string) (*api.Server, *apitest.Harness) {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, dataDir, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	cat := catalog.MustLoad()
	if err := migrate.Run(ctx, db, cat); err != nil {
		t.Fatal(err)
	}
	srv, err := app.Build(ctx, db, cat, "test", slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := auth.Bootstrap(ctx, srv.Accounts, srv.Engine, apitest.AdminLogin, apitest.AdminPassword); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	h := &apitest.Harness{T: t, URL: ts.URL, Srv: srv, DB: db}
	stopHub(t, h)
	return srv, h
}

// An edit served by one node reaches a socket held by another, and so
// does presence.
func TestTwoNodes(t *testing.T) {
	if os.Getenv("ARTEL_TEST_POSTGRES") == "" {
		t.Skip("ARTEL_TEST_POSTGRES is not set")
	}
	dir, url := storetest.URL(t, "postgres")
	_, a := node(t, dir, url)
	_, b := node(t, t.TempDir(), url)
	a.Token = a.SignIn(apitest.AdminLogin, apitest.AdminPassword)
	b.Token = a.Token // one database, one session table

	task := create(t, a, "task", map[string]any{"name": "Кластер"})
	petr, petrTok := user(t, a, "Пётр", "petr@example.com")
	onB := dial(t, b)
	onB.mustSubscribe(a.Token, "entity.updated:Task", "presence")
	onA := dial(t, a)
	onA.mustSubscribe(a.Token, "entity.updated:Task")

	edit(t, a, "task/"+task, map[string]any{"name": "Кластер 2"})
	if m := onB.await("entity.updated:Task", nil); m.obj()["id"] != task || !hasField(m, "name") {
		t.Fatalf("node B got %s", m.Message)
	}
	// Node A delivers its own event once: the NOTIFY it also sent is
	// skipped, so the next message is the next edit.
	edit(t, b, "task/"+task, map[string]any{"name": "Кластер 3"})
	if m := onA.next(); m.Event != "entity.updated:Task" {
		t.Fatalf("node A: %+v", m)
	}
	if m := onA.next(); m.Event != "entity.updated:Task" {
		t.Fatalf("node A, edit through B: %+v", m)
	}
	select {
	case m := <-onA.in:
		t.Fatalf("node A delivered an extra message: %+v", m)
	default:
	}

	// The LISTEN connections die (a restart of PostgreSQL, a proxy
	// timeout): each node makes a new one, and events flow again.
	var killed int
	if err := a.DB.Q(context.Background()).QueryRowContext(context.Background(), `SELECT count(pg_terminate_backend(pid))
		FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`).Scan(&killed); err != nil || killed != 2 {
		t.Fatalf("killed %d LISTEN connections: %v", killed, err)
	}
	heard := func() bool {
		timeout := time.After(500 * time.Millisecond)
		for {
			select {
			case m := <-onB.in:
				if m.Event == "entity.updated:Task" {
					return true
				}
			case <-timeout:
				return false
			}
		}
	}
	for i := 0; ; i++ {
		edit(t, a, "task/"+task, map[string]any{"name": "После обрыва " + strconv.Itoa(i)})
		if heard() {
			break
		}
		if i > 2*int(wait/time.Second) {
			t.Fatal("node B hears nothing after its LISTEN connection was killed")
		}
	}

	p := dial(t, a)
	p.mustSubscribe(petrTok, "presence")
	presenceOf(onB, petr, true)
	eventually(t, "node B sees Petr online", func() bool { on, _ := employee(t, b, petr); return on })
	_ = p.conn.CloseNow()
	presenceOf(onB, petr, false)
	if on, _ := employee(t, b, petr); on {
		t.Fatal("node B: Petr online after his socket on A closed")
	}
}
