package realip

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
)

// Over real HTTP from 127.0.0.1: what address the handler behind sees,
// with the loopback trusted as the proxy or not.
func TestVisitor(t *testing.T) {
	echo := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host, _, _ := net.SplitHostPort(r.RemoteAddr)
		io.WriteString(w, host)
	})
	trusted, err := Parse(" 127.0.0.0/8, 10.0.0.0/8,::1, 192.168.1.5 ")
	if err != nil {
		t.Fatal(err)
	}
	behind := httptest.NewServer(trusted.Handler(echo))
	defer behind.Close()
	open := httptest.NewServer(Proxies{}.Handler(echo))
	defer open.Close()
	for _, c := range []struct {
		name, url string
		xff       []string
		want      string
	}{
		{"no proxy trusted: the header is anyone's", open.URL, []string{"203.0.113.7"}, "127.0.0.1"},
		{"through the proxy", behind.URL, []string{"203.0.113.7"}, "203.0.113.7"},
		{"no header: the proxy itself", behind.URL, nil, "127.0.0.1"},
		{"a made-up address left of the visitor", behind.URL, []string{"1.1.1.1, 203.0.113.7"}, "203.0.113.7"},
		{"two trusted proxies in a row", behind.URL, []string{"198.51.100.2, 10.1.2.3", "192.168.1.5"}, "198.51.100.2"},
		{"every hop trusted: the first", behind.URL, []string{"10.0.0.9, 10.0.0.8"}, "10.0.0.9"},
		{"garbage stops the walk", behind.URL, []string{"203.0.113.7, <script>, 10.0.0.1"}, "10.0.0.1"},
		{"only garbage", behind.URL, []string{"unknown"}, "127.0.0.1"},
		{"with a port", behind.URL, []string{"203.0.113.7:4431"}, "203.0.113.7"},
		{"IPv6", behind.URL, []string{"2001:db8::1"}, "2001:db8::1"},
		{"IPv4 written as IPv6", behind.URL, []string{"::ffff:203.0.113.9"}, "203.0.113.9"},
	} {
		req, _ := http.NewRequest("GET", c.url, nil)
		for _, v := range c.xff {
			req.Header.Add("X-Forwarded-For", v)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if string(got) != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func TestParse(t *testing.T) {
	if p, err := Parse(""); err != nil || len(p) != 0 {
		t.Fatalf("empty: %v %v", p, err)
	}
	for _, bad := range []string{"10.0.0.0/33", "proxy.local", "1.2.3", "10.0.0.0/8,nonsense"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}
