package realtime_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/artel/artel/internal/apitest"
)

type pollAnswer struct {
	Messages []msg `json:"messages"`
	Closed   *struct {
		Code   int    `json:"code"`
		Reason string `json:"reason"`
	} `json:"closed"`
}

func poll(t *testing.T, method, url string, body any) (int, pollAnswer) {
	t.Helper()
	var rd *bytes.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	} else {
		rd = bytes.NewReader(nil)
	}
	req, _ := http.NewRequest(method, url, rd)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer res.Body.Close()
	var a pollAnswer
	_ = json.NewDecoder(res.Body).Decode(&a)
	return res.StatusCode, a
}

// pollFor GETs until a message on the event arrives.
func pollFor(t *testing.T, url, event string) msg {
	t.Helper()
	deadline := time.Now().Add(wait)
	for time.Now().Before(deadline) {
		status, a := poll(t, "GET", url, nil)
		if status != 200 {
			t.Fatalf("GET %s: %d", url, status)
		}
		for _, m := range a.Messages {
			if m.Event == event {
				return m
			}
		}
	}
	t.Fatalf("no %s by long polling", event)
	return msg{}
}

func TestLongPollingCarriesTheSameMessages(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		stopHub(t, h)
		task := create(t, h, "task", map[string]any{"name": "Опрос"})
		url := h.URL + "/comet/Xk3v9QmZp2LrT8wYb5Nc/mobile"
		status, _ := poll(t, "POST", url, []any{map[string]any{"type": "subscribe", "token": h.Token,
			"routes": []string{"entity.updated:Task:" + task}}})
		if status != 200 {
			t.Fatalf("POST: %d", status)
		}
		pollFor(t, url, "ecomet.subscribed")
		edit(t, h, "task/"+task, map[string]any{"name": "Опрос 2"})
		m := pollFor(t, url, "entity.updated:Task:"+task)
		if m.obj()["id"] != task || !hasField(m, "name") {
			t.Fatalf("by long polling: %s", m.Message)
		}

		if status, _ := poll(t, "POST", h.URL+"/comet/AnotherRandomId123456", map[string]any{"type": "subscribe",
			"token": "bad", "routes": []string{"presence"}}); status != 401 {
			t.Fatalf("bad token: %d", status)
		}
		if status, _ := poll(t, "GET", h.URL+"/comet/NeverOpenedId12345678", nil); status != 404 {
			t.Fatalf("unknown poll: %d", status)
		}
		if status, _ := poll(t, "GET", h.URL+"/comet/short", nil); status != 404 {
			t.Fatalf("a guessable id: %d", status)
		}
	})
}

// Shutdown says "going away" to sockets and answers waiting polls at once.
func TestShutdownDrains(t *testing.T) {
	h := apitest.New(t, "sqlite")
	c := dial(t, h)
	c.mustSubscribe(h.Token, "presence")
	url := h.URL + "/comet/ShutdownPollId0000001"
	if status, _ := poll(t, "POST", url, map[string]any{"type": "auth", "token": h.Token}); status != 200 {
		t.Fatalf("POST: %d", status)
	}
	pollFor(t, url, "ecomet.ready")
	done := make(chan pollAnswer, 1)
	go func() { _, a := poll(t, "GET", url, nil); done <- a }()
	time.Sleep(100 * time.Millisecond) // let the GET start waiting

	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	start := time.Now()
	h.Srv.Realtime.Shutdown(ctx)
	if code := c.closed(); code != websocket.StatusGoingAway {
		t.Fatalf("socket closed with %v", code)
	}
	select {
	case a := <-done:
		if a.Closed == nil || a.Closed.Code != int(websocket.StatusGoingAway) {
			t.Fatalf("poll answered %+v", a)
		}
	case <-time.After(wait):
		t.Fatal("the waiting poll was not answered")
	}
	if d := time.Since(start); d > wait {
		t.Fatalf("shutdown took %v", d)
	}
	if _, _, err := websocket.Dial(ctx, "ws"+h.URL[4:]+"/ecomet/websocket", nil); err == nil {
		t.Fatal("a socket opened during shutdown")
	}
	h.Srv.Realtime.Close()
}
