package migrate

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/store"
)

// Slots is how many rows one type's count is spread over.
const Slots = store.CountSlots

// Recount rebuilds entity_counts from the entity tables that exist. It runs
// once when the counts appear, and after a bulk load that wrote rows
// without the engine (the bench data generator).
func Recount(ctx context.Context, db *store.DB, cat *catalog.Catalog) error {
	return db.WithTx(ctx, func(ctx context.Context) error {
		if err := db.Exec(ctx, "DELETE FROM entity_counts"); err != nil {
			return fmt.Errorf("migrate: recount: %w", err)
		}
		for _, name := range cat.Names() {
			t := cat.Type(name)
			have, err := existingColumns(ctx, db, t.Table)
			if err != nil {
				return err
			}
			if len(have) == 0 {
				continue
			}
			err = db.Exec(ctx, fmt.Sprintf(`INSERT INTO entity_counts (account_id, content_type, slot, n)
				SELECT account_id, ?, id %% %d, COUNT(*) FROM %s GROUP BY account_id, id %% %d`, Slots, t.Table, Slots), t.Name)
			if err != nil {
				return fmt.Errorf("migrate: recount %s: %w", t.Name, err)
			}
		}
		return nil
	})
}
