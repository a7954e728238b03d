package staff

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/mail"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/api"

	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Invitation by link: an administrator hands out /inviteForm/{uuid}; whoever
// opens it registers with POST /inviteLinkRegistration (no token: the
// caller has no account yet) and then signs in as usual.

// peopleInviteCurrent answers the account's invite link, creating one on
// first use; a POST may switch it ({"enabled": false}) or give it a new
// address ({"refreshUuid": true}).
func (a *HTTP) peopleInviteCurrent(ctx context.Context, r *api.Request) api.Response {
	if res, denied := peopleAdminOnly(r); denied {
		return res
	}
	l, err := a.Auth.CurrentInvite(ctx, r.Scope().Account)
	if err != nil {
		return r.Fail(err)
	}
	return a.peopleInviteUpdate(ctx, r, l.ID, false)
}

func (a *HTTP) peopleInviteOne(ctx context.Context, r *api.Request) api.Response {
	if res, denied := peopleAdminOnly(r); denied {
		return res
	}
	return a.peopleInviteUpdate(ctx, r, r.IDs[0], false)
}

func (a *HTTP) peopleInviteRefresh(ctx context.Context, r *api.Request) api.Response {
	if res, denied := peopleAdminOnly(r); denied {
		return res
	}
	return a.peopleInviteUpdate(ctx, r, r.IDs[0], true)
}

func (a *HTTP) peopleInviteList(ctx context.Context, r *api.Request) api.Response {
	if res, denied := peopleAdminOnly(r); denied {
		return res
	}
	links, err := a.Auth.InviteLinks(ctx, r.Scope().Account)
	if err != nil {
		return r.Fail(err)
	}
	out := make([]any, 0, len(links))
	for _, l := range links {
		v, err := a.peopleInviteJSON(ctx, r, l)
		if err != nil {
			return r.Fail(err)
		}
		out = append(out, v)
	}
	return api.OK(out)
}

// peopleInviteDelete deletes a link (the reference's DELETE
// /inviteLink/{id}): its address stops working at once, its list of who
// registered goes with it, the employees stay. The next GET
// /employee/inviteLink makes a new link with a new address, which nobody
// has until an administrator hands it out.
func (a *HTTP) peopleInviteDelete(ctx context.Context, r *api.Request) api.Response {
	if res, denied := peopleAdminOnly(r); denied {
		return res
	}
	err := a.Auth.DeleteInvite(ctx, r.Scope().Account, r.IDs[0])
	if errors.Is(err, auth.ErrInviteInvalid) {
		return r.NotFound()
	}
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(nil)
}

// peopleInviteForget takes an employee off a link's list (DELETE
// /inviteLink/{id}/employees/{employeeId}) and answers the link; the
// employee is not touched.
func (a *HTTP) peopleInviteForget(ctx context.Context, r *api.Request) api.Response {
	if res, denied := peopleAdminOnly(r); denied {
		return res
	}
	err := a.Auth.ForgetInviteEmployee(ctx, r.Scope().Account, r.IDs[0], r.IDs[1])
	if errors.Is(err, auth.ErrInviteInvalid) || errors.Is(err, auth.ErrNotRegistered) {
		return r.NotFound()
	}
	if err != nil {
		return r.Fail(err)
	}
	return a.peopleInviteUpdate(ctx, r, r.IDs[0], false)
}

// peopleInviteUpdate applies a POST body (if any) to link id and answers it.
func (a *HTTP) peopleInviteUpdate(ctx context.Context, r *api.Request, id int64, refresh bool) api.Response {
	var body struct {
		Enabled     *bool `json:"enabled"`
		RefreshUUID bool  `json:"refreshUuid"`
	}
	if r.Method() == http.MethodPost && len(r.Body()) > 0 && json.Unmarshal(r.Body(), &body) != nil {
		return api.Fail(http.StatusBadRequest, "malformed_json", r.Message("malformed_json"))
	}
	var l *auth.InviteLink
	var err error
	if body.Enabled != nil || body.RefreshUUID || refresh {
		l, err = a.Auth.UpdateInvite(ctx, r.Scope().Account, id, body.Enabled, body.RefreshUUID || refresh)
	} else {
		l, err = a.Auth.Invite(ctx, r.Scope().Account, id)
	}
	if errors.Is(err, auth.ErrInviteInvalid) {
		return r.NotFound()
	}
	if err != nil {
		return r.Fail(err)
	}
	v, err := a.peopleInviteJSON(ctx, r, l)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(v)
}

// peopleInviteJSON is an InviteLink as API v3 shows it, plus the address
// to hand out (url) and its secret under the name the web route uses (hash).
func (a *HTTP) peopleInviteJSON(ctx context.Context, r *api.Request, l *auth.InviteLink) (map[string]any, error) {
	ids, err := a.Auth.InviteEmployees(ctx, r.Scope().Account, l.ID)
	if err != nil {
		return nil, err
	}
	emps := make([]any, len(ids))
	for i, id := range ids {
		emps[i] = value.EncodeLink(value.Link{Type: "Employee", ID: id})
	}
	return map[string]any{"contentType": "InviteLink", "id": strconv.FormatInt(l.ID, 10), "uuid": l.UUID, "hash": l.UUID,
		"url": "/inviteForm/" + l.UUID, "enabled": l.Enabled, "employees": emps, "employeesCount": len(ids),
		"timeCreated": value.DateTime{}.Encode(l.Created.UnixMilli(), r.Options())}, nil
}

// peopleRegister creates an employee from an InviteLinkRegistration
// {uuid, firstName, lastName, email, password}; the e-mail becomes the
// login. It answers the new employee's link and login; the client then
// signs in through the token endpoint or the cookie login, where the
// IP allow-list and throttling apply.
func (a *HTTP) peopleRegister(ctx context.Context, r *api.Request) api.Response {
	var req struct {
		UUID      string `json:"uuid"`
		Hash      string `json:"hash"`
		FirstName string `json:"firstName"`
		LastName  string `json:"lastName"`
		Email     string `json:"email"`
		Password  string `json:"password"`
	}
	if len(r.Body()) == 0 || json.Unmarshal(r.Body(), &req) != nil {
		return api.Fail(http.StatusBadRequest, "malformed_json", r.Message("malformed_json"))
	}
	if req.UUID == "" {
		req.UUID = req.Hash
	}
	p, personal, err := a.personalByToken(ctx, r.Scope().Account, req.UUID)
	if err != nil {
		return r.Fail(err)
	}
	if personal {
		return a.personalRegister(ctx, r, p, req.FirstName, req.LastName, req.Password)
	}
	link, err := a.Auth.InviteByUUID(ctx, r.Scope().Account, req.UUID)
	if errors.Is(err, auth.ErrInviteInvalid) || req.UUID == "" {
		return api.Fail(http.StatusNotFound, "invite_link_invalid", r.Message("invite_link_invalid"))
	}
	if err != nil {
		return r.Fail(err)
	}
	req.Email = strings.TrimSpace(req.Email)
	res := api.Response{Status: http.StatusUnprocessableEntity}
	add := func(field, typ string) {
		res.Errors = append(res.Errors, api.ErrorEntry{Field: field, Type: typ, Message: r.Message(typ)})
	}
	if strings.TrimSpace(req.FirstName) == "" {
		add("firstName", entity.CodeRequired)
	}
	if strings.TrimSpace(req.LastName) == "" {
		add("lastName", entity.CodeRequired)
	}
	if typ := peopleEmailProblem(req.Email); typ != "" {
		add("email", typ)
	}
	if len([]rune(req.Password)) < auth.MinPasswordLen {
		add("password", "password_not_secure")
	}
	if len(res.Errors) > 0 {
		return res
	}
	body, _ := json.Marshal(map[string]any{"firstName": strings.TrimSpace(req.FirstName),
		"lastName": strings.TrimSpace(req.LastName), "login": req.Email, "password": req.Password,
		"isWorking": true, "canLogin": true, "contactInfo": []any{map[string]any{
			"contentType": "ContactInfo", "type": "email", "value": req.Email, "isMain": true}}})
	var in entity.Input
	_ = json.Unmarshal(body, &in)
	var rec *entity.Record
	err = a.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		// The caller has no account yet, so nobody's rights apply: the
		// link is the permission.
		rec, err = a.Engine.Create(ctx, entity.Scope{Account: r.Scope().Account, System: true}, "Employee", in)
		if err != nil {
			return err
		}
		return a.Auth.RecordInvite(ctx, r.Scope().Account, link.ID, rec.ID)
	})
	if errors.Is(err, auth.ErrInviteInvalid) { // deleted or switched off meanwhile
		return api.Fail(http.StatusNotFound, "invite_link_invalid", r.Message("invite_link_invalid"))
	}
	emailInUse(err)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{"employee": value.EncodeLink(rec.Link()), "login": req.Email})
}

// peopleEmailProblem names what is wrong with an e-mail, as the error
// types of employee creation: email_required (empty), email_wrong_format
// (not an address at all), broken_email (an address no mail can reach:
// a domain without a dot, or with empty labels).
func peopleEmailProblem(email string) string {
	if email == "" {
		return "email_required"
	}
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Name != "" || addr.Address != email {
		return "email_wrong_format"
	}
	domain := email[strings.LastIndexByte(email, '@')+1:]
	if !strings.Contains(domain, ".") || strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") ||
		strings.Contains(domain, "..") {
		return "broken_email"
	}
	return ""
}
