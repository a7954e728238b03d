package access

import (
	"fmt"
	"slices"
	"strings"
)

const key = "account_id, content_type, reader_type, reader_id, entity_id"

// delta is a count row change of one reader and bucket.
func delta(acc, ct, rt, ri, bucket, n string) string {
	return fmt.Sprintf(`INSERT INTO entity_access_counts (account_id, content_type, reader_type, reader_id, bucket, n)
		VALUES (%s, %s, %s, %s, %s, %s);`, acc, ct, rt, ri, bucket, n)
}

// SQLite triggers cannot branch, so each role column has its own update
// trigger and every statement carries its own guard.

func sqliteInc(acc, ct, rt, ri, eid, vals, guard string) string {
	return fmt.Sprintf(`INSERT INTO entity_access (%[1]s, %[2]s, n) SELECT %[3]s, %[4]s, %[5]s, %[6]s, %[7]s, %[8]s, 1
		WHERE %[5]s IS NOT NULL AND %[6]s IS NOT NULL AND %[9]s
		ON CONFLICT (%[1]s) DO UPDATE SET n = entity_access.n + 1;
		INSERT INTO entity_access (%[1]s, %[2]s, n) SELECT %[3]s, %[4]s, c.dst_type, c.dst_id, %[7]s, %[8]s, 1 FROM links c
		WHERE %[5]s = 'Group' AND %[9]s AND c.src_type = 'Group' AND c.src_id = %[6]s AND c.field = 'children' AND c.account_id = %[3]s
		ON CONFLICT (%[1]s) DO UPDATE SET n = entity_access.n + 1;`, key, kept, acc, ct, rt, ri, eid, vals, guard)
}

func sqliteDec(acc, ct, rt, ri, eid, guard string) string {
	where := fmt.Sprintf("account_id = %s AND content_type = %s AND reader_type = %s AND reader_id = %s AND entity_id = %s AND %s",
		acc, ct, rt, ri, eid, guard)
	// A Group's members lose what the group's row gave them.
	members := fmt.Sprintf(`account_id = %s AND content_type = %s AND entity_id = %s AND %s = 'Group' AND %s
		AND (reader_type, reader_id) IN (SELECT c.dst_type, c.dst_id FROM links c WHERE c.src_type = 'Group' AND c.src_id = %s AND c.field = 'children')`,
		acc, ct, eid, rt, guard, ri)
	return fmt.Sprintf(`UPDATE entity_access SET n = n - 1 WHERE %s; DELETE FROM entity_access WHERE %s AND n <= 0;
		UPDATE entity_access SET n = n - 1 WHERE %s; DELETE FROM entity_access WHERE %s AND n <= 0;`, where, where, members, members)
}

// groupJoin and groupLeave are a member joining or leaving a Group g:
// what the group's rows give, each member has too (rights.Policy shows an
// entity to the members of a group its roles name), so the member gets or
// loses each of the group's rows, with its n. r is the links row
// (Group g, children, member).
func groupJoin(types, r string) string {
	return fmt.Sprintf(`INSERT INTO entity_access (%[1]s, %[2]s, n) SELECT g.account_id, g.content_type, %[3]s.dst_type, %[3]s.dst_id, g.entity_id,
		g.bucket, g.line_type, g.line_id, g.line_class, g.n
		FROM entity_access g WHERE g.account_id = %[3]s.account_id AND g.content_type IN (%[4]s) AND g.reader_type = 'Group' AND g.reader_id = %[3]s.src_id
		ON CONFLICT (%[1]s) DO UPDATE SET n = entity_access.n + excluded.n;`, key, kept, r, types)
}

func groupLeave(types, r string) string {
	mine := fmt.Sprintf("account_id = %s.account_id AND content_type IN (%s) AND reader_type = %s.dst_type AND reader_id = %s.dst_id", r, types, r, r)
	group := fmt.Sprintf(`g.account_id = entity_access.account_id AND g.content_type = entity_access.content_type
		AND g.reader_type = 'Group' AND g.reader_id = %s.src_id AND g.entity_id = entity_access.entity_id`, r)
	return fmt.Sprintf(`UPDATE entity_access SET n = n - (SELECT g.n FROM entity_access g WHERE %s)
		WHERE %s AND EXISTS (SELECT 1 FROM entity_access g WHERE %s);
		DELETE FROM entity_access WHERE %s AND n <= 0;`, group, mine, group, mine)
}

// kinds is the kept types as a list of SQL strings.
func kinds(specs []Spec) string {
	var names []string
	for _, s := range sorted(specs) {
		names = append(names, s.Type)
	}
	return quoted(names)
}

// linkVals are the kept columns of the entity a links row r names as
// source, read from the entity's row.
func linkVals(specs []Spec, r string) string {
	var out []string
	for k := range 4 {
		var whens []string
		for _, s := range sorted(specs) {
			if len(s.Links) > 0 {
				whens = append(whens, fmt.Sprintf("WHEN '%s' THEN (SELECT %s FROM %s b WHERE b.id = %s.src_id)", s.Type, s.parts("b")[k], s.Table, r))
			}
		}
		if len(whens) == 0 {
			out = append(out, "NULL")
			continue
		}
		out = append(out, fmt.Sprintf("(CASE %s.src_type %s ELSE NULL END)", r, strings.Join(whens, " ")))
	}
	return strings.Join(out, ", ")
}

func sqliteTriggers(specs []Spec) []string {
	out := []string{
		`CREATE TRIGGER acc_counts_ai AFTER INSERT ON entity_access BEGIN ` +
			delta("NEW.account_id", "NEW.content_type", "NEW.reader_type", "NEW.reader_id", "NEW.bucket", "1") + ` END`,
		`CREATE TRIGGER acc_counts_ad AFTER DELETE ON entity_access BEGIN ` +
			delta("OLD.account_id", "OLD.content_type", "OLD.reader_type", "OLD.reader_id", "OLD.bucket", "-1") + ` END`,
		`CREATE TRIGGER acc_counts_au AFTER UPDATE OF bucket ON entity_access WHEN OLD.bucket IS NOT NEW.bucket BEGIN ` +
			delta("OLD.account_id", "OLD.content_type", "OLD.reader_type", "OLD.reader_id", "OLD.bucket", "-1") +
			delta("NEW.account_id", "NEW.content_type", "NEW.reader_type", "NEW.reader_id", "NEW.bucket", "1") + ` END`,
	}
	for _, s := range sorted(specs) {
		ct := "'" + s.Type + "'"
		var ins, del []string
		if s.Bucket != "" {
			ins = append(ins, delta("NEW.account_id", ct, "'*'", "0", s.bucketOf("NEW"), "1"))
			del = append(del, delta("OLD.account_id", ct, "'*'", "0", s.bucketOf("OLD"), "-1"))
			out = append(out, fmt.Sprintf(`CREATE TRIGGER acc_%s_au_bucket AFTER UPDATE OF %s ON %s WHEN OLD.%s IS NOT NEW.%s BEGIN
				UPDATE entity_access SET bucket = %s WHERE account_id = NEW.account_id AND content_type = %s AND entity_id = NEW.id; %s %s END`,
				s.Table, s.Bucket, s.Table, s.Bucket, s.Bucket, s.bucketOf("NEW"), ct,
				delta("OLD.account_id", ct, "'*'", "0", s.bucketOf("OLD"), "-1"), delta("NEW.account_id", ct, "'*'", "0", s.bucketOf("NEW"), "1")))
		}
		if s.Line != nil {
			out = append(out, fmt.Sprintf("CREATE TRIGGER acc_%s_au_line AFTER UPDATE OF %s ON %s WHEN %s BEGIN %s END",
				s.Table, strings.Join(s.Line.Columns, ", "), s.Table, s.lineMoved("IS NOT"), s.relined()))
		}
		for _, c := range s.Columns {
			inc := sqliteInc("NEW.account_id", ct, "NEW."+c+"_t", "NEW."+c+"_i", "NEW.id", s.vals("NEW"), "1 = 1")
			dec := sqliteDec("OLD.account_id", ct, "OLD."+c+"_t", "OLD."+c+"_i", "OLD.id", "1 = 1")
			ins, del = append(ins, inc), append(del, dec)
			out = append(out, fmt.Sprintf(`CREATE TRIGGER acc_%s_au_%s AFTER UPDATE OF %s_t, %s_i ON %s
				WHEN OLD.%s_t IS NOT NEW.%s_t OR OLD.%s_i IS NOT NEW.%s_i BEGIN %s %s END`,
				s.Table, c, c, c, s.Table, c, c, c, c, dec, inc))
		}
		if len(ins) > 0 {
			out = append(out,
				fmt.Sprintf("CREATE TRIGGER acc_%s_ai AFTER INSERT ON %s BEGIN %s END", s.Table, s.Table, strings.Join(ins, " ")),
				fmt.Sprintf("CREATE TRIGGER acc_%s_ad AFTER DELETE ON %s BEGIN %s END", s.Table, s.Table, strings.Join(del, " ")))
		}
	}
	newT, oldT := linkTest(specs, "NEW"), linkTest(specs, "OLD")
	inc := sqliteInc("NEW.account_id", "NEW.src_type", "NEW.dst_type", "NEW.dst_id", "NEW.src_id", linkVals(specs, "NEW"), newT)
	dec := sqliteDec("OLD.account_id", "OLD.src_type", "OLD.dst_type", "OLD.dst_id", "OLD.src_id", oldT)
	join := "NEW.src_type = 'Group' AND NEW.field = 'children'"
	leave := "OLD.src_type = 'Group' AND OLD.field = 'children'"
	out = append(out,
		fmt.Sprintf("CREATE TRIGGER acc_groups_ai AFTER INSERT ON links WHEN %s BEGIN %s END", join, groupJoin(kinds(specs), "NEW")),
		fmt.Sprintf("CREATE TRIGGER acc_groups_ad AFTER DELETE ON links WHEN %s BEGIN %s END", leave, groupLeave(kinds(specs), "OLD")),
		// A moved membership (a merge): leave under the old row, join under the new.
		fmt.Sprintf("CREATE TRIGGER acc_groups_au_old AFTER UPDATE ON links WHEN %s BEGIN %s END", leave, groupLeave(kinds(specs), "OLD")),
		fmt.Sprintf("CREATE TRIGGER acc_groups_au_new AFTER UPDATE ON links WHEN %s BEGIN %s END", join, groupJoin(kinds(specs), "NEW")))
	return append(out,
		fmt.Sprintf("CREATE TRIGGER acc_links_ai AFTER INSERT ON links WHEN %s BEGIN %s END", newT, inc),
		fmt.Sprintf("CREATE TRIGGER acc_links_ad AFTER DELETE ON links WHEN %s BEGIN %s END", oldT, dec),
		fmt.Sprintf("CREATE TRIGGER acc_links_au AFTER UPDATE ON links WHEN %s OR %s BEGIN %s %s END", oldT, newT, dec, inc))
}

// PostgreSQL: two helper functions and one trigger function per table.

var pgHelpers = []string{
	// Before the line columns (migration 50) acc_inc took the bucket alone.
	`DROP FUNCTION IF EXISTS acc_inc(BIGINT, TEXT, TEXT, BIGINT, BIGINT, TEXT)`,
	`CREATE OR REPLACE FUNCTION acc_inc(a BIGINT, ct TEXT, rt TEXT, ri BIGINT, eid BIGINT, b TEXT, lt TEXT, li BIGINT, lc INTEGER) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	IF rt IS NULL OR ri IS NULL THEN RETURN; END IF;
	INSERT INTO entity_access (account_id, content_type, reader_type, reader_id, entity_id, ` + kept + `, n) VALUES (a, ct, rt, ri, eid, b, lt, li, lc, 1)
		ON CONFLICT (account_id, content_type, reader_type, reader_id, entity_id) DO UPDATE SET n = entity_access.n + 1;
	IF rt = 'Group' THEN
		INSERT INTO entity_access (account_id, content_type, reader_type, reader_id, entity_id, ` + kept + `, n)
			SELECT a, ct, c.dst_type, c.dst_id, eid, b, lt, li, lc, 1 FROM links c
			WHERE c.src_type = 'Group' AND c.src_id = ri AND c.field = 'children' AND c.account_id = a
			ON CONFLICT (account_id, content_type, reader_type, reader_id, entity_id) DO UPDATE SET n = entity_access.n + 1;
	END IF;
END $$`, `CREATE OR REPLACE FUNCTION acc_dec(a BIGINT, ct TEXT, rt TEXT, ri BIGINT, eid BIGINT) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	IF rt IS NULL OR ri IS NULL THEN RETURN; END IF;
	UPDATE entity_access SET n = n - 1
		WHERE account_id = a AND content_type = ct AND reader_type = rt AND reader_id = ri AND entity_id = eid;
	DELETE FROM entity_access
		WHERE account_id = a AND content_type = ct AND reader_type = rt AND reader_id = ri AND entity_id = eid AND n <= 0;
	IF rt = 'Group' THEN
		UPDATE entity_access SET n = n - 1 WHERE account_id = a AND content_type = ct AND entity_id = eid
			AND (reader_type, reader_id) IN (SELECT c.dst_type, c.dst_id FROM links c WHERE c.src_type = 'Group' AND c.src_id = ri AND c.field = 'children');
		DELETE FROM entity_access WHERE account_id = a AND content_type = ct AND entity_id = eid AND n <= 0;
	END IF;
END $$`, `CREATE OR REPLACE FUNCTION acc_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN ` + delta("OLD.account_id", "OLD.content_type", "OLD.reader_type", "OLD.reader_id", "OLD.bucket", "-1") + `
	END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') THEN ` + delta("NEW.account_id", "NEW.content_type", "NEW.reader_type", "NEW.reader_id", "NEW.bucket", "1") + `
	END IF;
	RETURN NULL;
END $$`}

func pgTriggers(specs []Spec) []string {
	out := append(append([]string{}, pgHelpers...),
		"CREATE TRIGGER acc_counts AFTER INSERT OR DELETE ON entity_access FOR EACH ROW EXECUTE FUNCTION acc_count()",
		`CREATE TRIGGER acc_counts_bucket AFTER UPDATE OF bucket ON entity_access FOR EACH ROW
			WHEN (OLD.bucket IS DISTINCT FROM NEW.bucket) EXECUTE FUNCTION acc_count()`)
	for _, s := range sorted(specs) {
		if len(s.Columns) == 0 && s.Bucket == "" {
			continue
		}
		ct := "'" + s.Type + "'"
		call := func(fn, r, c string) string {
			if fn == "acc_inc" {
				return fmt.Sprintf("PERFORM acc_inc(%s.account_id, %s, %s.%s_t, %s.%s_i, %s.id, %s);", r, ct, r, c, r, c, r, s.vals(r))
			}
			return fmt.Sprintf("PERFORM acc_dec(%s.account_id, %s, %s.%s_t, %s.%s_i, %s.id);", r, ct, r, c, r, c, r)
		}
		var ins, del, upd, cols []string
		if s.Bucket != "" {
			ins = append(ins, delta("NEW.account_id", ct, "'*'", "0", s.bucketOf("NEW"), "1"))
			del = append(del, delta("OLD.account_id", ct, "'*'", "0", s.bucketOf("OLD"), "-1"))
			upd = append(upd, fmt.Sprintf(`IF OLD.%s IS DISTINCT FROM NEW.%s THEN
				UPDATE entity_access SET bucket = %s WHERE account_id = NEW.account_id AND content_type = %s AND entity_id = NEW.id; %s %s
			END IF;`, s.Bucket, s.Bucket, s.bucketOf("NEW"), ct,
				delta("OLD.account_id", ct, "'*'", "0", s.bucketOf("OLD"), "-1"), delta("NEW.account_id", ct, "'*'", "0", s.bucketOf("NEW"), "1")))
			cols = append(cols, s.Bucket)
		}
		if s.Line != nil {
			upd = append(upd, fmt.Sprintf("IF %s THEN %s END IF;", s.lineMoved("IS DISTINCT FROM"), s.relined()))
			cols = append(cols, s.Line.Columns...)
		}
		for _, c := range s.Columns {
			ins = append(ins, call("acc_inc", "NEW", c))
			del = append(del, call("acc_dec", "OLD", c))
			upd = append(upd, fmt.Sprintf("IF OLD.%s_t IS DISTINCT FROM NEW.%s_t OR OLD.%s_i IS DISTINCT FROM NEW.%s_i THEN %s %s END IF;",
				c, c, c, c, call("acc_dec", "OLD", c), call("acc_inc", "NEW", c)))
			cols = append(cols, c+"_t", c+"_i")
		}
		out = append(out, fmt.Sprintf(`CREATE OR REPLACE FUNCTION acc_%s() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN %s
	ELSIF TG_OP = 'DELETE' THEN %s
	ELSE %s
	END IF;
	RETURN NULL;
END $$`, s.Table, strings.Join(ins, " "), strings.Join(del, " "), strings.Join(upd, " ")),
			fmt.Sprintf("CREATE TRIGGER acc_%s AFTER INSERT OR DELETE OR UPDATE OF %s ON %s FOR EACH ROW EXECUTE FUNCTION acc_%s()",
				s.Table, strings.Join(slices.Compact(slices.Sorted(slices.Values(cols))), ", "), s.Table, s.Table))
	}
	newT, oldT := linkTest(specs, "NEW"), linkTest(specs, "OLD")
	return append(out, fmt.Sprintf(`CREATE OR REPLACE FUNCTION acc_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') AND %s THEN
		PERFORM acc_dec(OLD.account_id, OLD.src_type, OLD.dst_type, OLD.dst_id, OLD.src_id);
	END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') AND %s THEN
		PERFORM acc_inc(NEW.account_id, NEW.src_type, NEW.dst_type, NEW.dst_id, NEW.src_id, %s);
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.src_type = 'Group' AND OLD.field = 'children' THEN %s
	END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.src_type = 'Group' AND NEW.field = 'children' THEN %s
	END IF;
	RETURN NULL;
END $$`, oldT, newT, linkVals(specs, "NEW"), groupLeave(kinds(specs), "OLD"), groupJoin(kinds(specs), "NEW")),
		"CREATE TRIGGER acc_links AFTER INSERT OR UPDATE OR DELETE ON links FOR EACH ROW EXECUTE FUNCTION acc_links()")
}
