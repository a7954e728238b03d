// Package app wires the parts of the server together over an open database.
// The binary and the API tests build the server the same way through it.
package app

import (
	"context"
	"database/sql"
	"log/slog"
	"os"
	"strconv"
	"time"

	"github.com/artel/artel/internal/access"
	"github.com/artel/artel/internal/account"
	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/metrics"
	"github.com/artel/artel/internal/module/comment"
	"github.com/artel/artel/internal/module/crm"
	"github.com/artel/artel/internal/module/crm/leadform"
	"github.com/artel/artel/internal/module/deal"
	"github.com/artel/artel/internal/module/discuss"
	"github.com/artel/artel/internal/module/discuss/mail"
	"github.com/artel/artel/internal/module/doc"
	"github.com/artel/artel/internal/module/favorite"
	"github.com/artel/artel/internal/module/file"
	"github.com/artel/artel/internal/module/finance"
	"github.com/artel/artel/internal/module/history"
	"github.com/artel/artel/internal/module/integration"
	"github.com/artel/artel/internal/module/knowledge"
	"github.com/artel/artel/internal/module/related"
	"github.com/artel/artel/internal/module/report"
	"github.com/artel/artel/internal/module/search"
	"github.com/artel/artel/internal/module/space"
	"github.com/artel/artel/internal/module/staff"
	"github.com/artel/artel/internal/module/stock"
	"github.com/artel/artel/internal/module/subscribe"
	"github.com/artel/artel/internal/module/tag"
	"github.com/artel/artel/internal/module/task"
	"github.com/artel/artel/internal/module/telephony"
	"github.com/artel/artel/internal/module/todo"
	"github.com/artel/artel/internal/realtime"
	"github.com/artel/artel/internal/reportkeep"
	"github.com/artel/artel/internal/rights"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/web"
)

// Build makes the API server over a migrated database.
func Build(ctx context.Context, db *store.DB, cat *catalog.Catalog, version string, log *slog.Logger) (*api.Server, error) {
	// On PostgreSQL other nodes may serve the same account: events travel
	// between them by LISTEN/NOTIFY. SQLite has one node, one process.
	node, bus := realtime.NodeName(), realtime.InProcess()
	if db.Dialect == store.Postgres {
		var err error
		if bus, err = realtime.ListenNotify(ctx, db, node, log); err != nil {
			return nil, err
		}
	}
	engine := entity.New(db, cat, bus.Entities())
	policy := &rights.Policy{Cat: cat, Postgres: db.Dialect == store.Postgres}
	// The File rule reads file_blobs, so it wraps the rights table's policy.
	engine.Policy = file.Guard(policy, db, cat)
	engine.Buckets = rights.Buckets
	// The knowledge roles read knowledge_rights, so they wrap it too.
	knowledgeBase := knowledge.Register(engine)
	staff.Register(engine)
	engine.Policy = knowledgeBase.Guard(engine.Policy)
	// The documents roles read doc_access and widen who sees a version's
	// file, so they wrap the File rule too.
	documents := doc.Register(engine)
	engine.Policy = documents.Guard(engine.Policy)
	files := file.Register(engine)
	if err := files.Configure(ctx); err != nil {
		bus.Close()
		return nil, err
	}
	documents.UseFiles(files)
	task.Register(engine, policy)
	crm.Register(engine, policy)
	leadform.Register(engine)
	deals := deal.Register(engine)
	// Rights per state take act_edit out of a deal's possibleActions.
	engine.Policy = deals.Guard(engine.Policy)
	// After the deal rules, which price the OfferRows an invoice totals.
	invoices := finance.Register(engine)
	invoices.Files = files // an invoice template's logo and stamp
	stocks := stock.Register(engine)
	// Per-warehouse rights read WarehousePermission rows, so they wrap too.
	engine.Policy = stocks.Guard(engine.Policy)
	// After the task rules, so the journal sees a save as they leave it.
	journal := history.Register(engine)
	journal.Skip("Task", task.Derived...)
	todos := todo.Register(engine, policy)
	comments := comment.Register(engine, policy)
	// After the comment and task rules, so it sees a comment and a
	// subject's participants as those rules leave them.
	subscriptions := subscribe.Register(engine)
	chats := discuss.Register(engine)
	favorites := favorite.Register(engine)
	tags := tag.Register(engine)
	authSvc := auth.NewService(db)
	authSvc.Hook(engine)
	account.Hook(engine)
	// Last, so a webhook's body is the record as every rule left it.
	integrations := integration.Register(engine)
	accounts, err := auth.NewAccounts(ctx, db)
	if err != nil {
		bus.Close()
		return nil, err
	}
	m := metrics.New(version)
	m.WatchPools(func() map[string]sql.DBStats {
		w, r := db.Stats()
		// PostgreSQL has one pool behind both names; reporting it twice
		// would double every sum.
		if db.Dialect == store.Postgres {
			return map[string]sql.DBStats{"shared": w}
		}
		return map[string]sql.DBStats{"writer": w, "reader": r}
	})
	rightsSvc := &rights.Service{DB: db}
	rightsSvc.Watch(engine)
	hub := realtime.New(realtime.Config{DB: db, Engine: engine, Rights: rightsSvc, Auth: authSvc, Accounts: accounts,
		Bus: bus, Node: node, Log: log, Sockets: m.LiveSockets})
	authSvc.SessionsEnded = hub.SessionsEnded
	rightsSvc.Changed = hub.RightsChanged
	subscriptions.Scope, subscriptions.Push = rightsSvc.Fill, hub.Send
	todos.Notify = subscriptions.Send
	leadForms := &leadform.Module{Engine: engine, Notify: subscriptions.Send}
	chats.Push, chats.Notify = hub.Send, subscriptions.Send
	deals.Notify = subscriptions.Send
	integrations.Notify, integrations.Deals = subscriptions.Send, deals
	// ARTEL_MAIL_INSECURE=1 lets mail servers be reached without TLS (a
	// local test server); never for real mail.
	mails := &mail.Module{E: engine, Files: files, Insecure: os.Getenv("ARTEL_MAIL_INSECURE") == "1"}
	calls := &telephony.Module{Engine: engine, Notify: subscriptions.Send, Push: hub.Send}
	// The token is a secret, so it comes from the environment only: a flag
	// would show in the process list.
	srv := &api.Server{DB: db, Cat: cat, Engine: engine, Auth: authSvc, Accounts: accounts,
		Rights: rightsSvc, Realtime: hub, Version: version, Log: log, Web: web.Handler(),
		Metrics: m, MetricsToken: os.Getenv("ARTEL_METRICS_TOKEN"), Admission: admission(db)}
	srv.StorageUsed, srv.StorageQuota = files.UsedBytes, files.Quota
	// Resumable uploads left unfinished expire; their parts go with them.
	srv.Tickers = append(srv.Tickers, api.Ticker{Name: "file.uploads", Every: 10 * time.Minute, Run: files.CleanUploads})
	srv.Tickers = append(srv.Tickers, api.Ticker{Name: "file.pending", Every: time.Hour, Run: files.SweepPending})
	fireJobs := &staff.Jobs{Engine: engine, Push: hub.Send, Log: log}
	clientImports := &crm.Imports{Engine: engine, Files: files, Scope: rightsSvc.Fill, Push: hub.Send, Log: log}
	clientMerges := &crm.Merges{Engine: engine, Scope: rightsSvc.Fill, Push: hub.Send, Log: log}
	// Reminders are due to the second; River's poll would make them late.
	srv.Tickers = append(srv.Tickers, api.Ticker{Name: todo.JobReminders, Every: time.Second, EachNode: true,
		Run: func(ctx context.Context, now time.Time) error {
			n, err := todos.Deliver(ctx, now)
			if n > 0 {
				log.Info("reminders sent", "count", n)
			}
			return err
		}},
		// Repeating to-dos are made ahead for weeks; every ten minutes
		// keeps that horizon.
		api.Ticker{Name: todo.JobSeries, Every: 10 * time.Minute, Run: todos.ExtendSeries},
		// Each write that adds or removes a reader of a kept type adds a
		// row to that reader's count; folding them keeps a count's read
		// to a few rows (internal/access).
		api.Ticker{Name: "access_compact", Every: 15 * time.Second, Run: func(ctx context.Context, _ time.Time) error {
			_, err := access.Compact(ctx, db)
			return err
		}},
		// Likewise each move, price change or task change adds rows to the
		// reports' kept lines (internal/reportkeep).
		api.Ticker{Name: "report_compact", Every: 15 * time.Second, Run: func(ctx context.Context, _ time.Time) error {
			_, err := reportkeep.Compact(ctx, db)
			return err
		}},
		// A changed account time zone has the busy days counted anew.
		api.Ticker{Name: todo.JobZones, Every: 30 * time.Second, Run: todos.RecountZones},
		// Dismissals run where they were asked for; one whose node
		// stopped mid-way is picked up here by one node.
		api.Ticker{Name: staff.JobResume, Every: time.Minute, Run: fireJobs.Resume},
		// Client imports likewise: each runs where it was started.
		api.Ticker{Name: crm.JobImports, Every: time.Minute, Run: clientImports.Resume},
		api.Ticker{Name: crm.JobMerges, Every: time.Minute, Run: clientMerges.Resume},
		// Deal triggers' webhooks wait in deal_webhooks until posted.
		api.Ticker{Name: deal.JobWebhooks, Every: 10 * time.Second, Run: func(ctx context.Context, now time.Time) error {
			_, err := deals.Deliver(ctx, now)
			return err
		}},
		// Schedule triggers of deal processes: one node a minute; each run
		// claims its deal's stay in deal_trigger_runs.
		api.Ticker{Name: deal.JobSchedule, Every: time.Minute, Run: func(ctx context.Context, now time.Time) error {
			_, err := deals.RunSchedules(ctx, now)
			return err
		}},
		// Webhooks wait in webhook_deliveries; each node posts what is due
		// every second, claiming each delivery first.
		api.Ticker{Name: integration.JobWebhooks, Every: time.Second, EachNode: true, Run: func(ctx context.Context, now time.Time) error {
			_, err := integrations.Deliver(ctx, now)
			return err
		}},
		// ... and what this node writes goes out the moment it commits.
		api.Ticker{Name: integration.JobPrompt, Every: time.Second, EachNode: true, Run: func(ctx context.Context, now time.Time) error {
			return integrations.Prompt(ctx, 950*time.Millisecond)
		}},
		// Automation rules run on the events written since, and on their
		// schedules; every node may run them, claiming each first.
		api.Ticker{Name: integration.JobAutomation, Every: time.Second, EachNode: true, Run: func(ctx context.Context, now time.Time) error {
			_, err := integrations.Automate(ctx, now)
			return err
		}},
		// Outgoing mail waits in mail_messages; every node sends what is
		// due, claiming each message first, and fetches each account's
		// inbox, claiming the mailbox first.
		api.Ticker{Name: mail.JobSend, Every: 5 * time.Second, EachNode: true, Run: func(ctx context.Context, now time.Time) error {
			_, err := mails.Deliver(ctx, now)
			return err
		}},
		api.Ticker{Name: mail.JobFetch, Every: time.Minute, EachNode: true, Run: func(ctx context.Context, now time.Time) error {
			_, err := mails.Fetch(ctx, now)
			return err
		}})
	// Each business area serves its own routes (internal/module/<area>);
	// the deals' mass action hands consignments from deals to the stock's.
	reports := report.New(engine)
	stockHTTP := &stock.HTTP{Engine: engine, Stock: stocks, Files: files}
	srv.Mount(
		&task.HTTP{Engine: engine},
		&deal.HTTP{Engine: engine, Deals: deals, Consignments: stockHTTP.Mass},
		&finance.HTTP{Engine: engine, Invoices: invoices, Mail: mails, Files: files},
		&history.HTTP{Engine: engine},
		&todo.HTTP{Engine: engine, Auth: authSvc, Rights: rightsSvc, Todos: todos},
		&comment.HTTP{Engine: engine, Comments: comments},
		&discuss.HTTP{Engine: engine, Chats: chats},
		&subscribe.HTTP{Engine: engine, Subscriptions: subscriptions},
		&favorite.HTTP{Engine: engine, Favorites: favorites},
		&tag.HTTP{Engine: engine, Tags: tags},
		&file.HTTP{Files: files},
		&staff.HTTP{Engine: engine, Auth: authSvc, Jobs: fireJobs, Mail: mails},
		&search.HTTP{Engine: engine},
		&related.HTTP{Engine: engine},
		&crm.HTTP{Engine: engine, Files: files, Imports: clientImports, Merges: clientMerges},
		&leadform.HTTP{Forms: leadForms},
		&knowledge.HTTP{Engine: engine, Knowledge: knowledgeBase},
		stockHTTP,
		&doc.HTTP{Engine: engine, Docs: documents, Files: files},
		&report.HTTP{Engine: engine, Reports: reports},
		&space.HTTP{Engine: engine, Spaces: space.New(engine, reports)},
		&integration.HTTP{Engine: engine, Integrations: integrations},
		&telephony.HTTP{Calls: calls},
		&mail.HTTP{Mail: mails},
	)
	return srv, nil
}

// admission bounds the API calls at work at once: ARTEL_API_CONCURRENCY,
// or the default for the database (api.DefaultSlots); 0 turns it off.
func admission(db *store.DB) *api.Admission {
	n := api.DefaultSlots(db.Dialect == store.Postgres)
	if v, err := strconv.Atoi(os.Getenv("ARTEL_API_CONCURRENCY")); err == nil {
		n = v
	}
	return api.NewAdmission(n, api.DefaultMaxWait)
}
