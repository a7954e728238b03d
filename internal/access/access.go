// Package access keeps who sees what for the types whose rule shows an
// entity to the people its role fields name (rights.Rule.Members): one
// row per entity and reader in entity_access, and how many entities each
// reader sees in entity_access_counts. Triggers in the database keep both
// in the writing transaction, whichever code writes a role (the engine, a
// merge, a firing's reassignment, a bulk load), so they cannot drift from
// the rows they are made of. An employee's list then reads its page from
// one index range and its count from a few rows, where recomputing the
// rights condition cost what the employee sees (docs/architecture.md,
// Rights).
package access

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
)

// Spec is one kept type: where its roles are stored.
type Spec struct {
	Type  string
	Table string
	// Columns are the single-link role fields' column stems: each is
	// stored as <stem>_t (the named type) and <stem>_i (its id).
	Columns []string
	// Links are the collection role fields, rows of the links table.
	Links []string
}

// Tables the package reads.
const (
	Table      = "entity_access"
	CountTable = "entity_access_counts"
)

// signature names a set of specs, so a changed rule rebuilds the kept rows.
func signature(specs []Spec) string {
	var b strings.Builder
	for _, s := range sorted(specs) {
		fmt.Fprintf(&b, "%s|%s|%s|%s\n", s.Type, s.Table, strings.Join(s.Columns, ","), strings.Join(s.Links, ","))
	}
	sum := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(sum[:8])
}

func sorted(specs []Spec) []Spec {
	out := append([]Spec{}, specs...)
	sort.Slice(out, func(i, j int) bool { return out[i].Type < out[j].Type })
	return out
}

// linkTest is the condition, over a links row r (NEW or OLD), that the
// row names a reader of a kept type.
func linkTest(specs []Spec, r string) string {
	var parts []string
	for _, s := range sorted(specs) {
		if len(s.Links) == 0 {
			continue
		}
		parts = append(parts, fmt.Sprintf("(%s.src_type = '%s' AND %s.field IN (%s))", r, s.Type, r, quoted(s.Links)))
	}
	if len(parts) == 0 {
		return "1 = 0"
	}
	return "(" + strings.Join(parts, " OR ") + ")"
}

func quoted(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "'" + n + "'"
	}
	return strings.Join(q, ", ")
}

// rebuild is the SQL that fills entity_access for one spec from the rows
// as stored.
func rebuild(s Spec) string {
	var parts []string
	for _, c := range s.Columns {
		parts = append(parts, fmt.Sprintf("SELECT account_id, id AS entity_id, %s_t AS rt, %s_i AS ri FROM %s WHERE %s_t IS NOT NULL AND %s_i IS NOT NULL",
			c, c, s.Table, c, c))
	}
	if len(s.Links) > 0 {
		parts = append(parts, fmt.Sprintf("SELECT account_id, src_id AS entity_id, dst_type AS rt, dst_id AS ri FROM links WHERE src_type = '%s' AND field IN (%s)",
			s.Type, quoted(s.Links)))
	}
	return fmt.Sprintf(`INSERT INTO entity_access (account_id, content_type, reader_type, reader_id, entity_id, n)
		SELECT account_id, '%s', rt, ri, entity_id, COUNT(*) FROM (%s) r GROUP BY account_id, rt, ri, entity_id`,
		s.Type, strings.Join(parts, " UNION ALL "))
}
