package httpin

import (
	"errors"
	"net/url"
	"strings"
	"testing"
)

func TestFormToJSON(t *testing.T) {
	deepKey := func(n int) string { return "a" + strings.Repeat("[b]", n-1) }
	tests := []struct {
		name, in, want, code string
	}{
		{"empty", "", `{}`, ""},
		{"flat", "a=1&b=x+y", `{"a":"1","b":"x y"}`, ""},
		{"nested", "a[b][c]=v", `{"a":{"b":{"c":"v"}}}`, ""},
		{"append", "a[]=1&a[]=2", `{"a":["1","2"]}`, ""},
		{"indexed objects", "a[0][id]=5&a[1][id]=6&a[1][name]=x", `{"a":[{"id":"5"},{"id":"6","name":"x"}]}`, ""},
		{"indexed out of order", "a[1]=x&a[0]=y", `{"a":["y","x"]}`, ""},
		{"gap stays object", "a[0]=x&a[2]=y", `{"a":{"0":"x","2":"y"}}`, ""},
		{"non canonical index", "a[01]=x", `{"a":{"01":"x"}}`, ""},
		{"index then append", "a[0]=x&a[]=y", `{"a":["x","y"]}`, ""},
		{"append mixed with name", "a[]=1&a[x]=2", `{"a":{"0":"1","x":"2"}}`, ""},
		{"root stays object", "0=a&1=b", `{"0":"a","1":"b"}`, ""},
		{"nested arrays", "a[0][]=1&a[0][]=2&a[1][]=3", `{"a":[["1","2"],["3"]]}`, ""},
		{"last wins", "a=1&a=2&b[c]=1&b[c]=2", `{"a":"2","b":{"c":"2"}}`, ""},
		{"no html escaping", "a=%3C%26%3E", `{"a":"<&>"}`, ""},
		{"literal unclosed", "a[b=1", `{"a[b":"1"}`, ""},
		{"literal no name", "[x]=1", `{"[x]":"1"}`, ""},
		{"literal trailing", "a[b]c=1", `{"a[b]c":"1"}`, ""},
		{"literal nested bracket", "a[b[c]]=1", `{"a[b[c]]":"1"}`, ""},
		{"empty key", "=1", `{"":"1"}`, ""},
		{"huge index", "a[999999999]=x&a[]=y", `{"a":{"1000000000":"y","999999999":"x"}}`, ""},
		{"depth 64", deepKey(64) + "=1", `{"a":` + strings.Repeat(`{"b":`, 63) + `"1"` + strings.Repeat("}", 64), ""},
		{"depth 65", deepKey(65) + "=1", "", CodeTooDeep},
		{"scalar then group", "a=1&a[b]=2", "", CodeMalformedForm},
		{"group then scalar", "a[b]=2&a=1", "", CodeMalformedForm},
		{"append onto scalar", "a=1&a[]=2", "", CodeMalformedForm},
		{"deep conflict", "a[b][c]=1&a[b]=2", "", CodeMalformedForm},
		{"invalid utf8 value", "a=%FF", "", CodeMalformedForm},
		{"invalid utf8 key", "%FF=1", "", CodeMalformedForm},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			values, err := url.ParseQuery(tc.in)
			if err != nil {
				t.Fatalf("bad test input %q: %v", tc.in, err)
			}
			js, err := FormToJSON(values)
			if tc.code != "" {
				var e *Error
				if !errors.As(err, &e) || e.Status != 400 || e.Code != tc.code {
					t.Fatalf("FormToJSON(%q) = %s, %#v; want 400 %s", tc.in, js, err, tc.code)
				}
				return
			}
			if err != nil {
				t.Fatalf("FormToJSON(%q): %v", tc.in, err)
			}
			if string(js) != tc.want {
				t.Errorf("FormToJSON(%q)\n got %s\nwant %s", tc.in, js, tc.want)
			}
		})
	}
}
