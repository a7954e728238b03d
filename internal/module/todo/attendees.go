package todo

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Invitation answers (Participant.status).
const (
	Requested = "requested"
	Accepted  = "accepted"
	Rejected  = "rejected"
)

// Roles of an attendee row. The responsible is kept beside the invitees
// so that one indexed table answers "whose day is this to-do in".
const (
	roleResponsible = "responsible"
	roleParticipant = "participant"
)

// Participant is one invitee of a to-do and their answer.
type Participant struct {
	ID      int64
	Subject value.Link
	Status  string
}

// attendees reads and writes todo_attendees (migration 20): one row per
// person a to-do is in the day of, with its span copied so a calendar
// reads a person's range from one index.
type attendees struct {
	db *store.DB
}

func (a attendees) q(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return a.db.Q(ctx).QueryContext(ctx, a.db.Dialect.Rebind(query), args...)
}

func (a attendees) exec(ctx context.Context, query string, args ...any) error {
	_, err := a.db.Q(ctx).ExecContext(ctx, a.db.Dialect.Rebind(query), args...)
	return err
}

// write replaces a to-do's rows: its responsible (if any) and its
// participants in order, each with the span (nil bounds for none).
func (a attendees) write(ctx context.Context, account, todo int64, span *value.Span, responsible *value.Link, ps []Participant) error {
	if err := a.exec(ctx, `DELETE FROM todo_attendees WHERE account_id = ? AND todo_id = ?`, account, todo); err != nil {
		return fmt.Errorf("todo: clear attendees of %d: %w", todo, err)
	}
	var start, end any
	allDay := 0
	if span != nil {
		start, end = span.Start, span.End
		if span.AllDay {
			allDay = 1
		}
	}
	put := func(role string, pos int, s value.Link, status string) error {
		err := a.exec(ctx, `INSERT INTO todo_attendees (account_id, todo_id, role, subject_type, subject_id, status, pos, start_ms, end_ms, all_day)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, account, todo, role, s.Type, s.ID, status, pos, start, end, allDay)
		if err != nil {
			return fmt.Errorf("todo: attendee of %d: %w", todo, err)
		}
		return nil
	}
	if responsible != nil {
		if err := put(roleResponsible, 0, *responsible, Accepted); err != nil {
			return err
		}
	}
	for i, p := range ps {
		if err := put(roleParticipant, i, p.Subject, p.Status); err != nil {
			return err
		}
	}
	return nil
}

// participants reads the invitees of the given to-dos, in order.
func (a attendees) participants(ctx context.Context, account int64, todos []int64) (map[int64][]Participant, error) {
	out := map[int64][]Participant{}
	if len(todos) == 0 {
		return out, nil
	}
	args := []any{account}
	for _, id := range todos {
		args = append(args, id)
	}
	rows, err := a.q(ctx, `SELECT id, todo_id, subject_type, subject_id, status FROM todo_attendees
		WHERE account_id = ? AND role = 'participant' AND todo_id IN (`+marks(len(todos))+`) ORDER BY todo_id, pos`, args...)
	if err != nil {
		return nil, fmt.Errorf("todo: read participants: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var p Participant
		var todo int64
		if err := rows.Scan(&p.ID, &todo, &p.Subject.Type, &p.Subject.ID, &p.Status); err != nil {
			return nil, fmt.Errorf("todo: read participants: %w", err)
		}
		out[todo] = append(out[todo], p)
	}
	return out, rows.Err()
}

// answer sets one invitee's status; false when they are not invited.
func (a attendees) answer(ctx context.Context, account, todo int64, who value.Link, status string) (bool, error) {
	res, err := a.db.Q(ctx).ExecContext(ctx, a.db.Dialect.Rebind(`UPDATE todo_attendees SET status = ?
		WHERE account_id = ? AND todo_id = ? AND role = 'participant' AND subject_type = ? AND subject_id = ?`),
		status, account, todo, who.Type, who.ID)
	if err != nil {
		return false, fmt.Errorf("todo: answer of %d: %w", todo, err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// answersOf reads the reader's own answers to invitations to the given
// to-dos; a to-do they are not invited to is absent.
func (a attendees) answersOf(ctx context.Context, sc entity.Scope, todos []int64) (map[int64]string, error) {
	out := map[int64]string{}
	if len(todos) == 0 {
		return out, nil
	}
	args := []any{sc.Account, sc.Actor.Type, sc.Actor.ID}
	for _, id := range todos {
		args = append(args, id)
	}
	rows, err := a.q(ctx, `SELECT todo_id, status FROM todo_attendees WHERE account_id = ? AND role = 'participant'
		AND subject_type = ? AND subject_id = ? AND todo_id IN (`+marks(len(todos))+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("todo: read answers: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var st string
		if err := rows.Scan(&id, &st); err != nil {
			return nil, fmt.Errorf("todo: read answers: %w", err)
		}
		out[id] = st
	}
	return out, rows.Err()
}

// Busy is one person's to-do in a range: which to-do, when, and the
// person's answer (accepted for a responsible).
type Busy struct {
	Todo    int64
	Subject value.Link
	Status  string
	Span    value.Span
}

// busy reads the to-dos of the given people overlapping [from, to),
// rejected invitations left out; only, when given, those of the to-dos
// the condition on todo_id keeps.
func (a attendees) busy(ctx context.Context, account int64, people []value.Link, from, to int64, only ...entity.Condition) ([]Busy, error) {
	if len(people) == 0 {
		return nil, nil
	}
	var or []string
	args := []any{}
	for _, p := range people {
		or = append(or, "(account_id = ? AND subject_type = ? AND subject_id = ? AND start_ms < ? AND end_ms > ?)")
		args = append(args, account, p.Type, p.ID, to, from)
	}
	where := "(" + strings.Join(or, " OR ") + ") AND status <> 'rejected'"
	for _, c := range only {
		where += " AND " + c.SQL
		args = append(args, c.Args...)
	}
	rows, err := a.q(ctx, `SELECT todo_id, subject_type, subject_id, status, start_ms, end_ms, all_day FROM todo_attendees
		WHERE `+where+` ORDER BY start_ms, todo_id`, args...)
	if err != nil {
		return nil, fmt.Errorf("todo: read busy: %w", err)
	}
	defer rows.Close()
	var out []Busy
	for rows.Next() {
		var b Busy
		var allDay int
		if err := rows.Scan(&b.Todo, &b.Subject.Type, &b.Subject.ID, &b.Status, &b.Span.Start, &b.Span.End, &allDay); err != nil {
			return nil, fmt.Errorf("todo: read busy: %w", err)
		}
		b.Span.AllDay = allDay == 1
		out = append(out, b)
	}
	return out, rows.Err()
}

func marks(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}
