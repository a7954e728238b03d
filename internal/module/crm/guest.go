package crm

import (
	"strings"

	"github.com/artel/artel/internal/entity"
)

// checkGuest: a contact person's guest access (spec 001 §4.5: on, off,
// change of e-mail) signs in by loginEmail, so it needs one, and a real
// address. The credentials themselves are internal/auth's (a password in
// the body; a changed loginEmail moves them), and switching access off
// ends every session at the next request (internal/rights).
func checkGuest(c *entity.Change, after func(field string) string) error {
	email := after("loginEmail")
	if _, given := c.Values["loginEmail"]; given && email != "" && !isEmail(email) {
		return entity.Invalidf("loginEmail", CodeBadEmail, email)
	}
	on := c.Values["isGuestAccessEnabled"]
	if on == nil && c.Old != nil {
		on = c.Old.Values["isGuestAccessEnabled"]
	}
	if on == int64(1) && strings.TrimSpace(email) == "" {
		return entity.Invalidf("loginEmail", entity.CodeRequired, "")
	}
	return nil
}
