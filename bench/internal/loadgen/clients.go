package loadgen

import (
	"context"
	"errors"
	"strings"
)

// The client list screen (web/src/features/crm/ClientListPage.tsx): people
// and companies in one list (GET /contractor), a page of 25 through the
// "all" filter, with the deal and invoice figures and the balance a
// list shows when its columns ask for them (docs/crm.md), every column on;
// like every list of the web app (web/src/data/lists.ts), it asks for
// onlyRequestedFields.
var clientFields = []string{"name", "firstName", "lastName", "middleName", "contactInfo", "position", "company", "isDropped",
	"countDeals", "summDeals", "countInvoice", "summInvoice", "summAccountReceivable", "balance"}

func clientPage(q string) string { return sortedClientPage(q, "") }

// sortedClientPage is the page in one of the list's other orders
// (web/src/features/crm/columns.ts SORTS): "name", or "-lastDealDate"
// for the newest first.
func sortedClientPage(q, sort string) string {
	query := map[string]any{"limit": 25, "fields": clientFields, "onlyRequestedFields": true, "filter": map[string]any{"contentType": "CrmFilter", "id": "all"}}
	if q != "" {
		query["q"] = q
	}
	if sort != "" {
		field, desc := strings.CutPrefix(sort, "-")
		query["sortBy"] = []any{map[string]any{"fieldName": field, "desc": desc}}
	}
	return "/api/v3/contractor" + Q(query)
}

// ClientListByName is the list A to Z, as the administrator.
func (a *API) ClientListByName(ctx context.Context, w *Worker) error {
	return a.get(ctx, sortedClientPage("", "name"))
}

// ClientListByNameEmployee is the same as an ordinary employee.
func (a *API) ClientListByNameEmployee(ctx context.Context, w *Worker) error {
	return a.asEmployee(ctx, sortedClientPage("", "name"))
}

// ClientListByDeal is the list by the latest deal first (the clients
// without one last), as the administrator.
func (a *API) ClientListByDeal(ctx context.Context, w *Worker) error {
	return a.get(ctx, sortedClientPage("", "-lastDealDate"))
}

// ClientList is the list's first page, as the administrator.
func (a *API) ClientList(ctx context.Context, w *Worker) error { return a.get(ctx, clientPage("")) }

// ClientListEmployee is the same as an ordinary employee, who sees the
// clients they are responsible for.
func (a *API) ClientListEmployee(ctx context.Context, w *Worker) error {
	return a.asEmployee(ctx, clientPage(""))
}

// ClientSearch is the list's search box: a surname of the generated people.
func (a *API) ClientSearch(ctx context.Context, w *Worker) error {
	if len(a.A.ClientWords) == 0 {
		return errors.New("no client words")
	}
	return a.get(ctx, clientPage(a.A.ClientWords[w.Rand.IntN(len(a.A.ClientWords))]))
}

// ClientSearchEmployee is the same search as an ordinary employee.
func (a *API) ClientSearchEmployee(ctx context.Context, w *Worker) error {
	if len(a.A.ClientWords) == 0 {
		return errors.New("no client words")
	}
	return a.asEmployee(ctx, clientPage(a.A.ClientWords[w.Rand.IntN(len(a.A.ClientWords))]))
}
