package telephony

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// A finished call's to-do (category call, spec 001 §3.1 item) is made
// once, when the call first finishes, and rewritten when a late event
// (a recording, a talk that began before the end) changes what it says.
// Its words are stored in Russian, as the to-do categories are.

var titles = map[string]string{TypeIn: "Входящий звонок", TypeOut: "Исходящий звонок", TypeMiss: "Пропущенный звонок", TypeFail: "Недозвон"}

func (m *Module) writeTodo(ctx context.Context, sc entity.Scope, r *row) error {
	if r.Employee == 0 {
		return nil
	}
	in := entity.Input{
		"name":        raw(titles[r.Type] + " " + r.Other()),
		"description": raw(describe(r)),
	}
	if r.TodoID != 0 {
		_, err := m.Engine.Update(ctx, sc, "Todo", r.TodoID, in)
		return err
	}
	in["category"] = raw(map[string]any{"contentType": "TodoCategory", "id": "call"})
	in["responsible"] = raw(value.EncodeLink(value.Link{Type: "Employee", ID: r.Employee}))
	if r.ClientID != 0 {
		in["relations"] = raw([]any{value.EncodeLink(value.Link{Type: r.ClientType, ID: r.ClientID})})
	}
	rec, err := m.Engine.Create(ctx, sc, "Todo", in)
	if err != nil {
		return fmt.Errorf("telephony: call to-do: %w", err)
	}
	r.TodoID = rec.ID
	return nil
}

// describe is the to-do's text: direction, duration, result, recordings.
func describe(r *row) string {
	dir := "входящий"
	if r.Direction == TypeOut {
		dir = "исходящий"
	}
	result := "разговор"
	switch r.Type {
	case TypeMiss:
		result = "пропущен"
	case TypeFail:
		result = "не дозвонились"
	}
	lines := []string{
		"Направление: " + dir,
		fmt.Sprintf("Длительность: %d:%02d", r.Duration/60, r.Duration%60),
		"Результат: " + result,
	}
	if r.TransferredTo != "" {
		lines = append(lines, "Переведён на: "+r.TransferredTo)
	}
	for _, l := range r.RecordLinks {
		lines = append(lines, "Запись: "+l)
	}
	return strings.Join(lines, "\n")
}

// validLink admits a recording's address: http or https with a host.
func validLink(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

func raw(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

// Encode is the reference's CallInfo.
func (r *row) Encode() map[string]any {
	out := map[string]any{"contentType": "CallInfo", "id": fmt.Sprint(r.ID), "providerId": r.ProviderID, "type": r.Type,
		"state": r.State, "fromPhone": r.From, "toPhone": r.To, "recordLinks": append([]string{}, r.RecordLinks...),
		"timeFrom": dateTime(r.TimeStart), "timeTo": dateTime(r.TimeEnd), "duration": r.Duration,
		"direction": r.Direction, "transferredTo": r.TransferredTo, "fromUser": nil, "toUser": nil, "todo": nil}
	client := any(nil)
	if r.ClientID != 0 {
		client = value.EncodeLink(value.Link{Type: r.ClientType, ID: r.ClientID})
	}
	emp := any(nil)
	if r.Employee != 0 {
		emp = value.EncodeLink(value.Link{Type: "Employee", ID: r.Employee})
	}
	if r.Direction == TypeOut {
		out["fromUser"], out["toUser"] = emp, client
	} else {
		out["fromUser"], out["toUser"] = client, emp
	}
	if r.TodoID != 0 {
		out["todo"] = value.EncodeLink(value.Link{Type: "Todo", ID: r.TodoID})
	}
	return out
}

func dateTime(ms int64) any {
	if ms == 0 {
		return nil
	}
	return map[string]any{"contentType": "DateTime", "value": timeOf(ms)}
}

// pushMessage is what the widget hears on bums.call.user:{uid}: the
// spec's push command (in, out, talking, hold, finished, miss, fail)
// with the call.
func pushMessage(r *row) map[string]any {
	cmd := r.Direction
	switch r.State {
	case StateTalking, StateHold:
		cmd = r.State
	case StateFinished:
		cmd = StateFinished
		if r.Type == TypeMiss || r.Type == TypeFail {
			cmd = r.Type
		}
	}
	return map[string]any{"command": cmd, "callInfo": r.Encode()}
}

func timeOf(ms int64) string { return time.UnixMilli(ms).UTC().Format(time.RFC3339) }
