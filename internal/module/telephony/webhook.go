package telephony

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/artel/artel/internal/entity"
)

// PBXPrefix is where a PBX talks to Artel (docs/telephony.md): POST
// events, POST commands to fetch. Each body is signed with the account's
// secret: X-Artel-Signature: sha256=<hex HMAC-SHA256 of the body>.
const PBXPrefix = "/telephony/pbx/"

const maxWebhook = 64 << 10

func (a *HTTP) pbx(w http.ResponseWriter, r *http.Request, account int64) {
	if r.Method != http.MethodPost {
		writeJSON(w, http.StatusMethodNotAllowed, map[string]any{"error": "method"})
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxWebhook+1))
	if err != nil || len(body) > maxWebhook {
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": "body"})
		return
	}
	ctx := r.Context()
	s, ok, err := loadSettings(ctx, a.Calls.Engine.DB, account)
	if err != nil {
		writeJSON(w, http.StatusInternalServerError, map[string]any{"error": "settings"})
		return
	}
	if !ok || !signed(s.Secret, body, r.Header.Get("X-Artel-Signature")) {
		writeJSON(w, http.StatusUnauthorized, map[string]any{"error": "signature"})
		return
	}
	switch strings.TrimPrefix(r.URL.Path, PBXPrefix) {
	case "events":
		var ev Event
		if json.Unmarshal(body, &ev) != nil {
			writeJSON(w, http.StatusBadRequest, map[string]any{"error": "malformed_json"})
			return
		}
		call, err := a.Calls.Apply(ctx, account, ev)
		var bad *entity.Invalid
		switch {
		case errors.Is(err, errIgnored):
			writeJSON(w, http.StatusOK, map[string]any{"ignored": true})
		case errors.As(err, &bad):
			errs := []map[string]string{}
			for _, fe := range bad.Errors {
				errs = append(errs, map[string]string{"field": fe.Field, "type": fe.Code})
			}
			writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"errors": errs})
		case err != nil:
			writeJSON(w, http.StatusInternalServerError, map[string]any{"error": "internal"})
		default:
			writeJSON(w, http.StatusOK, call.Encode())
		}
	case "commands":
		cmds, err := a.Calls.takeCommands(ctx, account)
		if err != nil {
			writeJSON(w, http.StatusInternalServerError, map[string]any{"error": "internal"})
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"commands": cmds})
	default:
		writeJSON(w, http.StatusNotFound, map[string]any{"error": "not_found"})
	}
}

// signed checks "sha256=<hex>" against the body in constant time.
func signed(secret string, body []byte, header string) bool {
	got, err := hex.DecodeString(strings.TrimPrefix(header, "sha256="))
	if secret == "" || err != nil || len(got) == 0 {
		return false
	}
	return hmac.Equal(got, Sign(secret, body))
}

// Sign is the HMAC-SHA256 of a body under the secret.
func Sign(secret string, body []byte) []byte {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	return mac.Sum(nil)
}

// takeCommands hands the PBX its waiting commands, oldest first, once.
func (m *Module) takeCommands(ctx context.Context, account int64) ([]Command, error) {
	db := m.Engine.DB
	out := []Command{}
	err := db.WithTx(ctx, func(ctx context.Context) error {
		q := `SELECT id, call_id, employee_id, command, phone, arg FROM call_commands
			WHERE account_id = ? AND fetched_at IS NULL ORDER BY id LIMIT 100`
		if db.Dialect.String() == "postgres" {
			q += ` FOR UPDATE SKIP LOCKED`
		}
		rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(q), account)
		if err != nil {
			return err
		}
		var ids []int64
		for rows.Next() {
			var id int64
			var c Command
			if err := rows.Scan(&id, &c.CallID, &c.Employee, &c.Command, &c.Phone, &c.Arg); err != nil {
				rows.Close()
				return err
			}
			ids, out = append(ids, id), append(out, c)
		}
		rows.Close()
		if err := rows.Err(); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		for _, id := range ids {
			if err := db.Exec(ctx, `UPDATE call_commands SET fetched_at = ? WHERE id = ?`, m.Engine.Now().UnixMilli(), id); err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
