package realtime

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
)

const (
	notifyChannel = "artel_events"
	// notifyLimit keeps payloads under PostgreSQL's 8000-byte limit.
	notifyLimit = 7900
	// notifyBatch NOTIFYs go in one statement when a burst queues up.
	notifyBatch = 64
)

// wireEvent is a NOTIFY payload: what the event is, never the entity.
type wireEvent struct {
	Node    string   `json:"n"`
	Seq     uint64   `json:"q"` // makes equal events in one batch distinct (PostgreSQL folds duplicates)
	Signal  bool     `json:"s,omitempty"`
	Account int64    `json:"a"`
	Type    string   `json:"t"`
	ID      int64    `json:"i,omitempty"`
	Action  string   `json:"x,omitempty"`
	Fields  []string `json:"f,omitempty"`
}

// pgBus carries events between nodes over PostgreSQL LISTEN/NOTIFY. Each
// event reaches this node's subscribers at once, in process, and the other
// nodes through NOTIFY; a node skips its own notifications, so nothing is
// delivered twice.
type pgBus struct {
	db                *store.DB
	log               *slog.Logger
	node              string
	cfg               *pgx.ConnConfig
	entities, signals *entity.LocalBus
	out               chan string
	seq               atomic.Uint64
	ctx               context.Context
	stop              context.CancelFunc
	wg                sync.WaitGroup
	done              chan struct{}
}

// ListenNotify is the bus of a cluster node on PostgreSQL. The LISTEN
// connection is its own pgx connection, made with the settings of the
// store's pool and re-made after any failure; it is listening when this
// returns, so no event committed afterwards is missed.
func ListenNotify(ctx context.Context, db *store.DB, node string, log *slog.Logger) (Bus, error) {
	cfg, err := poolConfig(ctx, db)
	if err != nil {
		return nil, err
	}
	b := &pgBus{db: db, log: log, node: node, cfg: cfg, entities: entity.NewLocalBus(), signals: entity.NewLocalBus(),
		out: make(chan string, 8192), done: make(chan struct{})}
	b.ctx, b.stop = context.WithCancel(context.Background())
	conn, err := b.connect(ctx)
	if err != nil {
		return nil, fmt.Errorf("realtime: listen: %w", err)
	}
	b.wg.Add(2)
	go b.listen(conn)
	go b.send()
	go func() { b.wg.Wait(); close(b.done) }()
	return b, nil
}

// poolConfig borrows one connection of the store's pool to read its
// settings, so the LISTEN connection goes where the pool goes.
func poolConfig(ctx context.Context, db *store.DB) (*pgx.ConnConfig, error) {
	pool, ok := db.Q(ctx).(interface {
		Conn(context.Context) (*sql.Conn, error)
	})
	if !ok {
		return nil, errors.New("realtime: the store gives no pooled connections")
	}
	conn, err := pool.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("realtime: %w", err)
	}
	defer conn.Close()
	var cfg *pgx.ConnConfig
	err = conn.Raw(func(dc any) error {
		c, ok := dc.(*stdlib.Conn)
		if !ok {
			return errors.New("realtime: the store's driver is not pgx")
		}
		cfg = c.Conn().Config()
		return nil
	})
	return cfg, err
}

func (b *pgBus) Entities() entity.Bus  { return pgView{b, b.entities, false} }
func (b *pgBus) Signals() entity.Bus   { return pgView{b, b.signals, true} }
func (b *pgBus) Cluster() bool         { return true }
func (b *pgBus) Done() <-chan struct{} { return b.done }

// Close stops listening and sending; queued notifications are dropped.
func (b *pgBus) Close() {
	b.stop()
	<-b.done
}

type pgView struct {
	b      *pgBus
	local  *entity.LocalBus
	signal bool
}

func (v pgView) Publish(ev entity.Event) {
	v.local.Publish(ev)
	v.b.notify(ev, v.signal)
}

func (v pgView) Subscribe(fn func(entity.Event)) func() { return v.local.Subscribe(fn) }

// notify queues ev for the other nodes. A field list too long for one
// payload is dropped whole, which tells the client "any field": a partial
// list would be a lie. Signals are sized by the hub; one too large is a bug.
func (b *pgBus) notify(ev entity.Event, signal bool) {
	w := wireEvent{Node: b.node, Seq: b.seq.Add(1), Signal: signal, Account: ev.Account, Type: ev.Type,
		ID: ev.ID, Action: ev.Action, Fields: ev.Fields}
	payload, _ := json.Marshal(w)
	if len(payload) > notifyLimit && !signal {
		w.Fields = nil
		payload, _ = json.Marshal(w)
	}
	if len(payload) > notifyLimit {
		b.log.Error("realtime: event too large to notify", "type", ev.Type, "bytes", len(payload))
		return
	}
	select {
	case b.out <- string(payload):
	case <-b.ctx.Done():
	}
}

// send writes queued payloads, a burst in one statement.
func (b *pgBus) send() {
	defer b.wg.Done()
	for {
		var batch []string
		select {
		case p := <-b.out:
			batch = append(batch, p)
		case <-b.ctx.Done():
			return
		}
	more:
		for len(batch) < notifyBatch {
			select {
			case p := <-b.out:
				batch = append(batch, p)
			default:
				break more
			}
		}
		args := make([]any, 0, 2*len(batch))
		calls := make([]string, len(batch))
		for i, p := range batch {
			calls[i] = "pg_notify(?, ?)"
			args = append(args, notifyChannel, p)
		}
		ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
		err := b.db.Exec(ctx, "SELECT "+strings.Join(calls, ", "), args...)
		cancel()
		if err != nil && b.ctx.Err() == nil {
			b.log.Warn("realtime: notify", "events", len(batch), "err", err)
		}
	}
}

func (b *pgBus) connect(ctx context.Context) (*pgx.Conn, error) {
	cfg := b.cfg.Copy()
	// The pool connection's settings carry its own notification handler;
	// without clearing it, this connection's notifications would land in
	// that connection's buffer.
	cfg.OnNotification = nil
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, "LISTEN "+notifyChannel); err != nil {
		conn.Close(context.Background())
		return nil, err
	}
	return conn, nil
}

// listen receives notifications, reconnecting with a growing pause after
// a failure. Notifications sent while it was away are lost, so each
// reconnection is announced to the hub (sigConnected), which re-reads the
// other nodes' presence. A dropped database ends the bus.
func (b *pgBus) listen(conn *pgx.Conn) {
	defer b.wg.Done()
	defer b.stop()
	pause := 100 * time.Millisecond
	for {
		err := b.receive(conn)
		conn.Close(context.Background())
		for {
			if b.ctx.Err() != nil {
				return
			}
			var pgErr *pgconn.PgError
			if errors.As(err, &pgErr) && pgErr.Code == "3D000" { // invalid_catalog_name: the database is gone
				b.log.Warn("realtime: database gone; live events stop", "err", err)
				return
			}
			b.log.Warn("realtime: listen connection lost; reconnecting", "err", err, "pause", pause)
			select {
			case <-time.After(pause):
			case <-b.ctx.Done():
				return
			}
			pause = min(2*pause, 5*time.Second)
			if conn, err = b.connect(b.ctx); err == nil {
				pause = 100 * time.Millisecond
				b.signals.Publish(entity.Event{Type: sigConnected})
				break
			}
		}
	}
}

func (b *pgBus) receive(conn *pgx.Conn) error {
	for {
		n, err := conn.WaitForNotification(b.ctx)
		if err != nil {
			return err
		}
		var w wireEvent
		if json.Unmarshal([]byte(n.Payload), &w) != nil || w.Node == b.node {
			continue
		}
		ev := entity.Event{Account: w.Account, Type: w.Type, ID: w.ID, Action: w.Action, Fields: w.Fields}
		if w.Signal {
			b.signals.Publish(ev)
		} else {
			b.entities.Publish(ev)
		}
	}
}
