package task

import (
	"fmt"
	"strings"
)

// Markdown renders the machine for docs/tasks.md, between the markers
// DocsBegin and DocsEnd; TestDocs fails when the page and the table
// differ, so the documentation cannot drift from the code.
func Markdown() string {
	var b strings.Builder
	for _, kind := range []string{"Task", "Project"} {
		fmt.Fprintf(&b, "\n### %s\n\n", kind)
		b.WriteString("| from | action | who | to | side effects |\n| --- | --- | --- | --- | --- |\n")
		for _, r := range Table {
			if r.Kind != kind {
				continue
			}
			action := "`" + r.Action + "`"
			if r.Guard != "" {
				action += " (only when " + string(r.Guard) + ")"
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", strings.Join(r.From, ", "), action, roleList(r.Roles), to(r), effects(r))
		}
	}
	fmt.Fprintf(&b, "\n### Deadlines\n\n| call | who |\n| --- | --- |\n")
	fmt.Fprintf(&b, "| changeDeadline moves the deadline at once | %s |\n", roleList(DeadlineChangers))
	fmt.Fprintf(&b, "| changeDeadline files a pending request | %s |\n", roleList(DeadlineAskers))
	return b.String()
}

// Markers around the generated part of docs/tasks.md.
const (
	DocsBegin = "<!-- generated from internal/module/task/machine.go: go test ./internal/module/task -run TestDocs -update -->"
	DocsEnd   = "<!-- end of generated table -->"
)

func roleList(roles []Role) string {
	parts := make([]string, len(roles))
	for i, r := range roles {
		parts[i] = string(r)
	}
	return strings.Join(parts, ", ")
}

func to(r Row) string {
	switch {
	case r.To == "":
		return "(unchanged)"
	case r.SelfTo != "":
		return r.To + "; " + r.SelfTo + " when the responsible is the owner"
	}
	return r.To
}

func effects(r Row) string {
	var parts []string
	if r.To != "" {
		parts = append(parts, "statusChangeTime = now")
	}
	for _, e := range r.Effects {
		parts = append(parts, string(e))
	}
	return strings.Join(append(parts, "activity = now"), "; ")
}
