package api

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/artel/artel/internal/auth"
)

// The account's IP allow-list: GET answers it, POST {"cidrs": [...]}
// replaces it (an empty list turns it off). Sign-in from outside it is
// refused with 403 NotGranted 'Your IP-address failed validation'.

func securityIPAllowList(s *Server, ctx context.Context, c *call, _ []int64) Response {
	if res, denied := adminOnly(c); denied {
		return res
	}
	ip, err := s.peopleSessionIP(ctx, c)
	if err != nil {
		return s.errorResponse(c, err)
	}
	if c.method == http.MethodPost {
		var body struct {
			CIDRs []string `json:"cidrs"`
		}
		if len(c.body) == 0 || json.Unmarshal(c.body, &body) != nil {
			return fail(http.StatusBadRequest, "malformed_json", c.say("malformed_json"))
		}
		prefixes, bad, err := auth.ParseAllowList(body.CIDRs)
		if err != nil {
			return fieldFail(c, "cidrs", "invalid_cidr", body.CIDRs[bad])
		}
		// Refuse a list that leaves out the address the administrator
		// signed in from: they would lock themselves (and maybe everyone)
		// out. The operator can still clear the table by hand.
		if ip != "" && len(prefixes) > 0 && errors.Is(auth.AllowedBy(prefixes, ip), auth.ErrIPNotAllowed) {
			return fieldFail(c, "cidrs", "ip_lockout", ip)
		}
		if err := s.Auth.SetIPAllowList(ctx, c.sc.Account, prefixes); err != nil {
			return s.errorResponse(c, err)
		}
	}
	list, err := s.Auth.IPAllowList(ctx, c.sc.Account)
	if err != nil {
		return s.errorResponse(c, err)
	}
	return ok(map[string]any{"contentType": "IpAllowList", "cidrs": list, "enabled": len(list) > 0, "yourIp": ip})
}

// peopleSessionIP is the address the caller's session was opened from: the
// call does not carry the request's own address.
func (s *Server) peopleSessionIP(ctx context.Context, c *call) (string, error) {
	if c.session == nil {
		return "", nil
	}
	var ip string
	err := s.DB.Q(ctx).QueryRowContext(ctx, s.DB.Dialect.Rebind("SELECT ip FROM sessions WHERE id = ?"), c.session.ID).Scan(&ip)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", err
	}
	return ip, nil
}

// adminOnly refuses callers who are not administrators.
func adminOnly(c *call) (Response, bool) {
	if c.sc.Admin {
		return Response{}, false
	}
	return accessDenied(c), true
}
