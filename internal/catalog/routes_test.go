package catalog

import (
	"slices"
	"testing"
)

func TestRefRoutes(t *testing.T) {
	if n := len(RefRoutes()); n < 1500 {
		t.Fatalf("%d reference routes", n)
	}
	task := RefRouteOf("GET", "/task")
	if task == nil || !slices.Contains(task.Params, "statuses") || !slices.Contains(task.Params, "pageAfter") || !slices.Contains(task.Params, "filter") {
		t.Fatalf("GET /task: %+v", task)
	}
	if r := RefRouteOf("GET", "/accountOrder/{id}"); r == nil || slices.Contains(r.Params, "id") {
		t.Fatalf("path parameters are not query parameters: %+v", r)
	}
}
