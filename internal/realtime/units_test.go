package realtime

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

func TestParseRoute(t *testing.T) {
	for _, c := range []struct {
		name string
		kind routeKind
		ok   bool
	}{
		{"entity.updated:Task", routeEntityType, true},
		{"entity.created:Deal", routeEntityType, true},
		{"entity.dropped:Task:15", routeEntityOne, true},
		{"entity.updated:Task:15", routeEntityOne, true},
		{"entity.created:Task:15", 0, false},
		{"entity.updated:Task:x", 0, false},
		{"entity.updated:Task:0", 0, false},
		{"entity.renamed:Task", 0, false},
		{"entity.updated:", 0, false},
		{"presence", routePresence, true},
		{"bums.call.commands", routeUser, true},
		{"bums.call.apiProvider", routeUser, true},
		{"bums.call.user:5", routeUser, true},
		{"bums.call.user:", 0, false},
		{"user:c7", routeUser, true},
		{"perm.auth.change:5", routeAuth, true},
		{"sdf.authentication_revoke:u5", routeAuth, true},
		{"sdf.authentication_revoke:5", 0, false},
		{"anything", 0, false},
	} {
		r, ok := parseRoute(c.name)
		if ok != c.ok || (ok && r.kind != c.kind) {
			t.Errorf("%s: kind %v ok %v, want %v %v", c.name, r.kind, ok, c.kind, c.ok)
		}
	}
	if uidOf(value.Link{Type: "ContractorHuman", ID: 7}) != "c7" || uidOf(value.Link{Type: "Employee", ID: 7}) != "7" {
		t.Error("uids of a guest and an employee must differ")
	}
}

func TestOutboxIsBounded(t *testing.T) {
	var o outbox
	now := time.Now()
	for i := 1; i <= resendMax+20; i++ {
		o.add(pending{id: int64(i), at: now.Add(time.Duration(i) * time.Second)})
	}
	if len(o.items) != resendMax || o.items[0].id != 21 {
		t.Fatalf("kept %d, oldest %d", len(o.items), o.items[0].id)
	}
	o.ack(21)
	if o.items[0].id != 22 {
		t.Fatalf("ack left %d first", o.items[0].id)
	}
	// Messages 22..120 were stamped now+id seconds; 180 s on, those older
	// than the window (ids below 60) go.
	o.prune(now.Add(resendWindow + 60*time.Second))
	if len(o.items) != 120-60+1 || o.items[0].id != 60 {
		t.Fatalf("prune kept %d", len(o.items))
	}
}

// A field list too long for one NOTIFY is dropped whole ("any field"),
// never cut to a list that would claim fewer fields changed.
func TestNotifyPayloadFits(t *testing.T) {
	b := &pgBus{node: "n1", out: make(chan string, 2), log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	b.ctx, b.stop = context.WithCancel(context.Background())
	defer b.stop()
	many := make([]string, 2000)
	for i := range many {
		many[i] = fmt.Sprintf("CustomField%d", i)
	}
	b.notify(entity.Event{Account: 1, Type: "Task", ID: 9, Action: "updated", Fields: many}, false)
	b.notify(entity.Event{Account: 1, Type: "Task", ID: 9, Action: "updated", Fields: []string{"name"}}, false)
	big, small := <-b.out, <-b.out
	var w wireEvent
	if len(big) > notifyLimit || json.Unmarshal([]byte(big), &w) != nil || w.Fields != nil || w.ID != 9 {
		t.Fatalf("%d bytes, fields %v", len(big), w.Fields)
	}
	if json.Unmarshal([]byte(small), &w) != nil || len(w.Fields) != 1 || w.Node != "n1" {
		t.Fatalf("small event: %s", small)
	}
	// A signal is never cut: too large, it is refused.
	b.notify(entity.Event{Type: sigSend, Fields: []string{string(make([]byte, notifyLimit))}}, true)
	select {
	case p := <-b.out:
		t.Fatalf("an oversized signal was sent: %d bytes", len(p))
	default:
	}
}
