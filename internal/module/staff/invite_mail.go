package staff

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"net/mail"
	"strconv"
	"strings"
	"time"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/entity"
	mailmod "github.com/artel/artel/internal/module/discuss/mail"
	"github.com/artel/artel/internal/value"
)

// Invitation by e-mail (API v3 POST /invitedEmployee): an administrator
// names people by address; each becomes an employee without a password,
// and an e-mail with a personal link (/inviteForm/{token}) goes out from
// the administrator's own mail account, else a shared one. Opening the
// link, the person sets a password (POST /inviteLinkRegistration with the
// token) and signs in. See docs/people.md, "Invitation by e-mail".

// InviteTTL is how long a personal invitation link works.
const InviteTTL = 14 * 24 * time.Hour

// invitee is one InvitedEmployee of a request, as parsed.
type invitee struct {
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Mail      string `json:"mail"`
	RawString string `json:"rawString"`
	parsed    bool
}

// parseInvitee reads mail and names from the fields, or from rawString
// ("Иван Петров <ivan@example.com>" or a bare address); a name split at
// its first space gives the first and last names.
func parseInvitee(in *invitee) string {
	in.FirstName, in.LastName = strings.TrimSpace(in.FirstName), strings.TrimSpace(in.LastName)
	in.Mail = strings.TrimSpace(in.Mail)
	if in.Mail == "" && strings.TrimSpace(in.RawString) != "" {
		a, err := mail.ParseAddress(strings.TrimSpace(in.RawString))
		if err != nil {
			return "email_wrong_format"
		}
		in.Mail = a.Address
		if in.FirstName == "" && in.LastName == "" {
			first, last, _ := strings.Cut(strings.TrimSpace(a.Name), " ")
			in.FirstName, in.LastName = first, strings.TrimSpace(last)
		}
	}
	if typ := peopleEmailProblem(in.Mail); typ != "" {
		return typ
	}
	in.parsed = true
	return ""
}

func (a *HTTP) invitedCreate(ctx context.Context, r *api.Request) api.Response {
	if res, denied := peopleAdminOnly(r); denied {
		return res
	}
	if a.Mail == nil {
		return r.NoRoute()
	}
	var list []invitee
	body := r.Body()
	if len(body) > 0 && body[0] == '{' {
		body = append(append([]byte{'['}, body...), ']')
	}
	if len(body) == 0 || json.Unmarshal(body, &list) != nil {
		return api.Fail(http.StatusBadRequest, "malformed_json", r.Message("malformed_json"))
	}
	sc := r.Scope()
	res := api.Response{Status: http.StatusUnprocessableEntity}
	if len(list) == 0 {
		res.Errors = append(res.Errors, api.ErrorEntry{Field: "mail", Type: "email_required", Message: r.Message("email_required")})
	}
	for i := range list {
		if typ := parseInvitee(&list[i]); typ != "" {
			res.Errors = append(res.Errors, api.ErrorEntry{Field: "[" + strconv.Itoa(i) + "].mail", Type: typ, Message: r.Message(typ)})
		}
	}
	if len(res.Errors) > 0 {
		return res
	}
	if _, err := a.Mail.NoticeSender(ctx, sc); err != nil {
		return r.Fail(err)
	}
	out := make([]any, len(list))
	err := a.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		for i := range list {
			v, err := a.inviteOne(ctx, r, &list[i])
			if err != nil {
				return err
			}
			out[i] = v
		}
		return nil
	})
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(out)
}

// inviteOne invites one person: a login already signing in is only
// reported (exists); someone invited before and not yet registered is
// sent a new link (the old ones stop working); anyone else becomes a new
// employee without a password.
func (a *HTTP) inviteOne(ctx context.Context, r *api.Request, in *invitee) (map[string]any, error) {
	sc := r.Scope()
	db := a.Engine.DB
	login := auth.NormalizeLogin(in.Mail)
	var taken int
	if err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT COUNT(*) FROM credentials
		WHERE account_id = ? AND login = ?`), sc.Account, login).Scan(&taken); err != nil {
		return nil, err
	}
	answer := map[string]any{"contentType": "InvitedEmployee", "firstName": in.FirstName, "lastName": in.LastName,
		"mail": in.Mail, "rawString": in.RawString, "parsed": in.parsed, "exists": taken > 0, "employee": nil}
	if taken > 0 {
		return answer, nil
	}
	var emp int64
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT COALESCE(MAX(employee_id), 0) FROM employee_invites
		WHERE account_id = ? AND email = ?`), sc.Account, login).Scan(&emp)
	if err != nil {
		return nil, err
	}
	sys := entity.Scope{Account: sc.Account, System: true}
	var rec *entity.Record
	if emp != 0 {
		// One invited before is invited again, unless dismissed or
		// deleted since: then the address makes a new employee.
		rec, err = a.Engine.Get(ctx, sys, "Employee", emp)
		if errors.Is(err, entity.ErrNotFound) || (err == nil && rec.Values["isWorking"] == int64(0)) {
			rec, err = nil, nil
		}
		if err != nil {
			return nil, err
		}
	}
	if rec == nil {
		if emp, err = a.inviteeCreate(ctx, sc, in); err != nil {
			return nil, err
		}
		if rec, err = a.Engine.Get(ctx, sys, "Employee", emp); err != nil {
			return nil, err
		}
	}
	if err := a.sendInvite(ctx, r, rec, in.Mail, login); err != nil {
		return nil, err
	}
	answer["employee"] = value.EncodeLink(rec.Link())
	answer["firstName"], answer["lastName"] = rec.String("firstName"), rec.String("lastName")
	return answer, nil
}

// sendInvite writes a new link for the employee (their older links stop
// working) and queues the e-mail that carries it, from the caller.
func (a *HTTP) sendInvite(ctx context.Context, r *api.Request, rec *entity.Record, to, login string) error {
	sc := r.Scope()
	token, err := a.inviteToken(ctx, sc, rec.ID, login)
	if err != nil {
		return err
	}
	url := r.Origin() + "/inviteForm/" + token
	msg, err := a.Mail.Notify(ctx, sc, mailmod.Notice{To: to, About: rec.Link(),
		Subject: r.Message("invite_mail_subject"),
		Text:    r.Message("invite_mail_text", peopleName(a.actorName(ctx, sc)), url, strconv.Itoa(int(InviteTTL.Hours()/24)))})
	if err != nil {
		return err
	}
	return a.Engine.DB.Exec(ctx, `UPDATE employee_invites SET mail_message_id = ? WHERE account_id = ? AND token_hash = ?`,
		msg.ID, sc.Account, tokenHash(token))
}

// inviteeCreate makes the employee: the address is the login and the
// contact e-mail; without a name both names are the address, which the
// web app takes as "ask for a name" (auth.NeedsName).
func (a *HTTP) inviteeCreate(ctx context.Context, sc entity.Scope, in *invitee) (int64, error) {
	first, last := in.FirstName, in.LastName
	if first == "" && last == "" {
		first, last = in.Mail, in.Mail
	}
	body, _ := json.Marshal(map[string]any{"firstName": first, "lastName": last, "login": in.Mail, "isWorking": true,
		"contactInfo": []any{map[string]any{"contentType": "ContactInfo", "type": "email", "value": in.Mail, "isMain": true}}})
	var input entity.Input
	_ = json.Unmarshal(body, &input)
	rec, err := a.Engine.Create(ctx, sc, "Employee", input)
	if err != nil {
		return 0, err
	}
	return rec.ID, nil
}

// inviteToken voids the person's earlier links and writes a new one,
// answering its secret (only its hash is kept).
func (a *HTTP) inviteToken(ctx context.Context, sc entity.Scope, emp int64, login string) (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	token := base64.RawURLEncoding.EncodeToString(b)
	now := a.Engine.Now()
	db := a.Engine.DB
	if err := db.Exec(ctx, `UPDATE employee_invites SET used_at = ? WHERE account_id = ? AND employee_id = ?
		AND used_at IS NULL`, now.UnixMilli(), sc.Account, emp); err != nil {
		return "", err
	}
	err := db.Exec(ctx, `INSERT INTO employee_invites (account_id, employee_id, email, token_hash, invited_by,
		created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)`, sc.Account, emp, login, tokenHash(token), sc.Actor.ID,
		now.UnixMilli(), now.Add(InviteTTL).UnixMilli())
	return token, err
}

func tokenHash(t string) string {
	h := sha256.Sum256([]byte(t))
	return hex.EncodeToString(h[:])
}

func (a *HTTP) actorName(ctx context.Context, sc entity.Scope) *entity.Record {
	rec, err := a.Engine.Get(ctx, entity.Scope{Account: sc.Account, System: true}, sc.Actor.Type, sc.Actor.ID)
	if err != nil {
		return nil
	}
	return rec
}

// peopleName is "First Last" of an employee record ("" for none).
func peopleName(rec *entity.Record) string {
	if rec == nil {
		return ""
	}
	return strings.TrimSpace(rec.String("firstName") + " " + rec.String("lastName"))
}
