package crm

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// CodeMergeSelf refuses merging a client into itself.
const CodeMergeSelf = "merge_self"

// carried are the fields a merged client gives the one it joins when
// that one has none: descriptive fields only. Names, guest access and
// the dropped flag stay the kept client's.
var carried = []string{"description", "textDescription", "position", "birthday", "gender", "preferTransport", "promisingRate", "company", "type", "status"}

// Merge folds duplicates into one client, in one transaction: every
// single link of any type that names a duplicate (deals, payers and so
// invoices, comments, tasks, to-dos' people, a company's people) and
// every collection entry (to-dos' relations, tags, responsibles,
// partners) comes to the kept client; its contact info gains the
// duplicates' entries it lacks and its blank descriptive fields take
// theirs; then the duplicates are deleted. The caller needs the right to
// change the kept client and to delete each duplicate.
func Merge(ctx context.Context, e *entity.Engine, sc entity.Scope, into value.Link, from []value.Link) (*entity.Record, error) {
	return mergeClients(ctx, e, sc, into, from, nil, nil)
}

// mergeClients is Merge telling moved how many objects each step moved
// (nil: nobody asks) and running last inside the transaction, so a
// job's end commits with the merge (nil: nothing).
func mergeClients(ctx context.Context, e *entity.Engine, sc entity.Scope, into value.Link, from []value.Link,
	moved func(n int64), last func(ctx context.Context) error) (*entity.Record, error) {
	var out *entity.Record
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		kept, err := e.Get(ctx, sc, into.Type, into.ID)
		if err != nil {
			return err
		}
		var dups []*entity.Record
		for _, l := range from {
			if l == into {
				return entity.Invalidf("id", CodeMergeSelf, "")
			}
			rec, err := e.Get(ctx, sc, l.Type, l.ID)
			if err != nil {
				return err
			}
			dups = append(dups, rec)
		}
		if out, err = e.Update(ctx, sc, into.Type, into.ID, mergedValues(e, kept, dups)); err != nil {
			return err
		}
		for _, d := range dups {
			if err := moveReferences(ctx, e, sc, d.Link(), kept.Link(), moved); err != nil {
				return err
			}
			if err := e.Delete(ctx, sc, d.Type.Name, d.ID); err != nil {
				return err
			}
		}
		if err := (upkeep{e}).refresh(ctx, sc.Account, into); err != nil {
			return err
		}
		if out, err = e.Get(ctx, sc, into.Type, into.ID); err != nil || last == nil {
			return err
		}
		return last(ctx)
	})
	return out, err
}

// mergedValues is the kept client's update: contact info joined, blank
// descriptive fields filled.
func mergedValues(e *entity.Engine, kept *entity.Record, dups []*entity.Record) entity.Input {
	in := entity.Input{}
	list := contactsOf(kept.Values["contactInfo"])
	seen := map[string]bool{}
	for _, it := range list {
		seen[contactKey(it)] = true
	}
	added := false
	for _, d := range dups {
		for _, it := range contactsOf(d.Values["contactInfo"]) {
			if k := contactKey(it); !seen[k] {
				seen[k], added = true, true
				it["isMain"] = false
				list = append(list, it)
			}
		}
		for _, name := range carried {
			if _, taken := in[name]; taken || d.Type.Field(name) == nil {
				continue
			}
			switch f := kept.Type.Field(name); {
			case f == nil:
			case f.Role == catalog.RoleValue && isBlank(kept.Values[name]) && !isBlank(d.Values[name]):
				in[name], _ = json.Marshal(f.Kind.Encode(d.Values[name], value.Options{}))
			case f.Role == catalog.RoleLink && kept.Links[name] == (value.Link{}) && d.Links[name] != (value.Link{}) && d.Links[name] != kept.Link():
				in[name], _ = json.Marshal(value.EncodeLink(d.Links[name]))
			}
		}
	}
	if added {
		raw, _ := json.Marshal(list)
		in["contactInfo"] = raw
	}
	return in
}

// contactKey tells entries apart: phones by normal form, the rest by
// their lower-cased text.
func contactKey(it entry) string {
	v := it.str("value")
	if t := it.str("type"); t == "phone" || t == "whatsapp" || t == "viber" {
		v = NormalPhone(v)
	}
	return it.group() + "\x00" + strings.ToLower(strings.TrimSpace(v))
}

func isBlank(v any) bool { return v == nil || v == "" }

// moveReferences points everything that names from at to instead.
func moveReferences(ctx context.Context, e *entity.Engine, sc entity.Scope, from, to value.Link, moved func(int64)) error {
	q := e.DB.Q(ctx)
	exec := func(sql string, args ...any) error {
		res, err := q.ExecContext(ctx, e.DB.Dialect.Rebind(sql), args...)
		if err != nil {
			return fmt.Errorf("crm: merge %s %d into %s %d: %w", from.Type, from.ID, to.Type, to.ID, err)
		}
		if n, err := res.RowsAffected(); err == nil && n > 0 && moved != nil && strings.HasPrefix(sql, "UPDATE") {
			moved(n)
		}
		return nil
	}
	for _, name := range e.Cat.Names() {
		t := e.Cat.Type(name)
		for _, f := range t.Fields {
			if f.Role != catalog.RoleLink || !slices.Contains(f.Targets, from.Type) || !slices.Contains(f.Targets, to.Type) {
				continue
			}
			// The two clients' own rows are left alone: the kept one
			// must not come to name itself, the other is going.
			where := fmt.Sprintf("account_id = ? AND %s_t = ? AND %s_i = ?", f.Column, f.Column)
			args := []any{sc.Account, from.Type, from.ID}
			if name == from.Type || name == to.Type {
				where += " AND id NOT IN (?, ?)"
				args = append(args, from.ID, to.ID)
			}
			if err := changed(ctx, e, sc, t, f.Name, where, args); err != nil {
				return err
			}
			sql := fmt.Sprintf("UPDATE %s SET %s_t = ?, %s_i = ? WHERE %s", t.Table, f.Column, f.Column, where)
			if err := exec(sql, append([]any{to.Type, to.ID}, args...)...); err != nil {
				return err
			}
		}
	}
	// Collections naming the duplicate: drop the entries that would
	// repeat one naming the kept client, move the rest.
	if err := exec(`DELETE FROM links WHERE account_id = ? AND dst_type = ? AND dst_id = ? AND (
		(src_type = ? AND src_id = ?) OR EXISTS (SELECT 1 FROM links k WHERE k.account_id = links.account_id
		AND k.src_type = links.src_type AND k.src_id = links.src_id AND k.field = links.field AND k.dst_type = ? AND k.dst_id = ?))`,
		sc.Account, from.Type, from.ID, to.Type, to.ID, to.Type, to.ID); err != nil {
		return err
	}
	if err := exec(`UPDATE links SET dst_type = ?, dst_id = ? WHERE account_id = ? AND dst_type = ? AND dst_id = ?`,
		to.Type, to.ID, sc.Account, from.Type, from.ID); err != nil {
		return err
	}
	// The duplicate's own collections (responsibles, tags, partners,
	// files) join the kept client's, where its type has the field.
	kept := e.Cat.Type(to.Type)
	for _, f := range e.Cat.Type(from.Type).Fields {
		if f.Role != catalog.RoleLinks || kept.Field(f.Name) == nil || kept.Field(f.Name).Role != catalog.RoleLinks {
			continue
		}
		if err := exec(`DELETE FROM links WHERE account_id = ? AND src_type = ? AND src_id = ? AND field = ? AND (
			(dst_type = ? AND dst_id = ?) OR EXISTS (SELECT 1 FROM links k WHERE k.account_id = links.account_id
			AND k.src_type = ? AND k.src_id = ? AND k.field = links.field AND k.dst_type = links.dst_type AND k.dst_id = links.dst_id))`,
			sc.Account, from.Type, from.ID, f.Name, to.Type, to.ID, to.Type, to.ID); err != nil {
			return err
		}
		if err := exec(`UPDATE links SET src_type = ?, src_id = ? WHERE account_id = ? AND src_type = ? AND src_id = ? AND field = ?`,
			to.Type, to.ID, sc.Account, from.Type, from.ID, f.Name); err != nil {
			return err
		}
	}
	return nil
}

// changed tells the live socket, once the merge commits, of every row of
// t the merge is about to change through field: their readers refetch
// them, as after any save.
func changed(ctx context.Context, e *entity.Engine, sc entity.Scope, t *catalog.Type, field, where string, args []any) error {
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind("SELECT id FROM "+t.Table+" WHERE "+where), args...)
	if err != nil {
		return fmt.Errorf("crm: merge: rows of %s: %w", t.Name, err)
	}
	defer rows.Close()
	var events []entity.Event
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return fmt.Errorf("crm: merge: rows of %s: %w", t.Name, err)
		}
		events = append(events, entity.Event{Account: sc.Account, Type: t.Name, ID: id, Action: "updated", Fields: []string{field}})
	}
	if len(events) > 0 {
		store.AfterCommit(ctx, func() {
			for _, ev := range events {
				e.Bus.Publish(ev)
			}
		})
	}
	return rows.Err()
}
