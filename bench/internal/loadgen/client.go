package loadgen

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Client calls one server over keep-alive connections with a bearer token.
type Client struct {
	Base  string // http://127.0.0.1:PORT
	Token string
	HTTP  *http.Client
}

// NewClient makes a client that keeps up to conns connections open.
// Responses are gzip-compressed as for any API client that accepts it
// (Go's transport asks for gzip and inflates transparently).
func NewClient(base string, conns int) *Client {
	if !strings.HasPrefix(base, "http://127.0.0.1:") {
		panic("loadgen: only 127.0.0.1 targets: " + base)
	}
	tr := &http.Transport{MaxIdleConns: 2 * conns, MaxIdleConnsPerHost: 2 * conns, IdleConnTimeout: time.Minute}
	return &Client{Base: base, HTTP: &http.Client{Transport: tr, Timeout: 60 * time.Second}}
}

// StatusError is an answer other than 200.
type StatusError struct {
	Method, Path string
	Status       int
	Body         string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("%s %s: %d %s", e.Method, e.Path, e.Status, e.Body)
}

// Do sends one request and returns the body of a 200 answer. body is sent
// as JSON unless it is already []byte.
func (c *Client) Do(ctx context.Context, method, path string, body any) ([]byte, error) {
	var rd io.Reader
	if body != nil {
		b, ok := body.([]byte)
		if !ok {
			var err error
			if b, err = json.Marshal(body); err != nil {
				return nil, err
			}
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.Base+path, rd)
	if err != nil {
		return nil, err
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		if len(out) > 300 {
			out = out[:300]
		}
		return nil, &StatusError{method, path, resp.StatusCode, string(out)}
	}
	return out, nil
}

// Fetch sends a GET whose answer the scenario does not read: the answer
// is compressed as for any client, but not inflated here. The load
// generator shares the server's cores, and inflating 32 clients' answers
// was CPU the measured server lacked; a browser inflates on its own
// machine. A status other than 200 is still an error.
func (c *Client) Fetch(ctx context.Context, path string) error {
	req, err := http.NewRequestWithContext(ctx, "GET", c.Base+path, nil)
	if err != nil {
		return err
	}
	// Asked for by name, gzip is left to the caller (net/http).
	req.Header.Set("Accept-Encoding", "gzip")
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		out, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
		return &StatusError{"GET", path, resp.StatusCode, string(out)}
	}
	_, err = io.Copy(io.Discard, resp.Body)
	return err
}

// SignIn gets a bearer token by password (POST /api/v3/auth/access_token).
func (c *Client) SignIn(ctx context.Context, login, password string) error {
	form := url.Values{"grant_type": {"password"}, "username": {login}, "password": {password}}
	req, err := http.NewRequestWithContext(ctx, "POST", c.Base+"/api/v3/auth/access_token", strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&tok); err != nil || resp.StatusCode != 200 || tok.AccessToken == "" {
		return fmt.Errorf("loadgen: sign in as %s: status %d, %v", login, resp.StatusCode, err)
	}
	c.Token = tok.AccessToken
	return nil
}

// Q encodes list parameters as the URL-encoded JSON query API v3 takes.
func Q(params any) string {
	b, _ := json.Marshal(params)
	return "?" + url.QueryEscape(string(b))
}
