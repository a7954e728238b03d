package task

import (
	"context"
	"fmt"
	"slices"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// CodeNotConvertible is the 422 of a conversion that would lose a link:
// a task under another task (a project cannot sit under a task), or a
// project with subprojects (a task cannot hold projects).
const CodeNotConvertible = "not_convertible"

// convert turns a task into a project or back (act_convert, POST
// /task/{id}/convert, /project/{id}/convert): a new entity of the other
// type with every field both types have, the same status; whatever
// pointed at the old one (comments, subtasks, deadline requests, links
// in collections) points at the new one; the old one is deleted. The id
// and humanNumber are the new type's; extra fields, which are per type,
// are not carried over.
func convert(ctx context.Context, e *entity.Engine, sc entity.Scope, old *entity.Record) (*entity.Record, error) {
	target := "Project"
	if old.Type.Name == "Project" {
		target = "Task"
	}
	nt, err := e.Type(target)
	if err != nil {
		return nil, err
	}
	sys := entity.Scope{Account: sc.Account, Actor: sc.Actor, System: true}
	if err := e.Expand(ctx, sys, []*entity.Record{old}, entity.Selection{Full: true}); err != nil {
		return nil, err
	}
	c, err := copyFields(old, nt, sc)
	if err != nil {
		return nil, err
	}
	made, err := save(ctx, e, sc, c)
	if err != nil {
		return nil, err
	}
	if err := repoint(ctx, e, sys, old.Link(), made.Link()); err != nil {
		return nil, err
	}
	if err := e.Delete(ctx, sys, old.Type.Name, old.ID); err != nil {
		return nil, err
	}
	return made, nil
}

// copyFields builds the new entity from the fields both types share.
func copyFields(old *entity.Record, nt *catalog.Type, sc entity.Scope) (*entity.Change, error) {
	c := entity.NewChange(sc, nt, nil)
	for _, f := range old.Type.Fields {
		nf := nt.Field(f.Name)
		if nf == nil || nf.Role != f.Role || (f.Role == catalog.RoleValue && nf.RefType != f.RefType) || f.Name == "humanNumber" {
			continue
		}
		switch f.Role {
		case catalog.RoleValue:
			if v, ok := old.Values[f.Name]; ok {
				c.Values[f.Name] = v
			}
		case catalog.RoleLink:
			l, ok := old.Links[f.Name]
			if !ok {
				continue
			}
			if !slices.Contains(nf.Targets, l.Type) {
				return nil, entity.Invalidf(f.Name, CodeNotConvertible, l.Type)
			}
			c.Links[f.Name] = &l
		case catalog.RoleLinks:
			var keep []value.Link
			for _, l := range old.Many[f.Name] {
				if slices.Contains(nf.Targets, l.Type) {
					keep = append(keep, l)
				}
			}
			if len(keep) > 0 {
				c.Many[f.Name] = keep
			}
		}
	}
	return c, nil
}

// repoint moves every reference from one entity to another: single links
// through the engine (hooks and events run), collection items in the
// links table with an updated event per holder.
func repoint(ctx context.Context, e *entity.Engine, sys entity.Scope, from, to value.Link) error {
	q := e.DB.Q(ctx)
	for _, name := range e.Cat.Names() {
		t := e.Cat.Type(name)
		for _, f := range t.Fields {
			if f.Role != catalog.RoleLink || !slices.Contains(f.Targets, from.Type) {
				continue
			}
			ids, err := idsWhere(ctx, e, fmt.Sprintf("SELECT id FROM %s WHERE account_id = ? AND %s_t = ? AND %s_i = ?", t.Table, f.Column, f.Column),
				sys.Account, from.Type, from.ID)
			if err != nil {
				return err
			}
			if len(ids) > 0 && !slices.Contains(f.Targets, to.Type) {
				return entity.Invalidf(name+"."+f.Name, CodeNotConvertible, to.Type)
			}
			for _, id := range ids {
				rec, err := e.Get(ctx, sys, name, id)
				if err != nil {
					return err
				}
				c := entity.NewChange(sys, t, rec)
				l := to
				c.Links[f.Name] = &l
				if _, err := e.Save(ctx, c); err != nil {
					return err
				}
			}
		}
	}
	rows, err := q.QueryContext(ctx, e.DB.Dialect.Rebind(`SELECT src_type, src_id, field FROM links
		WHERE account_id = ? AND dst_type = ? AND dst_id = ?`), sys.Account, from.Type, from.ID)
	if err != nil {
		return fmt.Errorf("task: convert: %w", err)
	}
	var events []entity.Event
	for rows.Next() {
		ev := entity.Event{Account: sys.Account, Action: "updated", Fields: make([]string, 1)}
		if err := rows.Scan(&ev.Type, &ev.ID, &ev.Fields[0]); err != nil {
			rows.Close()
			return err
		}
		events = append(events, ev)
	}
	rows.Close()
	for _, ev := range events {
		var f *catalog.Field
		if t := e.Cat.Type(ev.Type); t != nil {
			f = t.Field(ev.Fields[0])
		}
		if f == nil || !slices.Contains(f.Targets, to.Type) {
			return entity.Invalidf(ev.Type+"."+ev.Fields[0], CodeNotConvertible, to.Type)
		}
	}
	if _, err := q.ExecContext(ctx, e.DB.Dialect.Rebind(`UPDATE links SET dst_type = ?, dst_id = ?
		WHERE account_id = ? AND dst_type = ? AND dst_id = ?`), to.Type, to.ID, sys.Account, from.Type, from.ID); err != nil {
		return fmt.Errorf("task: convert: %w", err)
	}
	store.AfterCommit(ctx, func() {
		for _, ev := range events {
			e.Bus.Publish(ev)
		}
	})
	return nil
}

func idsWhere(ctx context.Context, e *entity.Engine, q string, args ...any) ([]int64, error) {
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(q), args...)
	if err != nil {
		return nil, fmt.Errorf("task: convert: %w", err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
