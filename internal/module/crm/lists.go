package crm

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Client types and statuses (ContractorType, ContractorStatus) are lists
// of the account's own, kept by administrators; a client's `type` and
// `status` link to one of each (docs/crm.md, "Client types and statuses").
const (
	TypeList   = "ContractorType"
	StatusList = "ContractorStatus"
)

// Lists are both, types first.
var Lists = []string{TypeList, StatusList}

// Error types of the lists' rules.
const (
	CodeListNameTaken   = "client_list_name_taken"
	CodeListInUse       = "client_list_in_use"
	CodeListReplaceSelf = "client_list_replace_self"
)

func registerLists(e *entity.Engine) {
	e.OnNewAccount(seedLists(e))
	for _, typ := range Lists {
		e.Hook(typ, entity.Hooks{BeforeSave: checkListItem(e), BeforeDelete: refuseListItemInUse(e)})
	}
}

// checkListItem trims the name, keeps names unique in the list (case
// aside: «Новый» and «новый» would be one status to a user), puts a new
// item last, and gives a new type the kind "client" unless told.
func checkListItem(e *entity.Engine) func(ctx context.Context, c *entity.Change) error {
	return func(ctx context.Context, c *entity.Change) error {
		if c.Type.Name == TypeList {
			if err := checkTypeFields(ctx, e, c); err != nil {
				return err
			}
		}
		if v, given := c.Values["name"]; given || c.New {
			name, _ := v.(string)
			name = strings.TrimSpace(name)
			if name == "" {
				return entity.Invalidf("name", entity.CodeRequired, "")
			}
			c.Values["name"] = name
			items, err := listItems(ctx, e, c.Scope, c.Type)
			if err != nil {
				return err
			}
			for _, it := range items {
				if it.id != c.ID && strings.EqualFold(it.name, name) {
					return entity.Invalidf("name", CodeListNameTaken, name)
				}
			}
			if pos, given := c.Values["orderPosition"]; c.New && (!given || pos == nil) {
				last := int64(0)
				for _, it := range items {
					last = max(last, it.pos)
				}
				c.Values["orderPosition"] = last + 1
			}
		}
		if t, given := c.Values["type"]; c.Type.Name == TypeList && c.New && (!given || t == nil) {
			c.Values["type"] = "client"
		}
		return nil
	}
}

type listItem struct {
	id   int64
	name string
	pos  int64
}

// listItems reads a whole list: an account has a handful of types and
// statuses, and SQLite's lower() folds only Latin letters, so names are
// compared here rather than in SQL.
func listItems(ctx context.Context, e *entity.Engine, sc entity.Scope, t *catalog.Type) ([]listItem, error) {
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(fmt.Sprintf(
		"SELECT id, COALESCE(c_name, ''), COALESCE(c_orderposition, 0) FROM %s WHERE account_id = ?", t.Table)), sc.Account)
	if err != nil {
		return nil, fmt.Errorf("crm: %s list: %w", t.Name, err)
	}
	defer rows.Close()
	var out []listItem
	for rows.Next() {
		var it listItem
		if err := rows.Scan(&it.id, &it.name, &it.pos); err != nil {
			return nil, fmt.Errorf("crm: %s list: %w", t.Name, err)
		}
		out = append(out, it)
	}
	return out, rows.Err()
}

// findListItem finds an item by name (case aside), for the import.
func findListItem(ctx context.Context, e *entity.Engine, sc entity.Scope, typ, name string) (int64, bool, error) {
	items, err := listItems(ctx, e, sc, e.Cat.Type(typ))
	if err != nil {
		return 0, false, err
	}
	for _, it := range items {
		if strings.EqualFold(it.name, strings.TrimSpace(name)) {
			return it.id, true, nil
		}
	}
	return 0, false, nil
}

// refuseListItemInUse keeps a type or status that clients (or a lead
// form, for a type) still name: deleting it would leave them with none
// without anyone choosing so. DELETE with replaceWith moves them first.
func refuseListItemInUse(e *entity.Engine) func(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	return func(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
		n, err := usesOf(ctx, e, sc, rec.Link())
		if err != nil {
			return err
		}
		if n > 0 {
			return entity.Invalidf("replaceWith", CodeListInUse, strconv.FormatInt(n, 10))
		}
		return nil
	}
}

// usesOf counts the rows whose single links name l, over every type of
// the catalogue that may link to it.
func usesOf(ctx context.Context, e *entity.Engine, sc entity.Scope, l value.Link) (int64, error) {
	var total int64
	for _, name := range e.Cat.Names() {
		t := e.Cat.Type(name)
		for _, f := range t.Fields {
			if f.Role != catalog.RoleLink || !slices.Contains(f.Targets, l.Type) {
				continue
			}
			var n int64
			q := fmt.Sprintf("SELECT COUNT(*) FROM %s WHERE account_id = ? AND %s_t = ? AND %s_i = ?", t.Table, f.Column, f.Column)
			if err := e.DB.Q(ctx).QueryRowContext(ctx, e.DB.Dialect.Rebind(q), sc.Account, l.Type, l.ID).Scan(&n); err != nil {
				return 0, fmt.Errorf("crm: uses of %s %d: %w", l.Type, l.ID, err)
			}
			total += n
		}
	}
	return total, nil
}

// DeleteListItem deletes a type or status, first moving whatever names it
// to replaceWith when one is given, all in one transaction.
func DeleteListItem(ctx context.Context, e *entity.Engine, sc entity.Scope, typ string, id int64, replaceWith *value.Link) error {
	return e.DB.WithTx(ctx, func(ctx context.Context) error {
		if _, err := e.Get(ctx, sc, typ, id); err != nil {
			return err
		}
		if replaceWith != nil {
			if replaceWith.ID == id {
				return entity.Invalidf("replaceWith", CodeListReplaceSelf, "")
			}
			if _, err := e.Get(ctx, sc, typ, replaceWith.ID); err != nil {
				if errors.Is(err, entity.ErrNotFound) {
					return entity.Invalidf("replaceWith", entity.CodeLinkNotFound, typ+" "+strconv.FormatInt(replaceWith.ID, 10))
				}
				return err
			}
			if !sc.System && !sc.Admin {
				return entity.ErrForbidden
			}
			if err := moveReferences(ctx, e, sc, value.Link{Type: typ, ID: id}, *replaceWith, nil); err != nil {
				return err
			}
		}
		return e.Delete(ctx, sc, typ, id)
	})
}
