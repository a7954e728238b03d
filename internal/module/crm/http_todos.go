package crm

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/todo"
	"github.com/artel/artel/internal/value"
)

// A client's to-dos (the reference's /contractor/{id}/todos): the to-dos
// whose relations name the client, seen with the reader's rights on
// to-dos, and a new one made about the client.

// relationsFilter is the FilterConfig "relations include the client".
func relationsFilter(owner *entity.Record) json.RawMessage {
	b, _ := json.Marshal(map[string]any{"contentType": "FilterConfig", "termGroup": map[string]any{"join": "and",
		"terms": []any{map[string]any{"contentType": "FilterTermRef", "field": "relations", "comparison": "equals",
			"value": []any{value.EncodeLink(owner.Link())}}}}})
	return b
}

// linkedTodos serves GET …/{id}/todos with the usual list parameters.
func (a *HTTP) linkedTodos(ctx context.Context, r *api.Request) api.Response {
	owner, err := Find(ctx, a.Engine, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	when, err := todo.LinkedConditions(ctx, a.Engine, r.Scope(), r.TakeQuery)
	if err != nil {
		return r.Fail(err)
	}
	lq, err := r.ListQuery("Todo")
	if err != nil {
		return r.Fail(err)
	}
	lq.Where = append(lq.Where, when...)
	about, err := a.Engine.Where(ctx, r.Scope(), "Todo", relationsFilter(owner), value.Options{})
	if err != nil {
		return r.Fail(fmt.Errorf("crm: to-dos of %s %d: %w", owner.Type.Name, owner.ID, err))
	}
	lq.Where = append(lq.Where, about)
	return r.Page(ctx, "Todo", lq)
}

// addTodo serves POST …/{id}/todos with a Todo: made with the client
// among its relations, besides any the body names.
func (a *HTTP) addTodo(ctx context.Context, r *api.Request) api.Response {
	owner, err := Find(ctx, a.Engine, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	in, res := r.Input()
	if res != nil {
		return *res
	}
	var relations []json.RawMessage
	if raw, ok := in["relations"]; ok && string(raw) != "null" && json.Unmarshal(raw, &relations) != nil {
		return r.FieldFail("relations", value.CodeType, "(CallInfo|ContractorCompany|ContractorHuman|Deal|Project|Task)[]")
	}
	self, _ := json.Marshal(value.EncodeLink(owner.Link()))
	named := false
	for _, l := range relations {
		got, err := value.DecodeLink(l, nil)
		named = named || err == nil && got == owner.Link()
	}
	if !named {
		relations = append(relations, self)
	}
	in["relations"], _ = json.Marshal(relations)
	rec, err := a.Engine.Create(ctx, r.Scope(), "Todo", in)
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}
