package tag

import (
	"slices"
	"testing"

	"github.com/artel/artel/internal/catalog"
)

// The tag routes are listed by endpoint; they must be exactly the types
// with a tags collection.
func TestTagRoutesCoverEveryTaggedType(t *testing.T) {
	cat := catalog.MustLoad()
	var want []string
	for _, name := range cat.Names() {
		if f := cat.Type(name).Field("tags"); f != nil && slices.Contains(f.Targets, "Tag") && cat.Type(name).Endpoint != "" {
			want = append(want, cat.Type(name).Endpoint)
		}
	}
	got := slices.Clone(tagEndpoints)
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("tag endpoints %v, catalogue says %v", got, want)
	}
}
