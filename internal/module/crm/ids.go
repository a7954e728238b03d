package crm

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/entity"
)

// People and companies take their ids from one sequence, as in Megaplan,
// where /contractor/{id} and the card /crm/{id}/card name a client by id
// alone. Each table would otherwise count from 1 on its own. The sequence
// is a row of `sequences` outside any account (ids are unique across
// accounts); its row lock serialises concurrent creates on PostgreSQL,
// and it starts above both tables' highest id, so rows written before
// this rule (or by bulk loaders) are never reused.
func nextID(ctx context.Context, e *entity.Engine) (int64, error) {
	h, c := e.Cat.Type(Human).Table, e.Cat.Type(Company).Table
	var people, companies int64
	q := e.DB.Q(ctx)
	err := q.QueryRowContext(ctx, fmt.Sprintf(`SELECT COALESCE((SELECT MAX(id) FROM %s), 0), COALESCE((SELECT MAX(id) FROM %s), 0)`, h, c)).Scan(&people, &companies)
	if err != nil {
		return 0, fmt.Errorf("crm: highest client id: %w", err)
	}
	top := max(people, companies)
	var id int64
	err = q.QueryRowContext(ctx, e.DB.Dialect.Rebind(`INSERT INTO sequences (account_id, name, value) VALUES (0, 'client_id', ?)
		ON CONFLICT (account_id, name) DO UPDATE SET value = CASE WHEN sequences.value + 1 > excluded.value
		THEN sequences.value + 1 ELSE excluded.value END RETURNING value`), top+1).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("crm: next client id: %w", err)
	}
	return id, nil
}
