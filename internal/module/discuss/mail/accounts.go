package mail

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/mail"
	"strings"

	"github.com/artel/artel/internal/entity"
)

// Server is one side of an account: the reference's MailServerConfig.
type Server struct {
	Host     string `json:"host"`
	Port     int    `json:"port"`
	SSL      bool   `json:"ssl"`
	Login    string `json:"login"`
	Password string `json:"password"`
}

// Account is a mail account (the API's Imap).
type Account struct {
	ID, Account, Owner int64
	Shared, Default    bool
	Email, Footer      string
	Mode               string
	Program            int64
	IMAP, SMTP         Server
	IMAPStatus         string
	SMTPStatus         string
	IMAPError          string
	SMTPError          string
	CheckedAt          int64
}

const accountCols = `id, account_id, owner_id, is_shared, is_default, email, footer, incoming_mode,
	COALESCE(program_id, 0), imap_host, imap_port, imap_ssl, imap_login, imap_password,
	smtp_host, smtp_port, smtp_ssl, smtp_login, smtp_password, imap_status, smtp_status,
	imap_error, smtp_error, COALESCE(checked_at, 0)`

type scanner interface{ Scan(...any) error }

func scanAccount(s scanner) (*Account, error) {
	var a Account
	var shared, def, issl, sssl int64
	err := s.Scan(&a.ID, &a.Account, &a.Owner, &shared, &def, &a.Email, &a.Footer, &a.Mode, &a.Program,
		&a.IMAP.Host, &a.IMAP.Port, &issl, &a.IMAP.Login, &a.IMAP.Password,
		&a.SMTP.Host, &a.SMTP.Port, &sssl, &a.SMTP.Login, &a.SMTP.Password,
		&a.IMAPStatus, &a.SMTPStatus, &a.IMAPError, &a.SMTPError, &a.CheckedAt)
	a.Shared, a.Default, a.IMAP.SSL, a.SMTP.SSL = shared != 0, def != 0, issl != 0, sssl != 0
	return &a, err
}

// visible: an employee sees their own accounts and the shared ones; an
// administrator sees all; guests see none.
func visible(sc entity.Scope, a *Account) bool {
	if sc.System || sc.Admin {
		return true
	}
	if sc.Actor.Type != "Employee" {
		return false
	}
	return a.Shared || a.Owner == sc.Actor.ID
}

// editable: a personal account by its owner, a shared one by an
// administrator.
func editable(sc entity.Scope, a *Account) bool {
	if sc.System || sc.Admin {
		return true
	}
	return !a.Shared && sc.Actor.Type == "Employee" && a.Owner == sc.Actor.ID
}

// Accounts lists the accounts the scope sees, oldest first.
func (m *Module) Accounts(ctx context.Context, sc entity.Scope) ([]*Account, error) {
	db := m.E.DB
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT `+accountCols+`
		FROM mail_accounts WHERE account_id = ? ORDER BY id`), sc.Account)
	if err != nil {
		return nil, fmt.Errorf("mail: accounts: %w", err)
	}
	defer rows.Close()
	var out []*Account
	for rows.Next() {
		a, err := scanAccount(rows)
		if err != nil {
			return nil, fmt.Errorf("mail: accounts: %w", err)
		}
		if visible(sc, a) {
			out = append(out, a)
		}
	}
	return out, rows.Err()
}

// Get answers an account the scope sees; entity.ErrNotFound otherwise.
func (m *Module) Get(ctx context.Context, sc entity.Scope, id int64) (*Account, error) {
	db := m.E.DB
	a, err := scanAccount(db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT `+accountCols+`
		FROM mail_accounts WHERE account_id = ? AND id = ?`), sc.Account, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, entity.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("mail: account %d: %w", id, err)
	}
	if !visible(sc, a) {
		return nil, entity.ErrNotFound
	}
	return a, nil
}

// validate checks the settings a save leaves, every error at once.
func (m *Module) validate(ctx context.Context, sc entity.Scope, a *Account) error {
	var errs []entity.FieldError
	bad := func(field, code, param string) {
		errs = append(errs, entity.FieldError{Field: field, Code: code, Param: param})
	}
	if a.Email == "" {
		bad("email", entity.CodeRequired, "")
	} else if p, err := mail.ParseAddress(a.Email); err != nil || p.Address != a.Email {
		bad("email", CodeInvalidEmail, "")
	}
	for _, s := range []struct {
		name string
		srv  *Server
	}{{"imapConfig", &a.IMAP}, {"smtpConfig", &a.SMTP}} {
		switch {
		case s.srv.Host == "":
			bad(s.name+".host", entity.CodeRequired, "")
		case strings.ContainsAny(s.srv.Host, " /:@"):
			// A host name only: no scheme, port or address.
			bad(s.name+".host", entity.CodeBadParam, "")
		}
		if s.srv.Port < 1 || s.srv.Port > 65535 {
			bad(s.name+".port", entity.CodeBadParam, "")
		}
		if s.srv.Login == "" {
			bad(s.name+".login", entity.CodeRequired, "")
		}
		if s.srv.Password == "" {
			bad(s.name+".password", entity.CodeRequired, "")
		}
	}
	switch a.Mode {
	case ModeEmail:
	case ModeDeal:
		if a.Program == 0 {
			bad("program", entity.CodeRequired, "")
		} else if _, err := m.E.Get(ctx, system(sc.Account), "Program", a.Program); err != nil {
			bad("program", entity.CodeLinkNotFound, "Program")
		}
	default:
		bad("incomingEmailMode", "invalid_enum", "email, deal")
	}
	if a.Shared && !sc.Admin && !sc.System {
		bad("isShared", entity.CodeReadOnly, "")
	}
	if len(errs) > 0 {
		return &entity.Invalid{Errors: errs}
	}
	return nil
}

// Save creates (a.ID == 0) or updates an account after validating it;
// changed server settings make both statuses unknown until checked.
func (m *Module) Save(ctx context.Context, sc entity.Scope, a *Account) error {
	if err := m.validate(ctx, sc, a); err != nil {
		return err
	}
	db := m.E.DB
	args := []any{b2i(a.Shared), b2i(a.Default), a.Email, a.Footer, a.Mode, nullID(a.Program),
		a.IMAP.Host, a.IMAP.Port, b2i(a.IMAP.SSL), a.IMAP.Login, a.IMAP.Password,
		a.SMTP.Host, a.SMTP.Port, b2i(a.SMTP.SSL), a.SMTP.Login, a.SMTP.Password}
	return db.WithTx(ctx, func(ctx context.Context) error {
		q := db.Q(ctx)
		if a.Default {
			// One default account per owner: the one sending when none is named.
			if _, err := q.ExecContext(ctx, db.Dialect.Rebind(`UPDATE mail_accounts SET is_default = 0
				WHERE account_id = ? AND owner_id = ? AND id <> ?`), sc.Account, a.Owner, a.ID); err != nil {
				return fmt.Errorf("mail: default: %w", err)
			}
		}
		if a.ID == 0 {
			a.IMAPStatus, a.SMTPStatus = StatusUnknown, StatusUnknown
			return q.QueryRowContext(ctx, db.Dialect.Rebind(`INSERT INTO mail_accounts (is_shared, is_default,
				email, footer, incoming_mode, program_id, imap_host, imap_port, imap_ssl, imap_login, imap_password,
				smtp_host, smtp_port, smtp_ssl, smtp_login, smtp_password, account_id, owner_id, created_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
				append(args, sc.Account, a.Owner, now(m))...).Scan(&a.ID)
		}
		_, err := q.ExecContext(ctx, db.Dialect.Rebind(`UPDATE mail_accounts SET is_shared = ?, is_default = ?,
			email = ?, footer = ?, incoming_mode = ?, program_id = ?, imap_host = ?, imap_port = ?, imap_ssl = ?,
			imap_login = ?, imap_password = ?, smtp_host = ?, smtp_port = ?, smtp_ssl = ?, smtp_login = ?,
			smtp_password = ?, imap_status = ?, smtp_status = ?, imap_error = ?, smtp_error = ?
			WHERE account_id = ? AND id = ?`), append(args, a.IMAPStatus, a.SMTPStatus, a.IMAPError, a.SMTPError,
			sc.Account, a.ID)...)
		if err != nil {
			return fmt.Errorf("mail: save %d: %w", a.ID, err)
		}
		return nil
	})
}

// Delete removes an account, its mailboxes' cursors and its queued mail;
// what was sent and received stays in the discussions.
func (m *Module) Delete(ctx context.Context, sc entity.Scope, id int64) error {
	a, err := m.Get(ctx, sc, id)
	if err != nil {
		return err
	}
	if !editable(sc, a) {
		return entity.ErrForbidden
	}
	db := m.E.DB
	return db.WithTx(ctx, func(ctx context.Context) error {
		for _, stmt := range []string{`DELETE FROM mail_accounts WHERE account_id = ? AND id = ?`,
			`DELETE FROM mail_mailboxes WHERE account_id = ? AND mail_account_id = ?`,
			`UPDATE mail_messages SET status = 'failed', last_error = 'account deleted'
				WHERE account_id = ? AND mail_account_id = ? AND status = 'queued'`} {
			if _, err := db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(stmt), sc.Account, id); err != nil {
				return fmt.Errorf("mail: delete %d: %w", id, err)
			}
		}
		return nil
	})
}

// setStatus records a check's outcome.
func (m *Module) setStatus(ctx context.Context, a *Account) error {
	db := m.E.DB
	return db.Exec(ctx, db.Dialect.Rebind(`UPDATE mail_accounts SET imap_status = ?, smtp_status = ?,
		imap_error = ?, smtp_error = ?, checked_at = ? WHERE account_id = ? AND id = ?`),
		a.IMAPStatus, a.SMTPStatus, a.IMAPError, a.SMTPError, a.CheckedAt, a.Account, a.ID)
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}
