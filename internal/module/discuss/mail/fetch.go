package mail

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/artel/artel/internal/entity"
)

// Inbox is the one mailbox fetched per account.
const Inbox = "INBOX"

// Fetch files the new mail of every account's inbox and answers how many
// messages it filed. Any node may run it at once: a mailbox is claimed
// for a lease before it is read, and its last UID moves in the
// transaction that files each message, so nothing is filed twice.
func (m *Module) Fetch(ctx context.Context, at time.Time) (int, error) {
	db := m.E.DB
	rows, err := db.Q(ctx).QueryContext(ctx, `SELECT `+accountCols+` FROM mail_accounts
		WHERE imap_host <> '' AND imap_status <> 'disabled' ORDER BY id`)
	if err != nil {
		return 0, fmt.Errorf("mail: accounts to fetch: %w", err)
	}
	var list []*Account
	for rows.Next() {
		a, err := scanAccount(rows)
		if err != nil {
			rows.Close()
			return 0, fmt.Errorf("mail: accounts to fetch: %w", err)
		}
		list = append(list, a)
	}
	rows.Close()
	// One account's failure leaves the others fetched.
	filed, errs := 0, []error(nil)
	for _, a := range list {
		if ctx.Err() != nil {
			break
		}
		n, err := m.FetchAccount(ctx, a, at)
		filed += n
		errs = append(errs, err)
	}
	return filed, errors.Join(errs...)
}

// FetchAccount fetches one account's inbox if no other node holds it. A
// server that cannot be reached marks the account's IMAP status error
// with the reason; it is tried again next time.
func (m *Module) FetchAccount(ctx context.Context, a *Account, at time.Time) (int, error) {
	cur, ok, err := m.claimMailbox(ctx, a, at)
	if err != nil || !ok {
		return 0, err
	}
	defer m.releaseMailbox(ctx, a, at)
	c, err := m.dialIMAP(a.IMAP, time.Now().Add(lease-dialLimit))
	if err != nil {
		return 0, m.markIMAP(ctx, a, err)
	}
	defer c.Close()
	n, err := m.fetchInbox(ctx, c, a, cur)
	if err != nil {
		var ce *connError
		var inv *entity.Invalid
		switch {
		case errors.As(err, &inv):
			// Mail that cannot be filed (a deal program with no entry
			// state) waits, unfiled, until the account is set right.
			return n, m.markIMAP(ctx, a, &connError{CodeProtocol, "cannot file: " + inv.Error()})
		case errors.As(err, &ce) || errors.As(err, new(*imap.Error)):
			return n, m.markIMAP(ctx, a, err)
		}
		return n, err
	}
	_ = c.Logout().Wait()
	if a.IMAPStatus != StatusEnabled {
		a.IMAPStatus, a.IMAPError = StatusEnabled, ""
		return n, m.setStatus(ctx, a)
	}
	return n, nil
}

func (m *Module) markIMAP(ctx context.Context, a *Account, err error) error {
	ce := classify(err, true)
	slog.Default().Warn("mail: fetch", "account", a.ID, "error", ce.detail)
	a.IMAPStatus, a.IMAPError = StatusError, ce.detail
	return m.setStatus(ctx, a)
}

// cursor is where a mailbox's fetching stands.
type cursor struct{ validity, last uint32 }

func (m *Module) claimMailbox(ctx context.Context, a *Account, at time.Time) (cursor, bool, error) {
	db := m.E.DB
	ms := at.UnixMilli()
	var cur cursor
	if err := db.Exec(ctx, `INSERT INTO mail_mailboxes (mail_account_id, mailbox, account_id) VALUES (?, ?, ?)
		ON CONFLICT (mail_account_id, mailbox) DO NOTHING`, a.ID, Inbox, a.Account); err != nil {
		return cur, false, fmt.Errorf("mail: mailbox of %d: %w", a.ID, err)
	}
	res, err := db.Writer().ExecContext(ctx, db.Dialect.Rebind(`UPDATE mail_mailboxes SET lease_until = ?
		WHERE mail_account_id = ? AND mailbox = ? AND lease_until <= ?`), ms+lease.Milliseconds(), a.ID, Inbox, ms)
	if err != nil {
		return cur, false, fmt.Errorf("mail: claim mailbox of %d: %w", a.ID, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return cur, false, nil
	}
	var v, l int64
	err = db.Writer().QueryRowContext(ctx, db.Dialect.Rebind(`SELECT uid_validity, last_uid FROM mail_mailboxes
		WHERE mail_account_id = ? AND mailbox = ?`), a.ID, Inbox).Scan(&v, &l)
	if errors.Is(err, sql.ErrNoRows) {
		return cur, false, nil
	}
	return cursor{uint32(v), uint32(l)}, err == nil, err
}

func (m *Module) releaseMailbox(ctx context.Context, a *Account, at time.Time) {
	if err := m.E.DB.Exec(context.WithoutCancel(ctx), `UPDATE mail_mailboxes SET lease_until = 0, fetched_at = ?
		WHERE mail_account_id = ? AND mailbox = ?`, at.UnixMilli(), a.ID, Inbox); err != nil {
		slog.Default().Warn("mail: release mailbox", "account", a.ID, "error", err)
	}
}

// fetchInbox files the messages above the last UID, oldest first, at
// most fetchBatch a run. A mailbox whose UIDVALIDITY changed is read
// again from the start; the Message-IDs already held keep that from
// filing anything twice.
func (m *Module) fetchInbox(ctx context.Context, c *imapclient.Client, a *Account, cur cursor) (int, error) {
	sel, err := c.Select(Inbox, &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		return 0, err
	}
	if cur.validity != 0 && sel.UIDValidity != cur.validity {
		cur.last = 0
	}
	if sel.NumMessages == 0 {
		return 0, m.moveCursor(ctx, a, sel.UIDValidity, cur.last)
	}
	var set imap.UIDSet
	set.AddRange(imap.UID(cur.last+1), 0)
	found, err := c.UIDSearch(&imap.SearchCriteria{UID: []imap.UIDSet{set}}, nil).Wait()
	if err != nil {
		return 0, err
	}
	var uids []imap.UID
	for _, u := range found.AllUIDs() {
		// "n:*" includes the last message even when its UID is below n.
		if uint32(u) > cur.last {
			uids = append(uids, u)
		}
	}
	slices.Sort(uids)
	if len(uids) > fetchBatch {
		uids = uids[:fetchBatch]
	}
	if len(uids) == 0 {
		return 0, m.moveCursor(ctx, a, sel.UIDValidity, cur.last)
	}
	section := &imap.FetchItemBodySection{Peek: true}
	msgs, err := c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{section}}).Collect()
	if err != nil {
		return 0, err
	}
	slices.SortFunc(msgs, func(x, y *imapclient.FetchMessageBuffer) int { return int(x.UID) - int(y.UID) })
	filed := 0
	for _, msg := range msgs {
		ok, err := m.fileOne(ctx, a, msg.FindBodySection(section), sel.UIDValidity, uint32(msg.UID))
		if err != nil {
			return filed, err
		}
		if ok {
			filed++
		}
	}
	return filed, nil
}

func (m *Module) moveCursor(ctx context.Context, a *Account, validity, last uint32) error {
	return m.E.DB.Exec(ctx, `UPDATE mail_mailboxes SET uid_validity = ?, last_uid = ? WHERE mail_account_id = ? AND mailbox = ?`,
		int64(validity), int64(last), a.ID, Inbox)
}
