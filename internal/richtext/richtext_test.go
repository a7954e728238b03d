package richtext

import "testing"

func TestClean(t *testing.T) {
	for in, want := range map[string]string{
		`<h2>План</h2><p><strong>Важно</strong> и <em>срочно</em></p><ul><li>один</li></ul>`: `<h2>План</h2><p><strong>Важно</strong> и <em>срочно</em></p><ul><li>один</li></ul>`,
		`<p onclick="steal()">текст<script>alert(1)</script></p>`:                            `<p>текст</p>`,
		`<a href="javascript:alert(1)">ссылка</a>`:                                           `ссылка`,
		`<img src="/api/v3/file/7/download" alt="схема" onerror="x()">`:                      `<img src="/api/v3/file/7/download" alt="схема">`,
		`<p style="position:fixed">x</p><iframe src="https://evil.example"></iframe>`:        `<p>x</p>`,
	} {
		if got := Clean(in); got != want {
			t.Errorf("Clean(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPlain(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{`<h2>План</h2><p>один &amp; <b>два</b></p>`, 100, "План один & два"},
		{`<p>абвгд</p>`, 3, "абв"},
		{`<script>x</script>`, 10, ""},
	} {
		if got := Plain(c.in, c.n); got != c.want {
			t.Errorf("Plain(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}
