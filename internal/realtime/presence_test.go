package realtime_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
)

// presenceOf waits for the presence event of one employee.
func presenceOf(c *client, id string, online bool) msg {
	return c.await("presence", func(m msg) bool { return m.obj()["id"] == id && m.obj()["isOnline"] == online })
}

// employee reads Employee.isOnline and lastOnline through the API.
func employee(t *testing.T, h *apitest.Harness, id string) (online bool, last any) {
	t.Helper()
	r := h.Do("GET", "/api/v3/employee/"+id, apitest.Req{})
	if r.Status != 200 {
		t.Fatalf("employee %s: %s", id, r.Body)
	}
	online, _ = r.Obj()["isOnline"].(bool)
	return online, r.Obj()["lastOnline"]
}

// eventually retries a check until it holds or the wait is over.
func eventually(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(wait); !ok(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %v", what, wait)
		}
	}
}

func TestPresence(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		stopHub(t, h)
		petr, tok := user(t, h, "Пётр", "petr@example.com")
		if on, last := employee(t, h, petr); on || last != nil {
			t.Fatalf("before any socket: isOnline %v, lastOnline %v", on, last)
		}
		watcher := dial(t, h)
		watcher.mustSubscribe(h.Token, "presence")

		p := dial(t, h)
		p.mustSubscribe(ecometToken(t, h, tok), "presence")
		m := presenceOf(watcher, petr, true)
		if m.obj()["contentType"] != "Employee" {
			t.Fatalf("presence: %s", m.Message)
		}
		if on, _ := employee(t, h, petr); !on {
			t.Fatal("isOnline false while connected")
		}
		eventually(t, "lastOnline stored on connect", func() bool { _, last := employee(t, h, petr); return last != nil })
		list := h.Do("GET", "/api/v3/employee", apitest.Req{}).List()
		var inList bool
		for _, e := range list {
			inList = inList || (e["id"] == petr && e["isOnline"] == true)
		}
		if !inList {
			t.Fatalf("the list does not show Petr online: %v", list)
		}

		// A second connection and its closing change nothing; the last
		// one's closing makes him offline after the grace period.
		second := dial(t, h)
		second.mustSubscribe(tok, "presence")
		_ = second.conn.CloseNow()
		_, before := employee(t, h, petr)
		time.Sleep(10 * time.Millisecond) // lastOnline has millisecond resolution
		_ = p.conn.CloseNow()
		presenceOf(watcher, petr, false)
		on, after := employee(t, h, petr)
		if on {
			t.Fatal("isOnline true after the last socket closed")
		}
		eventually(t, "lastOnline stored on disconnect", func() bool {
			_, after = employee(t, h, petr)
			return after != nil && after.(map[string]any)["value"] != before.(map[string]any)["value"]
		})
		if n := h.Do("GET", "/api/v3/counter", apitest.Req{}).Obj()["onlineEmployeesCount"]; n != float64(1) {
			t.Fatalf("online employees: %v (the watcher only)", n)
		}
	})
}

func TestCounter(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		stopHub(t, h)
		h.Run(t, []apitest.Scenario{
			{Name: "counter", Method: "GET", Path: "/api/v3/counter", Status: 200,
				Contains: []string{`"contentType":"Counter"`, `"serverTime":{"contentType":"DateTime"`, `"notificationsUnreadCount":0`}},
			{Name: "needs a session", Method: "GET", Path: "/api/v3/counter", Req: apitest.Req{NoAuth: true}, Status: 401},
		})
	})
}

// gauge reads artel_live_sockets from /metrics.
func gauge(t *testing.T, h *apitest.Harness) string {
	t.Helper()
	res, err := http.Get(h.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "artel_live_sockets "); ok {
			return v
		}
	}
	t.Fatalf("no artel_live_sockets in /metrics (%d)", res.StatusCode)
	return ""
}

func TestLiveSocketsGauge(t *testing.T) {
	h := apitest.New(t, "sqlite")
	stopHub(t, h)
	c := dial(t, h)
	c.mustSubscribe(h.Token, "presence")
	if v := gauge(t, h); v != "1" {
		t.Fatalf("artel_live_sockets %s with one socket open", v)
	}
	_ = c.conn.CloseNow()
	eventually(t, "the gauge falls back to 0", func() bool { return gauge(t, h) == "0" })
}
