package realtime_test

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/artel/artel/internal/apitest"
)

// wait bounds every expectation: generous, since timing is the
// benchmark's business, not the tests'.
const wait = 10 * time.Second

// msg is one server message.
type msg struct {
	Event   string          `json:"event"`
	Message json.RawMessage `json:"message"`
	ID      int64           `json:"id"`
}

func (m msg) obj() map[string]any {
	var o map[string]any
	_ = json.Unmarshal(m.Message, &o)
	return o
}

// client is a real WebSocket client of a test server.
type client struct {
	t      testing.TB
	conn   *websocket.Conn
	in     chan msg
	status websocket.StatusCode // why the server closed, once in is closed
}

func dialURL(t testing.TB, base, query string, header http.Header) *client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	url := "ws" + strings.TrimPrefix(base, "http") + "/ecomet/websocket" + query
	conn, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: header})
	if err != nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	c := &client{t: t, conn: conn, in: make(chan msg, 1024)}
	go c.read()
	t.Cleanup(func() { _ = conn.CloseNow() })
	return c
}

func dial(t testing.TB, h *apitest.Harness) *client { return dialURL(t, h.URL, "", nil) }

func (c *client) read() {
	defer close(c.in)
	for {
		_, data, err := c.conn.Read(context.Background())
		if err != nil {
			c.status = websocket.CloseStatus(err)
			return
		}
		var m msg
		if json.Unmarshal(data, &m) == nil {
			c.in <- m
		}
	}
}

func (c *client) send(v any) {
	c.t.Helper()
	b, _ := json.Marshal(v)
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if err := c.conn.Write(ctx, websocket.MessageText, b); err != nil {
		c.t.Fatalf("send %s: %v", b, err)
	}
}

// next is the next message, whatever it is.
func (c *client) next() msg {
	c.t.Helper()
	select {
	case m, ok := <-c.in:
		if !ok {
			c.t.Fatalf("socket closed (%v) while a message was expected", c.status)
		}
		return m
	case <-time.After(wait):
		c.t.Fatalf("no message within %v", wait)
	}
	return msg{}
}

// await skips messages until one on the event matches.
func (c *client) await(event string, match func(msg) bool) msg {
	c.t.Helper()
	deadline := time.After(wait)
	for {
		select {
		case m, ok := <-c.in:
			if !ok {
				c.t.Fatalf("socket closed (%v) while waiting for %s", c.status, event)
			}
			if m.Event == event && (match == nil || match(m)) {
				return m
			}
		case <-deadline:
			c.t.Fatalf("no %s within %v", event, wait)
		}
	}
}

// closed waits for the server to close the socket and answers its code.
func (c *client) closed() websocket.StatusCode {
	c.t.Helper()
	deadline := time.After(wait)
	for {
		select {
		case _, ok := <-c.in:
			if !ok {
				return c.status
			}
		case <-deadline:
			c.t.Fatalf("socket still open after %v", wait)
		}
	}
}

type refusal struct{ Route, Code string }

// subscribe sends a subscribe (with token when given, as a first message
// does) and answers what the server took and refused.
func (c *client) subscribe(token string, routes ...string) (accepted []string, refused []refusal) {
	c.t.Helper()
	m := map[string]any{"type": "subscribe", "routes": routes}
	if token != "" {
		m["token"] = token
	}
	c.send(m)
	got := c.await("ecomet.subscribed", nil)
	var body struct {
		Routes  []string  `json:"routes"`
		Refused []refusal `json:"refused"`
	}
	if err := json.Unmarshal(got.Message, &body); err != nil {
		c.t.Fatalf("ecomet.subscribed: %s", got.Message)
	}
	return body.Routes, body.Refused
}

// mustSubscribe subscribes and fails unless every route was taken.
func (c *client) mustSubscribe(token string, routes ...string) {
	c.t.Helper()
	got, refused := c.subscribe(token, routes...)
	if len(refused) > 0 || len(got) != len(routes) {
		c.t.Fatalf("subscribe %v: took %v, refused %v", routes, got, refused)
	}
}

// ecometToken is the live-socket token AccountInfo gives a signed-in user.
func ecometToken(t testing.TB, h *apitest.Harness, bearer string) string {
	t.Helper()
	r := h.Do("GET", "/api/v3/accountInfo", apitest.Req{Token: bearer})
	tok, _ := r.Obj()["ecometToken"].(string)
	if r.Status != 200 || tok == "" {
		t.Fatalf("accountInfo: %d %s", r.Status, r.Body)
	}
	return tok
}

// user creates an employee who can sign in: id and bearer token.
func user(t testing.TB, h *apitest.Harness, first, login string) (string, string) {
	t.Helper()
	r := h.Do("POST", "/api/v3/employee", apitest.Req{Body: map[string]any{"firstName": first, "lastName": "Тестов",
		"login": login, "password": login + "-password", "canLogin": true, "isWorking": true}})
	if r.Status != 200 {
		t.Fatalf("create %s: %s", login, r.Body)
	}
	return r.Obj()["id"].(string), h.SignIn(login, login+"-password")
}

func emp(id string) map[string]any { return map[string]any{"contentType": "Employee", "id": id} }

// create makes an entity through the API and answers its id.
func create(t testing.TB, h *apitest.Harness, endpoint string, body any) string {
	t.Helper()
	r := h.Do("POST", "/api/v3/"+endpoint, apitest.Req{Body: body})
	id, _ := r.Obj()["id"].(string)
	if r.Status != 200 || id == "" {
		t.Fatalf("create %s: %d %s", endpoint, r.Status, r.Body)
	}
	return id
}

func edit(t testing.TB, h *apitest.Harness, path string, body any) {
	t.Helper()
	if r := h.Do("POST", "/api/v3/"+path, apitest.Req{Body: body}); r.Status != 200 {
		t.Fatalf("edit %s: %d %s", path, r.Status, r.Body)
	}
}

// stopHub ends the hub before the harness drops its database.
func stopHub(t testing.TB, h *apitest.Harness) {
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		defer cancel()
		h.Srv.Realtime.Shutdown(ctx)
		h.Srv.Realtime.Close()
	})
}

func fields(m msg) []string {
	var out []string
	for _, f := range m.obj()["fields"].([]any) {
		out = append(out, f.(string))
	}
	return out
}

func hasField(m msg, name string) bool { return slices.Contains(fields(m), name) }

func atoi(t testing.TB, s string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatalf("not an id: %q", s)
	}
	return n
}
