package crm

import (
	"context"

	"github.com/artel/artel/internal/entity"
)

// A new account starts with the client types and statuses most companies
// sort their clients by, as Megaplan's and Bitrix24's do, so the client
// card's pickers are not empty on the first day; administrators rename,
// reorder or delete them in the settings (lists.go). The demo company
// uses the same ones.
var (
	DefaultTypes = []struct{ Name, Kind string }{
		{"Клиент", "client"}, {"Партнёр", "partner"}, {"Поставщик", "supplier"}, {"Конкурент", "competitor"},
	}
	DefaultStatuses = []string{"Новый", "В работе", "Постоянный", "Потерян"}
)

// seedLists makes them in a new account (entity.Engine.SeedAccount).
func seedLists(e *entity.Engine) entity.Seeder {
	return func(ctx context.Context, sc entity.Scope) error {
		for _, t := range DefaultTypes {
			if _, err := e.Create(ctx, sc, TypeList, entity.Input{"name": jsonText(t.Name), "type": jsonText(t.Kind)}); err != nil {
				return err
			}
		}
		for _, s := range DefaultStatuses {
			if _, err := e.Create(ctx, sc, StatusList, entity.Input{"name": jsonText(s)}); err != nil {
				return err
			}
		}
		return nil
	}
}
