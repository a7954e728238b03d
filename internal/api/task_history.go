package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/task"
	"github.com/artel/artel/internal/value"
)

// GET /task/{id}/history and /project/{id}/history: the journal of
// changes, as the reference's FieldChange values, newest first. The
// reference lists Changeset and Comment there too; comments have their own
// calls, and a change is answered field by field, which is what a
// Changeset holds; a collection's change is, as the reference has it for
// arrays, a FieldChange of the added links (oldValue null) and one of the
// removed links (newValue null). Each carries an id (not in the
// reference) as the pageAfter key.

func init() {
	routes := map[string]handler{}
	for _, kind := range []string{"Task", "Project"} {
		routes["GET /"+strings.ToLower(kind)+"/{id}/history"] = taskHistory(kind)
	}
	routeSets = append(routeSets, routes)
}

func taskHistory(kind string) handler {
	return func(s *Server, ctx context.Context, c *call, ids []int64) Response {
		limit, after, err := historyPaging(c)
		if err != nil {
			return s.errorResponse(c, err)
		}
		rows, more, count, err := task.History(ctx, s.Engine, c.sc, kind, ids[0], limit, after)
		if err != nil {
			return s.errorResponse(c, err)
		}
		subject := value.EncodeLink(value.Link{Type: kind, ID: ids[0]})
		out := make([]any, len(rows))
		for i, h := range rows {
			out[i] = fieldChange(h, subject, c.opt)
		}
		return Response{Status: http.StatusOK, Data: out, Pagination: &Pagination{Count: count, Limit: limit, HasMoreNext: more}}
	}
}

func fieldChange(h task.HistoryEntry, subject value.LinkJSON, opt value.Options) map[string]any {
	var author any
	if h.User.ID != 0 {
		author = value.EncodeLink(h.User)
	}
	var field, description any = h.Field, nil
	if h.Field == task.HistoryCreated {
		field, description = nil, "created"
	}
	return map[string]any{
		"contentType": "FieldChange", "id": strconv.FormatInt(h.ID, 10),
		"field": field, "description": description,
		"oldValue": h.Old, "newValue": h.New, "author": author, "changedEntity": subject,
		"timeCreated": value.DateTime{}.Encode(h.Time, opt),
	}
}

// historyPaging reads limit and pageAfter: the id of the last change
// seen, as a number, a string or the FieldChange itself.
func historyPaging(c *call) (int, int64, error) {
	limit := entity.DefaultLimit
	if raw, ok := c.query["limit"]; ok {
		if json.Unmarshal(raw, &limit) != nil || limit < 1 {
			return 0, 0, entity.Invalidf("limit", entity.CodeBadParam, "")
		}
		limit = min(limit, entity.MaxLimit)
	}
	raw, ok := c.query["pageAfter"]
	if !ok || string(raw) == "null" {
		return limit, 0, nil
	}
	var obj struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(raw, &obj) == nil && obj.ID != nil {
		raw = obj.ID
	}
	var id int64
	if json.Unmarshal(raw, &id) != nil {
		var str string
		if json.Unmarshal(raw, &str) != nil {
			return 0, 0, entity.Invalidf("pageAfter", entity.CodeBadParam, "")
		}
		var err error
		if id, err = strconv.ParseInt(str, 10, 64); err != nil {
			return 0, 0, entity.Invalidf("pageAfter", entity.CodeBadParam, "")
		}
	}
	return limit, id, nil
}
