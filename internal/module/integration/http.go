package integration

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// HTTP is the integrations' routes. The reference has no webhook type,
// so /webhook is Artel's own, shaped as the reference's entities are.
// Only an administrator reads or writes them.
type HTTP struct {
	Engine       *entity.Engine
	Integrations *Module
	// Market is the local app catalogue (LoadMarket when nil).
	Market *Market
}

// Error codes of the webhook rules.
const (
	CodeBadURL    = "webhook_url"
	CodeBadEvents = "webhook_events"
	CodeBadType   = "webhook_type"
	CodeBadSecret = "webhook_secret"
)

// Wording words the codes above.
var Wording = map[string][2]string{
	CodeBadURL:    {"Укажите адрес http:// или https://", "Give an http:// or https:// address"},
	CodeBadEvents: {"Выберите события: on_after_create, on_after_update, on_after_drop", "Choose events: on_after_create, on_after_update, on_after_drop"},
	CodeBadType:   {"Нет такого типа сущности", "There is no such entity type"},
	CodeBadSecret: {"Секрет — не короче 16 символов", "The secret is at least 16 characters"},
}

// Routes registers the area's routes and error wording.
func (a *HTTP) Routes(rt *api.Routes) {
	rt.Handle("GET /webhook", a.admin(a.list))
	rt.Handle("POST /webhook", a.admin(a.create))
	rt.Handle("GET /webhook/{id}", a.admin(a.get))
	rt.Handle("POST /webhook/{id}", a.admin(a.update))
	rt.Handle("DELETE /webhook/{id}", a.admin(a.drop))
	rt.Handle("GET /webhook/{id}/deliveries", a.admin(a.deliveries))
	rt.Messages(Wording)
	a.automationRoutes(rt)
	a.appRoutes(rt)
	a.trackRoutes(rt)
}

func (a *HTTP) admin(h api.Handler) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		if sc := r.Scope(); !sc.Admin && !sc.System {
			return r.Denied()
		}
		return h(ctx, r)
	}
}

func (a *HTTP) list(ctx context.Context, r *api.Request) api.Response {
	hooks, err := a.Integrations.hooks(ctx, r.Scope().Account, false)
	if err != nil {
		return r.Fail(err)
	}
	out := make([]any, 0, len(hooks))
	for _, h := range hooks {
		out = append(out, encodeHook(h, r.Options()))
	}
	return api.OK(out)
}

func (a *HTTP) get(ctx context.Context, r *api.Request) api.Response {
	h, err := a.Integrations.hook(ctx, r.Scope().Account, r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(encodeHook(h, r.Options()))
}

// input is a webhook's body; absent fields keep their values.
type input struct {
	URL        *string   `json:"url"`
	Secret     *string   `json:"secret"`
	EntityType *string   `json:"entityType"`
	Events     *[]string `json:"events"`
	IsActive   *bool     `json:"isActive"`
}

func (a *HTTP) create(ctx context.Context, r *api.Request) api.Response {
	h := &Hook{Events: Events, Active: true, Secret: newSecret(), Owner: r.Scope().Actor}
	if res := a.apply(r, h); res != nil {
		return *res
	}
	if err := AddWebhook(ctx, a.Engine, r.Scope().Account, h); err != nil {
		return r.Fail(err)
	}
	r.IDs = []int64{h.ID}
	return a.get(ctx, r)
}

func (a *HTTP) update(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	h, err := a.Integrations.hook(ctx, sc.Account, r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	was := h.Active
	if res := a.apply(r, h); res != nil {
		return *res
	}
	q := `UPDATE webhooks SET url = ?, secret = ?, entity_type = ?, events = ?, is_active = ?`
	// Turned on again: the count starts afresh and the waiting
	// deliveries go out.
	if h.Active && !was {
		q += `, failures = 0, disabled_at = NULL`
	}
	if err := a.Engine.DB.Exec(ctx, q+` WHERE account_id = ? AND id = ?`, h.URL, h.Secret, h.EntityType,
		strings.Join(h.Events, ","), boolInt(h.Active), sc.Account, h.ID); err != nil {
		return r.Fail(err)
	}
	return a.get(ctx, r)
}

// apply checks the body and puts it on h, or answers why not.
func (a *HTTP) apply(r *api.Request, h *Hook) *api.Response {
	var in input
	if err := json.Unmarshal(r.Body(), &in); err != nil {
		res := api.Fail(http.StatusBadRequest, "malformed_json", r.Message("malformed_json"))
		return &res
	}
	bad := &entity.Invalid{}
	if in.URL != nil {
		h.URL = strings.TrimSpace(*in.URL)
	}
	if u, err := url.Parse(h.URL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		bad.Errors = append(bad.Errors, entity.FieldError{Field: "url", Code: CodeBadURL})
	}
	if in.Secret != nil {
		if h.Secret = *in.Secret; len(h.Secret) < 16 {
			bad.Errors = append(bad.Errors, entity.FieldError{Field: "secret", Code: CodeBadSecret})
		}
	}
	if in.EntityType != nil {
		if h.EntityType = *in.EntityType; h.EntityType != "" && a.Engine.Cat.Type(h.EntityType) == nil {
			bad.Errors = append(bad.Errors, entity.FieldError{Field: "entityType", Code: CodeBadType})
		}
	}
	if in.Events != nil {
		h.Events = *in.Events
		if !validEvents(h.Events) {
			bad.Errors = append(bad.Errors, entity.FieldError{Field: "events", Code: CodeBadEvents})
		}
	}
	if in.IsActive != nil {
		h.Active = *in.IsActive
	}
	if len(bad.Errors) > 0 {
		res := r.Fail(bad)
		return &res
	}
	return nil
}

func validEvents(evs []string) bool {
	if len(evs) == 0 {
		return false
	}
	seen := map[string]bool{}
	for _, e := range evs {
		if e != OnCreate && e != OnUpdate && e != OnDrop || seen[e] {
			return false
		}
		seen[e] = true
	}
	return true
}

func (a *HTTP) drop(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	h, err := a.Integrations.hook(ctx, sc.Account, r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	err = a.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		for _, q := range []string{`DELETE FROM webhook_attempts WHERE account_id = ? AND webhook_id = ?`,
			`DELETE FROM webhook_deliveries WHERE account_id = ? AND webhook_id = ?`,
			`DELETE FROM webhooks WHERE account_id = ? AND id = ?`} {
			if err := a.Engine.DB.Exec(ctx, q, sc.Account, h.ID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(encodeHook(h, r.Options()))
}

func encodeHook(h *Hook, opt value.Options) map[string]any {
	dt := value.DateTime{}
	var disabled any
	if h.DisabledAt > 0 {
		disabled = dt.Encode(h.DisabledAt, opt)
	}
	var owner any
	if h.Owner.ID != 0 {
		owner = value.EncodeLink(h.Owner)
	}
	return map[string]any{"contentType": "Webhook", "id": strconv.FormatInt(h.ID, 10), "url": h.URL,
		"secret": h.Secret, "entityType": h.EntityType, "events": h.Events, "isActive": h.Active,
		"failures": h.Failures, "lastError": h.LastError, "timeDisabled": disabled, "owner": owner,
		"timeCreated": dt.Encode(h.Created, opt)}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
