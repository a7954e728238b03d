package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/staff"
	"github.com/artel/artel/internal/value"
)

// Employee lifecycle: dismissal (fire) and taking back (restoreFired),
// block and unblock, as in API v3. Who may sign in is decided by the
// sign_in_bans table in auth; the Employee fields isWorking, fireDay and
// canLogin mirror it for readers. See docs/people.md.

func init() {
	routeSets = append(routeSets, map[string]handler{
		"POST /employee/{id}/fire":         peopleFire,
		"POST /employee/{id}/restoreFired": peopleRestore,
		"POST /employee/{id}/block":        peopleBlock,
		"POST /employee/{id}/unblock":      peopleUnblock,
		"GET /employee/{id}/prepareFire":   peoplePrepareFire,
	})
	// Wording of this area's error types; entries the shared table already
	// has win, so a later edit there is not silently overridden.
	for k, v := range map[string][2]string{
		"access_denied":        {"Нет доступа", "Access denied"},
		"too_many_requests":    {"Слишком много неудачных попыток входа, повторите через %s с", "Too many failed sign-in attempts, retry in %s s"},
		"user_blocked":         {"Вход запрещён: пользователь заблокирован или уволен", "Sign-in refused: the user is blocked or dismissed"},
		"wrong_password":       {"Неверный текущий пароль", "Wrong current password"},
		"self_action":          {"Нельзя уволить или заблокировать себя", "You cannot dismiss or block yourself"},
		"employee_not_working": {"Сотрудник уволен", "The employee is dismissed"},
		"email_required":       {"Необходимо ввести e-mail", "E-mail is required"},
		"email_wrong_format":   {"Неверный формат почты", "Wrong e-mail format"},
		"broken_email":         {"Некорректный email", "Invalid e-mail"},
		"email_in_use":         {"Этот e-mail уже используется", "This e-mail is already in use"},
		"invite_link_invalid":  {"Ссылка-приглашение недействительна", "The invite link is invalid or disabled"},
		"invalid_cidr":         {"Неверный адрес или подсеть: %s", "Invalid address or CIDR: %s"},
		"ip_lockout":           {"Список не включает ваш адрес %s: вы не сможете войти", "The list leaves out your address %s: you could not sign in"},
	} {
		if _, ok := messages[k]; !ok {
			messages[k] = v
		}
	}
}

// peopleAdminOnly refuses callers who are not administrators.
func peopleAdminOnly(c *call) (Response, bool) {
	if c.sc.Admin {
		return Response{}, false
	}
	return fail(http.StatusForbidden, "access_denied", c.say("access_denied")), true
}

func peopleInvalid(c *call, field, typ string, args ...string) Response {
	return Response{Status: http.StatusUnprocessableEntity,
		Errors: []ErrorEntry{{Field: field, Type: typ, Message: c.say(typ, args...)}}}
}

// peopleChange is one lifecycle action on an employee, run in a transaction
// with the employee record and the sign-in bans in hand.
type peopleChange func(ctx context.Context, rec *entity.Record, bans map[string]bool) error

// peopleAct runs an admin-only action on employee id and answers the
// employee as GET /employee/{id} would. An administrator may not fire or
// block themselves: nobody would be left to undo it.
func (s *Server) peopleAct(ctx context.Context, c *call, id int64, selfOK bool, act peopleChange) Response {
	if res, denied := peopleAdminOnly(c); denied {
		return res
	}
	me := value.Link{Type: "Employee", ID: id}
	if !selfOK && c.sc.Actor == me {
		return peopleInvalid(c, "id", "self_action")
	}
	err := s.DB.WithTx(ctx, func(ctx context.Context) error {
		rec, err := s.Engine.Get(ctx, c.sc, "Employee", id)
		if err != nil {
			return err
		}
		bans, err := s.Auth.Bans(ctx, c.sc.Account, me)
		if err != nil {
			return err
		}
		return act(ctx, rec, bans)
	})
	var ref *peopleRefusal
	if errors.As(err, &ref) {
		return ref.res
	}
	if err != nil {
		return s.errorResponse(c, err)
	}
	return s.get(ctx, c, "Employee", id)
}

// peopleRefusal lets an action inside the transaction refuse with a ready
// answer, rolling the transaction back.
type peopleRefusal struct{ res Response }

func (r *peopleRefusal) Error() string { return "api: refused: " + http.StatusText(r.res.Status) }

// peopleMirror writes the Employee fields that show the bans: isWorking
// and fireDay for dismissal, canLogin for both (and for having a password).
func (s *Server) peopleMirror(ctx context.Context, c *call, rec *entity.Record, bans map[string]bool) error {
	has, err := s.Auth.HasCredentials(ctx, c.sc.Account, rec.Link())
	if err != nil {
		return err
	}
	ch := entity.NewChange(c.sc, rec.Type, rec)
	ch.Set("isWorking", boolInt(!bans[auth.BanFired]))
	ch.Set("canLogin", boolInt(has && len(bans) == 0))
	if _, ok := rec.Links["mainVacancy"]; ok && bans[auth.BanFired] {
		ch.Links["mainVacancy"] = nil // the post is vacated, see peopleVacate
	}
	switch {
	case !bans[auth.BanFired]:
		ch.Set("fireDay", nil)
	case rec.Values["fireDay"] == nil || rec.Values["isWorking"] != int64(0):
		ch.Set("fireDay", s.Engine.Now().UnixMilli())
	}
	_, err = s.Engine.Save(ctx, ch)
	return err
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// peopleFire dismisses an employee: no more sign-in, sessions ended, and
// with a replacement ({"newEmployee": link}, or the body being the link
// itself) every role of theirs moves to that person in the same transaction.
func peopleFire(s *Server, ctx context.Context, c *call, ids []int64) Response {
	repl, res := peopleReplacement(c, ids[0])
	if res != nil {
		return *res
	}
	return s.peopleAct(ctx, c, ids[0], false, func(ctx context.Context, rec *entity.Record, bans map[string]bool) error {
		if repl != nil {
			if err := s.peopleCheckReplacement(ctx, c, *repl); err != nil {
				return err
			}
		}
		if err := s.Auth.Ban(ctx, c.sc.Account, rec.Link(), auth.BanFired); err != nil {
			return err
		}
		bans[auth.BanFired] = true
		if err := s.peopleMirror(ctx, c, rec, bans); err != nil {
			return err
		}
		if err := s.peopleVacate(ctx, c.sc, rec); err != nil {
			return err
		}
		if repl == nil {
			return nil
		}
		return staff.Reassign(ctx, s.Engine, c.sc, rec.Link(), *repl)
	})
}

// peopleReplacement reads the optional replacement of a dismissal.
func peopleReplacement(c *call, fired int64) (*value.Link, *Response) {
	if len(c.body) == 0 || string(c.body) == "null" {
		return nil, nil
	}
	var body map[string]json.RawMessage
	if json.Unmarshal(c.body, &body) != nil {
		res := fail(http.StatusBadRequest, "malformed_json", c.say("malformed_json"))
		return nil, &res
	}
	raw, field := body["newEmployee"], "newEmployee"
	if raw == nil {
		if body["contentType"] == nil || body["id"] == nil {
			return nil, nil
		}
		raw, field = c.body, "id"
	}
	if string(raw) == "null" {
		return nil, nil
	}
	l, err := value.DecodeLink(raw, []string{"Employee"})
	if err != nil {
		bad := &entity.Invalid{}
		bad.Add(field, value.CodeType, "Employee")
		res := Response{Status: http.StatusUnprocessableEntity, Errors: []ErrorEntry{c.fieldError(bad.Errors[0])}}
		return nil, &res
	}
	if l.ID == fired {
		// A client that sends the dismissed employee back as the body
		// names no replacement.
		return nil, nil
	}
	return &l, nil
}

// peopleCheckReplacement refuses a replacement that does not exist or is
// dismissed too.
func (s *Server) peopleCheckReplacement(ctx context.Context, c *call, repl value.Link) error {
	if _, err := s.Engine.Get(ctx, c.sc, "Employee", repl.ID); errors.Is(err, entity.ErrNotFound) {
		return entity.Invalidf("newEmployee", entity.CodeLinkNotFound, "Employee "+itoa(repl.ID))
	} else if err != nil {
		return err
	}
	bans, err := s.Auth.Bans(ctx, c.sc.Account, repl)
	if err != nil {
		return err
	}
	if bans[auth.BanFired] {
		return &peopleRefusal{peopleInvalid(c, "newEmployee", "employee_not_working")}
	}
	return nil
}

// peopleRestore takes a dismissed employee back. A block, if any, stays.
func peopleRestore(s *Server, ctx context.Context, c *call, ids []int64) Response {
	return s.peopleAct(ctx, c, ids[0], true, func(ctx context.Context, rec *entity.Record, bans map[string]bool) error {
		if err := s.Auth.Unban(ctx, c.sc.Account, rec.Link(), auth.BanFired); err != nil {
			return err
		}
		delete(bans, auth.BanFired)
		return s.peopleMirror(ctx, c, rec, bans)
	})
}

// peopleBlock stops an employee signing in and ends their sessions,
// without dismissing them: their roles stay.
func peopleBlock(s *Server, ctx context.Context, c *call, ids []int64) Response {
	return s.peopleAct(ctx, c, ids[0], false, func(ctx context.Context, rec *entity.Record, bans map[string]bool) error {
		if err := s.Auth.Ban(ctx, c.sc.Account, rec.Link(), auth.BanBlocked); err != nil {
			return err
		}
		bans[auth.BanBlocked] = true
		return s.peopleMirror(ctx, c, rec, bans)
	})
}

// peopleUnblock lifts a block. A dismissal, if any, stays.
func peopleUnblock(s *Server, ctx context.Context, c *call, ids []int64) Response {
	return s.peopleAct(ctx, c, ids[0], true, func(ctx context.Context, rec *entity.Record, bans map[string]bool) error {
		if err := s.Auth.Unban(ctx, c.sc.Account, rec.Link(), auth.BanBlocked); err != nil {
			return err
		}
		delete(bans, auth.BanBlocked)
		return s.peopleMirror(ctx, c, rec, bans)
	})
}
