package crm

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/todo"
	"github.com/artel/artel/internal/value"
)

// upkeep keeps the fields a client's to-dos, deals and tasks make
// (docs/crm.md "Contacts, the last deal and tasks") on the client's own row, in the
// transaction of the change that moves them, so a list shows, sorts and
// filters by them as by any column. Saved as Upkeep: no one edited the
// client, so its timeUpdated stays.
type upkeep struct{ e *entity.Engine }

func registerUpkeep(e *entity.Engine) {
	u := upkeep{e}
	e.Hook("Todo", entity.Hooks{AfterLinks: u.todoRelinked, AfterSave: u.todoSaved, BeforeDelete: u.todoDeleted})
	e.Hook("Deal", entity.Hooks{AfterSave: u.dealSaved, BeforeDelete: u.dealDeleted})
	e.Hook("Task", entity.Hooks{AfterSave: u.taskSaved, BeforeDelete: u.taskDeleted})
}

// todoFields are the to-do's fields its clients' contacts follow.
var todoFields = []string{"relations", "when", "timeFinished", "status", "isDropped", "isTemplate"}

// writesAny: the change writes one of the fields.
func writesAny(c *entity.Change, fields []string) bool {
	return slices.ContainsFunc(fields, func(f string) bool { return writes(c, f) })
}

// relationsOnly selects a to-do's relations alone, for Expand.
var relationsOnly = entity.Selection{Fields: []string{"relations"}, Only: true}

func clientsIn(links []value.Link) []value.Link {
	var out []value.Link
	for _, l := range links {
		if slices.Contains(Types, l.Type) && !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

// todoRelinked counts again for the clients a to-do's relations no
// longer name; those it names are counted once it is saved.
func (u upkeep) todoRelinked(ctx context.Context, c *entity.Change, before map[string][]value.Link) error {
	now, relinked := c.Many["relations"]
	if !relinked {
		return nil
	}
	for _, l := range clientsIn(before["relations"]) {
		if !slices.Contains(now, l) {
			if err := u.contacts(ctx, c.Scope.Account, l, 0); err != nil {
				return err
			}
		}
	}
	return nil
}

func (u upkeep) todoSaved(ctx context.Context, c *entity.Change, rec *entity.Record) error {
	if !c.New && !writesAny(c, todoFields) {
		return nil
	}
	relations, given := c.Many["relations"]
	if !given && c.New {
		return nil // made about no one
	}
	if !given {
		var err error
		if relations, err = u.relations(ctx, c.Scope.Account, rec.ID); err != nil {
			return err
		}
	}
	return each(clientsIn(relations), func(l value.Link) error { return u.contacts(ctx, c.Scope.Account, l, 0) })
}

// todoDeleted counts a going to-do's clients without it.
func (u upkeep) todoDeleted(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	relations, err := u.relations(ctx, sc.Account, rec.ID)
	if err != nil {
		return err
	}
	return each(clientsIn(relations), func(l value.Link) error { return u.contacts(ctx, sc.Account, l, rec.ID) })
}

func (u upkeep) relations(ctx context.Context, account, todo int64) ([]value.Link, error) {
	rec := &entity.Record{Type: u.e.Cat.Type("Todo"), ID: todo}
	if err := u.e.Expand(ctx, entity.Scope{Account: account, System: true}, []*entity.Record{rec}, relationsOnly); err != nil {
		return nil, err
	}
	return rec.Many["relations"], nil
}

func (u upkeep) dealSaved(ctx context.Context, c *entity.Change, rec *entity.Record) error {
	if _, moved := c.Links["contractor"]; !moved && !c.New {
		return nil
	}
	return each(contractorsOf(c, rec), func(l value.Link) error { return u.lastDeal(ctx, c.Scope.Account, l, 0) })
}

// contractorsOf are the clients a deal's or a task's change touches: the
// one it names now and the one it named before.
func contractorsOf(c *entity.Change, rec *entity.Record) []value.Link {
	var out []value.Link
	if l, ok := rec.Links["contractor"]; ok {
		out = append(out, l)
	}
	if c.Old != nil {
		if l, ok := c.Old.Links["contractor"]; ok {
			out = append(out, l)
		}
	}
	return clientsIn(out)
}

// each keeps every client in turn, stopping at the first error.
func each(clients []value.Link, keep func(value.Link) error) error {
	for _, l := range clients {
		if err := keep(l); err != nil {
			return err
		}
	}
	return nil
}

func (u upkeep) dealDeleted(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	if l, ok := rec.Links["contractor"]; ok && slices.Contains(Types, l.Type) {
		return u.lastDeal(ctx, sc.Account, l, rec.ID)
	}
	return nil
}

// refresh counts a client's contacts, last deal and tasks afresh (after a
// merge moved them to it past their hooks).
func (u upkeep) refresh(ctx context.Context, account int64, client value.Link) error {
	if err := u.contacts(ctx, account, client, 0); err != nil {
		return err
	}
	if err := u.lastDeal(ctx, account, client, 0); err != nil {
		return err
	}
	return u.tasks(ctx, account, client, 0)
}

// contacts keeps a client's to-do figures, leaving out the to-do except
// (one being deleted): the to-dos still to do (countScheduledCommunications)
// and the first of them to start (nextCommunication, its start as
// nextCommunicationDate: a day, or an instant); those done and not
// cancelled as "did not take place" (countCommunications) and when the
// latest was finished (lastCommunicationDate). Dropped to-dos and a
// series' template are not contacts.
func (u upkeep) contacts(ctx context.Context, account int64, client value.Link, except int64) error {
	t := u.e.Cat.Type("Todo")
	col := func(f string) string { return "t." + t.Field(f).Column }
	when, start, finished := col("when"), "t."+t.Field("when").SortColumn(), col("timeFinished")
	from := clientTodos(u.e, "= ?") + " AND t.id <> ?"
	args := []any{account, client.Type, client.ID, except}
	open := finished + " IS NULL"
	held := fmt.Sprintf("%s IS NOT NULL AND COALESCE(%s, '') <> 'fail'", finished, u.e.DB.Dialect.JSONText(col("status"), "masterType"))
	q := u.e.DB.Q(ctx)
	var scheduled, done int64
	var last sql.NullInt64
	err := q.QueryRowContext(ctx, u.e.DB.Dialect.Rebind(fmt.Sprintf(`SELECT COALESCE(SUM(CASE WHEN %s THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN %s THEN 1 ELSE 0 END), 0), MAX(CASE WHEN %s THEN %s END) %s`, open, held, held, finished, from)),
		args...).Scan(&scheduled, &done, &last)
	if err != nil {
		return fmt.Errorf("crm: contacts of %s %d: %w", client.Type, client.ID, err)
	}
	var nextID int64
	var nextWhen string
	err = q.QueryRowContext(ctx, u.e.DB.Dialect.Rebind(fmt.Sprintf(`SELECT t.id, %s %s AND %s AND %s IS NOT NULL ORDER BY %s, t.id LIMIT 1`,
		when, from, open, start, start)), args...).Scan(&nextID, &nextWhen)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("crm: next contact of %s %d: %w", client.Type, client.ID, err)
	}
	vals := map[string]any{"countScheduledCommunications": scheduled, "countCommunications": done,
		"nextCommunicationDate": nil, "lastCommunicationDate": nil}
	if member, v, ok := todo.Start(nextWhen); ok {
		vals["nextCommunicationDate"] = value.StoreMember(member, v)
	}
	if last.Valid {
		vals["lastCommunicationDate"] = value.StoreMember("DateTime", last.Int64)
	}
	var next *value.Link
	if nextID != 0 {
		next = &value.Link{Type: "Todo", ID: nextID}
	}
	return u.keep(ctx, account, client, vals, map[string]*value.Link{"nextCommunication": next})
}

// clientTodos is the FROM and WHERE of a client's live to-dos (t), those
// whose relations name it (l), dropped ones and a series' template left
// out; the client's id is compared by ids ("= ?", "IN (…)"), after the
// account and the client's type.
func clientTodos(e *entity.Engine, ids string) string {
	t := e.Cat.Type("Todo")
	return fmt.Sprintf(`FROM links l JOIN %[1]s t ON t.account_id = l.account_id AND t.id = l.src_id
		WHERE l.account_id = ? AND l.dst_type = ? AND l.dst_id %[2]s AND l.field = 'relations' AND l.src_type = 'Todo'
		AND COALESCE(t.%[3]s, 0) = 0 AND COALESCE(t.%[4]s, 0) = 0`, t.Table, ids, t.Field("isDropped").Column, t.Field("isTemplate").Column)
}

// lastDeal keeps when the client's newest deal was made (lastDealDate).
func (u upkeep) lastDeal(ctx context.Context, account int64, client value.Link, except int64) error {
	t := u.e.Cat.Type("Deal")
	ct, made := t.Field("contractor").Column, t.Field("timeCreated").Column
	var last sql.NullInt64
	// MAX(+col), not MAX(col): given the column, SQLite walks the whole
	// account's timeCreated index newest first looking for the client's
	// deal, every deal when it has none, instead of the client's few.
	err := u.e.DB.Q(ctx).QueryRowContext(ctx, u.e.DB.Dialect.Rebind(fmt.Sprintf(
		`SELECT MAX(+%s) FROM %s WHERE account_id = ? AND %s_t = ? AND %s_i = ? AND id <> ?`, made, t.Table, ct, ct)),
		account, client.Type, client.ID, except).Scan(&last)
	if err != nil {
		return fmt.Errorf("crm: last deal of %s %d: %w", client.Type, client.ID, err)
	}
	vals := map[string]any{"lastDealDate": nil}
	if last.Valid {
		vals["lastDealDate"] = last.Int64
	}
	return u.keep(ctx, account, client, vals, nil)
}

// keep writes the values and links that differ from the client's.
func (u upkeep) keep(ctx context.Context, account int64, client value.Link, vals map[string]any, links map[string]*value.Link) error {
	sys := entity.Scope{Account: account, System: true}
	old, err := u.e.Get(ctx, sys, client.Type, client.ID)
	if errors.Is(err, entity.ErrNotFound) {
		return nil // gone meanwhile
	} else if err != nil {
		return err
	}
	c := entity.NewChange(sys, old.Type, old)
	c.Upkeep = true
	for k, v := range vals {
		if old.Values[k] != v {
			c.Values[k] = v
		}
	}
	for k, l := range links {
		cur, has := old.Links[k]
		if (l == nil) == has || l != nil && *l != cur {
			c.Links[k] = l
		}
	}
	if len(c.Values) == 0 && len(c.Links) == 0 {
		return nil
	}
	_, err = u.e.Save(ctx, c)
	return err
}
