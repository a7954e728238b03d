package store

import (
	"fmt"
	"strings"
)

// Full-text search over a table's x_search column, which holds the words
// and stems internal/fulltext made (plain lower-case words, one space
// apart). SQLite keeps them in an FTS5 table beside the entity table
// (FTSTable); PostgreSQL indexes to_tsvector('simple', x_search) with GIN.
// Neither stems: the 'simple' configuration and unicode61 only split on
// spaces and fold case, so both see exactly the stored words.

// FTSTable is the FTS5 table that indexes an entity table on SQLite.
func FTSTable(table string) string { return table + "_fts" }

// TextSearch is what a query needs to find the rows of table whose
// x_search holds every term as the start of a word.
type TextSearch struct {
	Join string // added after "FROM table"; carries Arg
	Arg  any
	Cond string // ANDed into WHERE; empty when the join already filters
	Rank string // ORDER BY expression, best first
}

// matchQuery is terms as the dialect's match expression: each term a word
// prefix, all required. terms must be non-empty and made of letters and
// digits only (internal/fulltext.Query), so they need no escaping.
func (d Dialect) matchQuery(terms []string) string {
	parts := make([]string, len(terms))
	for i, t := range terms {
		if d == Postgres {
			parts[i] = "'" + t + "':*"
		} else {
			parts[i] = `"` + t + `"*`
		}
	}
	if d == Postgres {
		return strings.Join(parts, " & ")
	}
	return strings.Join(parts, " ")
}

// TextSearch builds the ranked search for terms.
func (d Dialect) TextSearch(table string, terms []string) TextSearch {
	if d == Postgres {
		vec := "to_tsvector('simple', " + table + ".x_search)"
		return TextSearch{
			Join: " CROSS JOIN to_tsquery('simple', ?) AS fts_q",
			Arg:  d.matchQuery(terms),
			Cond: vec + " @@ fts_q",
			// Normalisation 1 divides by the log of the row's length, as
			// FTS5's bm25 favours short rows, so both rank alike.
			Rank: "ts_rank(" + vec + ", fts_q, 1) DESC",
		}
	}
	fts := FTSTable(table)
	return TextSearch{
		Join: fmt.Sprintf(" JOIN (SELECT rowid AS fts_id, rank AS fts_rank FROM %s WHERE %s MATCH ?) fts ON fts.fts_id = %s.id", fts, fts, table),
		Arg:  d.matchQuery(terms),
		Rank: "fts.fts_rank",
	}
}

// TextMatch is the same search as one condition over table, for lists
// that keep their own order.
func (d Dialect) TextMatch(table string, terms []string) (string, any) {
	if d == Postgres {
		return "to_tsvector('simple', " + table + ".x_search) @@ to_tsquery('simple', ?)", d.matchQuery(terms)
	}
	fts := FTSTable(table)
	return fmt.Sprintf("%s.id IN (SELECT rowid FROM %s WHERE %s MATCH ?)", table, fts, fts), d.matchQuery(terms)
}

// TextIndex is the DDL that creates table's full-text index, and on SQLite
// the triggers that keep it in step with every insert, update and delete
// in the writing transaction itself. The statements may run again.
func (d Dialect) TextIndex(table string) []string {
	if d == Postgres {
		return []string{fmt.Sprintf("CREATE INDEX IF NOT EXISTS %s_fts ON %s USING GIN (to_tsvector('simple', x_search))", table, table)}
	}
	fts := FTSTable(table)
	return []string{
		fmt.Sprintf(`CREATE VIRTUAL TABLE IF NOT EXISTS %s USING fts5(x_search, content='%s', content_rowid='id',
			tokenize='unicode61 remove_diacritics 0')`, fts, table),
		fmt.Sprintf(`CREATE TRIGGER IF NOT EXISTS %s_ai AFTER INSERT ON %s WHEN new.x_search IS NOT NULL BEGIN
			INSERT INTO %s (rowid, x_search) VALUES (new.id, new.x_search); END`, fts, table, fts),
		fmt.Sprintf(`CREATE TRIGGER IF NOT EXISTS %s_ad AFTER DELETE ON %s WHEN old.x_search IS NOT NULL BEGIN
			INSERT INTO %s (%s, rowid, x_search) VALUES ('delete', old.id, old.x_search); END`, fts, table, fts, fts),
		fmt.Sprintf(`CREATE TRIGGER IF NOT EXISTS %s_au AFTER UPDATE OF x_search ON %s WHEN old.x_search IS NOT new.x_search BEGIN
			INSERT INTO %s (%s, rowid, x_search) SELECT 'delete', old.id, old.x_search WHERE old.x_search IS NOT NULL;
			INSERT INTO %s (rowid, x_search) SELECT new.id, new.x_search WHERE new.x_search IS NOT NULL; END`, fts, table, fts, fts, fts),
	}
}

// TextRebuild refills a new FTS5 table from the rows already stored.
func (d Dialect) TextRebuild(table string) string {
	if d == Postgres {
		return ""
	}
	fts := FTSTable(table)
	return fmt.Sprintf("INSERT INTO %s (%s) VALUES ('rebuild')", fts, fts)
}
