package api_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestEntityCRUD(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		emp := h.Do("POST", "/api/v3/employee", apitest.Req{Body: map[string]any{"firstName": "Иван", "lastName": "Петров"}}).Obj()
		empID := emp["id"].(string)
		h.Events()
		var taskID string
		h.Run(t, []apitest.Scenario{
			{Name: "create", Method: "POST", Path: "/api/v3/task", Status: 200,
				Req: apitest.Req{Body: map[string]any{"contentType": "Task", "name": "Позвонить клиенту",
					"responsible": map[string]any{"contentType": "Employee", "id": empID},
					"auditors":    []any{map[string]any{"contentType": "Employee", "id": empID}},
					"deadline":    map[string]any{"contentType": "DateOnly", "year": 2026, "month": 0, "day": 31}}},
				Contains: []string{`"meta":{"status":200,"errors":[]}`, `"humanNumber":1`, `"month":0`, `"auditorsCount":1`},
				Check: func(t *testing.T, r *apitest.Resp) {
					taskID = r.Obj()["id"].(string)
					if ev := h.Events(); len(ev) != 1 || ev[0].Action != "created" || ev[0].Type != "Task" {
						t.Fatalf("events %+v", ev)
					}
				}},
		})
		h.Run(t, []apitest.Scenario{
			{Name: "get", Method: "GET", Path: "/api/v3/task/" + taskID, Status: 200,
				Contains: []string{`"name":"Позвонить клиенту"`, `"responsible":{"contentType":"Employee","id":"` + empID + `"}`, `"auditors":[`}},
			{Name: "get only requested fields", Method: "GET", Path: "/api/v3/task/" + taskID + apitest.Q(`{"fields":["name"],"onlyRequestedFields":true}`),
				Status: 200, Check: func(t *testing.T, r *apitest.Resp) {
					if len(r.Obj()) != 3 || r.Obj()["name"] == nil {
						t.Fatalf("want contentType, id and name only: %v", r.Obj())
					}
				}},
			{Name: "update changes only given fields", Method: "POST", Path: "/api/v3/task/" + taskID, Status: 200,
				Req:      apitest.Req{Body: map[string]any{"name": "Позвонить клиенту ещё раз"}},
				Contains: []string{`"name":"Позвонить клиенту ещё раз"`, `"responsible":{"contentType":"Employee","id":"` + empID + `"}`}},
			{Name: "add to collection", Method: "POST", Path: "/api/v3/task/" + taskID + "/executors", Status: 200,
				Req:      apitest.Req{Body: map[string]any{"contentType": "Employee", "id": empID}},
				Contains: []string{`"executorsCount":1`}},
			{Name: "list collection", Method: "GET", Path: "/api/v3/task/" + taskID + "/executors", Status: 200,
				Contains: []string{`"firstName":"Иван"`}},
			{Name: "remove from collection", Method: "DELETE", Path: "/api/v3/task/" + taskID + "/executors/Employee/" + empID, Status: 200,
				Contains: []string{`"executorsCount":0`}},
			{Name: "remove absent item", Method: "DELETE", Path: "/api/v3/task/" + taskID + "/executors/Employee/" + empID, Status: 404},
			{Name: "add to reverse collection creates the item", Method: "POST", Path: "/api/v3/task/" + taskID + "/comments", Status: 200,
				Req: apitest.Req{Body: map[string]any{"content": "Готово"}}, Contains: []string{`"contentType":"Comment"`, `"subject":{"contentType":"Task","id":"` + taskID + `"}`}},
			{Name: "count of reverse collection", Method: "GET", Path: "/api/v3/task/" + taskID, Contains: []string{`"commentsCount":1`}},
			{Name: "delete", Method: "DELETE", Path: "/api/v3/task/" + taskID, Status: 200},
			{Name: "gone", Method: "GET", Path: "/api/v3/task/" + taskID, Status: 404, Contains: []string{`"status":404`}},
		})
	})
}

func TestBodiesAndEncoding(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		var mp bytes.Buffer
		w := multipart.NewWriter(&mp)
		_ = w.WriteField("name", "Из формы")
		_ = w.WriteField("deadline[contentType]", "DateOnly")
		_ = w.WriteField("deadline[year]", "2026")
		_ = w.WriteField("deadline[month]", "1")
		_ = w.WriteField("deadline[day]", "3")
		_ = w.WriteField("isUrgent", "true")
		w.Close()
		h.Run(t, []apitest.Scenario{
			{Name: "urlencoded with nested keys", Method: "POST", Path: "/api/v3/task", Status: 200,
				Req:      apitest.Req{Body: "name=%D0%A4%D0%BE%D1%80%D0%BC%D0%B0&deadline[contentType]=DateOnly&deadline[year]=2026&deadline[month]=11&deadline[day]=31", ContentType: "application/x-www-form-urlencoded"},
				Contains: []string{`"name":"Форма"`, `"month":11`, `"day":31`}},
			{Name: "multipart with nested keys", Method: "POST", Path: "/api/v3/task", Status: 200,
				Req:      apitest.Req{Body: mp.String(), ContentType: w.FormDataContentType()},
				Contains: []string{`"name":"Из формы"`, `"month":1`, `"isUrgent":true`}},
			{Name: "time zone header", Method: "POST", Path: "/api/v3/task", Status: 200,
				Req: apitest.Req{Body: map[string]any{"name": "tz", "plannedFinish": map[string]any{"contentType": "DateTime", "value": "2026-03-01T09:00:00+00:00"}},
					Headers: map[string]string{"X-Timezone-Offset": "10800"}},
				Contains: []string{`"value":"2026-03-01T12:00:00+03:00"`}},
		})
		// gzip when accepted
		req, _ := http.NewRequest("GET", h.URL+"/api/v3/task", nil)
		req.Header.Set("Authorization", "Bearer "+h.Token)
		req.Header.Set("Accept-Encoding", "gzip")
		res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if res.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("not gzipped: %v", res.Header)
		}
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(zr)
		if !strings.Contains(string(b), `"hasMoreNext"`) {
			t.Fatalf("gzipped body: %s", b)
		}
	})
}

func TestBadInput(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		before := h.Do("GET", "/api/v3/task", apitest.Req{}).Meta()["pagination"]
		h.Run(t, []apitest.Scenario{
			{Name: "malformed JSON body", Method: "POST", Path: "/api/v3/task", Status: 400,
				Req: apitest.Req{Body: `{"name":`}, Contains: []string{`"type":"malformed_json"`}},
			{Name: "malformed query", Method: "GET", Path: "/api/v3/task?%7B%22limit%22", Status: 400},
			{Name: "unknown entity type", Method: "GET", Path: "/api/v3/spaceship", Status: 404},
			{Name: "unknown id", Method: "GET", Path: "/api/v3/task/99999", Status: 404},
			{Name: "non-numeric id", Method: "GET", Path: "/api/v3/task/abc", Status: 404},
			{Name: "one error per bad field, Russian by default", Method: "POST", Path: "/api/v3/task", Status: 422,
				Req: apitest.Req{Body: map[string]any{"bogus": 1, "isUrgent": "maybe", "status": "flying",
					"responsible": map[string]any{"contentType": "Employee", "id": "424242"}}},
				Check: func(t *testing.T, r *apitest.Resp) {
					got := map[string]string{}
					for _, e := range r.Errors() {
						got[e["field"].(string)] = e["type"].(string)
						if e["message"] == "" {
							t.Errorf("no message: %v", e)
						}
					}
					want := map[string]string{"bogus": "unknown_field", "isUrgent": "invalid_type", "status": "invalid_enum",
						"name": "required", "responsible": "link_not_found"}
					if fmt.Sprint(got) != fmt.Sprint(want) {
						t.Fatalf("errors %v, want %v", got, want)
					}
				}, Contains: []string{"Обязательно к заполнению"}},
			{Name: "English by Accept-Language", Method: "POST", Path: "/api/v3/task", Status: 422,
				Req:      apitest.Req{Body: map[string]any{}, Headers: map[string]string{"Accept-Language": "en-US,en;q=0.9"}},
				Contains: []string{`"message":"Required"`}},
			{Name: "oversized body", Method: "POST", Path: "/api/v3/task", Status: 413,
				Req: apitest.Req{Body: `{"name":"` + strings.Repeat("x", 33<<20) + `"}`}},
			{Name: "wrong content type", Method: "POST", Path: "/api/v3/task", Status: 415,
				Req: apitest.Req{Body: "name: x", ContentType: "application/yaml"}},
		})
		after := h.Do("GET", "/api/v3/task", apitest.Req{}).Meta()["pagination"]
		if fmt.Sprint(before) != fmt.Sprint(after) {
			t.Fatalf("failed writes changed the list: %v -> %v", before, after)
		}
		if ev := h.Events(); len(ev) != 0 {
			t.Fatalf("failed writes published %v", ev)
		}
	})
}
