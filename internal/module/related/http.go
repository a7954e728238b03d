// Package related serves the reference's calls about what surrounds an
// entity, the same for every type that has them: /{type}/search (its
// list searched), /{type}/{id}/allParticipants (the people in its roles)
// and /{type}/{id}/allFiles (the files attached to it and to its
// comments), and each reader's settings of a list filter. Each answers
// under the reader's rights: what they cannot see
// is 404 or left out.
package related

import (
	"context"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
)

// HTTP is the routes of this package.
type HTTP struct {
	Engine *entity.Engine
}

// SearchEndpoints have GET /{endpoint}/search in the reference and a
// type of their own here (/contractor/search is the clients' union,
// internal/module/crm; /todo/search, internal/module/todo).
var SearchEndpoints = []string{"contractorCompany", "contractorHuman", "deal", "doc", "docFolder",
	"employee", "finOperation", "project", "task", "topic"}

// Participants are, per type with /{endpoint}/{id}/allParticipants, the
// fields naming the people in its roles, in the order they are listed
// (/todo/{id}/allParticipants is the to-dos' own, internal/module/todo).
var Participants = map[string][]string{
	"Task":              {"owner", "responsible", "executors", "auditors", "participants"},
	"Project":           {"owner", "responsible", "executors", "auditors", "participants"},
	"Deal":              {"manager", "auditors"},
	"ContractorHuman":   {"responsibles"},
	"ContractorCompany": {"responsibles"},
	"Topic":             {"owner", "visavis", "participants"},
}

// FileEndpoints have GET /{endpoint}/{id}/allFiles in the reference and
// comments of their own (so files in the comments count too).
var FileEndpoints = []string{"contractorCompany", "contractorHuman", "deal", "project", "task", "todo", "topic", "warehouse"}

// Routes registers the calls.
func (a *HTTP) Routes(rt *api.Routes) {
	for _, ep := range SearchEndpoints {
		rt.Handle("GET /"+ep+"/search", a.search(ep))
	}
	for name := range Participants {
		ep := a.Engine.Cat.Type(name).Endpoint
		rt.Handle("GET /"+ep+"/{id}/allParticipants", a.participants(name))
	}
	for _, ep := range FileEndpoints {
		rt.Handle("GET /"+ep+"/{id}/allFiles", a.files(ep))
	}
	a.filterRoutes(rt)
	rt.Messages(map[string][2]string{CodeFileKind: {
		"Тип файлов — image, video, audio или document", "The file type is image, video, audio or document"}})
}

// search serves GET /{endpoint}/search: the type's list with its usual
// parameters, q the words searched (without q, the list itself).
func (a *HTTP) search(endpoint string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		name := a.Engine.Cat.ByEndpoint(endpoint).Name
		lq, err := r.ListQuery(name)
		if err != nil {
			return r.Fail(err)
		}
		return r.Page(ctx, name, lq)
	}
}
