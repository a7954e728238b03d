package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/mail"
	"strings"

	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Invitation by link: an administrator hands out /inviteForm/{uuid}; whoever
// opens it registers with POST /inviteLinkRegistration (no token: the
// caller has no account yet) and then signs in as usual.

func init() {
	routeSets = append(routeSets, map[string]handler{
		"GET /employee/inviteLink":          peopleInviteCurrent,
		"POST /employee/inviteLink":         peopleInviteCurrent,
		"GET /inviteLink":                   peopleInviteList,
		"GET /inviteLink/{id}":              peopleInviteOne,
		"POST /inviteLink/{id}":             peopleInviteOne,
		"GET /inviteLink/{id}/employees":    peopleInviteOne,
		"POST /inviteLink/{id}/refreshUuid": peopleInviteRefresh,
		"POST /inviteLinkRegistration":      peopleRegister,
	})
}

// peopleInviteCurrent answers the account's invite link, creating one on
// first use; a POST may switch it ({"enabled": false}) or give it a new
// address ({"refreshUuid": true}).
func peopleInviteCurrent(s *Server, ctx context.Context, c *call, _ []int64) Response {
	if res, denied := peopleAdminOnly(c); denied {
		return res
	}
	l, err := s.Auth.CurrentInvite(ctx, c.sc.Account)
	if err != nil {
		return s.errorResponse(c, err)
	}
	return s.peopleInviteUpdate(ctx, c, l.ID, false)
}

func peopleInviteOne(s *Server, ctx context.Context, c *call, ids []int64) Response {
	if res, denied := peopleAdminOnly(c); denied {
		return res
	}
	return s.peopleInviteUpdate(ctx, c, ids[0], false)
}

func peopleInviteRefresh(s *Server, ctx context.Context, c *call, ids []int64) Response {
	if res, denied := peopleAdminOnly(c); denied {
		return res
	}
	return s.peopleInviteUpdate(ctx, c, ids[0], true)
}

func peopleInviteList(s *Server, ctx context.Context, c *call, _ []int64) Response {
	if res, denied := peopleAdminOnly(c); denied {
		return res
	}
	links, err := s.Auth.InviteLinks(ctx, c.sc.Account)
	if err != nil {
		return s.errorResponse(c, err)
	}
	out := make([]any, 0, len(links))
	for _, l := range links {
		v, err := s.peopleInviteJSON(ctx, c, l)
		if err != nil {
			return s.errorResponse(c, err)
		}
		out = append(out, v)
	}
	return ok(out)
}

// peopleInviteUpdate applies a POST body (if any) to link id and answers it.
func (s *Server) peopleInviteUpdate(ctx context.Context, c *call, id int64, refresh bool) Response {
	var body struct {
		Enabled     *bool `json:"enabled"`
		RefreshUUID bool  `json:"refreshUuid"`
	}
	if c.method == http.MethodPost && len(c.body) > 0 && json.Unmarshal(c.body, &body) != nil {
		return fail(http.StatusBadRequest, "malformed_json", c.say("malformed_json"))
	}
	var l *auth.InviteLink
	var err error
	if body.Enabled != nil || body.RefreshUUID || refresh {
		l, err = s.Auth.UpdateInvite(ctx, c.sc.Account, id, body.Enabled, body.RefreshUUID || refresh)
	} else {
		l, err = s.Auth.Invite(ctx, c.sc.Account, id)
	}
	if errors.Is(err, auth.ErrInviteInvalid) {
		return s.notFound(c)
	}
	if err != nil {
		return s.errorResponse(c, err)
	}
	v, err := s.peopleInviteJSON(ctx, c, l)
	if err != nil {
		return s.errorResponse(c, err)
	}
	return ok(v)
}

// peopleInviteJSON is an InviteLink as API v3 shows it, plus the address
// to hand out (url) and its secret under the name the web route uses (hash).
func (s *Server) peopleInviteJSON(ctx context.Context, c *call, l *auth.InviteLink) (map[string]any, error) {
	ids, err := s.Auth.InviteEmployees(ctx, c.sc.Account, l.ID)
	if err != nil {
		return nil, err
	}
	emps := make([]any, len(ids))
	for i, id := range ids {
		emps[i] = value.EncodeLink(value.Link{Type: "Employee", ID: id})
	}
	return map[string]any{"contentType": "InviteLink", "id": itoa(l.ID), "uuid": l.UUID, "hash": l.UUID,
		"url": "/inviteForm/" + l.UUID, "enabled": l.Enabled, "employees": emps, "employeesCount": len(ids),
		"timeCreated": value.DateTime{}.Encode(l.Created.UnixMilli(), c.opt)}, nil
}

// peopleRegister creates an employee from an InviteLinkRegistration
// {uuid, firstName, lastName, email, password}; the e-mail becomes the
// login. It answers the new employee's link and login; the client then
// signs in through the token endpoint or the cookie login, where the
// IP allow-list and throttling apply.
func peopleRegister(s *Server, ctx context.Context, c *call, _ []int64) Response {
	var req struct {
		UUID      string `json:"uuid"`
		Hash      string `json:"hash"`
		FirstName string `json:"firstName"`
		LastName  string `json:"lastName"`
		Email     string `json:"email"`
		Password  string `json:"password"`
	}
	if len(c.body) == 0 || json.Unmarshal(c.body, &req) != nil {
		return fail(http.StatusBadRequest, "malformed_json", c.say("malformed_json"))
	}
	if req.UUID == "" {
		req.UUID = req.Hash
	}
	link, err := s.Auth.InviteByUUID(ctx, c.sc.Account, req.UUID)
	if errors.Is(err, auth.ErrInviteInvalid) || req.UUID == "" {
		return fail(http.StatusNotFound, "invite_link_invalid", c.say("invite_link_invalid"))
	}
	if err != nil {
		return s.errorResponse(c, err)
	}
	req.Email = strings.TrimSpace(req.Email)
	res := Response{Status: http.StatusUnprocessableEntity}
	add := func(field, typ string) {
		res.Errors = append(res.Errors, ErrorEntry{Field: field, Type: typ, Message: c.say(typ)})
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
	err = s.DB.WithTx(ctx, func(ctx context.Context) error {
		// The caller has no account yet, so nobody's rights apply: the
		// link is the permission.
		rec, err = s.Engine.Create(ctx, entity.Scope{Account: c.sc.Account, System: true}, "Employee", in)
		if err != nil {
			return err
		}
		return s.Auth.RecordInvite(ctx, c.sc.Account, link.ID, rec.ID)
	})
	var inv *entity.Invalid
	if errors.As(err, &inv) {
		for i, fe := range inv.Errors {
			if fe.Code == "login_in_use" {
				inv.Errors[i] = entity.FieldError{Field: "email", Code: "email_in_use"}
			}
		}
	}
	if err != nil {
		return s.errorResponse(c, err)
	}
	return ok(map[string]any{"employee": value.EncodeLink(rec.Link()), "login": req.Email})
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
