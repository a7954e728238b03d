package auth

import (
	"errors"
	"testing"
	"time"
)

func TestAllowList(t *testing.T) {
	pfx, bad, err := ParseAllowList([]string{" 10.0.0.0/8 ", "192.168.1.7", "2001:db8::/32", "::ffff:172.16.0.1"})
	if err != nil {
		t.Fatalf("entry %d: %v", bad, err)
	}
	want := []string{"10.0.0.0/8", "192.168.1.7/32", "2001:db8::/32", "172.16.0.1/32"}
	for i, p := range pfx {
		if p.String() != want[i] {
			t.Errorf("entry %d: %s, want %s", i, p, want[i])
		}
	}
	for ip, ok := range map[string]bool{"10.1.2.3": true, "192.168.1.7": true, "192.168.1.8": false,
		"2001:db8::1": true, "[2001:db8::2]": true, "::ffff:10.0.0.1": true, "172.16.0.1": true,
		"8.8.8.8": false, "": false, "garbage": false} {
		if got := AllowedBy(pfx, ip) == nil; got != ok {
			t.Errorf("%q allowed %v, want %v", ip, got, ok)
		}
	}
	if _, bad, err := ParseAllowList([]string{"10.0.0.0/8", "10.0.0.0/33"}); err == nil || bad != 1 {
		t.Errorf("bad CIDR accepted: %d %v", bad, err)
	}
	if !errors.Is(AllowedBy(pfx, "1.1.1.1"), ErrIPNotAllowed) || ErrIPNotAllowed.Error() != "Your IP-address failed validation" {
		t.Error("wrong refusal")
	}
}

func TestRetrySeconds(t *testing.T) {
	for d, want := range map[time.Duration]int{0: 1, time.Millisecond: 1, time.Second: 1, 1500 * time.Millisecond: 2, 15 * time.Minute: 900} {
		if got := (&ThrottledError{RetryAfter: d}).RetrySeconds(); got != want {
			t.Errorf("%s: %d, want %d", d, got, want)
		}
	}
	if !errors.Is(ErrBlocked, ErrBadCredentials) {
		t.Error("a blocked sign-in must read as bad credentials to callers that know only that")
	}
}
