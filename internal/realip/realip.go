// Package realip finds a visitor's address when Artel runs behind a
// reverse proxy. Behind nginx every request comes from the proxy's
// address, so whatever counts by address (the lead forms' rate limit,
// an account's allowed addresses, the sessions list) would see one
// visitor. The proxy names the visitor in X-Forwarded-For; that header is
// believed only from the proxies the operator names, since anyone else
// can write it.
package realip

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Proxies are the addresses whose X-Forwarded-For is believed.
type Proxies []netip.Prefix

// Parse reads a comma-separated list of addresses and networks
// ("10.0.0.0/8, 127.0.0.1, ::1"); an empty list trusts no one.
func Parse(s string) (Proxies, error) {
	var p Proxies
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if strings.Contains(part, "/") {
			pfx, err := netip.ParsePrefix(part)
			if err != nil {
				return nil, fmt.Errorf("trusted proxy %q: %w", part, err)
			}
			p = append(p, pfx.Masked())
			continue
		}
		a, err := netip.ParseAddr(part)
		if err != nil {
			return nil, fmt.Errorf("trusted proxy %q: %w", part, err)
		}
		a = a.Unmap()
		p = append(p, netip.PrefixFrom(a, a.BitLen()))
	}
	return p, nil
}

func (p Proxies) trusts(a netip.Addr) bool {
	a = a.Unmap()
	for _, pfx := range p {
		if pfx.Contains(a) {
			return true
		}
	}
	return false
}

// Handler hands h each request with RemoteAddr set to the visitor's
// address when the request came through a trusted proxy.
func (p Proxies) Handler(h http.Handler) http.Handler {
	if len(p) == 0 {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if a, ok := p.Visitor(r); ok {
			r = r.WithContext(r.Context()) // a copy: the caller's request stays as it came
			r.RemoteAddr = net.JoinHostPort(a.String(), "0")
		}
		h.ServeHTTP(w, r)
	})
}

// Visitor reads the visitor's address from X-Forwarded-For when the
// connection's peer is a trusted proxy. Each proxy appends the address it
// was reached from, so the list is read from the right: the first address
// that is not a trusted proxy is the visitor; anything to its left was
// written by the visitor and may be made up. A malformed entry stops the
// walk at the last good one.
func (p Proxies) Visitor(r *http.Request) (netip.Addr, bool) {
	peer, ok := parseAddr(r.RemoteAddr)
	if !ok || !p.trusts(peer) {
		return netip.Addr{}, false
	}
	var hops []string
	for _, v := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(v, ",")...)
	}
	var found netip.Addr
	for i := len(hops) - 1; i >= 0; i-- {
		a, ok := parseAddr(strings.TrimSpace(hops[i]))
		if !ok {
			break
		}
		found = a
		if !p.trusts(a) {
			break
		}
	}
	return found, found.IsValid()
}

// parseAddr reads "1.2.3.4", "1.2.3.4:80", "[::1]:80" or "::1".
func parseAddr(s string) (netip.Addr, bool) {
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap(), true
	}
	a, err := netip.ParseAddr(strings.Trim(s, "[]"))
	if err != nil || a.Zone() != "" {
		return netip.Addr{}, false
	}
	return a.Unmap(), true
}
