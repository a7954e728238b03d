package integration

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/artel/artel/internal/module/subscribe"
	"github.com/artel/artel/internal/value"
)

// JobWebhooks is the job that posts the outbox's due deliveries.
const JobWebhooks = "webhooks"

// Delivery: a pause that doubles after each failure, from Pause, up to
// Attempts tries (10 s, 20 s, 40 s, 80 s, 160 s: about five minutes);
// a delivery that fails them all disables its webhook and tells its
// owner. A claim holds a delivery for lease, so two nodes never post it
// at once; posters deliveries (of different entities) go out at once.
const (
	Attempts = 6
	Pause    = 10 * time.Second
	batch    = 100
	timeout  = 5 * time.Second
	lease    = 30 * time.Second
	posters  = 16
)

// Delivery statuses in webhook_deliveries.
const (
	Pending = "pending"
	Done    = "done"
	Failed  = "failed"
)

// SignatureHeader carries "sha256=" and the hex HMAC-SHA256 of the body
// keyed with the webhook's secret.
const SignatureHeader = "X-Artel-Signature"

// Sign is the value of SignatureHeader for body.
func Sign(secret string, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	return "sha256=" + hex.EncodeToString(mac.Sum(nil))
}

type due struct {
	id, account, hook, entityID int64
	body, url, secret           string
	event, entityType           string
	attempts                    int
	nextAt                      int64
	owner                       value.Link
}

// client posts the webhooks, each within the timeout above.
var client = &http.Client{Timeout: timeout}

// Deliver posts the due deliveries, oldest first, until none is due or
// ctx ends, and answers how many were delivered. Only an entity's
// earliest pending delivery is ever due, so a receiver gets one entity's
// events in the order they were written, whatever fails between; the
// due ones, all of different entities, are posted a few at once. Any
// node may run it at once: each delivery is claimed before it is posted.
// A node killed mid-post leaves its claims to run out: delivery is at
// least once, and X-Artel-Delivery lets a receiver drop a repeat.
func (m *Module) Deliver(ctx context.Context, now time.Time) (int, error) {
	var sent atomic.Int64
	for ctx.Err() == nil {
		before := sent.Load()
		list, err := m.due(ctx, now)
		if err != nil || len(list) == 0 {
			return int(sent.Load()), err
		}
		// Claimed a few at a time, so a node killed mid-batch strands
		// only those few until their lease ends.
		for len(list) > 0 && ctx.Err() == nil {
			n := min(posters, len(list))
			chunk, err := m.claim(ctx, list[:n], now)
			if err != nil {
				return int(sent.Load()), err
			}
			list = list[n:]
			outs := make([]outcome, len(chunk))
			var wg sync.WaitGroup
			for i, d := range chunk {
				wg.Add(1)
				go func() {
					defer wg.Done()
					outs[i] = try(ctx, d)
				}()
			}
			wg.Wait()
			n, err = m.record(ctx, outs, now)
			sent.Add(int64(n))
			if err != nil {
				return int(sent.Load()), err
			}
		}
		// A delivered event lets its entity's next one go out now; a pass
		// that delivered nothing has nothing more due.
		if sent.Load() == before {
			return int(sent.Load()), nil
		}
	}
	return int(sent.Load()), nil
}

// JobPrompt is the job that posts a node's own new deliveries at once.
const JobPrompt = "webhooks-prompt"

// Prompt posts this node's deliveries as soon as their transactions
// commit, for up to d, then returns (the job runs it again each second);
// Deliver's ticks still post what other nodes wrote and the retries.
func (m *Module) Prompt(ctx context.Context, d time.Duration) error {
	stop := time.NewTimer(d)
	defer stop.Stop()
	for {
		select {
		case <-m.wake:
			if _, err := m.Deliver(ctx, m.e.Now()); err != nil {
				return err
			}
		case <-stop.C:
			return nil
		case <-ctx.Done():
			return nil
		}
	}
}

func (m *Module) due(ctx context.Context, now time.Time) ([]due, error) {
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT d.id, d.account_id, d.webhook_id,
		d.entity_id, d.body, w.url, w.secret, d.event, d.entity_type, d.attempts, d.next_at, w.owner_type, w.owner_id
		FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
		WHERE d.status = ? AND d.next_at <= ? AND w.is_active = 1
		AND NOT EXISTS (SELECT 1 FROM webhook_deliveries p WHERE p.webhook_id = d.webhook_id
			AND p.entity_type = d.entity_type AND p.entity_id = d.entity_id AND p.status = ? AND p.id < d.id)
		ORDER BY d.id LIMIT ?`), Pending, now.UnixMilli(), Pending, batch)
	if err != nil {
		return nil, fmt.Errorf("integration: due deliveries: %w", err)
	}
	defer rows.Close()
	var out []due
	for rows.Next() {
		var d due
		if err := rows.Scan(&d.id, &d.account, &d.hook, &d.entityID, &d.body, &d.url, &d.secret, &d.event,
			&d.entityType, &d.attempts, &d.nextAt, &d.owner.Type, &d.owner.ID); err != nil {
			return nil, fmt.Errorf("integration: due deliveries: %w", err)
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// claim moves each delivery's next try past the lease, if no one else
// did first, all in one transaction, and answers those it got; a node
// that dies mid-post leaves them to be tried again when the lease ends.
func (m *Module) claim(ctx context.Context, list []due, now time.Time) ([]due, error) {
	var got []due
	err := m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		got = got[:0]
		for _, d := range list {
			res, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`UPDATE webhook_deliveries SET next_at = ?
				WHERE id = ? AND status = ? AND next_at = ?`), now.Add(lease).UnixMilli(), d.id, Pending, d.nextAt)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil {
				return err
			} else if n == 1 {
				got = append(got, d)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("integration: claim deliveries: %w", err)
	}
	return got, nil
}

// attempt posts one delivery, logs the try and sets what comes next.
type outcome struct {
	d       due
	code    int
	failure string
	ms      int64
}

// try posts one delivery and answers how it went.
func try(ctx context.Context, d due) outcome {
	start := time.Now()
	code, failure := post(ctx, d)
	return outcome{d, code, failure, time.Since(start).Milliseconds()}
}

// record logs a chunk's tries and sets what comes next for each, in one
// transaction; it answers how many were delivered.
func (m *Module) record(ctx context.Context, outs []outcome, now time.Time) (int, error) {
	sent := 0
	err := m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		sent = 0
		for _, o := range outs {
			if err := m.result(ctx, o, now); err != nil {
				return fmt.Errorf("integration: delivery %d: %w", o.d.id, err)
			}
			if o.failure == "" {
				sent++
			}
		}
		return nil
	})
	return sent, err
}

// result logs one try and sets the delivery's next step, in ctx's
// transaction.
func (m *Module) result(ctx context.Context, o outcome, now time.Time) error {
	d, code, failure, ms := o.d, o.code, o.failure, o.ms
	db := m.e.DB
	tries := d.attempts + 1
	if err := db.Exec(ctx, `INSERT INTO webhook_attempts (account_id, webhook_id, delivery_id, at, code, error, ms)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, d.account, d.hook, d.id, now.UnixMilli(), code, failure, ms); err != nil {
		return err
	}
	switch {
	case failure == "":
		if err := db.Exec(ctx, `UPDATE webhook_deliveries SET status = ?, attempts = ?, done_at = ?, last_code = ?,
			last_error = NULL WHERE id = ?`, Done, tries, now.UnixMilli(), code, d.id); err != nil {
			return err
		}
		return db.Exec(ctx, `UPDATE webhooks SET failures = 0, last_error = NULL WHERE id = ? AND failures > 0`, d.hook)
	case tries >= Attempts:
		if err := db.Exec(ctx, `UPDATE webhook_deliveries SET status = ?, attempts = ?, last_code = ?, last_error = ?
			WHERE id = ?`, Failed, tries, code, failure, d.id); err != nil {
			return err
		}
		return m.disable(ctx, d, failure, now)
	default:
		if err := db.Exec(ctx, `UPDATE webhook_deliveries SET attempts = ?, next_at = ?, last_code = ?, last_error = ?
			WHERE id = ?`, tries, now.Add(Pause<<d.attempts).UnixMilli(), code, failure, d.id); err != nil {
			return err
		}
		return db.Exec(ctx, `UPDATE webhooks SET failures = failures + 1, last_error = ? WHERE id = ?`, failure, d.hook)
	}
}

// disable turns a webhook off after a delivery failed every try and
// notifies its owner, once: a webhook already off is left as it is.
func (m *Module) disable(ctx context.Context, d due, failure string, now time.Time) error {
	db := m.e.DB
	return db.WithTx(ctx, func(ctx context.Context) error {
		res, err := db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(`UPDATE webhooks SET is_active = 0, disabled_at = ?,
			failures = failures + 1, last_error = ? WHERE id = ? AND is_active = 1`), now.UnixMilli(), failure, d.hook)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 || m.Notify == nil || d.owner.ID == 0 {
			return nil
		}
		return m.Notify(ctx, d.account, &subscribe.Notification{Recipient: d.owner, Type: TypeDisabled,
			Subject: value.Link{Type: d.entityType, ID: d.entityID}, Content: subscribe.Excerpt(d.url + " — " + failure),
			Active: true, Time: now.UnixMilli()})
	})
}

// TypeDisabled is the type of the notification that a webhook was turned
// off.
const TypeDisabled = "webhook_disabled"

// post sends one delivery and answers the response code and why it
// failed ("" when it did not: any 2xx).
func post(ctx context.Context, d due) (int, string) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.url, bytes.NewReader([]byte(d.body)))
	if err != nil {
		return 0, err.Error()
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Artel-Webhook")
	req.Header.Set(SignatureHeader, Sign(d.secret, []byte(d.body)))
	req.Header.Set("X-Artel-Event", d.event)
	req.Header.Set("X-Artel-Delivery", strconv.FormatInt(d.id, 10))
	resp, err := client.Do(req)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp.StatusCode, resp.Status
	}
	return resp.StatusCode, ""
}
