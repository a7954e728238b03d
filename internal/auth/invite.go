package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/artel/artel/internal/store"
)

// InviteLink lets people register themselves as employees without an
// administrator creating them: whoever holds /inviteForm/{UUID} may sign
// up while the link is enabled. Regenerating the UUID voids copies that
// went too far.
type InviteLink struct {
	ID      int64
	UUID    string
	Enabled bool
	Created time.Time
}

// ErrInviteInvalid is an unknown or disabled invite link.
var ErrInviteInvalid = errors.New("auth: invite link unknown or disabled")

const inviteColumns = "id, uuid, enabled, created_at"

func scanInvite(row interface{ Scan(...any) error }) (*InviteLink, error) {
	l := &InviteLink{}
	var enabled, created int64
	if err := row.Scan(&l.ID, &l.UUID, &enabled, &created); err != nil {
		return nil, err
	}
	l.Enabled, l.Created = enabled != 0, time.Unix(created, 0)
	return l, nil
}

// CurrentInvite returns the account's newest invite link, creating an
// enabled one when the account has none yet.
func (s *Service) CurrentInvite(ctx context.Context, account int64) (*InviteLink, error) {
	var l *InviteLink
	err := s.DB.WithTx(ctx, func(ctx context.Context) error {
		var err error
		l, err = scanInvite(s.DB.Q(ctx).QueryRowContext(ctx, s.DB.Dialect.Rebind(`SELECT `+inviteColumns+`
			FROM invite_links WHERE account_id = ? ORDER BY id DESC LIMIT 1`), account))
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		l = &InviteLink{UUID: randomToken(), Enabled: true, Created: time.Unix(s.Now().Unix(), 0)}
		return s.DB.Q(ctx).QueryRowContext(ctx, s.DB.Dialect.Rebind(`INSERT INTO invite_links
			(account_id, uuid, enabled, created_at) VALUES (?, ?, 1, ?) RETURNING id`),
			account, l.UUID, l.Created.Unix()).Scan(&l.ID)
	})
	if err != nil {
		return nil, fmt.Errorf("auth: invite link: %w", err)
	}
	return l, nil
}

// InviteLinks lists the account's invite links, newest first.
func (s *Service) InviteLinks(ctx context.Context, account int64) ([]*InviteLink, error) {
	rows, err := s.DB.Q(ctx).QueryContext(ctx, s.DB.Dialect.Rebind(`SELECT `+inviteColumns+`
		FROM invite_links WHERE account_id = ? ORDER BY id DESC`), account)
	if err != nil {
		return nil, fmt.Errorf("auth: invite links: %w", err)
	}
	defer rows.Close()
	out := []*InviteLink{}
	for rows.Next() {
		l, err := scanInvite(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// Invite returns one invite link of the account; ErrInviteInvalid if none.
func (s *Service) Invite(ctx context.Context, account, id int64) (*InviteLink, error) {
	l, err := scanInvite(s.DB.Q(ctx).QueryRowContext(ctx, s.DB.Dialect.Rebind(`SELECT `+inviteColumns+`
		FROM invite_links WHERE account_id = ? AND id = ?`), account, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrInviteInvalid
	}
	return l, err
}

// InviteByUUID finds an enabled invite link by the secret in its address.
func (s *Service) InviteByUUID(ctx context.Context, account int64, uuid string) (*InviteLink, error) {
	l, err := scanInvite(s.DB.Q(ctx).QueryRowContext(ctx, s.DB.Dialect.Rebind(`SELECT `+inviteColumns+`
		FROM invite_links WHERE account_id = ? AND uuid = ?`), account, uuid))
	if errors.Is(err, sql.ErrNoRows) || (err == nil && !l.Enabled) {
		return nil, ErrInviteInvalid
	}
	return l, err
}

// UpdateInvite switches a link on or off and, with refresh, gives it a new
// UUID so the old address stops working.
func (s *Service) UpdateInvite(ctx context.Context, account, id int64, enabled *bool, refresh bool) (*InviteLink, error) {
	err := s.DB.WithTx(ctx, func(ctx context.Context) error {
		if enabled != nil {
			on := 0
			if *enabled {
				on = 1
			}
			if err := s.DB.Exec(ctx, "UPDATE invite_links SET enabled = ? WHERE account_id = ? AND id = ?", on, account, id); err != nil {
				return err
			}
		}
		if refresh {
			return s.DB.Exec(ctx, "UPDATE invite_links SET uuid = ? WHERE account_id = ? AND id = ?", randomToken(), account, id)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("auth: update invite link: %w", err)
	}
	return s.Invite(ctx, account, id)
}

// RecordInvite remembers who registered through a link, inside the
// registration's transaction. The no-op update re-reads the link and, on
// PostgreSQL, locks its row until the registration commits: a link
// deleted or switched off meanwhile refuses (ErrInviteInvalid) instead of
// letting one more person in, and a deletion waiting on the lock sees the
// new registration and removes it with the link.
func (s *Service) RecordInvite(ctx context.Context, account, linkID, employeeID int64) error {
	res, err := s.DB.Q(ctx).ExecContext(ctx, s.DB.Dialect.Rebind(`UPDATE invite_links SET enabled = 1
		WHERE account_id = ? AND id = ? AND enabled = 1`), account, linkID)
	if err != nil {
		return fmt.Errorf("auth: record invite: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return ErrInviteInvalid
	}
	return s.DB.Exec(ctx, `INSERT INTO invite_registrations (account_id, link_id, employee_id, created_at)
		VALUES (?, ?, ?, ?)`, account, linkID, employeeID, s.Now().Unix())
}

// DeleteInvite deletes a link and its list of who registered through it;
// the employees stay. The address stops working at once, and the next
// CurrentInvite makes a fresh link when it was the account's only one.
// ErrInviteInvalid when the account has no such link.
func (s *Service) DeleteInvite(ctx context.Context, account, id int64) error {
	return s.DB.WithTx(ctx, func(ctx context.Context) error {
		// The link row goes first: it is what a registration locks.
		res, err := s.DB.Q(ctx).ExecContext(ctx, s.DB.Dialect.Rebind(`DELETE FROM invite_links
			WHERE account_id = ? AND id = ?`), account, id)
		if err != nil {
			return fmt.Errorf("auth: delete invite link: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return ErrInviteInvalid
		}
		return s.DB.Exec(ctx, `DELETE FROM invite_registrations WHERE account_id = ? AND link_id = ?`, account, id)
	})
}

// ErrNotRegistered is an employee who is not on a link's list.
var ErrNotRegistered = errors.New("auth: employee not registered through the invite link")

// ForgetInviteEmployee takes an employee off a link's list (the employee
// stays). ErrInviteInvalid for an unknown link, ErrNotRegistered for an
// employee not on its list.
func (s *Service) ForgetInviteEmployee(ctx context.Context, account, linkID, employeeID int64) error {
	if _, err := s.Invite(ctx, account, linkID); err != nil {
		return err
	}
	var n int64
	err := s.DB.WithTx(ctx, func(ctx context.Context) error {
		res, err := s.DB.Q(ctx).ExecContext(ctx, s.DB.Dialect.Rebind(`DELETE FROM invite_registrations
			WHERE account_id = ? AND link_id = ? AND employee_id = ?`), account, linkID, employeeID)
		if err == nil {
			n, err = res.RowsAffected()
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("auth: forget invite employee: %w", err)
	}
	if n == 0 {
		return ErrNotRegistered
	}
	return nil
}

// InviteEmployees lists the ids of the employees registered through a link.
func (s *Service) InviteEmployees(ctx context.Context, account, linkID int64) ([]int64, error) {
	rows, err := s.DB.Q(ctx).QueryContext(ctx, s.DB.Dialect.Rebind(`SELECT employee_id FROM invite_registrations
		WHERE account_id = ? AND link_id = ? ORDER BY created_at, employee_id`), account, linkID)
	if err != nil {
		return nil, fmt.Errorf("auth: invite employees: %w", err)
	}
	return store.Int64s(rows)
}
