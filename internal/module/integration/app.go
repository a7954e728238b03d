package integration

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// App is one installed application: its manifest as installed, whether
// it is on, the settings an administrator gave it, and whom its API
// token acts as (the administrator who installed it).
type App struct {
	ID         int64
	Identifier string
	UUID       string
	Manifest   Manifest
	FromMarket bool
	Enabled    bool
	Scopes     []string
	Settings   map[string]string
	Actor      value.Link
	Created    int64
	Widgets    []*Widget
	// Token is the API token in clear, only just after it was made.
	Token string
}

// Widget is one installed widget.
type Widget struct {
	ID          int64
	App         int64
	UUID        string
	Placeholder string
	Name        string
	Content     string
	URL         string
}

// ErrInstalled is a second install of the same identifier.
var ErrInstalled = errors.New("integration: app already installed")

func newToken() (clear, hash string) {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	clear = "artapp_" + hex.EncodeToString(b)
	return clear, hashToken(clear)
}

func hashToken(t string) string {
	h := sha256.Sum256([]byte(t))
	return hex.EncodeToString(h[:])
}

func newUUID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80
	h := hex.EncodeToString(b)
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// Install stores an app from a checked manifest with its widgets and a
// new token (a.Token), acting as actor.
func (m *Module) Install(ctx context.Context, account int64, mf *Manifest, fromMarket bool, actor value.Link) (*App, error) {
	if bad := mf.check(m.e.Cat); bad != nil {
		return nil, bad
	}
	clear, hash := newToken()
	a := &App{Identifier: mf.Identifier, UUID: newUUID(), Manifest: *mf, FromMarket: fromMarket, Enabled: true,
		Scopes: mf.Scope, Settings: map[string]string{}, Actor: actor, Created: m.e.Now().UnixMilli(), Token: clear}
	if a.Scopes == nil {
		a.Scopes = []string{}
	}
	body, _ := json.Marshal(mf)
	db := m.e.DB
	err := db.WithTx(ctx, func(ctx context.Context) error {
		var n int
		if err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT COUNT(*) FROM apps WHERE account_id = ? AND identifier = ?`),
			account, mf.Identifier).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return ErrInstalled
		}
		if err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`INSERT INTO apps (account_id, identifier, uuid, name,
			manifest, from_market, is_enabled, scopes, settings, token_hash, actor_type, actor_id, created_at)
			VALUES (?, ?, ?, ?, ?, ?, 1, ?, '{}', ?, ?, ?, ?) RETURNING id`), account, a.Identifier, a.UUID, mf.Name,
			string(body), boolInt(fromMarket), strings.Join(a.Scopes, ","), hash, actor.Type, actor.ID, a.Created).Scan(&a.ID); err != nil {
			return err
		}
		for _, d := range mf.Widgets {
			w := &Widget{App: a.ID, UUID: newUUID(), Placeholder: d.Placeholder, Name: d.Name, Content: d.Content, URL: d.URL}
			if err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`INSERT INTO app_widgets (account_id, app_id, uuid,
				placeholder, name, content, url) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`), account, a.ID, w.UUID,
				w.Placeholder, w.Name, w.Content, w.URL).Scan(&w.ID); err != nil {
				return err
			}
			a.Widgets = append(a.Widgets, w)
		}
		return nil
	})
	if err != nil {
		if errors.Is(err, ErrInstalled) {
			return nil, &entity.Invalid{Errors: []entity.FieldError{{Field: "identifier", Code: CodeInstalled}}}
		}
		return nil, fmt.Errorf("integration: install: %w", err)
	}
	return a, nil
}

const appColumns = `id, identifier, uuid, manifest, from_market, is_enabled, scopes, settings, actor_type, actor_id, created_at`

// apps reads the account's installed apps (one when id is not 0) with
// their widgets.
func (m *Module) apps(ctx context.Context, account, id int64) ([]*App, error) {
	q, args := `SELECT `+appColumns+` FROM apps WHERE account_id = ?`, []any{account}
	if id != 0 {
		q, args = q+` AND id = ?`, append(args, id)
	}
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(q+` ORDER BY id`), args...)
	if err != nil {
		return nil, fmt.Errorf("integration: apps: %w", err)
	}
	defer rows.Close()
	var out []*App
	byID := map[int64]*App{}
	for rows.Next() {
		var a App
		var mf, scopes, settings string
		var market, enabled int
		if err := rows.Scan(&a.ID, &a.Identifier, &a.UUID, &mf, &market, &enabled, &scopes, &settings,
			&a.Actor.Type, &a.Actor.ID, &a.Created); err != nil {
			return nil, fmt.Errorf("integration: app: %w", err)
		}
		_ = json.Unmarshal([]byte(mf), &a.Manifest)
		_ = json.Unmarshal([]byte(settings), &a.Settings)
		a.FromMarket, a.Enabled, a.Scopes = market == 1, enabled == 1, splitList(scopes)
		out = append(out, &a)
		byID[a.ID] = &a
	}
	if err := rows.Err(); err != nil || len(out) == 0 {
		return out, err
	}
	ws, err := m.widgets(ctx, account, nil, false)
	for _, w := range ws {
		if a := byID[w.App]; a != nil {
			a.Widgets = append(a.Widgets, w)
		}
	}
	return out, err
}

// app reads one installed app, or entity.ErrNotFound.
func (m *Module) app(ctx context.Context, account, id int64) (*App, error) {
	list, err := m.apps(ctx, account, id)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, entity.ErrNotFound
	}
	return list[0], nil
}

// widgets reads the account's widgets at the placeholders (all when
// none), only those of enabled apps when asked.
func (m *Module) widgets(ctx context.Context, account int64, placeholders []string, enabled bool) ([]*Widget, error) {
	q := `SELECT w.id, w.app_id, w.uuid, w.placeholder, w.name, w.content, w.url FROM app_widgets w`
	args := []any{account}
	if enabled {
		q += ` JOIN apps a ON a.id = w.app_id AND a.is_enabled = 1`
	}
	q += ` WHERE w.account_id = ?`
	if len(placeholders) > 0 {
		q += ` AND w.placeholder IN (?` + strings.Repeat(`, ?`, len(placeholders)-1) + `)`
		for _, p := range placeholders {
			args = append(args, p)
		}
	}
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(q+` ORDER BY w.id`), args...)
	if err != nil {
		return nil, fmt.Errorf("integration: widgets: %w", err)
	}
	defer rows.Close()
	var out []*Widget
	for rows.Next() {
		var w Widget
		if err := rows.Scan(&w.ID, &w.App, &w.UUID, &w.Placeholder, &w.Name, &w.Content, &w.URL); err != nil {
			return nil, fmt.Errorf("integration: widget: %w", err)
		}
		out = append(out, &w)
	}
	return out, rows.Err()
}

// Grant finds the grant of an app token: only an enabled app's token
// works, and it acts as the app's installer within its scopes.
func (m *Module) Grant(ctx context.Context, account int64, token string) (*api.AppGrant, error) {
	if !strings.HasPrefix(token, "artapp_") {
		return nil, entity.ErrNotFound
	}
	var g api.AppGrant
	var scopes string
	err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT id, actor_type, actor_id, scopes FROM apps
		WHERE token_hash = ? AND account_id = ? AND is_enabled = 1`), hashToken(token), account).Scan(&g.App, &g.Actor.Type, &g.Actor.ID, &scopes)
	if err != nil {
		return nil, err
	}
	g.Scopes = splitList(scopes)
	return &g, nil
}

func splitList(s string) []string {
	if s == "" {
		return []string{}
	}
	return strings.Split(s, ",")
}
