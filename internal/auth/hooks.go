package auth

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// MinPasswordLen is the shortest password accepted.
const MinPasswordLen = 8

// loginFields names the field holding each sign-in subject's login.
var loginFields = map[string]string{"Employee": "login", "ContractorHuman": "loginEmail"}

// Hook makes employees and guests get credentials when their body carries
// a password: POST /api/v3/employee {"login":..,"password":..} creates a
// user who can sign in. The password is never stored in the entity.
func (s *Service) Hook(e *entity.Engine) {
	for typ, loginField := range loginFields {
		loginField := loginField
		e.Hook(typ, entity.Hooks{
			BeforeSave: func(ctx context.Context, c *entity.Change) error {
				raw, ok := c.WriteOnly["password"]
				if !ok {
					return nil
				}
				var pw string
				if json.Unmarshal(raw, &pw) != nil {
					return &entity.Invalid{Errors: []entity.FieldError{{Field: "password", Code: value.CodeType,
						Value: &value.Error{Code: value.CodeType, Expected: "string"}}}}
				}
				if len([]rune(pw)) < MinPasswordLen {
					return entity.Invalidf("password", "password_not_secure", "")
				}
				if login(c, loginField) == "" {
					return entity.Invalidf(loginField, entity.CodeRequired, "")
				}
				// Giving someone a password means they are to sign in,
				// unless the body says otherwise; the licence quota then
				// counts them.
				if _, given := c.Values["canLogin"]; !given && c.New {
					c.Values["canLogin"] = int64(1)
				}
				return nil
			},
			AfterSave: func(ctx context.Context, c *entity.Change, rec *entity.Record) error {
				var pw string
				if raw, ok := c.WriteOnly["password"]; ok {
					_ = json.Unmarshal(raw, &pw)
				}
				lg := rec.String(loginField)
				var err error
				switch {
				case pw != "":
					err = s.SetPassword(ctx, c.Scope.Account, rec.Link(), lg, pw)
					// A password set for someone else (an administrator's
					// reset) ends their sessions; changing one's own goes
					// through currentUser/password, which keeps the current one.
					if err == nil && !c.New && c.Scope.Actor != rec.Link() {
						err = s.EndAll(ctx, c.Scope.Account, rec.Link())
					}
				case c.Values[loginField] != nil:
					err = s.renameLogin(ctx, c.Scope.Account, rec.Link(), lg)
				}
				if errors.Is(err, ErrLoginTaken) {
					return entity.Invalidf(loginField, "login_in_use", "")
				}
				return err
			},
		})
	}
}

func login(c *entity.Change, field string) string {
	if v, ok := c.Values[field]; ok {
		s, _ := v.(string)
		return s
	}
	if c.Old != nil {
		return c.Old.String(field)
	}
	return ""
}

// renameLogin moves existing credentials to a new login.
func (s *Service) renameLogin(ctx context.Context, account int64, subj value.Link, login string) error {
	err := s.DB.Exec(ctx, `UPDATE credentials SET login = ? WHERE account_id = ? AND subject_type = ? AND subject_id = ?`,
		NormalizeLogin(login), account, subj.Type, subj.ID)
	if err != nil && store.IsUniqueViolation(err) {
		return ErrLoginTaken
	}
	return err
}
