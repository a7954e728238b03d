package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/migrate"
	"github.com/artel/artel/internal/value"
)

var cat = catalog.MustLoad()

func engine(t *testing.T, dialect string) (*entity.Engine, *events) {
	db := Open(t, dialect)
	ev := &events{}
	bus := entity.NewLocalBus()
	bus.Subscribe(ev.add)
	return entity.New(db, cat, bus), ev
}

type events struct {
	mu   sync.Mutex
	list []entity.Event
}

func (e *events) add(ev entity.Event) { e.mu.Lock(); e.list = append(e.list, ev); e.mu.Unlock() }
func (e *events) count() int          { e.mu.Lock(); defer e.mu.Unlock(); return len(e.list) }

var acc1 = entity.Scope{Account: 1}
var acc2 = entity.Scope{Account: 2}

func in(t testing.TB, s string) entity.Input {
	t.Helper()
	var m entity.Input
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func mustCreate(t testing.TB, e *entity.Engine, sc entity.Scope, typ, body string) *entity.Record {
	t.Helper()
	rec, err := e.Create(context.Background(), sc, typ, in(t, body))
	if err != nil {
		t.Fatalf("create %s %s: %v", typ, body, err)
	}
	return rec
}

func TestMigrateTwice(t *testing.T) {
	Each(t, func(t *testing.T, d string) {
		db := Open(t, d)
		if err := migrate.Run(context.Background(), db, cat); err != nil {
			t.Fatalf("second migrate: %v", err)
		}
	})
}

func TestCreateGetUpdateDelete(t *testing.T) {
	Each(t, func(t *testing.T, d string) {
		e, ev := engine(t, d)
		ctx := context.Background()
		emp := mustCreate(t, e, acc1, "Employee", `{"firstName":"Иван","lastName":"Петров"}`)
		task := mustCreate(t, e, acc1, "Task", fmt.Sprintf(`{"name":"Отчёт","responsible":{"contentType":"Employee","id":"%d"},
			"auditors":[{"contentType":"Employee","id":%d}],"deadline":{"contentType":"DateOnly","year":2026,"month":0,"day":31}}`, emp.ID, emp.ID))
		if task.Values["humanNumber"] != int64(1) {
			t.Fatalf("humanNumber = %v", task.Values["humanNumber"])
		}
		got, err := e.Get(ctx, acc1, "Task", task.ID)
		if err != nil || got.String("name") != "Отчёт" || got.Links["responsible"].ID != emp.ID {
			t.Fatalf("get: %v %+v", err, got)
		}
		if _, err := e.Get(ctx, acc2, "Task", task.ID); !errors.Is(err, entity.ErrNotFound) {
			t.Fatalf("other account read the task: %v", err)
		}
		if _, err := e.Update(ctx, acc1, "Task", task.ID, in(t, `{"name":"Отчёт за январь"}`)); err != nil {
			t.Fatal(err)
		}
		got, _ = e.Get(ctx, acc1, "Task", task.ID)
		if got.String("name") != "Отчёт за январь" || got.Links["responsible"].ID != emp.ID {
			t.Fatalf("update touched other fields: %+v", got)
		}
		if err := e.Delete(ctx, acc1, "Employee", emp.ID); err != nil {
			t.Fatal(err)
		}
		got, _ = e.Get(ctx, acc1, "Task", task.ID)
		if _, ok := got.Links["responsible"]; ok {
			t.Fatal("link to a deleted employee kept")
		}
		if ev.count() != 5 {
			t.Fatalf("events = %d, want 5", ev.count())
		}
	})
}

func TestFailedWriteChangesNothing(t *testing.T) {
	Each(t, func(t *testing.T, d string) {
		e, ev := engine(t, d)
		ctx := context.Background()
		_, err := e.Create(ctx, acc1, "Task", in(t, `{"name":"x","responsible":{"contentType":"Employee","id":"999"}}`))
		var inv *entity.Invalid
		if !errors.As(err, &inv) || inv.Errors[0].Code != entity.CodeLinkNotFound {
			t.Fatalf("err = %v", err)
		}
		_, err = e.Create(ctx, acc1, "Task", in(t, `{"name":"x","status":"nonsense","bogus":1}`))
		if !errors.As(err, &inv) || len(inv.Errors) != 2 {
			t.Fatalf("err = %v", err)
		}
		page, err := e.List(ctx, acc1, "Task", entity.ListQuery{}, value.Options{})
		if err != nil || page.Count != 0 || ev.count() != 0 {
			t.Fatalf("failed writes left rows or events: %v %d %d", err, page.Count, ev.count())
		}
		// A hook that refuses after the row is written rolls everything back.
		e.Hook("Tag", entity.Hooks{AfterSave: func(context.Context, *entity.Change, *entity.Record) error {
			return entity.Invalidf("name", entity.CodeInUse, "")
		}})
		if _, err := e.Create(ctx, acc1, "Tag", in(t, `{"name":"x"}`)); err == nil {
			t.Fatal("hook refusal ignored")
		}
		page, _ = e.List(ctx, acc1, "Tag", entity.ListQuery{}, value.Options{})
		if page.Count != 0 {
			t.Fatal("rolled back tag is stored")
		}
	})
}

func TestLinksBothWaysAndCounts(t *testing.T) {
	Each(t, func(t *testing.T, d string) {
		e, _ := engine(t, d)
		ctx := context.Background()
		company := mustCreate(t, e, acc1, "ContractorCompany", `{"name":"ООО «Альфа»"}`)
		for i := 0; i < 3; i++ {
			mustCreate(t, e, acc1, "ContractorHuman", fmt.Sprintf(`{"firstName":"Контакт %d","company":{"contentType":"ContractorCompany","id":%d}}`, i, company.ID))
		}
		// forward: each contact links its company; reverse: the company's contacts.
		sel := entity.Selection{Fields: []string{"contacts"}}
		got, _ := e.Get(ctx, acc1, "ContractorCompany", company.ID)
		if err := e.Expand(ctx, acc1, []*entity.Record{got}, sel); err != nil {
			t.Fatal(err)
		}
		if len(got.Many["contacts"]) != 3 || got.Counts["contactsCount"] != 3 {
			t.Fatalf("contacts %v counts %v", got.Many["contacts"], got.Counts)
		}
		// Events reach subscribers only once the row is committed.
		seen := make(chan error, 1)
		unsub := e.Bus.Subscribe(func(ev entity.Event) {
			_, err := e.Get(context.Background(), acc1, ev.Type, ev.ID)
			seen <- err
		})
		mustCreate(t, e, acc1, "Tag", `{"name":"важное"}`)
		unsub()
		if err := <-seen; err != nil {
			t.Fatalf("subscriber could not read the new row: %v", err)
		}
	})
}

func TestBeforeDeleteCanRefuse(t *testing.T) {
	Each(t, func(t *testing.T, d string) {
		e, ev := engine(t, d)
		e.Hook("Tag", entity.Hooks{BeforeDelete: func(context.Context, entity.Scope, *entity.Record) error {
			return entity.Invalidf("id", entity.CodeInUse, "")
		}})
		tag := mustCreate(t, e, acc1, "Tag", `{"name":"нельзя"}`)
		if err := e.Delete(context.Background(), acc1, "Tag", tag.ID); err == nil {
			t.Fatal("delete not refused")
		}
		if _, err := e.Get(context.Background(), acc1, "Tag", tag.ID); err != nil || ev.count() != 1 {
			t.Fatalf("refused delete changed something: %v, %d events", err, ev.count())
		}
	})
}

// The unfiltered total comes from entity_counts; it must agree with the
// rows, after creates and deletes and after a full recount.
func TestListCountsStayExact(t *testing.T) {
	Each(t, func(t *testing.T, d string) {
		e, _ := engine(t, d)
		ctx := context.Background()
		var ids []int64
		for i := 0; i < 40; i++ {
			ids = append(ids, mustCreate(t, e, acc1, "Tag", fmt.Sprintf(`{"name":"t%d"}`, i)).ID)
		}
		mustCreate(t, e, acc2, "Tag", `{"name":"чужой"}`)
		for _, id := range ids[:7] {
			if err := e.Delete(ctx, acc1, "Tag", id); err != nil {
				t.Fatal(err)
			}
		}
		total := func() int64 {
			p, err := e.List(ctx, acc1, "Tag", entity.ListQuery{Limit: 1}, value.Options{})
			if err != nil {
				t.Fatal(err)
			}
			return p.Count
		}
		if n := total(); n != 33 {
			t.Fatalf("count %d, want 33", n)
		}
		if err := migrate.Recount(ctx, e.DB, cat); err != nil {
			t.Fatal(err)
		}
		if n := total(); n != 33 {
			t.Fatalf("after recount %d, want 33", n)
		}
		// A rule's lookup without the count reads the same page, and pages on.
		lq := entity.ListQuery{Limit: 5, NoCount: true, Where: []entity.Condition{{SQL: "c_name LIKE ?", Args: []any{"t3%"}}}}
		p, err := e.List(ctx, acc1, "Tag", lq, value.Options{})
		if err != nil || p.Count != 0 || len(p.Records) != 5 || !p.HasMoreNext {
			t.Fatalf("without the count: %v, count %d, %d records, more %v", err, p.Count, len(p.Records), p.HasMoreNext)
		}
		lq.PageAfter = p.Records[4].ID
		if p, err = e.List(ctx, acc1, "Tag", lq, value.Options{}); err != nil || len(p.Records) != 5 || p.HasMoreNext {
			t.Fatalf("its next page: %v, %d records, more %v", err, len(p.Records), p.HasMoreNext)
		}
	})
}
