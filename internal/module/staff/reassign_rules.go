package staff

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// A business process names people in its rules too: a transition's
// condition and a scenario's rule may say "the current user is Ivan"
// (CurrentUserRule), kept as JSON text in the record's rule field. When
// Ivan leaves, his successor takes his place there, or the move Ivan
// alone could make would be left to administrators.
var ruleFields = map[string]string{"ProgramTransition": "rule", "ProgramTrigger": "rule"}

// ruleRoles adds to uses the process records whose rules name who.
func ruleRoles(ctx context.Context, e *entity.Engine, sc entity.Scope, who value.Link, use func(typ string, id int64) *RoleUse) error {
	for typ, field := range ruleFields {
		t := e.Cat.Type(typ)
		if t == nil || t.Field(field) == nil {
			continue
		}
		col := t.Field(field).Column
		rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(fmt.Sprintf(
			`SELECT id, %s FROM %s WHERE account_id = ? AND %s LIKE ?`, col, t.Table, col)), sc.Account, `%"`+who.Type+`"%`)
		if err != nil {
			return fmt.Errorf("staff: rules naming %v: %w", who, err)
		}
		type hit struct {
			id   int64
			rule string
		}
		var hits []hit
		for rows.Next() {
			var h hit
			if err := rows.Scan(&h.id, &h.rule); err != nil {
				rows.Close()
				return err
			}
			hits = append(hits, h)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, h := range hits {
			if _, named := swapInRule(h.rule, who, who); named {
				u := use(typ, h.id)
				u.Rules = append(u.Rules, field)
			}
		}
	}
	return nil
}

// swapInRule puts to in from's place wherever the JSON rule names from
// as a link (its id a string or a number); named tells whether it did.
func swapInRule(rule string, from, to value.Link) (string, bool) {
	var tree any
	if json.Unmarshal([]byte(rule), &tree) != nil {
		return rule, false
	}
	named := false
	var walk func(v any) any
	walk = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			if x["contentType"] == from.Type && fmt.Sprint(x["id"]) == strconv.FormatInt(from.ID, 10) {
				named = true
				return map[string]any{"contentType": to.Type, "id": strconv.FormatInt(to.ID, 10)}
			}
			for k, item := range x {
				x[k] = walk(item)
			}
		case []any:
			for i, item := range x {
				x[i] = walk(item)
			}
		}
		return v
	}
	tree = walk(tree)
	if !named {
		return rule, false
	}
	out, err := json.Marshal(tree)
	if err != nil {
		return rule, false
	}
	return string(out), true
}
