package task

import (
	"flag"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the generated table in docs/tasks.md")

const docsPath = "../../../docs/tasks.md"

// TestDocs keeps docs/tasks.md's table equal to the Go table: it fails
// when they differ, and with -update rewrites the page's generated part.
func TestDocs(t *testing.T) {
	b, err := os.ReadFile(docsPath)
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	i, j := strings.Index(page, DocsBegin), strings.Index(page, DocsEnd)
	if i < 0 || j < i {
		t.Fatalf("%s lacks the markers %q and %q", docsPath, DocsBegin, DocsEnd)
	}
	want := page[:i] + DocsBegin + "\n" + Markdown() + "\n" + page[j:]
	if want == page {
		return
	}
	if *update {
		if err := os.WriteFile(docsPath, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Fatalf("%s differs from the table in machine.go; run go test ./internal/module/task -run TestDocs -update", docsPath)
}

// TestTableShape checks what the doAction tests and possibleActions rely
// on: every row names a known status, action and role, and a from-status
// and action have one outcome per role.
func TestTableShape(t *testing.T) {
	statuses := []string{Created, Assigned, Accepted, Done, Completed, Rejected, Cancelled, Expired, Delayed, Overdue, Template}
	seen := map[string]bool{}
	for _, r := range Table {
		if r.Kind != "Task" && r.Kind != "Project" || !strings.HasPrefix(r.Action, "act_") || len(r.Roles) == 0 {
			t.Errorf("bad row %+v", r)
		}
		for _, s := range append(append([]string{}, r.From...), r.To, r.SelfTo) {
			if s != "" && !contains(statuses, s) {
				t.Errorf("row %+v: unknown status %q", r, s)
			}
		}
		for _, from := range r.From {
			for _, role := range r.Roles {
				key := r.Kind + from + r.Action + string(role)
				if seen[key] {
					t.Errorf("%s %s %s by %s twice", r.Kind, from, r.Action, role)
				}
				seen[key] = true
			}
		}
	}
}
