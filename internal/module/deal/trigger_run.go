package deal

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/subscribe"
	"github.com/artel/artel/internal/module/task"
	"github.com/artel/artel/internal/value"
)

// runAuto runs, in order, the auto triggers of a state a deal has just
// entered, in the move's transaction.
// A trigger whose rule does not hold on the deal as it then is does not
// run.
func (m *Module) runAuto(ctx context.Context, sc entity.Scope, deal int64, proc *Process, state int64) error {
	for i := range proc.Triggers {
		tr := &proc.Triggers[i]
		if tr.Type != TriggerAuto || !tr.In(state) {
			continue
		}
		if tr.Rule != nil {
			rec, err := m.e.Get(ctx, entity.Scope{Account: sc.Account, System: true}, "Deal", deal)
			if err != nil {
				return err
			}
			ok, err := m.judge(ctx, sc, rec, tr.Rule, nil)
			if err != nil {
				return err
			}
			if !ok {
				continue
			}
		}
		if err := m.run(ctx, sc, deal, tr); err != nil {
			return err
		}
	}
	return nil
}

// run performs a trigger's actions on a deal, each in turn, in ctx's
// transaction: a failing action rolls back the move or the press with
// everything before it. What the trigger makes is made by the rules in
// the caller's name (the process's author chose it, not the caller), so
// the caller needs no right to tasks or to-dos; a message is the caller's
// own comment. A webhook is only written down here and posted after
// commit (webhook.go).
func (m *Module) run(ctx context.Context, sc entity.Scope, deal int64, tr *Trigger) error {
	sys := entity.Scope{Account: sc.Account, Actor: sc.Actor, System: true, Lang: sc.Lang}
	row := runLog{trigger: tr.ID, start: m.e.Now()}
	defer func() {
		if set := currentSet(ctx); set != nil {
			row.finish = m.e.Now()
			set.rows = append(set.rows, row)
		}
	}()
	for _, a := range tr.Params.Actions {
		op := opLog{op: a.Type, start: m.e.Now(), linked: value.Link{Type: "Deal", ID: deal}}
		rec, err := m.e.Get(ctx, sys, "Deal", deal)
		if err != nil {
			return err
		}
		switch a.Type {
		case ActTask:
			op.linked, err = m.makeTask(ctx, sys, rec, a)
		case ActTodo:
			op.linked, err = m.makeTodo(ctx, sys, rec, a)
		case ActField:
			_, err = m.e.Update(asMachine(ctx), sys, "Deal", deal, entity.Input{a.Field: a.Value})
		case ActMessage:
			op.linked, err = m.message(ctx, sc, rec, a.Text)
		case ActWebhook:
			err = m.enqueue(ctx, sys, rec, tr.ID, a.URL)
		}
		op.finish = m.e.Now()
		if err != nil {
			op.message = err.Error()
			row.message = op.message
			row.ops = append(row.ops, op)
			return &actionFailed{action: tr.Name + " / " + a.Type, err: err}
		}
		row.ops = append(row.ops, op)
	}
	return nil
}

// makeTask makes real work from a task template, linked to the deal; the
// deal's manager is responsible when the template names no one.
func (m *Module) makeTask(ctx context.Context, sys entity.Scope, deal *entity.Record, a Action) (value.Link, error) {
	id, _ := strconv.ParseInt(a.Template, 10, 64)
	made, err := task.Clone(ctx, m.e, sys, "Task", id, false, nil)
	if err != nil {
		return value.Link{}, fmt.Errorf("deal: trigger task from template %d: %w", id, err)
	}
	c := entity.NewChange(sys, made.Type, made)
	c.Many["deals"] = []value.Link{deal.Link()}
	if _, ok := made.Links["responsible"]; !ok {
		if mgr, ok := deal.Links["manager"]; ok {
			c.Links["responsible"] = &mgr
		}
	}
	_, err = m.e.Save(ctx, c)
	return made.Link(), err
}

// makeTodo makes a to-do about the deal for its manager (or the caller),
// due a given number of days from today.
func (m *Module) makeTodo(ctx context.Context, sys entity.Scope, deal *entity.Record, a Action) (value.Link, error) {
	who, ok := deal.Links["manager"]
	if !ok {
		who = sys.Actor
	}
	day := m.e.Now().AddDate(0, 0, a.InDays)
	when := map[string]any{"contentType": "IntervalDates", "to": nil,
		"from": map[string]any{"contentType": "DateOnly", "year": day.Year(), "month": int(day.Month()) - 1, "day": day.Day()}}
	in := entity.Input{}
	for k, v := range map[string]any{"name": a.Name, "when": when,
		"relations": []any{value.EncodeLink(deal.Link())}} {
		in[k], _ = json.Marshal(v)
	}
	if who.ID != 0 {
		in["responsible"], _ = json.Marshal(value.EncodeLink(who))
	}
	todo, err := m.e.Create(ctx, sys, "Todo", in)
	if err != nil {
		return value.Link{}, err
	}
	return todo.Link(), nil
}

// message writes a comment on the deal in the caller's name and tells the
// manager, unless the comment's own notifications already did or the
// manager is the caller.
func (m *Module) message(ctx context.Context, sc entity.Scope, deal *entity.Record, text string) (value.Link, error) {
	in := entity.Input{}
	in["content"], _ = json.Marshal(text)
	in["subject"], _ = json.Marshal(value.EncodeLink(deal.Link()))
	comment, err := m.e.Create(ctx, sc, "Comment", in)
	if err != nil {
		return value.Link{}, err
	}
	return comment.Link(), m.tell(ctx, sc, deal, comment.ID, text)
}

// tell notifies the deal's manager of a trigger's comment.
func (m *Module) tell(ctx context.Context, sc entity.Scope, deal *entity.Record, comment int64, text string) error {
	mgr, ok := deal.Links["manager"]
	if !ok || sc.Is(mgr) || m.Notify == nil {
		return nil
	}
	var told int
	if err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT COUNT(*) FROM notifications
		WHERE account_id = ? AND recipient_type = ? AND recipient_id = ? AND comment_id = ?`),
		sc.Account, mgr.Type, mgr.ID, comment).Scan(&told); err != nil {
		return fmt.Errorf("deal: trigger message: %w", err)
	}
	if told > 0 {
		return nil
	}
	return m.Notify(ctx, sc.Account, &subscribe.Notification{Recipient: mgr, Type: subscribe.TypeComment,
		Subject: deal.Link(), Comment: comment, Sender: sc.Actor, Content: subscribe.Excerpt(text), Active: true})
}
