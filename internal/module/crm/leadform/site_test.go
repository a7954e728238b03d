package leadform_test

import (
	"fmt"
	"net/http/httptest"
	"net/netip"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/realip"
)

// A form posted by the client's own site: a browser's preflight from
// another origin is allowed for the form's public routes and for no
// other, and the answer is readable by that site's script.
func TestLeadFormOtherSite(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		form := makeOne(t, h, "/api/v3/customLeadForm", map[string]any{"name": "С сайта"})
		makeOne(t, h, "/api/v3/customLeadForm/"+form+"/element", map[string]any{"name": "phone", "caption": "Телефон", "required": true})
		post := "/api/v3/customLeadForm/" + form + "/process/contractor"
		site := map[string]string{"Origin": "https://shop.example"}
		preflight := func(path, method string) *apitest.Resp {
			return h.Do("OPTIONS", path, apitest.Req{NoAuth: true, Headers: map[string]string{"Origin": "https://shop.example",
				"Access-Control-Request-Method": method, "Access-Control-Request-Headers": "content-type"}})
		}
		r := preflight(post, "POST")
		if r.Status != 204 || r.Header.Get("Access-Control-Allow-Origin") != "*" || r.Header.Get("Access-Control-Allow-Methods") != "POST" ||
			r.Header.Get("Access-Control-Allow-Headers") == "" {
			t.Fatalf("the post's preflight: %d %v", r.Status, r.Header)
		}
		if r := preflight("/api/v3/customLeadForm/render/"+form, "GET"); r.Status != 204 {
			t.Fatalf("the page's preflight: %d", r.Status)
		}
		r = h.Do("POST", post, apitest.Req{NoAuth: true, Body: `{"phone":"+7 912 000 11 22"}`, ContentType: "application/json", Headers: site})
		if r.Status != 200 || r.Header.Get("Access-Control-Allow-Origin") != "*" || r.Header.Get("Access-Control-Allow-Credentials") != "" {
			t.Fatalf("the post from the site: %d %v %s", r.Status, r.Header, r.Body)
		}
		for _, c := range [][2]string{{"/api/v3/contractorHuman", "POST"}, {"/api/v3/currentUser", "GET"}, {"/api/v3/customLeadForm/" + form, "PUT"}} {
			if r := preflight(c[0], c[1]); r.Status == 204 || r.Header.Get("Access-Control-Allow-Origin") != "" {
				t.Fatalf("%s %s allowed to other sites: %d %v", c[1], c[0], r.Status, r.Header)
			}
		}
		r = h.Do("GET", "/api/v3/currentUser", apitest.Req{Headers: site})
		if r.Status != 200 || r.Header.Get("Access-Control-Allow-Origin") != "" {
			t.Fatalf("a signed-in answer readable by other sites: %v", r.Header)
		}
	})
}

// Behind a reverse proxy every post comes from the proxy's address: with
// the proxy trusted, the rate limit counts each visitor it names in
// X-Forwarded-For; without, the header is anyone's and ignored.
func TestLeadFormBehindProxy(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		form := makeOne(t, h, "/api/v3/customLeadForm", map[string]any{"name": "За прокси"})
		makeOne(t, h, "/api/v3/customLeadForm/"+form+"/element", map[string]any{"name": "phone", "caption": "Телефон", "required": true})
		post := "/api/v3/customLeadForm/" + form + "/process/contractor"
		proxy := httptest.NewServer(realip.Proxies{netip.MustParsePrefix("127.0.0.0/8")}.Handler(h.Srv.Handler()))
		defer proxy.Close()
		behind := *h
		behind.URL = proxy.URL
		n := 0
		send := func(via *apitest.Harness, visitor string) int {
			n++
			req := anon(fmt.Sprintf(`{"phone":"+7 900 100 00 %02d"}`, n))
			req.Headers = map[string]string{"X-Forwarded-For": visitor}
			return via.Do("POST", post, req).Status
		}
		for i := 0; i < 5; i++ {
			if s := send(&behind, "203.0.113.7"); s != 200 {
				t.Fatalf("post %d of a visitor: %d", i+1, s)
			}
		}
		if s := send(&behind, "203.0.113.7"); s != 429 {
			t.Fatalf("the visitor's sixth post: %d", s)
		}
		if s := send(&behind, "198.51.100.4"); s != 200 {
			t.Fatalf("another visitor behind the same proxy: %d", s)
		}
		// Straight to Artel (no proxy trusted) the header names no one:
		// five posts "from" five addresses are one sender's five.
		for i := 0; i < 5; i++ {
			if s := send(h, fmt.Sprintf("192.0.2.%d", i+1)); s != 200 {
				t.Fatalf("direct post %d: %d", i+1, s)
			}
		}
		if s := send(h, "192.0.2.99"); s != 429 {
			t.Fatalf("a made-up X-Forwarded-For escaped the limit: %d", s)
		}
	})
}
