package staff

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// personalInvite is a live row of employee_invites.
type personalInvite struct {
	ID, Employee int64
	Email        string
}

// personalByToken finds the invitation a link's secret opens: not used,
// not voided by a newer one, not expired, its employee not dismissed.
// ok is false for anything else.
func (a *HTTP) personalByToken(ctx context.Context, account int64, token string) (*personalInvite, bool, error) {
	if token == "" {
		return nil, false, nil
	}
	db := a.Engine.DB
	var p personalInvite
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT id, employee_id, email FROM employee_invites
		WHERE account_id = ? AND token_hash = ? AND used_at IS NULL AND expires_at > ?`),
		account, tokenHash(token), a.Engine.Now().UnixMilli()).Scan(&p.ID, &p.Employee, &p.Email)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	rec, err := a.Engine.Get(ctx, entity.Scope{Account: account, System: true}, "Employee", p.Employee)
	if errors.Is(err, entity.ErrNotFound) || (err == nil && rec.Values["isWorking"] == int64(0)) {
		return nil, false, nil
	}
	return &p, err == nil, err
}

// inviteCheck answers what a link opens (Artel's GET
// /inviteLinkRegistration?uuid=…, the web form asks it first): a
// personal invitation names the person, whose e-mail is fixed; an
// account's link is open to anyone. 404 invite_link_invalid otherwise.
func (a *HTTP) inviteCheck(ctx context.Context, r *api.Request) api.Response {
	uuid := r.QueryString("uuid")
	account := r.Scope().Account
	p, ok, err := a.personalByToken(ctx, account, uuid)
	if err != nil {
		return r.Fail(err)
	}
	if ok {
		rec, err := a.Engine.Get(ctx, entity.Scope{Account: account, System: true}, "Employee", p.Employee)
		if err != nil {
			return r.Fail(err)
		}
		first, last := rec.String("firstName"), rec.String("lastName")
		if first == p.Email || first == rec.String("login") {
			first, last = "", "" // named by the address alone: the form asks
		}
		return api.OK(map[string]any{"contentType": "InviteCheck", "personal": true, "email": rec.String("login"),
			"firstName": first, "lastName": last})
	}
	if uuid != "" {
		if _, err := a.Auth.InviteByUUID(ctx, account, uuid); err == nil {
			return api.OK(map[string]any{"contentType": "InviteCheck", "personal": false})
		} else if !errors.Is(err, auth.ErrInviteInvalid) {
			return r.Fail(err)
		}
	}
	return api.Fail(http.StatusNotFound, "invite_link_invalid", r.Message("invite_link_invalid"))
}

// personalRegister sets the invited employee's password (and names, if
// given) and closes the invitation, in one transaction. The e-mail is the
// one invited; a different one in the body is ignored.
func (a *HTTP) personalRegister(ctx context.Context, r *api.Request, p *personalInvite, first, last, password string) api.Response {
	account := r.Scope().Account
	sys := entity.Scope{Account: account, System: true}
	rec, err := a.Engine.Get(ctx, sys, "Employee", p.Employee)
	if err != nil {
		return r.Fail(err)
	}
	first, last = strings.TrimSpace(first), strings.TrimSpace(last)
	unnamed := auth.NeedsName(rec)
	res := api.Response{Status: http.StatusUnprocessableEntity}
	add := func(field, typ string) {
		res.Errors = append(res.Errors, api.ErrorEntry{Field: field, Type: typ, Message: r.Message(typ)})
	}
	if unnamed && first == "" {
		add("firstName", entity.CodeRequired)
	}
	if unnamed && last == "" {
		add("lastName", entity.CodeRequired)
	}
	if len([]rune(password)) < auth.MinPasswordLen {
		add("password", "password_not_secure")
	}
	if len(res.Errors) > 0 {
		return res
	}
	fields := map[string]any{"password": password, "canLogin": true}
	if first != "" {
		fields["firstName"] = first
	}
	if last != "" {
		fields["lastName"] = last
	}
	body, _ := json.Marshal(fields)
	var in entity.Input
	_ = json.Unmarshal(body, &in)
	err = a.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		// Closing the row first and checking it was still open keeps two
		// clicks of one link from both setting a password.
		res, err := a.Engine.DB.Q(ctx).ExecContext(ctx, a.Engine.DB.Dialect.Rebind(`UPDATE employee_invites
			SET used_at = ? WHERE id = ? AND used_at IS NULL`), a.Engine.Now().UnixMilli(), p.ID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return errInviteUsed
		}
		_, err = a.Engine.Update(ctx, sys, "Employee", p.Employee, in)
		return err
	})
	if errors.Is(err, errInviteUsed) {
		return api.Fail(http.StatusNotFound, "invite_link_invalid", r.Message("invite_link_invalid"))
	}
	emailInUse(err)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{"employee": value.EncodeLink(value.Link{Type: "Employee", ID: p.Employee}),
		"login": rec.String("login")})
}

var errInviteUsed = errors.New("staff: invitation already used")

// emailInUse names the e-mail, not the login, when an invitee's address
// is already someone's login: the invitee typed an e-mail.
func emailInUse(err error) {
	var inv *entity.Invalid
	if errors.As(err, &inv) {
		for i, fe := range inv.Errors {
			if fe.Code == "login_in_use" {
				inv.Errors[i] = entity.FieldError{Field: "email", Code: "email_in_use"}
			}
		}
	}
}
