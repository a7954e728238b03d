package fulltext

import (
	"strings"
	"testing"
)

// found is what the databases do with Index and Query: every query term
// is the start of some stored word.
func found(doc, q string) bool {
	terms := Query(q)
	if len(terms) == 0 {
		return false
	}
	stored := strings.Fields(Index([]string{doc}))
	for _, t := range terms {
		hit := false
		for _, w := range stored {
			hit = hit || strings.HasPrefix(w, t)
		}
		if !hit {
			return false
		}
	}
	return true
}

func TestFound(t *testing.T) {
	for _, c := range []struct {
		doc, q string
		want   bool
	}{
		{"Квартальные отчёты", "отчет", true},
		{"Квартальный отчёт", "отчёты", true},
		{"Квартальный отчёт", "ОТЧЕТАМИ", true},
		{"Квартальный отчёт", "квартал отч", true},
		{"Ёлка", "елки", true},
		{"Елка", "Ёлка", true},
		{"Running reports", "report run", true},
		{"Running reports", "runni", true},
		{"Задача 11", "ЗАДАЧА 11", true},
		{"Задача 11", "задача 12", false},
		{"Квартальный отчёт", "отчёт продаж", false},
		{"a-b c", "!!!", false},
		{"ivan@example.com", "ivan@exam", true},
	} {
		if got := found(c.doc, c.q); got != c.want {
			t.Errorf("%q in %q: %v (index %q, query %q)", c.q, c.doc, got, Index([]string{c.doc}), Query(c.q))
		}
	}
}

func TestFragment(t *testing.T) {
	got, ok := Fragment("Собрать <b>квартальные</b> отчёты & сдать", Query("отчет"), 200)
	if want := "Собрать квартальные <mark>отчёты</mark> &amp; сдать"; !ok || got != want {
		t.Fatalf("%q %v, want %q", got, ok, want)
	}
	long := strings.Repeat("слово ", 100) + "отчёт " + strings.Repeat("слово ", 100)
	got, _ = Fragment(long, Query("отчёты"), 80)
	if !strings.HasPrefix(got, "…") || !strings.HasSuffix(got, "…") || !strings.Contains(got, "<mark>отчёт</mark>") || len(got) > 200 {
		t.Fatalf("long: %q", got)
	}
	if _, ok := Fragment("ничего", Query("отчет"), 80); ok {
		t.Fatal("matched nothing")
	}
}
