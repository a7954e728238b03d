package integration

import (
	"context"
	"errors"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// checkRule answers why a rule cannot be kept as it is, field by field,
// or nil.
func (m *Module) checkRule(ctx context.Context, account int64, x *Rule) *entity.Invalid {
	bad := &entity.Invalid{}
	add := func(field, code, param string) {
		bad.Errors = append(bad.Errors, entity.FieldError{Field: field, Code: code, Param: param})
	}
	if x.Name == "" {
		add("name", entity.CodeRequired, "")
	}
	t := m.e.Cat.Type(x.EntityType)
	if x.EntityType != "" && t == nil {
		add("entityType", CodeBadType, "")
	}
	switch x.Trigger {
	case OnCreated, OnUpdated:
		x.Fields = nil
	case OnField:
		if len(x.Fields) == 0 {
			add("trigger", CodeBadTrigger, "fields")
		}
		for _, f := range x.Fields {
			if t != nil && t.Field(f) == nil {
				add("trigger", CodeBadTrigger, f)
			}
		}
	case OnSchedule:
		x.Fields = nil
		if x.EveryMinutes < 1 {
			add("trigger", CodeBadTrigger, "everyMinutes")
		}
	default:
		add("trigger", CodeBadTrigger, "type")
	}
	if x.Trigger != OnSchedule {
		x.EveryMinutes = 0
		if x.EntityType == "" {
			add("entityType", entity.CodeRequired, "")
		}
	}
	if len(x.Filter) > 0 {
		if t == nil {
			add("filter", entity.CodeBadFilter, "entityType")
		} else if _, err := m.e.List(ctx, entity.Scope{Account: account, System: true}, x.EntityType,
			entity.ListQuery{Filter: x.Filter, Limit: 1, Fields: []string{"id"}}, value.Options{}); err != nil {
			var inv *entity.Invalid
			if !errors.As(err, &inv) {
				add("filter", entity.CodeBadFilter, "")
			} else {
				for _, fe := range inv.Errors {
					add("filter", entity.CodeBadFilter, fe.Param)
				}
			}
		}
	}
	if len(x.Actions) == 0 {
		add("actions", CodeBadAction, "")
	}
	for i, a := range x.Actions {
		at := "actions[" + strconv.Itoa(i) + "]"
		switch a.Type {
		case ActTask, ActTodo:
			if a.Name == "" && (a.Type == ActTodo || a.Template == "") {
				add(at, CodeBadAction, "name")
			}
		case ActDeal:
			if x.EntityType != "Deal" || a.State == "" {
				add(at, CodeBadAction, "state")
			}
		case ActField:
			if t == nil || t.Field(a.Field) == nil {
				add(at, CodeBadAction, "field")
			}
		case ActNotify:
			if a.Text == "" {
				add(at, CodeBadAction, "text")
			}
		case ActWebhook:
			id, _ := strconv.ParseInt(a.Webhook, 10, 64)
			if _, err := m.hook(ctx, account, id); err != nil {
				add(at, CodeBadAction, "webhook")
			}
		default:
			add(at, CodeBadAction, "type")
		}
	}
	if len(bad.Errors) > 0 {
		return bad
	}
	return nil
}
