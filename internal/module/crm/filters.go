package crm

import (
	"context"

	"github.com/artel/artel/internal/entity"
)

// SystemFilter is a built-in client filter (a CrmFilter id): its
// condition names columns bare, being the same in both client tables,
// each list reading one of them.
type SystemFilter struct {
	ID     string
	Ru, En string
	where  func(e *entity.Engine, sc entity.Scope) entity.Condition
	// buckets, when set, are the isDropped values where holds, as
	// internal/access keeps them ('' for never set): its count is kept.
	buckets []string
}

// Title is the filter's name in a language.
func (f SystemFilter) Title(lang string) string {
	if lang == "en" {
		return f.En
	}
	return f.Ru
}

func notDropped(e *entity.Engine) string {
	return "COALESCE(" + e.Cat.Type(Human).Field("isDropped").Column + ", 0) = 0"
}

// SystemFilters are the built-in client filters, in the panel's order:
// the live clients, the reader's own (named among the responsibles,
// themselves or through a group), and the dropped ones, to restore or
// delete forever.
var SystemFilters = []SystemFilter{
	{ID: "all", Ru: "Все клиенты", En: "All clients", where: func(e *entity.Engine, _ entity.Scope) entity.Condition {
		return entity.Condition{SQL: notDropped(e)}
	}, buckets: []string{"", "0"}},
	{ID: "mine", Ru: "Мои клиенты", En: "My clients", where: func(e *entity.Engine, sc entity.Scope) entity.Condition {
		// People and companies share one id space, so one subquery
		// serves either table.
		sql := notDropped(e) + ` AND id IN (SELECT src_id FROM links WHERE account_id = ? AND src_type IN (?, ?)
			AND field = 'responsibles' AND ((dst_type = ? AND dst_id = ?)`
		args := []any{sc.Account, Human, Company, sc.Actor.Type, sc.Actor.ID}
		for _, g := range sc.Groups {
			sql += ` OR (dst_type = 'Group' AND dst_id = ?)`
			args = append(args, g)
		}
		return entity.Condition{SQL: sql + "))", Args: args}
	}},
	{ID: "dropped", Ru: "Удалённые", En: "Deleted", where: func(e *entity.Engine, _ entity.Scope) entity.Condition {
		return entity.Condition{SQL: "COALESCE(" + e.Cat.Type(Human).Field("isDropped").Column + ", 0) = 1"}
	}, buckets: []string{"1"}},
}

func registerFilters(e *entity.Engine) {
	for _, f := range SystemFilters {
		e.AddSystemFilter("CrmFilter", entity.SystemFilter{ID: f.ID, Buckets: f.buckets, Where: func(_ context.Context, sc entity.Scope) (entity.Condition, error) {
			return f.where(e, sc), nil
		}})
	}
}
