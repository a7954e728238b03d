package staff

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/artel/artel/internal/api"

	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/discuss/mail"
	"github.com/artel/artel/internal/value"
)

// Employee lifecycle: dismissal (fire) and taking back (restoreFired),
// block and unblock, as in API v3. Who may sign in is decided by the
// sign_in_bans table in auth; the Employee fields isWorking, fireDay and
// canLogin mirror it for readers. See docs/people.md.

// HTTP is the staff routes: an employee's lifecycle (fire, restore,
// block, unblock, what firing would hand over) and invite links.
type HTTP struct {
	Engine *entity.Engine
	Auth   *auth.Service
	// Jobs runs dismissals with hand-over in the background; nil leaves
	// only the synchronous POST /employee/{id}/fire.
	Jobs *Jobs
	// Mail sends invitations by e-mail; nil leaves only invite links.
	Mail *mail.Module
}

// Routes registers the staff routes and wording.
func (a *HTTP) Routes(rt *api.Routes) {
	rt.Handle("POST /employee/{id}/fire", a.peopleFire)
	rt.Handle("POST /employee/{id}/restoreFired", a.peopleRestore)
	rt.Handle("POST /employee/{id}/block", a.peopleBlock)
	rt.Handle("POST /employee/{id}/unblock", a.peopleUnblock)
	rt.Handle("GET /employee/{id}/prepareFire", a.peoplePrepareFire)
	rt.Handle("POST /employee/{id}/fireJob", a.peopleFireJob)
	rt.Handle("GET /fireJob/{id}", a.peopleFireJobGet)
	rt.Handle("POST /fireJob/{id}/retry", a.peopleFireJobRetry)
	rt.Handle("GET /employee/birthdays", a.peopleBirthdays)
	rt.Handle("GET /employee/{id}/vacations", a.peopleVacations)
	rt.Handle("GET /employee/{id}/closestVacation", a.peopleClosestVacation)
	rt.Handle("GET /holiday", a.holidayList)
	rt.Handle("GET /holidayDay", a.holidayDays)
	rt.Handle("POST /holidayDay", a.holidayDaySave)
	rt.Handle("DELETE /holidayDay/{id}", a.holidayDayDelete)
	rt.Handle("GET /employee/inviteLink", a.peopleInviteCurrent)
	rt.Handle("POST /employee/inviteLink", a.peopleInviteCurrent)
	rt.Handle("GET /inviteLink", a.peopleInviteList)
	rt.Handle("GET /inviteLink/{id}", a.peopleInviteOne)
	rt.Handle("POST /inviteLink/{id}", a.peopleInviteOne)
	rt.Handle("GET /inviteLink/{id}/employees", a.peopleInviteOne)
	rt.Handle("POST /inviteLink/{id}/refreshUuid", a.peopleInviteRefresh)
	rt.Handle("DELETE /inviteLink/{id}", a.peopleInviteDelete)
	rt.Handle("DELETE /inviteLink/{id}/employees/{id}", a.peopleInviteForget)
	rt.Public("POST /inviteLinkRegistration", a.peopleRegister)
	rt.Public("GET /inviteLinkRegistration", a.inviteCheck)
	rt.Handle("POST /invitedEmployee", a.invitedCreate)
	rt.Handle("GET /invitedEmployee", a.invitedList)
	rt.Handle("POST /invitedEmployee/{id}/resend", a.invitedResend)
	rt.Handle("DELETE /invitedEmployee/{id}", a.invitedCancel)
	rt.Describe("POST /invitedEmployee/{id}/resend", [2]string{"Повторная отправка приглашения по почте", "Send an e-mail invitation again"})
	rt.Describe("DELETE /invitedEmployee/{id}", [2]string{"Отмена приглашения по почте", "Cancel an e-mail invitation"})
	rt.Messages(map[string][2]string{
		"self_action":          {"Нельзя уволить или заблокировать себя", "You cannot dismiss or block yourself"},
		"employee_not_working": {"Сотрудник уволен", "The employee is dismissed"},
		"email_required":       {"Необходимо ввести e-mail", "E-mail is required"},
		"email_wrong_format":   {"Неверный формат почты", "Wrong e-mail format"},
		"broken_email":         {"Некорректный email", "Invalid e-mail"},
		"email_in_use":         {"Этот e-mail уже используется", "This e-mail is already in use"},
		"self_replacement":     {"Сотрудник не может заменить сам себя", "An employee cannot replace themselves"},
		CodeCycle:              {"Отдел нельзя вложить в него самого или в его подотдел", "A department cannot be put inside itself or its own sub-department"},
		CodeAbsenceDays:        {"Отсутствие не может закончиться раньше, чем начнётся", "An absence cannot end before it begins"},
		"fire_job_no_failures": {"Повторять нечего: задание ещё идёт или всё передано", "Nothing to retry: the job is still running or everything was handed over"},
		"unknown_area":         {"Неизвестный раздел: %s", "Unknown area: %s"},
		"invite_link_invalid":  {"Ссылка-приглашение недействительна", "The invite link is invalid or disabled"},
		"invite_mail_subject":  {"Приглашение в Артель", "Invitation to Artel"},
		"invite_mail_text": {"Здравствуйте!\r\n\r\n%s приглашает вас работать вместе в Артели. Чтобы войти, откройте ссылку и задайте пароль:\r\n\r\n%s\r\n\r\nСсылка действует %s дней и только один раз.",
			"Hello,\r\n\r\n%s invites you to work together in Artel. To sign in, open the link and set a password:\r\n\r\n%s\r\n\r\nThe link works for %s days and only once."},
	})
}

// peopleAdminOnly refuses callers who are not administrators.
func peopleAdminOnly(r *api.Request) (api.Response, bool) {
	if r.Scope().Admin {
		return api.Response{}, false
	}
	return r.Denied(), true
}

// peopleChange is one lifecycle action on an employee, run in a transaction
// with the employee record and the sign-in bans in hand.
type peopleChange func(ctx context.Context, rec *entity.Record, bans map[string]bool) error

// peopleAct runs an admin-only action on employee id and answers the
// employee as GET /employee/{id} would. An administrator may not fire or
// block themselves: nobody would be left to undo it.
func (a *HTTP) peopleAct(ctx context.Context, r *api.Request, id int64, selfOK bool, act peopleChange) api.Response {
	if res, denied := peopleAdminOnly(r); denied {
		return res
	}
	me := value.Link{Type: "Employee", ID: id}
	if !selfOK && r.Scope().Actor == me {
		return r.FieldFail("id", "self_action")
	}
	err := a.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		rec, err := a.Engine.Get(ctx, r.Scope(), "Employee", id)
		if err != nil {
			return err
		}
		bans, err := a.Auth.Bans(ctx, r.Scope().Account, me)
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
		return r.Fail(err)
	}
	return r.Get(ctx, "Employee", id)
}

// peopleRefusal lets an action inside the transaction refuse with a ready
// answer, rolling the transaction back.
type peopleRefusal struct{ res api.Response }

func (r *peopleRefusal) Error() string { return "api: refused: " + http.StatusText(r.res.Status) }

// peopleMirror writes the Employee fields that show the bans: isWorking
// and fireDay for dismissal, canLogin for both (and for having a password).
func (a *HTTP) peopleMirror(ctx context.Context, r *api.Request, rec *entity.Record, bans map[string]bool) error {
	has, err := a.Auth.HasCredentials(ctx, r.Scope().Account, rec.Link())
	if err != nil {
		return err
	}
	ch := entity.NewChange(r.Scope(), rec.Type, rec)
	ch.Set("isWorking", boolInt(!bans[auth.BanFired]))
	ch.Set("canLogin", boolInt(has && len(bans) == 0))
	if _, ok := rec.Links["mainVacancy"]; ok && bans[auth.BanFired] {
		ch.Links["mainVacancy"] = nil // the post is vacated, see peopleVacate
	}
	switch {
	case !bans[auth.BanFired]:
		ch.Set("fireDay", nil)
	case rec.Values["fireDay"] == nil || rec.Values["isWorking"] != int64(0):
		ch.Set("fireDay", a.Engine.Now().UnixMilli())
	}
	_, err = a.Engine.Save(ctx, ch)
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
func (a *HTTP) peopleFire(ctx context.Context, r *api.Request) api.Response {
	repl, res := peopleReplacement(r, r.IDs[0])
	if res != nil {
		return *res
	}
	return a.peopleAct(ctx, r, r.IDs[0], false, func(ctx context.Context, rec *entity.Record, bans map[string]bool) error {
		if repl != nil {
			if err := a.peopleCheckReplacement(ctx, r, *repl); err != nil {
				return err
			}
		}
		if err := a.Auth.Ban(ctx, r.Scope().Account, rec.Link(), auth.BanFired); err != nil {
			return err
		}
		bans[auth.BanFired] = true
		if err := a.peopleMirror(ctx, r, rec, bans); err != nil {
			return err
		}
		if err := a.peopleVacate(ctx, r.Scope(), rec); err != nil {
			return err
		}
		if repl == nil {
			return nil
		}
		return Reassign(ctx, a.Engine, r.Scope(), rec.Link(), *repl)
	})
}

// peopleReplacement reads the optional replacement of a dismissal.
func peopleReplacement(r *api.Request, fired int64) (*value.Link, *api.Response) {
	if len(r.Body()) == 0 || string(r.Body()) == "null" {
		return nil, nil
	}
	var body map[string]json.RawMessage
	if json.Unmarshal(r.Body(), &body) != nil {
		res := api.Fail(http.StatusBadRequest, "malformed_json", r.Message("malformed_json"))
		return nil, &res
	}
	raw, field := body["newEmployee"], "newEmployee"
	if raw == nil {
		if body["contentType"] == nil || body["id"] == nil {
			return nil, nil
		}
		raw, field = r.Body(), "id"
	}
	if string(raw) == "null" {
		return nil, nil
	}
	l, err := value.DecodeLink(raw, []string{"Employee"})
	if err != nil {
		bad := &entity.Invalid{}
		bad.Add(field, value.CodeType, "Employee")
		res := api.Response{Status: http.StatusUnprocessableEntity, Errors: []api.ErrorEntry{r.FieldError(bad.Errors[0])}}
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
func (a *HTTP) peopleCheckReplacement(ctx context.Context, r *api.Request, repl value.Link) error {
	if _, err := a.Engine.Get(ctx, r.Scope(), "Employee", repl.ID); errors.Is(err, entity.ErrNotFound) {
		return entity.Invalidf("newEmployee", entity.CodeLinkNotFound, "Employee "+strconv.FormatInt(repl.ID, 10))
	} else if err != nil {
		return err
	}
	bans, err := a.Auth.Bans(ctx, r.Scope().Account, repl)
	if err != nil {
		return err
	}
	if bans[auth.BanFired] {
		return &peopleRefusal{r.FieldFail("newEmployee", "employee_not_working")}
	}
	return nil
}

// peopleRestore takes a dismissed employee back. A block, if any, stays.
func (a *HTTP) peopleRestore(ctx context.Context, r *api.Request) api.Response {
	return a.peopleAct(ctx, r, r.IDs[0], true, func(ctx context.Context, rec *entity.Record, bans map[string]bool) error {
		if err := a.Auth.Unban(ctx, r.Scope().Account, rec.Link(), auth.BanFired); err != nil {
			return err
		}
		delete(bans, auth.BanFired)
		return a.peopleMirror(ctx, r, rec, bans)
	})
}

// peopleBlock stops an employee signing in and ends their sessions,
// without dismissing them: their roles stay.
func (a *HTTP) peopleBlock(ctx context.Context, r *api.Request) api.Response {
	return a.peopleAct(ctx, r, r.IDs[0], false, func(ctx context.Context, rec *entity.Record, bans map[string]bool) error {
		if err := a.Auth.Ban(ctx, r.Scope().Account, rec.Link(), auth.BanBlocked); err != nil {
			return err
		}
		bans[auth.BanBlocked] = true
		return a.peopleMirror(ctx, r, rec, bans)
	})
}

// peopleUnblock lifts a block. A dismissal, if any, stays.
func (a *HTTP) peopleUnblock(ctx context.Context, r *api.Request) api.Response {
	return a.peopleAct(ctx, r, r.IDs[0], true, func(ctx context.Context, rec *entity.Record, bans map[string]bool) error {
		if err := a.Auth.Unban(ctx, r.Scope().Account, rec.Link(), auth.BanBlocked); err != nil {
			return err
		}
		delete(bans, auth.BanBlocked)
		return a.peopleMirror(ctx, r, rec, bans)
	})
}
