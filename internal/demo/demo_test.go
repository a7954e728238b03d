package demo_test

import (
	"context"
	"errors"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/demo"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/crm"
	"github.com/artel/artel/internal/module/crm/leadform"
	"github.com/artel/artel/internal/module/deal"
	"github.com/artel/artel/internal/module/discuss"
	"github.com/artel/artel/internal/module/doc"
	"github.com/artel/artel/internal/module/finance"
	"github.com/artel/artel/internal/module/knowledge"
	"github.com/artel/artel/internal/module/stock"
	"github.com/artel/artel/internal/module/todo"
	"github.com/artel/artel/internal/rights"
	"github.com/artel/artel/internal/store/storetest"
	"github.com/artel/artel/internal/value"
)

// counted are the types the test compares before and after a second Fill.
var counted = []string{"Department", "DepartmentVacancy", "Employee", "ContractorHuman", "ContractorCompany", "Program",
	"ProgramState", "ProgramTransition", "ProgramTrigger", "Offer", "OfferRow", "Deal", "Payer", "Invoice", "FinRealAccount", "FinOperation", "Project", "Task", "Todo", "Place", "Comment",
	"Topic", "KnowledgeBase", "KnowledgeArticle", "Warehouse", "Consignment", "Vacation",
	"DocFolder", "Doc", "DocVersion", "CustomLeadForm", "CustomLeadFormElement", "Report", "ContractorType", "ContractorStatus", "PriceList", "OfferPrice"}

// setup opens a fresh database with an account and a hooked engine.
func setup(t *testing.T, dialect string) (*entity.Engine, int64) {
	t.Helper()
	ctx := context.Background()
	db := storetest.Open(t, dialect)
	e := entity.New(db, catalog.MustLoad(), nil)
	auth.NewService(db).Hook(e)
	// The deal rules number the demo's deals and record their first state.
	deal.Register(e)
	// The finance rules number and total the demo's invoices and keep
	// the deals' debts.
	finance.Register(e)
	// The knowledge rules make the handbook's creator its owner and keep
	// its articles' first versions.
	knowledge.Register(e)
	// The lead form rules give the demo's forms their page addresses.
	leadform.Register(e)
	// The to-do rules keep the demo's meetings' invitees and answers.
	todo.Register(e, &rights.Policy{})
	// The stock rules write the demo's consignments and balances.
	stock.Register(e)
	// The documents rules make the shared folder's creator its owner and
	// number the documents' versions.
	doc.Register(e)
	// The chat rules keep the demo's chats' members and dialogues.
	discuss.Register(e)
	// The client rules keep the clients' contacts and last deals.
	crm.Register(e, &rights.Policy{})
	accounts, err := auth.NewAccounts(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	account, err := accounts.Create(ctx, "Демо", "")
	if err != nil {
		t.Fatal(err)
	}
	// As serve's first start does: the modules' default lists first.
	if err := e.SeedAccount(ctx, account); err != nil {
		t.Fatal(err)
	}
	return e, account
}

func fill(t *testing.T, e *entity.Engine, account int64) *demo.Result {
	t.Helper()
	start := time.Now()
	res, err := demo.Fill(context.Background(), e, account)
	if err != nil {
		t.Fatalf("Fill: %v", err)
	}
	t.Logf("Fill took %v, created=%v, counts=%v", time.Since(start), res.Created, res.Counts)
	return res
}

// countAll reads how many entities of each type the account holds.
func countAll(t *testing.T, e *entity.Engine, account int64) map[string]int64 {
	t.Helper()
	out := map[string]int64{}
	for _, typ := range counted {
		page, err := e.List(context.Background(), entity.Scope{Account: account}, typ, entity.ListQuery{Limit: 1}, value.Options{})
		if err != nil {
			t.Fatalf("count %s: %v", typ, err)
		}
		out[typ] = page.Count
	}
	return out
}

func TestFill(t *testing.T) {
	storetest.Each(t, func(t *testing.T, dialect string) {
		ctx := context.Background()
		e, account := setup(t, dialect)
		res := fill(t, e, account)
		if !res.Created || res.Login != "demo@artel.local" || res.Password != "demo12345" {
			t.Fatalf("first Fill: %+v", res)
		}
		got := countAll(t, e, account)
		for typ, min := range map[string]int64{"Employee": 20, "Department": 6, "ProgramState": 6, "Deal": 100, "Report": 2,
			"Todo": 50, "Comment": 200} {
			if got[typ] < min {
				t.Errorf("%s: %d, want at least %d", typ, got[typ], min)
			}
		}
		// Two of the call-back form's callers said where they heard of
		// the company, in the person's extra field the form asks.
		heard := 0
		xs, err := e.ExtraFields(ctx, entity.Scope{Account: account, System: true}, "ContractorHuman")
		if err != nil || len(xs) != 1 {
			t.Fatalf("people's extra fields %v (%v), want the one the lead form asks", xs, err)
		}
		people, err := e.List(ctx, entity.Scope{Account: account, System: true}, "ContractorHuman", entity.ListQuery{Limit: 200, Fields: []string{xs[0].Name}}, value.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range people.Records {
			if p.Extra[xs[0].Name] != nil {
				heard++
			}
		}
		if heard != 2 {
			t.Errorf("%d people say where they heard of the company, want the 2 callers who did", heard)
		}
		// The demo's clients are sorted into a new account's own types
		// and statuses, none made twice.
		if got["ContractorType"] != 4 || got["ContractorStatus"] != 4 {
			t.Errorf("client types %d and statuses %d, want the 4 and 4 of a new account", got["ContractorType"], got["ContractorStatus"])
		}
		// 200 clients, and three people who left their phone on the
		// call-back lead form.
		if n := got["ContractorHuman"] + got["ContractorCompany"]; n != 203 {
			t.Errorf("clients: %d, want 203", n)
		}
		// Every client of the demo has a type, and all but the competitors
		// a status.
		for table, want := range map[string]int64{"e_contractorhuman": 120, "e_contractorcompany": 74} {
			var n int64
			q := e.DB.Dialect.Rebind("SELECT COUNT(*) FROM " + table + " WHERE account_id = ? AND c_type_i IS NOT NULL AND c_status_i IS NOT NULL")
			if err := e.DB.Q(ctx).QueryRowContext(ctx, q, account).Scan(&n); err != nil || n != want {
				t.Errorf("%s with a type and status: %d (%v), want %d", table, n, err, want)
			}
		}
		// Clients have next and last contacts and a last deal, kept from
		// the demo's to-dos and deals (docs/crm.md).
		for _, col := range []string{"c_nextcommunication_i", "c_lastcommunicationdate", "c_lastdealdate"} {
			var n int64
			q := e.DB.Dialect.Rebind("SELECT COUNT(*) FROM e_contractorcompany WHERE account_id = ? AND " + col + " IS NOT NULL")
			if err := e.DB.Q(ctx).QueryRowContext(ctx, q, account).Scan(&n); err != nil || n < 5 {
				t.Errorf("companies with %s: %d (%v), want at least 5", col, n, err)
			}
		}
		if n := got["Task"] + got["Project"]; n < 500 {
			t.Errorf("tasks and projects: %d, want at least 500", n)
		}
		for typ, n := range res.Counts {
			if int64(n) != got[typ] {
				t.Errorf("Counts[%s] = %d, database has %d", typ, n, got[typ])
			}
		}

		again := fill(t, e, account)
		if again.Created || again.Login != res.Login || again.Password != res.Password {
			t.Errorf("second Fill: %+v", again)
		}
		if after := countAll(t, e, account); !maps.Equal(after, got) {
			t.Errorf("second Fill changed counts: %v, was %v", after, got)
		}

		ses, err := auth.NewService(e.DB).Login(ctx, account, res.Login, res.Password, auth.KindToken, "127.0.0.1", "test")
		if err != nil {
			t.Fatalf("demo login: %v", err)
		}
		user, err := e.Get(ctx, entity.Scope{Account: account}, "Employee", ses.Subject.ID)
		if err != nil || user.String("lastName") != "Соколова" || user.String("position") != "Генеральный директор" {
			t.Errorf("demo user %+v: %v", user, err)
		}
	})
}

// TestFillDeterministic fills two fresh databases and compares task names.
func TestFillDeterministic(t *testing.T) {
	var names [2][]string
	for i := range names {
		e, account := setup(t, "sqlite")
		fill(t, e, account)
		names[i] = taskNames(t, e, account)
	}
	if len(names[0]) < 480 {
		t.Fatalf("only %d tasks", len(names[0]))
	}
	if !slices.Equal(names[0], names[1]) {
		t.Errorf("task names differ between runs")
	}
}

// taskNames lists every task's name in id order: a list without sortBy
// comes newest first, so the pages are read and then reversed.
func taskNames(t *testing.T, e *entity.Engine, account int64) []string {
	t.Helper()
	var out []string
	lq := entity.ListQuery{Limit: entity.MaxLimit}
	for {
		page, err := e.List(context.Background(), entity.Scope{Account: account}, "Task", lq, value.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range page.Records {
			out = append(out, r.String("name"))
		}
		if !page.HasMoreNext || len(page.Records) == 0 {
			slices.Reverse(out)
			return out
		}
		lq.PageAfter = page.Records[len(page.Records)-1].ID
	}
}

// TestFillAtomic makes the last step fail (the account requires an extra
// field on comments that the demo does not know) and checks nothing stays
// but what the account had.
func TestFillAtomic(t *testing.T) {
	ctx := context.Background()
	e, account := setup(t, "sqlite")
	x := &entity.ExtraField{ContentType: "Comment", Name: "mood", Kind: "StringField", HrName: "Настроение", Required: true}
	if err := e.SaveExtraField(ctx, entity.Scope{Account: account}, x); err != nil {
		t.Fatal(err)
	}
	before := countAll(t, e, account) // a new account's own lists
	_, err := demo.Fill(ctx, e, account)
	var inv *entity.Invalid
	if !errors.As(err, &inv) {
		t.Fatalf("Fill: %v, want a 422 from comments", err)
	}
	for typ, n := range countAll(t, e, account) {
		if n != before[typ] {
			t.Errorf("%s: %d after a failed Fill, %d before", typ, n, before[typ])
		}
	}
	if _, err := auth.NewService(e.DB).Login(ctx, account, demo.Login, demo.Password, auth.KindToken, "127.0.0.1", "test"); err == nil {
		t.Errorf("demo login works after a failed Fill")
	}
}

// The demo company's chats: one corporate chat of every employee, the
// demo user's department chat, two dialogues, and their members' rows.
func TestDemoChats(t *testing.T) {
	e, account := setup(t, "sqlite")
	res := fill(t, e, account)
	if res.Counts["Topic"] != 4 {
		t.Fatalf("topics: %d", res.Counts["Topic"])
	}
	ctx := context.Background()
	var corporate, dialogues, inCorporate, employees int
	err := e.DB.Q(ctx).QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM discuss_chats WHERE account_id = ? AND corporate = 1),
		(SELECT COUNT(*) FROM discuss_dialogues WHERE account_id = ?),
		(SELECT COUNT(*) FROM discuss_members m JOIN discuss_chats c ON c.topic_id = m.topic_id AND c.corporate = 1 WHERE m.account_id = ?)`,
		account, account, account).Scan(&corporate, &dialogues, &inCorporate)
	if err != nil {
		t.Fatal(err)
	}
	employees = res.Counts["Employee"]
	if corporate != 1 || dialogues != 2 || inCorporate != employees {
		t.Fatalf("corporate %d, dialogues %d, in the corporate chat %d of %d", corporate, dialogues, inCorporate, employees)
	}
}
