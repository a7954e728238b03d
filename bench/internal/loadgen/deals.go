package loadgen

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
)

// Deals is what the deal scenarios read: the generated sales process and
// the two pages the deal screens ask for first (docs/deal.md).
type Deals struct {
	Program string
	list    string
	board   string
}

// PrepareDeals finds the generated program, gives it the transitions a
// real process has (each state to the next, needing a client and a sum
// and the manager; every state to the last), so each board card's
// possibleTransitions are judged as in use, and builds the two paths.
func (a *API) PrepareDeals(ctx context.Context) error {
	var progs struct {
		Data []struct{ ID string } `json:"data"`
	}
	if err := a.getJSON(ctx, "/api/v3/program", &progs); err != nil {
		return err
	}
	if len(progs.Data) == 0 {
		return errors.New("deals: no program in the data set")
	}
	prog := progs.Data[0].ID
	var states struct {
		Data []struct{ ID string } `json:"data"`
	}
	if err := a.getJSON(ctx, "/api/v3/program/"+prog+"/states", &states); err != nil {
		return err
	}
	var existing struct {
		Data []json.RawMessage `json:"data"`
	}
	if err := a.getJSON(ctx, "/api/v3/programTransition"+Q(map[string]any{"limit": 1}), &existing); err != nil {
		return err
	}
	st := states.Data
	for i := 0; len(existing.Data) == 0 && i+1 < len(st); i++ {
		moves := [][2]string{{st[i].ID, st[i+1].ID}}
		if i+2 < len(st) {
			moves = append(moves, [2]string{st[i].ID, st[len(st)-1].ID})
		}
		for j, m := range moves {
			rule := `{"requiredFields":["contractor","price"],"allowed":["manager"]}`
			if j == 1 {
				rule = ""
			}
			body := map[string]any{"name": fmt.Sprintf("Переход %d.%d", i, j), "rule": rule,
				"from": map[string]any{"contentType": "ProgramState", "id": m[0]}, "to": map[string]any{"contentType": "ProgramState", "id": m[1]}}
			if _, err := a.C.Do(ctx, "POST", "/api/v3/programTransition", body); err != nil {
				return fmt.Errorf("deals: transition: %w", err)
			}
		}
	}
	filter := map[string]any{"contentType": "FilterConfig", "termGroup": map[string]any{"join": "and", "terms": []any{
		map[string]any{"contentType": "FilterTermRef", "field": "program", "comparison": "equals",
			"value": []any{map[string]any{"contentType": "Program", "id": prog}}}}}}
	a.Deals = Deals{Program: prog,
		// The deal list's page of a program, in the list's own order
		// (newest first, by id).
		// Both ask for only their fields, as the web's lists do
		// (web/src/data/lists.ts sends onlyRequestedFields with fields).
		list: "/api/v3/deal" + Q(map[string]any{"limit": 25, "filter": filter, "onlyRequestedFields": true,
			"fields": []string{"name", "number", "state", "contractor", "manager", "price", "timeCreated"}}),
		// The kanban's one read (web/src/features/deal/DealBoard.tsx): the
		// newest 100 deals with what a card shows and where it may go.
		board: "/api/v3/deal" + Q(map[string]any{"limit": 100, "filter": filter, "onlyRequestedFields": true,
			"fields": []string{"name", "number", "state", "program", "contractor", "manager", "price", "possibleTransitions"}}),
	}
	return nil
}

func (a *API) getJSON(ctx context.Context, path string, v any) error {
	body, err := a.C.Do(ctx, "GET", path, nil)
	if err != nil {
		return err
	}
	return json.Unmarshal(body, v)
}

// DealList is a program's deal list page, as the administrator.
func (a *API) DealList(ctx context.Context, w *Worker) error { return a.get(ctx, a.Deals.list) }

// DealBoard is the kanban's first columns, as the administrator.
func (a *API) DealBoard(ctx context.Context, w *Worker) error { return a.get(ctx, a.Deals.board) }

// DealListEmployee and DealBoardEmployee are the same as an employee,
// who sees the deals they manage or audit.
func (a *API) DealListEmployee(ctx context.Context, w *Worker) error {
	return a.asEmployee(ctx, a.Deals.list)
}

func (a *API) DealBoardEmployee(ctx context.Context, w *Worker) error {
	return a.asEmployee(ctx, a.Deals.board)
}

func (a *API) asEmployee(ctx context.Context, path string) error {
	if a.Employee == nil {
		return errors.New("no employee signed in")
	}
	return a.Employee.Fetch(ctx, path)
}
