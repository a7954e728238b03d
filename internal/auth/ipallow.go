package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"sync"
	"time"

	"github.com/artel/artel/internal/store"
)

// ErrIPNotAllowed refuses a caller outside the account's IP allow-list.
// Its text is the exact message API v3 clients recognise (they go back to
// the login page on it), so it is shown as is in every language.
var ErrIPNotAllowed = errors.New("Your IP-address failed validation")

// IPNotAllowedMessage is the wording clients match on.
const IPNotAllowedMessage = "Your IP-address failed validation"

// allowCacheTTL bounds how long a node keeps serving an allow-list another
// node has changed; the node that changes it forgets its copy at once.
const allowCacheTTL = 10 * time.Second

type allowKey struct {
	db      *store.DB
	account int64
}

type allowEntry struct {
	prefixes []netip.Prefix
	loaded   time.Time
}

// allowCache lets CheckIP run on every request without a query each time.
var allowCache sync.Map // allowKey -> allowEntry

// ParseAllowList reads CIDRs ("10.0.0.0/8", "2001:db8::/32") or bare
// addresses (a /32 or /128). On failure it returns the index of the first
// entry that is neither.
func ParseAllowList(items []string) ([]netip.Prefix, int, error) {
	out := make([]netip.Prefix, 0, len(items))
	for i, it := range items {
		it = strings.TrimSpace(it)
		p, err := netip.ParsePrefix(it)
		if err != nil {
			a, aerr := netip.ParseAddr(it)
			if aerr != nil {
				return nil, i, fmt.Errorf("auth: %q is not an address or CIDR", it)
			}
			a = a.Unmap()
			p = netip.PrefixFrom(a, a.BitLen())
		}
		out = append(out, p.Masked())
	}
	return out, -1, nil
}

// IPAllowList returns the account's list; empty means every address may sign in.
func (s *Service) IPAllowList(ctx context.Context, account int64) ([]string, error) {
	var text string
	err := s.DB.Q(ctx).QueryRowContext(ctx, s.DB.Dialect.Rebind(
		"SELECT cidrs FROM ip_allow_lists WHERE account_id = ?"), account).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && text == "") {
		return []string{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("auth: ip allow-list: %w", err)
	}
	return strings.Split(text, ","), nil
}

// SetIPAllowList replaces the account's list; an empty list turns it off.
// The API refuses a list that would shut out the administrator setting it;
// this method does not, so operators and tests can set any list.
func (s *Service) SetIPAllowList(ctx context.Context, account int64, prefixes []netip.Prefix) error {
	texts := make([]string, len(prefixes))
	for i, p := range prefixes {
		texts[i] = p.String()
	}
	err := s.DB.WithTx(ctx, func(ctx context.Context) error {
		if err := s.DB.Exec(ctx, "DELETE FROM ip_allow_lists WHERE account_id = ?", account); err != nil {
			return err
		}
		if len(texts) == 0 {
			return nil
		}
		return s.DB.Exec(ctx, "INSERT INTO ip_allow_lists (account_id, cidrs, updated_at) VALUES (?, ?, ?)",
			account, strings.Join(texts, ","), s.Now().Unix())
	})
	if err != nil {
		return fmt.Errorf("auth: set ip allow-list: %w", err)
	}
	allowCache.Delete(allowKey{s.DB, account})
	return nil
}

// CheckIP answers ErrIPNotAllowed when the account has an allow-list and
// ip is outside it. Sign-in calls it; the API may call it on every request.
func (s *Service) CheckIP(ctx context.Context, account int64, ip string) error {
	prefixes, err := s.allowed(ctx, account)
	if err != nil || len(prefixes) == 0 {
		return err
	}
	return AllowedBy(prefixes, ip)
}

// AllowedBy checks an address against a parsed list.
func AllowedBy(prefixes []netip.Prefix, ip string) error {
	a, err := netip.ParseAddr(strings.Trim(ip, "[]"))
	if err != nil {
		return ErrIPNotAllowed
	}
	a = a.Unmap().WithZone("")
	for _, p := range prefixes {
		if p.Contains(a) {
			return nil
		}
	}
	return ErrIPNotAllowed
}

func (s *Service) allowed(ctx context.Context, account int64) ([]netip.Prefix, error) {
	key := allowKey{s.DB, account}
	if v, ok := allowCache.Load(key); ok {
		e := v.(allowEntry)
		if time.Since(e.loaded) < allowCacheTTL {
			return e.prefixes, nil
		}
	}
	texts, err := s.IPAllowList(ctx, account)
	if err != nil {
		return nil, err
	}
	prefixes, _, err := ParseAllowList(texts)
	if err != nil {
		return nil, err
	}
	allowCache.Store(key, allowEntry{prefixes: prefixes, loaded: time.Now()})
	return prefixes, nil
}
