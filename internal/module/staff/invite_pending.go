package staff

import (
	"context"
	"errors"
	"strconv"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// The invitations by e-mail not yet taken up: the list (API v3 GET
// /invitedEmployee) and, as Artel additions, resending one (a new link
// and a new e-mail, the old link void) and cancelling one (the link void,
// the invitee dismissed). Resend and cancel name the invitation by the
// invited employee's id, the `employee` link of the list: an employee has
// at most one live invitation, since a new one voids the older.

// pendingRow is a live row of employee_invites as the list shows it.
type pendingRow struct {
	id, emp, by, msg, created, expires int64
	email                              string
}

// pendingRows reads the live invitations of the account, newest first,
// or only employee emp's when emp is not 0. Expired ones are included:
// the list shows until when a link worked, and resending renews it.
func (a *HTTP) pendingRows(ctx context.Context, account, emp int64) ([]pendingRow, error) {
	db := a.Engine.DB
	q, args := `SELECT id, employee_id, email, invited_by, mail_message_id, created_at, expires_at FROM employee_invites
		WHERE account_id = ? AND used_at IS NULL`, []any{account}
	if emp != 0 {
		q, args = q+` AND employee_id = ?`, append(args, emp)
	}
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(q+` ORDER BY id DESC LIMIT 500`), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []pendingRow
	for rows.Next() {
		var x pendingRow
		if err := rows.Scan(&x.id, &x.emp, &x.email, &x.by, &x.msg, &x.created, &x.expires); err != nil {
			return nil, err
		}
		list = append(list, x)
	}
	return list, rows.Err()
}

// pendingEmployee is the invitee of a row, or nil when they were deleted
// or dismissed since: their link no longer opens (personalByToken), so
// the invitation is not pending any more.
func (a *HTTP) pendingEmployee(ctx context.Context, account int64, x pendingRow) (*entity.Record, error) {
	rec, err := a.Engine.Get(ctx, entity.Scope{Account: account, System: true}, "Employee", x.emp)
	if errors.Is(err, entity.ErrNotFound) || (err == nil && rec.Values["isWorking"] == int64(0)) {
		return nil, nil
	}
	return rec, err
}

// invitedList answers the invitations not yet taken up: the person, when
// and by whom, until when the link works, and how the e-mail fared
// (queued, sent, failed with the server's answer).
func (a *HTTP) invitedList(ctx context.Context, r *api.Request) api.Response {
	if res, denied := peopleAdminOnly(r); denied {
		return res
	}
	list, err := a.pendingRows(ctx, r.Scope().Account, 0)
	if err != nil {
		return r.Fail(err)
	}
	out := make([]any, 0, len(list))
	for _, x := range list {
		rec, err := a.pendingEmployee(ctx, r.Scope().Account, x)
		if err != nil {
			return r.Fail(err)
		}
		if rec != nil {
			out = append(out, a.pendingJSON(ctx, r, x, rec))
		}
	}
	return api.OK(out)
}

func (a *HTTP) pendingJSON(ctx context.Context, r *api.Request, x pendingRow, rec *entity.Record) map[string]any {
	status, lastErr := "", ""
	if x.msg != 0 && a.Mail != nil {
		status, lastErr, _ = a.Mail.Status(ctx, r.Scope().Account, x.msg)
	}
	first, last := rec.String("firstName"), rec.String("lastName")
	if auth.NeedsName(rec) {
		first, last = "", ""
	}
	return map[string]any{"contentType": "InvitedEmployee", "firstName": first, "lastName": last,
		"mail": x.email, "rawString": x.email, "parsed": true, "exists": false,
		"employee": value.EncodeLink(rec.Link()), "invitedBy": value.EncodeLink(value.Link{Type: "Employee", ID: x.by}),
		"timeCreated": value.DateTime{}.Encode(x.created, r.Options()),
		"timeExpires": value.DateTime{}.Encode(x.expires, r.Options()),
		"mailStatus":  status, "mailError": lastErr, "messageId": strconv.FormatInt(x.msg, 10)}
}

var errNoPendingInvite = errors.New("staff: no pending invitation")

// claimPending closes employee emp's live invitation inside the caller's
// transaction and answers it with its employee. The close is conditional
// (used_at still empty), so of a resend, a cancel and the invitee setting
// a password at the same moment exactly one goes through; the others get
// errNoPendingInvite.
func (a *HTTP) claimPending(ctx context.Context, account, emp int64) (pendingRow, *entity.Record, error) {
	list, err := a.pendingRows(ctx, account, emp)
	if err != nil {
		return pendingRow{}, nil, err
	}
	if len(list) == 0 {
		return pendingRow{}, nil, errNoPendingInvite
	}
	x := list[0]
	rec, err := a.pendingEmployee(ctx, account, x)
	if err != nil {
		return x, nil, err
	}
	if rec == nil {
		return x, nil, errNoPendingInvite
	}
	db := a.Engine.DB
	res, err := db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(`UPDATE employee_invites SET used_at = ?
		WHERE id = ? AND used_at IS NULL`), a.Engine.Now().UnixMilli(), x.id)
	if err != nil {
		return x, nil, err
	}
	if n, err := res.RowsAffected(); err != nil {
		return x, nil, err
	} else if n != 1 {
		return x, nil, errNoPendingInvite
	}
	return x, rec, nil
}

// invitedResend sends a pending invitation again (POST
// /invitedEmployee/{employeeId}/resend): a new link in a new e-mail from
// the caller's mail account, the old link void. It answers the
// invitation as the list shows it. Without a sender (422 mail_no_smtp)
// nothing changes: the old link keeps working.
func (a *HTTP) invitedResend(ctx context.Context, r *api.Request) api.Response {
	if res, denied := peopleAdminOnly(r); denied {
		return res
	}
	if a.Mail == nil {
		return r.NoRoute()
	}
	account, emp := r.Scope().Account, r.IDs[0]
	var out map[string]any
	err := a.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		x, rec, err := a.claimPending(ctx, account, emp)
		if err != nil {
			return err
		}
		if err := a.sendInvite(ctx, r, rec, x.email, x.email); err != nil {
			return err
		}
		fresh, err := a.pendingRows(ctx, account, emp)
		if err != nil {
			return err
		}
		out = a.pendingJSON(ctx, r, fresh[0], rec)
		return nil
	})
	if errors.Is(err, errNoPendingInvite) {
		return r.NotFound()
	}
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(out)
}

// invitedCancel withdraws a pending invitation (DELETE
// /invitedEmployee/{employeeId}): its link stops working at once, and the
// invitee, who was made by the invitation and never signed in, is
// dismissed as POST /employee/{id}/fire would without a replacement. The
// card stays, so whatever was given to them meanwhile keeps its history;
// inviting the address again makes a new employee. An invitee an
// administrator has given a password meanwhile can sign in already and is
// left working. It answers the employee as GET /employee/{id} does.
func (a *HTTP) invitedCancel(ctx context.Context, r *api.Request) api.Response {
	if res, denied := peopleAdminOnly(r); denied {
		return res
	}
	account, emp := r.Scope().Account, r.IDs[0]
	err := a.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		_, rec, err := a.claimPending(ctx, account, emp)
		if err != nil {
			return err
		}
		if has, err := a.Auth.HasCredentials(ctx, account, rec.Link()); err != nil || has {
			return err
		}
		bans, err := a.Auth.Bans(ctx, account, rec.Link())
		if err != nil {
			return err
		}
		if err := a.Auth.Ban(ctx, account, rec.Link(), auth.BanFired); err != nil {
			return err
		}
		bans[auth.BanFired] = true
		if err := a.peopleMirror(ctx, r, rec, bans); err != nil {
			return err
		}
		return a.peopleVacate(ctx, r.Scope(), rec)
	})
	if errors.Is(err, errNoPendingInvite) {
		return r.NotFound()
	}
	if err != nil {
		return r.Fail(err)
	}
	return r.Get(ctx, "Employee", emp)
}
