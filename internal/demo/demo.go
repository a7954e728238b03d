// Package demo fills an account with a deterministic demo company, ООО
// «Северный ветер»: departments and employees, clients, a sales process with
// deals, projects with tasks, to-dos and comments, so a fresh install has
// something to look at and screenshots and manual tests see the same data
// every time.
//
// Everything goes through the entity engine, so the data obeys the same
// checks and hooks as API writes. The auth hooks must be registered on the
// engine (auth.Service.Hook) for the demo user's password to be stored.
package demo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// The demo user signs in with these.
const (
	Login    = "demo@artel.local"
	Password = "demo12345"
)

// Result says what Fill did.
type Result struct {
	Login, Password string
	Created         bool           // false when the account already had the demo
	Counts          map[string]int // content type -> entities created
}

// Fill creates the demo company in the account, all in one transaction so a
// failure leaves nothing half-made. When the demo user already exists it
// changes nothing and returns Created=false, so running it twice is safe.
func Fill(ctx context.Context, e *entity.Engine, account int64) (*Result, error) {
	res := &Result{Login: Login, Password: Password, Counts: map[string]int{}}
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		// The check runs inside the transaction so two concurrent fills
		// cannot both see an empty account.
		exists, err := demoExists(ctx, e, account)
		if err != nil || exists {
			return err
		}
		f := &filler{
			ctx: ctx, e: e, account: account, counts: res.Counts,
			// A fixed seed and a fixed "today" make every run produce the
			// same company, whatever the date the server runs on.
			rng:  rand.New(rand.NewPCG(1, 2)),
			base: time.Date(2026, 1, 12, 0, 0, 0, 0, moscow),
		}
		if err := f.run(); err != nil {
			return err
		}
		res.Created = true
		return nil
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// moscow is the company's time zone; a fixed offset avoids depending on the
// host's tz database.
var moscow = time.FixedZone("MSK", 3*60*60)

// demoExists looks the demo user up by login.
func demoExists(ctx context.Context, e *entity.Engine, account int64) (bool, error) {
	filter, _ := json.Marshal(obj{"contentType": "FilterConfig", "termGroup": obj{"join": "and", "terms": []obj{{
		"contentType": "FilterTermString", "field": "login", "comparison": "equals", "value": Login}}}})
	page, err := e.List(ctx, entity.Scope{Account: account, System: true}, "Employee", entity.ListQuery{Filter: filter, Limit: 1}, value.Options{})
	if err != nil {
		return false, fmt.Errorf("demo: look up demo user: %w", err)
	}
	return page.Count > 0, nil
}

// filler carries the generator state and what has been created so far, which
// later steps link to.
type filler struct {
	ctx     context.Context
	e       *entity.Engine
	account int64
	rng     *rand.Rand
	base    time.Time
	counts  map[string]int

	demo      value.Link
	deptLinks map[string]value.Link
	employees []employee
	byDept    map[string][]value.Link
	companies []client
	// clientTypes and clientStatuses are in clientLists' order.
	clientTypes    []value.Link
	clientStatuses []value.Link
	clients        []client // people and companies, in creation order
	program        value.Link
	stages         []stage
	deals          []subject
	projects       []project
	tasks          []subject
	// offers are the catalogue's offers with their base prices, priced in
	// the price lists.
	offers []pricedOffer
	// firstReport is the demo user's first saved report, a workspace's chart.
	firstReport value.Link
}

// subject is something comments and to-dos can be about, with the people
// who would plausibly write about it.
type subject struct {
	link   value.Link
	name   string
	people []value.Link
}

func (f *filler) run() error {
	steps := []func() error{f.departments, f.staff, f.clientListsStep, f.companiesStep, f.humans,
		f.salesProgram, f.dealsStep, f.leadFormsStep, f.positionsStep, f.invoicesStep, f.stockStep, f.priceListsStep, f.projectsStep, f.tasksStep, f.todos, f.calendar, f.comments, f.chats, f.knowledgeStep, f.absencesStep,
		f.docsStep, f.reportsStep, f.spacesStep, f.integrationsStep, f.callsStep}
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

// obj is a JSON object body.
type obj = map[string]any

// create stores one entity as the actor (zero for the system) and counts it.
func (f *filler) create(actor value.Link, typ string, body obj) (value.Link, error) {
	in := make(entity.Input, len(body))
	for k, v := range body {
		b, err := json.Marshal(v)
		if err != nil {
			return value.Link{}, fmt.Errorf("demo: %s.%s: %w", typ, k, err)
		}
		in[k] = b
	}
	rec, err := f.e.Create(f.ctx, entity.Scope{Account: f.account, Actor: actor, System: true}, typ, in)
	if err != nil {
		return value.Link{}, fmt.Errorf("demo: create %s %q: %s: %w", typ, body["name"], describe(err), err)
	}
	f.counts[typ]++
	return rec.Link(), nil
}

// describe spells out a 422 fully: Invalid.Error names only fields and codes.
func describe(err error) string {
	var inv *entity.Invalid
	if !errors.As(err, &inv) {
		return "failed"
	}
	parts := make([]string, len(inv.Errors))
	for i, fe := range inv.Errors {
		parts[i] = fe.Field + " " + fe.Code
		if fe.Param != "" {
			parts[i] += " (" + fe.Param + ")"
		}
		if fe.Value != nil {
			parts[i] += " (" + fe.Value.Error() + ")"
		}
	}
	return strings.Join(parts, "; ")
}
