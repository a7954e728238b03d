package value

import (
	"encoding/json"
	"reflect"
	"strconv"
	"testing"
)

func TestDecodeLink(t *testing.T) {
	one, two := []string{"Employee"}, []string{"Employee", "Contractor"}
	cases := []struct {
		in      string
		allowed []string
		want    Link
		code    string
	}{
		{`{"contentType":"Employee","id":"1000005"}`, two, Link{"Employee", 1000005}, ""},
		{`{"contentType":"Contractor","id":7,"name":"ignored"}`, two, Link{"Contractor", 7}, ""},
		{`{"id":"5"}`, one, Link{"Employee", 5}, ""},
		{`{"contentType":null,"id":"5"}`, one, Link{"Employee", 5}, ""},
		{`5`, one, Link{"Employee", 5}, ""},
		{`"5"`, one, Link{"Employee", 5}, ""},
		{`null`, two, Link{}, ""},
		{`{"id":"5"}`, two, Link{}, CodeEnum},
		{`5`, two, Link{}, CodeEnum},
		{`{"contentType":"Task","id":5}`, two, Link{}, CodeEnum},
		{`{"contentType":5,"id":5}`, two, Link{}, CodeType},
		{`{"contentType":"Employee","id":0}`, two, Link{}, CodeRange},
		{`{"contentType":"Employee","id":"-3"}`, two, Link{}, CodeRange},
		{`{"contentType":"Employee","id":"abc"}`, two, Link{}, CodeType},
		{`{"contentType":"Employee"}`, two, Link{}, CodeType},
		{`{"contentType":"Employee","id":1.5}`, two, Link{}, CodeType},
	}
	for _, c := range cases {
		got, err := DecodeLink(json.RawMessage(c.in), c.allowed)
		if c.code != "" {
			e := wantCode(t, err, c.code)
			if c.code == CodeEnum && (e.Expected != "link" || !reflect.DeepEqual(e.Allowed, c.allowed)) {
				t.Errorf("%s: error %+v must list the allowed types", c.in, e)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("DecodeLink(%s) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
	}
}

func TestDecodeLinks(t *testing.T) {
	got, err := DecodeLinks(json.RawMessage(`[{"contentType":"Employee","id":"3"},1,{"id":3},"2",1]`), []string{"Employee"})
	want := []Link{{"Employee", 3}, {"Employee", 1}, {"Employee", 2}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("DecodeLinks = %+v, %v; want %+v", got, err, want)
	}
	if got, err := DecodeLinks(json.RawMessage(`null`), nil); err != nil || got == nil || len(got) != 0 {
		t.Errorf("null gave %#v, %v; want an empty list", got, err)
	}
	for _, in := range []string{`{"id":1}`, `[null]`, `[1,"x"]`} {
		if _, err := DecodeLinks(json.RawMessage(in), []string{"Employee"}); err == nil {
			t.Errorf("DecodeLinks(%s) accepted", in)
		}
	}
}

func TestEncodeLink(t *testing.T) {
	b, _ := json.Marshal(EncodeLink(Link{"Employee", 1000005}))
	if string(b) != `{"contentType":"Employee","id":"1000005"}` {
		t.Errorf("EncodeLink = %s", b)
	}
}

// The link's own writer and encoding/json agree, escaping included.
func TestLinkJSONForms(t *testing.T) {
	for _, l := range []Link{{"Task", 1}, {"Employee", 1000005}, {`Odd"Type`, 7}, {"", 0}} {
		got := EncodeLink(l).AppendJSON(nil)
		want, _ := json.Marshal(map[string]any{"contentType": l.Type, "id": strconv.FormatInt(l.ID, 10)})
		if string(got) != string(want) {
			t.Errorf("%v: %s, want %s", l, got, want)
		}
	}
}
