package comment

import (
	"slices"
	"testing"

	"github.com/artel/artel/internal/catalog"
)

// The comment routes are listed by endpoint; they must be exactly the
// types Comment.subject allows.
func TestCommentRoutesCoverEverySubject(t *testing.T) {
	cat := catalog.MustLoad()
	var want []string
	for _, name := range cat.Type("Comment").Field("subject").Targets {
		if ct := cat.Type(name); ct != nil {
			want = append(want, ct.Endpoint)
		}
	}
	got := slices.Clone(SubjectEndpoints)
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("comment subject endpoints %v, catalogue says %v", got, want)
	}
}
