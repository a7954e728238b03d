package realtime_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A broadcast reaches the user's other connections with an id; what no
// connection acknowledged is sent again to a connection that subscribes
// within the window, what was acknowledged is not.
func TestUnacknowledgedMessagesAreResent(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		stopHub(t, h)
		me := h.Do("GET", "/api/v3/currentUser", apitest.Req{}).Obj()["id"].(string)
		a, b := dial(t, h), dial(t, h)
		a.mustSubscribe(h.Token, "bums.call.commands", "user:"+me)
		b.mustSubscribe(ecometToken(t, h, h.Token), "bums.call.commands")

		for _, cmd := range []string{"connect", "disconnect"} {
			a.send(map[string]any{"type": "broadcast", "route": "bums.call.commands", "message": map[string]any{"command": cmd}})
		}
		first, second := b.next(), b.next()
		if first.Event != "bums.call.commands" || first.obj()["command"] != "connect" || first.ID == 0 ||
			second.obj()["command"] != "disconnect" || second.ID == 0 || second.ID == first.ID {
			t.Fatalf("b got %+v and %+v", first, second)
		}
		b.send(map[string]any{"type": "invoice", "id": first.ID})
		// The acknowledgement and this broadcast take the same road, in
		// order: once a has the fence, the first message is settled.
		b.send(map[string]any{"type": "broadcast", "route": "user:" + me, "message": "fence"})
		if m := a.next(); m.Event != "user:"+me {
			t.Fatalf("a got %+v", m)
		}
		_ = b.conn.CloseNow()

		c := dial(t, h)
		c.mustSubscribe(h.Token, "bums.call.commands")
		again := c.next()
		if again.ID != second.ID || again.obj()["command"] != "disconnect" {
			t.Fatalf("re-sent %+v, want the unacknowledged %d", again, second.ID)
		}
		// The sender's own connection never gets its broadcast back.
		a.send(map[string]any{"type": "broadcast", "route": "bums.call.commands", "message": map[string]any{"command": "third"}})
		if m := c.next(); m.obj()["command"] != "third" {
			t.Fatalf("c got %+v", m)
		}
		a.send(map[string]any{"type": "subscribe", "routes": []string{"presence"}})
		if m := a.await("ecomet.subscribed", nil); m.Event != "ecomet.subscribed" {
			t.Fatal(m)
		}
		select {
		case m := <-a.in:
			t.Fatalf("a heard its own broadcast: %+v", m)
		default:
		}
	})
}
