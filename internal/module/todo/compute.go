package todo

import (
	"context"
	"slices"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// computer answers the fields kept in todo_attendees: the invitees with
// their answers, and, for planning, who of the to-do's people is busy
// at its time and with which other to-dos.
func (h hooks) computer() entity.Computer {
	return entity.Computer{
		Fields: []string{"participants", "participantsCount", "busyParticipants", "busyParticipantsCount",
			"coincidentTodos", "coincidentTodosCount"},
		Fill: h.fill,
	}
}

func (h hooks) fill(ctx context.Context, sc entity.Scope, recs []*entity.Record, want map[string]bool) error {
	ids := make([]int64, len(recs))
	for i, r := range recs {
		ids[i] = r.ID
	}
	ps, err := h.att.participants(ctx, sc.Account, ids)
	if err != nil {
		return err
	}
	planning := want["busyParticipants"] || want["busyParticipantsCount"] || want["coincidentTodos"] || want["coincidentTodosCount"]
	for _, rec := range recs {
		if rec.Computed == nil {
			rec.Computed = map[string]any{}
		}
		list := make([]any, len(ps[rec.ID]))
		for i, p := range ps[rec.ID] {
			list[i] = encodeParticipant(p)
		}
		if want["participants"] {
			rec.Computed["participants"] = list
		}
		if want["participantsCount"] {
			rec.Computed["participantsCount"] = len(list)
		}
		if !planning {
			continue
		}
		busy, others, err := h.clashes(ctx, sc, rec, ps[rec.ID])
		if err != nil {
			return err
		}
		put(rec, want, "busyParticipants", busy)
		links := make([]any, len(others))
		for i, id := range others {
			links[i] = value.EncodeLink(value.Link{Type: "Todo", ID: id})
		}
		put(rec, want, "coincidentTodos", links)
	}
	return nil
}

// put sets a list field and its count where they were asked for.
func put(rec *entity.Record, want map[string]bool, field string, list []any) {
	if want[field] {
		rec.Computed[field] = list
	}
	if want[field+"Count"] {
		rec.Computed[field+"Count"] = len(list)
	}
}

// clashes finds, for a to-do with a time, its people (responsible and
// invitees who did not refuse) with another to-do at an overlapping
// time, and those other to-dos the reader may see.
func (h hooks) clashes(ctx context.Context, sc entity.Scope, rec *entity.Record, ps []Participant) ([]any, []int64, error) {
	span, ok := value.SpanOf(rec.Values["when"])
	if !ok {
		return []any{}, nil, nil
	}
	var people []value.Link
	if l, ok := rec.Links["responsible"]; ok {
		people = append(people, l)
	}
	for _, p := range ps {
		if p.Status != Rejected && !slices.Contains(people, p.Subject) {
			people = append(people, p.Subject)
		}
	}
	rows, err := h.att.busy(ctx, sc.Account, people, span.Start, span.End)
	if err != nil {
		return nil, nil, err
	}
	busy, others := []any{}, []int64{}
	var seenP []value.Link
	var otherIDs []int64
	for _, b := range rows {
		if b.Todo == rec.ID {
			continue
		}
		if !slices.Contains(seenP, b.Subject) {
			seenP = append(seenP, b.Subject)
			busy = append(busy, value.EncodeLink(b.Subject))
		}
		if !slices.Contains(otherIDs, b.Todo) {
			otherIDs = append(otherIDs, b.Todo)
		}
	}
	if len(otherIDs) > 0 {
		seen, err := h.e.GetMany(ctx, sc, "Todo", otherIDs)
		if err != nil {
			return nil, nil, err
		}
		for _, r := range seen {
			others = append(others, r.ID)
		}
	}
	return busy, others, nil
}

func encodeParticipant(p Participant) map[string]any {
	return map[string]any{"contentType": "Participant", "id": strconv.FormatInt(p.ID, 10),
		"subject": value.EncodeLink(p.Subject), "status": p.Status}
}
