package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/coder/websocket"

	"github.com/artel/artel/bench/internal/loadgen"
)

// delivery times messages one at a time: from the administrator's POST
// to the ChatEvent naming that message on the reader's live socket.
func delivery(ctx context.Context, base string, admin *loadgen.Client, token string, w *world, sends int) (result, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/ecomet/websocket", nil)
	if err != nil {
		return result{}, err
	}
	defer conn.CloseNow()
	route := "user:" + w.readerID
	hello, _ := json.Marshal(map[string]any{"type": "subscribe", "token": token, "routes": []string{route}})
	if err := conn.Write(ctx, websocket.MessageText, hello); err != nil {
		return result{}, err
	}
	if _, err := await(ctx, conn, func(m message) bool { return m.Event == "ecomet.subscribed" }); err != nil {
		return result{}, err
	}
	rec := loadgen.NewRecorder()
	for i := range sends {
		start := time.Now()
		id, err := create(ctx, admin, "/api/v3/topic/"+w.chat+"/comments", map[string]any{"content": fmt.Sprintf("Живое %d", i)})
		if err != nil {
			return result{}, err
		}
		got, err := await(ctx, conn, func(m message) bool {
			return m.Event == route && m.Message.ContentType == "ChatEvent" && m.Message.Type == "message" && m.Message.Comment.ID == id
		})
		if err != nil {
			return result{}, err
		}
		rec.Add(got.Sub(start), nil)
		// Acknowledged, so the server keeps no copy to send again.
		ack, _ := json.Marshal(map[string]any{"type": "invoice", "id": got.id})
		_ = conn.Write(ctx, websocket.MessageText, ack)
	}
	st := rec.Snapshot()
	return result{Items: sends, P50ms: ms(st.P50), P99ms: ms(st.P99)}, nil
}

type message struct {
	Event   string `json:"event"`
	ID      int64  `json:"id"`
	Message struct {
		ContentType string `json:"contentType"`
		Type        string `json:"type"`
		Comment     struct {
			ID string `json:"id"`
		} `json:"comment"`
	} `json:"message"`
}

type arrival struct {
	at time.Time
	id int64
}

func (a arrival) Sub(t time.Time) time.Duration { return a.at.Sub(t) }

// await reads the socket until a message matches.
func await(ctx context.Context, conn *websocket.Conn, match func(message) bool) (arrival, error) {
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			return arrival{}, err
		}
		var m message
		if json.Unmarshal(data, &m) == nil && match(m) {
			return arrival{at: time.Now(), id: m.ID}, nil
		}
	}
}
