package leadform

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/crm"
	"github.com/artel/artel/internal/module/subscribe"
	"github.com/artel/artel/internal/value"
)

// Posts per sender's address and account in rateWindow, at most.
const (
	rateLimit  = 5
	rateWindow = 10 * time.Minute
)

// Module is the lead forms as the wiring holds them.
type Module struct {
	Engine *entity.Engine
	// Notify sends a notification (subscribe.Subscriptions.Send); nil
	// sends none.
	Notify func(ctx context.Context, account int64, n *subscribe.Notification) error
}

// form is a form with its elements, read for a post or its page.
type form struct {
	rec   *entity.Record
	elems []element
}

func (f form) str(field string) string { s, _ := f.rec.Values[field].(string); return s }
func (f form) on(field string) bool    { v, _ := f.rec.Values[field].(int64); return v != 0 }

// load reads an active form by id or uuid; ErrNotFound for none.
func (m *Module) load(ctx context.Context, account, id int64, uuid string) (form, error) {
	sys := entity.Scope{Account: account, System: true}
	var rec *entity.Record
	if uuid != "" {
		t := m.Engine.Cat.Type("CustomLeadForm")
		page, err := m.Engine.List(ctx, sys, "CustomLeadForm", entity.ListQuery{Limit: 1,
			Where: []entity.Condition{{SQL: t.Table + "." + t.Field("uuid").Column + " = ?", Args: []any{uuid}}}}, value.Options{})
		if err != nil {
			return form{}, err
		}
		if len(page.Records) == 0 {
			return form{}, entity.ErrNotFound
		}
		rec = page.Records[0]
	} else {
		var err error
		if rec, err = m.Engine.Get(ctx, sys, "CustomLeadForm", id); err != nil {
			return form{}, err
		}
	}
	f := form{rec: rec}
	if !f.on("active") {
		return form{}, entity.ErrNotFound
	}
	et := m.Engine.Cat.Type("CustomLeadFormElement")
	page, err := m.Engine.List(ctx, sys, "CustomLeadFormElement", entity.ListQuery{Limit: 100,
		Where: []entity.Condition{{SQL: et.Table + "." + et.Field("leadForm").Column + "_i = ?", Args: []any{rec.ID}}}}, value.Options{})
	if err != nil {
		return form{}, err
	}
	for _, r := range page.Records {
		f.elems = append(f.elems, elementOf(r))
	}
	f.sortElems()
	return f, nil
}

// elementOf is a stored CustomLeadFormElement.
func elementOf(r *entity.Record) element {
	req, _ := r.Values["required"].(int64)
	pos, _ := r.Values["sort"].(int64)
	return element{name: r.String("name"), caption: r.String("caption"), typ: r.String("type"),
		placeholder: r.String("placeholder"), required: req != 0, sort: pos}
}

// sortElems puts the fields in their page order.
func (f form) sortElems() {
	sort.SliceStable(f.elems, func(i, j int) bool { return f.elems[i].sort < f.elems[j].sort })
}

// Submit takes a post of a form: kind is "contractor" or "deal" (the
// route's), ip the sender's address, token their captcha answer. It makes
// or finds the client, makes the deal, keeps the post and tells the
// responsible, all or nothing.
func (m *Module) Submit(ctx context.Context, account, id int64, kind string, in entity.Input, ip, token string) (form, error) {
	f, err := m.load(ctx, account, id, "")
	if err != nil {
		return f, err
	}
	if f.str("type") != kind {
		return f, entity.ErrNotFound
	}
	clientType := f.str("clientType")
	p, err := parsePost(in, f.elems, clientType != "WITHOUT_CONTRACTOR")
	if err != nil {
		return f, err
	}
	now := m.Engine.Now()
	sender := senderOf(account, ip)
	if err := m.limit(ctx, account, sender, now); err != nil {
		return f, err
	}
	// Checked outside the post's transaction, so a wrong answer uses the
	// captcha up even though the post writes nothing.
	if f.on("isCaptchaEnabled") {
		right, err := captchas{m.Engine.DB}.check(ctx, p.captchaID, token, now)
		if err != nil {
			return f, err
		}
		if !right {
			return f, entity.Invalidf("token", CodeCaptcha, "")
		}
	}
	err = m.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		return m.record(ctx, account, f, p, sender, now)
	})
	return f, err
}

// limit refuses a sender who posted rateLimit times in rateWindow.
func (m *Module) limit(ctx context.Context, account int64, sender string, now time.Time) error {
	db := m.Engine.DB
	var n int
	if err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT COUNT(*) FROM lead_posts
		WHERE account_id = ? AND sender = ? AND created_at > ?`), account, sender, now.Add(-rateWindow).UnixMilli()).Scan(&n); err != nil {
		return err
	}
	if n >= rateLimit {
		return entity.Invalidf("form", CodeTooMany, "")
	}
	return nil
}

// record writes what a post makes, as the form's responsible.
func (m *Module) record(ctx context.Context, account int64, f form, p post, sender string, now time.Time) error {
	e := m.Engine
	sc := entity.Scope{Account: account, Actor: f.rec.Links["responsible"], System: true}
	note := m.describe(f, p)
	x, err := extrasOf(ctx, e, account, f.rec)
	if err != nil {
		return err
	}
	var client *entity.Record
	if f.str("clientType") != "WITHOUT_CONTRACTOR" {
		if client, err = m.client(ctx, sc, f, p, x); err != nil {
			return err
		}
	}
	var deal *entity.Record
	if f.str("type") == "deal" {
		if deal, err = m.deal(ctx, sc, f, p, x, client); err != nil {
			return err
		}
	}
	if err := e.Expand(ctx, sc, []*entity.Record{f.rec}, tagsOnly); err != nil {
		return err
	}
	for _, rec := range []*entity.Record{client, deal} {
		if err := m.tagWith(ctx, sc, f.rec.Many["tags"], rec); err != nil {
			return err
		}
	}
	about := deal
	if about == nil {
		about = client
	}
	if _, err := e.Create(ctx, sc, "Comment", entity.Input{"content": raw(note), "subject": raw(value.EncodeLink(about.Link()))}); err != nil {
		return err
	}
	if !f.on("collectUtm") {
		p.utm, p.referrer = map[string]string{}, ""
	}
	utm, _ := json.Marshal(p.utm)
	var ct, cid, did any
	if client != nil {
		ct, cid = client.Type.Name, client.ID
	}
	if deal != nil {
		did = deal.ID
	}
	if err := e.DB.Exec(ctx, `INSERT INTO lead_posts (account_id, form_id, client_type, client_id, deal_id, utm, referrer, sender, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, sc.Account, f.rec.ID, ct, cid, did, string(utm), p.referrer, sender, now.UnixMilli()); err != nil {
		return err
	}
	count, _ := f.rec.Values["postCount"].(int64)
	if _, err := e.Update(ctx, sc, "CustomLeadForm", f.rec.ID, entity.Input{"postCount": raw(count + 1)}); err != nil {
		return err
	}
	resp := f.rec.Links["responsible"]
	if f.on("needNotify") && resp.Type == "Employee" && m.Notify != nil {
		return m.Notify(ctx, sc.Account, &subscribe.Notification{Recipient: resp, Type: "lead_post", Subject: about.Link(), Content: f.str("name")})
	}
	return nil
}

// client finds the post's client by phone or e-mail among both types,
// the form's type first, or makes one with the post's extra fields. A
// client found keeps its fields: an anonymous post changes no one's card
// (its values are in the post's comment).
func (m *Module) client(ctx context.Context, sc entity.Scope, f form, p post, x extras) (*entity.Record, error) {
	typ := clientTypeOf(f.str("clientType"))
	if tr := p.traits(); len(tr.Phones)+len(tr.Emails) > 0 {
		found, err := crm.Duplicates(ctx, m.Engine, sc, tr, nil)
		if err != nil {
			return nil, err
		}
		for _, want := range []string{typ, ""} {
			for _, rec := range found {
				if want == "" || rec.Type.Name == want {
					return rec, nil
				}
			}
		}
	}
	in := entity.Input{}
	set := func(field, v string) {
		if v != "" {
			in[field] = raw(v)
		}
	}
	if typ == crm.Company {
		set("name", first(p.values["companyName"], p.values["name"], p.values["email"], p.values["phone"]))
	} else {
		set("firstName", first(p.values["firstName"], p.values["name"]))
		set("lastName", p.values["lastName"])
		set("middleName", p.values["middleName"])
		set("position", p.values["position"])
		if p.values["firstName"]+p.values["name"]+p.values["lastName"] == "" {
			set("firstName", first(p.values["email"], p.values["phone"]))
		}
	}
	set("description", p.values["comment"])
	var contacts []any
	for _, k := range []string{"phone", "email", "site"} {
		if v := p.values[k]; v != "" {
			contacts = append(contacts, map[string]any{"contentType": "ContactInfo", "type": k, "value": v, "isMain": true})
		}
	}
	if contacts != nil {
		in["contactInfo"] = raw(contacts)
	}
	if l, ok := f.rec.Links["contractorInternalType"]; ok {
		in["type"] = raw(value.EncodeLink(l))
	}
	if l, ok := f.rec.Links["responsible"]; ok {
		in["responsibles"] = raw([]any{value.EncodeLink(l)})
	}
	fill(in, x.client, p)
	return m.Engine.Create(ctx, sc, typ, in)
}

// deal makes the post's deal in the form's process (and state, when the
// form names one), for the client, managed by the form's responsible,
// with the post's extra fields of the deal.
func (m *Module) deal(ctx context.Context, sc entity.Scope, f form, p post, x extras, client *entity.Record) (*entity.Record, error) {
	in := entity.Input{"name": raw(first(p.values["dealName"], "Заявка: "+f.str("name"))),
		"program": raw(value.EncodeLink(f.rec.Links["program"]))}
	if l, ok := f.rec.Links["programState"]; ok {
		in["state"] = raw(value.EncodeLink(l))
	}
	if l, ok := f.rec.Links["responsible"]; ok {
		in["manager"] = raw(value.EncodeLink(l))
	}
	if client != nil {
		in["contractor"] = raw(value.EncodeLink(client.Link()))
	}
	if d := strings.TrimSpace(p.values["dealDescription"] + "\n" + p.values["comment"]); d != "" {
		in["description"] = raw(d)
	}
	fill(in, x.deal, p)
	return m.Engine.Create(ctx, sc, "Deal", in)
}

// describe is the comment a post leaves: each value by its caption, the
// UTM parameters and the referrer.
func (m *Module) describe(f form, p post) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Заявка с формы «%s»\n", f.str("name"))
	for _, el := range f.elems {
		if v := p.values[el.name]; v != "" {
			fmt.Fprintf(&b, "%s: %s\n", first(el.caption, el.name), v)
		}
	}
	if f.on("collectUtm") {
		for _, k := range utmKeys {
			if v := p.utm[k]; v != "" {
				fmt.Fprintf(&b, "%s: %s\n", k, v)
			}
		}
		if p.referrer != "" {
			fmt.Fprintf(&b, "referrer: %s\n", p.referrer)
		}
	}
	return strings.TrimSpace(b.String())
}

// senderOf is a hash of the sender's address, per account: the limit
// counts by it, and the address itself is not kept.
func senderOf(account int64, ip string) string {
	sum := sha256.Sum256([]byte(strconv.FormatInt(account, 10) + "|" + ip))
	return hex.EncodeToString(sum[:16])
}

func first(vals ...string) string {
	for _, v := range vals {
		if v != "" {
			return v
		}
	}
	return ""
}

func raw(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}
