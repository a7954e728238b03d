package deal

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// The reference's DealsByProgram: how many of the deals linked with an
// entity (a client's, a task's, a to-do's, a project's, a finance
// operation's) each program holds, counting only the deals the reader
// sees, so a card can show "Продажи: 3, Закупки: 1" and link each to
// its list.

// ByProgramFilter is the reference's filters of linkedDealsByProgram:
// DealProgramsFilter (some programs) and DealResultTypeFilter (some
// results: active, positive, negative). Both hold together.
type ByProgramFilter struct {
	Programs []int64
	Results  []string
}

// ParseByProgramFilters reads the filters parameter: a list of those two
// value objects (an empty list, or none, filters nothing).
func ParseByProgramFilters(raw json.RawMessage) (ByProgramFilter, error) {
	var f ByProgramFilter
	if t := strings.TrimSpace(string(raw)); t == "" || t == "null" {
		return f, nil
	}
	// Sent as ?filters=[…] the list may arrive as a string holding it.
	var s string
	if json.Unmarshal(raw, &s) == nil {
		raw = json.RawMessage(s)
	}
	var items []struct {
		ContentType string          `json:"contentType"`
		Programs    json.RawMessage `json:"programs"`
		Types       []string        `json:"types"`
	}
	bad := entity.Invalidf("filters", entity.CodeBadParam, "")
	if json.Unmarshal(raw, &items) != nil {
		return f, bad
	}
	for _, it := range items {
		switch it.ContentType {
		case "DealProgramsFilter":
			ls, err := value.DecodeLinks(it.Programs, []string{"Program"})
			if err != nil || len(ls) == 0 {
				return f, bad
			}
			for _, l := range ls {
				f.Programs = append(f.Programs, l.ID)
			}
		case "DealResultTypeFilter":
			if len(it.Types) == 0 {
				return f, bad
			}
			for _, t := range it.Types {
				if !slices.Contains(results, t) {
					return f, bad
				}
			}
			f.Results = append(f.Results, it.Types...)
		default:
			return f, bad
		}
	}
	return f, nil
}

// linkedDeals is the condition, over the Deal table, choosing the deals
// linked with owner: the deals naming a client as their contractor or
// contact, and the deals the owner's own fields name (a collection such
// as Task.deals or Todo.relations, a single link such as
// FinOperation.deal). ok is false for a type nothing links to deals.
func linkedDeals(cat *catalog.Catalog, account int64, owner *entity.Record) (cond entity.Condition, ok bool) {
	d := cat.Type("Deal")
	var parts []string
	var args []any
	if slices.Contains(clientTypes, owner.Type.Name) {
		ok = true
		for _, name := range []string{"contractor", "contact"} {
			col := d.Table + "." + d.Field(name).Column
			parts = append(parts, col+"_t = ? AND "+col+"_i = ?")
			args = append(args, owner.Type.Name, owner.ID)
		}
	}
	for _, f := range owner.Type.Fields {
		if !slices.Contains(f.Targets, "Deal") {
			continue
		}
		switch f.Role {
		case catalog.RoleLinks:
			ok = true
			parts = append(parts, d.Table+".id IN (SELECT l.dst_id FROM links l WHERE l.account_id = ? AND l.src_type = ? AND l.src_id = ? AND l.field = ? AND l.dst_type = 'Deal')")
			args = append(args, account, owner.Type.Name, owner.ID, f.Name)
		case catalog.RoleLink:
			ok = true
			if l, set := owner.Links[f.Name]; set && l.Type == "Deal" {
				parts = append(parts, d.Table+".id = ?")
				args = append(args, l.ID)
			}
		}
	}
	if len(parts) == 0 {
		// A finance operation naming no deal links none.
		return entity.Condition{SQL: "1 = 0"}, ok
	}
	return entity.Condition{SQL: "((" + strings.Join(parts, ") OR (") + "))", Args: args}, ok
}

var (
	clientTypes = []string{"ContractorCompany", "ContractorHuman"}
	results     = []string{Active, Positive, Negative}
)

// LinkedByProgram counts the deals linked with owner that the reader
// sees, per program, in the programs' order of id; after and limit page
// through the programs.
func (m *Module) LinkedByProgram(ctx context.Context, sc entity.Scope, owner *entity.Record, f ByProgramFilter, after int64, limit int) ([]map[string]any, error) {
	linked, ok := linkedDeals(m.e.Cat, sc.Account, owner)
	if !ok {
		return []map[string]any{}, nil
	}
	seen, err := m.e.Where(ctx, sc, "Deal", nil, value.Options{})
	if err != nil {
		return nil, err
	}
	d := m.e.Cat.Type("Deal")
	prog := d.Table + "." + d.Field("program").Column + "_i"
	where := []string{seen.SQL, linked.SQL, prog + " > ?"}
	args := append(append(append([]any{}, seen.Args...), linked.Args...), after)
	if len(f.Programs) > 0 {
		where, args = append(where, prog+" IN ("+store.Marks(len(f.Programs))+")"), append(args, store.Args(f.Programs)...)
	}
	if len(f.Results) > 0 {
		res := d.Table + "." + d.Field("result").Column
		where = append(where, res+" IN ("+store.Marks(len(f.Results))+")")
		for _, r := range f.Results {
			args = append(args, r)
		}
	}
	q := fmt.Sprintf("SELECT %[1]s, COUNT(*) FROM %[2]s WHERE %[3]s GROUP BY %[1]s ORDER BY %[1]s LIMIT %[4]d",
		prog, d.Table, strings.Join(where, " AND "), limit)
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(q), args...)
	if err != nil {
		return nil, fmt.Errorf("deal: linked deals by program: %w", err)
	}
	defer rows.Close()
	out := []map[string]any{}
	var ids []int64
	for rows.Next() {
		var id sql.NullInt64
		var n int64
		if err := rows.Scan(&id, &n); err != nil {
			return nil, fmt.Errorf("deal: linked deals by program: %w", err)
		}
		ids = append(ids, id.Int64)
		out = append(out, map[string]any{"contentType": "DealsByProgram", "count": n,
			"program": map[string]any{"contentType": "Program", "id": fmt.Sprint(id.Int64)}})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("deal: linked deals by program: %w", err)
	}
	return out, m.namePrograms(ctx, sc.Account, ids, out)
}

// namePrograms adds each program's name to its link, as a card shows it.
func (m *Module) namePrograms(ctx context.Context, account int64, ids []int64, out []map[string]any) error {
	if len(ids) == 0 {
		return nil
	}
	p := m.e.Cat.Type("Program")
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(fmt.Sprintf("SELECT id, COALESCE(%s, '') FROM %s WHERE account_id = ? AND id IN (%s)",
		p.Field("name").Column, p.Table, store.Marks(len(ids)))), append([]any{account}, store.Args(ids)...)...)
	if err != nil {
		return fmt.Errorf("deal: program names: %w", err)
	}
	defer rows.Close()
	names := map[string]string{}
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return fmt.Errorf("deal: program names: %w", err)
		}
		names[fmt.Sprint(id)] = name
	}
	for _, o := range out {
		l := o["program"].(map[string]any)
		l["name"] = names[l["id"].(string)]
	}
	return rows.Err()
}
