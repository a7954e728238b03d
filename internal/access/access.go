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

	"github.com/artel/artel/internal/value"
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
	// Bucket, when set, is the column the type's built-in filters split
	// by (a task's status): every kept row carries the entity's value,
	// and the counts are kept per value, for each reader and for the
	// whole account (reader Everyone), so "actual" counts from a few rows.
	Bucket string
	// Line, when set, is what each kept row carries beside the bucket
	// for a report: who the entity counts for and in which class
	// (internal/reportkeep: a task's responsible and its effectiveness
	// column), so a reader's figures per line read the reader's range
	// alone, never the entities' rows.
	Line *Line
}

// Line is the SQL of an entity's report line over its row r (a table
// alias, NEW or OLD), and the columns whose change may move it.
type Line struct {
	Of      func(r string) (typ, id, class string)
	Columns []string
}

// kept are entity_access's columns copied from the entity's row.
const kept = "bucket, line_type, line_id, line_class"

// vals is the SQL of the kept columns over the entity's row r.
func (s Spec) vals(r string) string { return strings.Join(s.parts(r), ", ") }

// parts are vals one by one. The NULLs are typed: PostgreSQL's MIN (in
// rebuild) takes no untyped NULL.
func (s Spec) parts(r string) []string {
	if s.Line == nil {
		return []string{s.bucketOf(r), "CAST(NULL AS TEXT)", "CAST(NULL AS BIGINT)", "CAST(NULL AS INTEGER)"}
	}
	t, i, c := s.Line.Of(r)
	return []string{s.bucketOf(r), t, i, c}
}

// lineMoved is the condition that an update moved the entity's line,
// in the dialect's "is not" (SQLite IS NOT, PostgreSQL IS DISTINCT FROM).
func (s Spec) lineMoved(isNot string) string {
	ot, oi, oc := s.Line.Of("OLD")
	nt, ni, nc := s.Line.Of("NEW")
	return fmt.Sprintf("(%s) %s (%s) OR (%s) %s (%s) OR (%s) %s (%s)", ot, isNot, nt, oi, isNot, ni, oc, isNot, nc)
}

// relined is the statement giving the entity's rows its new line.
func (s Spec) relined() string {
	t, i, c := s.Line.Of("NEW")
	return fmt.Sprintf("UPDATE entity_access SET line_type = %s, line_id = %s, line_class = %s WHERE account_id = NEW.account_id AND content_type = '%s' AND entity_id = NEW.id;",
		t, i, c, s.Type)
}

// Everyone is the reader of an account's whole count per bucket: what a
// reader who sees every entity of the type counts.
var Everyone = value.Link{Type: "*", ID: 0}

// bucketOf is the SQL of an entity's bucket from its row r, or NULL
// for a type without one.
func (s Spec) bucketOf(r string) string {
	if s.Bucket == "" {
		return "NULL"
	}
	// As text, a bucket may be a link's id (a deal's program); an empty
	// value is '' so that it can be counted too (a client never dropped).
	return "COALESCE(CAST(" + r + "." + s.Bucket + " AS TEXT), '')"
}

// signature names a set of specs, so a changed rule rebuilds the kept rows.
func signature(specs []Spec) string {
	var b strings.Builder
	for _, s := range sorted(specs) {
		fmt.Fprintf(&b, "%s|%s|%s|%s|%s|%s\n", s.Type, s.Table, strings.Join(s.Columns, ","), strings.Join(s.Links, ","), s.Bucket, s.vals("r"))
		if s.Line != nil {
			fmt.Fprintf(&b, "%s\n", strings.Join(s.Line.Columns, ","))
		}
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
		parts = append(parts, fmt.Sprintf("SELECT t.account_id, t.id AS entity_id, t.%s_t AS rt, t.%s_i AS ri, %s FROM %s t WHERE t.%s_t IS NOT NULL AND t.%s_i IS NOT NULL",
			c, c, s.valsAs("t"), s.Table, c, c))
	}
	if len(s.Links) > 0 {
		parts = append(parts, fmt.Sprintf(`SELECT l.account_id, l.src_id AS entity_id, l.dst_type AS rt, l.dst_id AS ri, %s
			FROM links l JOIN %s t ON t.id = l.src_id WHERE l.src_type = '%s' AND l.field IN (%s)`,
			s.valsAs("t"), s.Table, s.Type, quoted(s.Links)))
	}
	return fmt.Sprintf(`INSERT INTO entity_access (account_id, content_type, reader_type, reader_id, entity_id, %s, n)
		SELECT account_id, '%s', rt, ri, entity_id, MIN(b), MIN(lt), MIN(li), MIN(lc), COUNT(*) FROM (%s) r GROUP BY account_id, rt, ri, entity_id`,
		kept, s.Type, strings.Join(parts, " UNION ALL "))
}

// valsAs is vals named for rebuild's union.
func (s Spec) valsAs(r string) string {
	v := s.parts(r)
	return fmt.Sprintf("%s AS b, %s AS lt, %s AS li, %s AS lc", v[0], v[1], v[2], v[3])
}

// rebuildMembers gives the members of each Group named in a role what
// the group's row has, added to their own rows (groupJoin, at rebuild).
const rebuildMembers = `INSERT INTO entity_access (account_id, content_type, reader_type, reader_id, entity_id, ` + kept + `, n)
	SELECT g.account_id, g.content_type, c.dst_type, c.dst_id, g.entity_id, MIN(g.bucket), MIN(g.line_type), MIN(g.line_id), MIN(g.line_class), SUM(g.n)
	FROM entity_access g JOIN links c ON c.src_type = 'Group' AND c.src_id = g.reader_id AND c.field = 'children' AND c.account_id = g.account_id
	WHERE g.reader_type = 'Group'
	GROUP BY g.account_id, g.content_type, c.dst_type, c.dst_id, g.entity_id
	ON CONFLICT (account_id, content_type, reader_type, reader_id, entity_id) DO UPDATE SET n = entity_access.n + excluded.n`

// recount rewrites the counts from entity_access, one row per reader and
// bucket, and the whole account's per bucket from the entity tables.
func recount(specs []Spec) []string {
	out := []string{"DELETE FROM entity_access_counts",
		`INSERT INTO entity_access_counts (account_id, content_type, reader_type, reader_id, bucket, n)
		SELECT account_id, content_type, reader_type, reader_id, bucket, COUNT(*) FROM entity_access
		GROUP BY account_id, content_type, reader_type, reader_id, bucket`}
	for _, s := range sorted(specs) {
		if s.Bucket != "" {
			out = append(out, fmt.Sprintf(`INSERT INTO entity_access_counts (account_id, content_type, reader_type, reader_id, bucket, n)
				SELECT account_id, '%s', '*', 0, %s, COUNT(*) FROM %s t GROUP BY account_id, t.%s`, s.Type, s.bucketOf("t"), s.Table, s.Bucket))
		}
	}
	return out
}
