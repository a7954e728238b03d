package deal

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// JobWebhooks is the job that posts the webhooks deal triggers wrote.
const JobWebhooks = "deal-webhooks"

// Webhook delivery: a pause that doubles after each failure, from
// webhookPause, up to webhookAttempts tries; then the row stays failed
// with its last error.
const (
	webhookAttempts = 5
	webhookPause    = 30 * time.Second
	webhookBatch    = 50
	webhookTimeout  = 10 * time.Second
)

// Webhook statuses in deal_webhooks.
const (
	HookPending = "pending"
	HookDone    = "done"
	HookFailed  = "failed"
)

// enqueue writes a webhook for after commit: the deal as GET answers it
// in full, now, so the receiver sees the deal as the trigger left it.
func (m *Module) enqueue(ctx context.Context, sys entity.Scope, deal *entity.Record, trigger int64, url string) error {
	sel := entity.Selection{Full: true}
	if err := m.e.Expand(ctx, sys, []*entity.Record{deal}, sel); err != nil {
		return err
	}
	body, err := json.Marshal(entity.Encode(deal, sel, nil, value.Options{}))
	if err != nil {
		return fmt.Errorf("deal: webhook body: %w", err)
	}
	now := m.e.Now().UnixMilli()
	return m.e.DB.Exec(ctx, `INSERT INTO deal_webhooks (account_id, deal_id, trigger_id, url, body, status, attempts, next_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)`, sys.Account, deal.ID, trigger, url, string(body), HookPending, now, now)
}

type dueHook struct {
	id       int64
	url      string
	body     string
	attempts int
}

// Deliver posts the webhooks due at now, one after another; a 2xx answer
// is done, anything else is tried again later. It answers how many were
// delivered. It runs as a periodic job on one node at a time.
func (m *Module) Deliver(ctx context.Context, now time.Time) (int, error) {
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT id, url, body, attempts FROM deal_webhooks
		WHERE status = ? AND next_at <= ? ORDER BY next_at, id LIMIT ?`), HookPending, now.UnixMilli(), webhookBatch)
	if err != nil {
		return 0, fmt.Errorf("deal: due webhooks: %w", err)
	}
	var due []dueHook
	for rows.Next() {
		var h dueHook
		if err := rows.Scan(&h.id, &h.url, &h.body, &h.attempts); err != nil {
			rows.Close()
			return 0, fmt.Errorf("deal: due webhooks: %w", err)
		}
		due = append(due, h)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("deal: due webhooks: %w", err)
	}
	sent := 0
	for _, h := range due {
		failure := m.post(ctx, h)
		var err error
		switch {
		case failure == "":
			sent++
			err = m.e.DB.Exec(ctx, `UPDATE deal_webhooks SET status = ?, attempts = ?, done_at = ?, last_error = NULL WHERE id = ?`,
				HookDone, h.attempts+1, now.UnixMilli(), h.id)
		case h.attempts+1 >= webhookAttempts:
			err = m.e.DB.Exec(ctx, `UPDATE deal_webhooks SET status = ?, attempts = ?, last_error = ? WHERE id = ?`,
				HookFailed, h.attempts+1, failure, h.id)
		default:
			pause := webhookPause << h.attempts
			err = m.e.DB.Exec(ctx, `UPDATE deal_webhooks SET attempts = ?, next_at = ?, last_error = ? WHERE id = ?`,
				h.attempts+1, now.Add(pause).UnixMilli(), failure, h.id)
		}
		if err != nil {
			return sent, fmt.Errorf("deal: webhook %d: %w", h.id, err)
		}
	}
	return sent, nil
}

// post sends one webhook and answers why it failed ("" when it did not).
func (m *Module) post(ctx context.Context, h dueHook) string {
	ctx, cancel := context.WithTimeout(ctx, webhookTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.url, bytes.NewReader([]byte(h.body)))
	if err != nil {
		return err.Error()
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Artel-Webhook")
	client := m.Client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return err.Error()
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp.Status
	}
	return ""
}
