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

// RecordInvite remembers who registered through a link.
func (s *Service) RecordInvite(ctx context.Context, account, linkID, employeeID int64) error {
	return s.DB.Exec(ctx, `INSERT INTO invite_registrations (account_id, link_id, employee_id, created_at)
		VALUES (?, ?, ?, ?)`, account, linkID, employeeID, s.Now().Unix())
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
