package telephony

import (
	"context"
	"strings"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// selectCommunication serves POST /BumsCall/Call/selectCommunication.json
// {call, itemComment} (spec 001 §7.1): the employee writes the call's
// result, which goes on the call's to-do as a comment in their name.
func (a *HTTP) selectCommunication(ctx context.Context, r *api.Request) api.Response {
	var in struct {
		Call        string `json:"call"`
		ItemComment string `json:"itemComment"`
	}
	if res := decode(r, &in); res != nil {
		return *res
	}
	sc := r.Scope()
	text := strings.TrimSpace(in.ItemComment)
	if text == "" {
		return r.FieldFail("itemComment", entity.CodeRequired)
	}
	call, err := lockCall(ctx, a.Calls.Engine.DB, sc.Account, in.Call)
	if err != nil {
		return r.Fail(err)
	}
	if call == nil || sc.Actor.Type != "Employee" || (call.Employee != sc.Actor.ID && !sc.Admin) {
		return r.NotFound()
	}
	if call.TodoID == 0 {
		// The to-do is made when the call finishes.
		return r.FieldFail("call", "invalid_enum")
	}
	todo := value.Link{Type: "Todo", ID: call.TodoID}
	rec, err := a.Calls.Engine.Create(ctx, sc, "Comment", entity.Input{"content": raw(text), "subject": raw(value.EncodeLink(todo))})
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{"item": map[string]any{"id": jsonID(call.TodoID), "comment": text, "commentId": jsonID(rec.ID)}})
}
