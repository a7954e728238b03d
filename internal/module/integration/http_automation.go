package integration

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/value"
)

// Error codes of the automation rules.
const (
	CodeBadTrigger = "automation_trigger"
	CodeBadAction  = "automation_action"
)

// automationWording words the codes above.
var automationWording = map[string][2]string{
	CodeBadTrigger: {"Неверный запуск правила: %s", "The rule's trigger is wrong: %s"},
	CodeBadAction:  {"Неверное действие: %s", "An action is wrong: %s"},
}

func (a *HTTP) automationRoutes(rt *api.Routes) {
	rt.Handle("GET /automation", a.admin(a.automationList))
	rt.Handle("POST /automation", a.admin(a.automationCreate))
	rt.Handle("GET /automation/{id}", a.admin(a.automationGet))
	rt.Handle("POST /automation/{id}", a.admin(a.automationUpdate))
	rt.Handle("DELETE /automation/{id}", a.admin(a.automationDrop))
	rt.Handle("POST /automation/{id}/enable", a.admin(a.automationSwitch(true)))
	rt.Handle("POST /automation/{id}/disable", a.admin(a.automationSwitch(false)))
	rt.Handle("GET /automation/{id}/history", a.admin(a.automationHistory))
	rt.Messages(automationWording)
}

// ruleInput is a rule's body; absent fields keep their values.
type ruleInput struct {
	Name       *string         `json:"name"`
	EntityType *string         `json:"entityType"`
	Trigger    *triggerInput   `json:"trigger"`
	Filter     json.RawMessage `json:"filter"`
	Actions    *[]Action       `json:"actions"`
	Enabled    *bool           `json:"enabled"`
}

type triggerInput struct {
	Type         string   `json:"type"`
	Fields       []string `json:"fields"`
	EveryMinutes int      `json:"everyMinutes"`
}

func (a *HTTP) automationList(ctx context.Context, r *api.Request) api.Response {
	rules, err := a.Integrations.rules(ctx, r.Scope().Account, "")
	if err != nil {
		return r.Fail(err)
	}
	out := make([]any, 0, len(rules))
	for _, x := range rules {
		out = append(out, encodeRule(x, r.Options()))
	}
	return api.OK(out)
}

func (a *HTTP) automationGet(ctx context.Context, r *api.Request) api.Response {
	x, err := a.Integrations.rule(ctx, r.Scope().Account, r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(encodeRule(x, r.Options()))
}

func (a *HTTP) automationCreate(ctx context.Context, r *api.Request) api.Response {
	x := &Rule{Active: true, Owner: r.Scope().Actor}
	if res := a.applyRule(ctx, r, x); res != nil {
		return *res
	}
	if err := AddRule(ctx, a.Engine, r.Scope().Account, x); err != nil {
		return r.Fail(err)
	}
	r.IDs = []int64{x.ID}
	return a.automationGet(ctx, r)
}

func ruleRow(x *Rule) []any {
	actions, _ := json.Marshal(x.Actions)
	var next any
	if x.Trigger == OnSchedule {
		next = x.NextAt
	}
	return []any{x.Name, x.EntityType, x.Trigger, strings.Join(x.Fields, ","), string(x.Filter), string(actions),
		x.EveryMinutes, next, boolInt(x.Active), x.Owner.Type, x.Owner.ID, x.Created}
}

func (a *HTTP) automationUpdate(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	x, err := a.Integrations.rule(ctx, sc.Account, r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	if res := a.applyRule(ctx, r, x); res != nil {
		return *res
	}
	if err := a.Engine.DB.Exec(ctx, `UPDATE automations SET name = ?, entity_type = ?, trigger_type = ?, fields = ?,
		filter = ?, actions = ?, every_minutes = ?, next_at = ?, is_active = ?, owner_type = ?, owner_id = ?, created_at = ?
		WHERE account_id = ? AND id = ?`, append(ruleRow(x), sc.Account, x.ID)...); err != nil {
		return r.Fail(err)
	}
	return a.automationGet(ctx, r)
}

func (a *HTTP) automationSwitch(on bool) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		sc := r.Scope()
		if _, err := a.Integrations.rule(ctx, sc.Account, r.IDs[0]); err != nil {
			return r.Fail(err)
		}
		if err := a.Engine.DB.Exec(ctx, `UPDATE automations SET is_active = ? WHERE account_id = ? AND id = ?`,
			boolInt(on), sc.Account, r.IDs[0]); err != nil {
			return r.Fail(err)
		}
		return a.automationGet(ctx, r)
	}
}

func (a *HTTP) automationDrop(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	x, err := a.Integrations.rule(ctx, sc.Account, r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	err = a.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		if err := a.Engine.DB.Exec(ctx, `DELETE FROM automation_runs WHERE account_id = ? AND automation_id = ?`, sc.Account, x.ID); err != nil {
			return err
		}
		return a.Engine.DB.Exec(ctx, `DELETE FROM automations WHERE account_id = ? AND id = ?`, sc.Account, x.ID)
	})
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(encodeRule(x, r.Options()))
}

// applyRule checks the body and puts it on x, or answers why not.
func (a *HTTP) applyRule(ctx context.Context, r *api.Request, x *Rule) *api.Response {
	var in ruleInput
	if err := json.Unmarshal(r.Body(), &in); err != nil {
		res := api.Fail(http.StatusBadRequest, "malformed_json", r.Message("malformed_json"))
		return &res
	}
	if in.Name != nil {
		x.Name = strings.TrimSpace(*in.Name)
	}
	if in.EntityType != nil {
		x.EntityType = *in.EntityType
	}
	if in.Trigger != nil {
		x.Trigger, x.Fields, x.EveryMinutes = in.Trigger.Type, in.Trigger.Fields, in.Trigger.EveryMinutes
		if x.Trigger == OnSchedule {
			x.NextAt = a.Engine.Now().UnixMilli() + int64(x.EveryMinutes)*60_000
		}
	}
	if in.Filter != nil {
		if string(in.Filter) == "null" {
			x.Filter = nil
		} else {
			x.Filter = in.Filter
		}
	}
	if in.Actions != nil {
		x.Actions = *in.Actions
	}
	if in.Enabled != nil {
		x.Active = *in.Enabled
	}
	if x.Created == 0 {
		x.Created = a.Engine.Now().UnixMilli()
	}
	if bad := a.Integrations.checkRule(ctx, r.Scope().Account, x); bad != nil {
		res := r.Fail(bad)
		return &res
	}
	return nil
}

func encodeRule(x *Rule, opt value.Options) map[string]any {
	dt := value.DateTime{}
	var next any
	if x.Trigger == OnSchedule && x.NextAt > 0 {
		next = dt.Encode(x.NextAt, opt)
	}
	fields := x.Fields
	if fields == nil {
		fields = []string{}
	}
	var filter any
	if len(x.Filter) > 0 {
		filter = x.Filter
	}
	return map[string]any{"contentType": "Automation", "id": strconv.FormatInt(x.ID, 10), "name": x.Name,
		"entityType": x.EntityType, "enabled": x.Active, "filter": filter, "actions": x.Actions,
		"trigger":     map[string]any{"type": x.Trigger, "fields": fields, "everyMinutes": x.EveryMinutes},
		"timeNextRun": next, "owner": value.EncodeLink(x.Owner), "timeCreated": dt.Encode(x.Created, opt)}
}
