package datagen

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Row is one entity to write: the body a client would POST, plus what the
// engine fills by itself on create (the creation time and the acting user),
// which a generator must be able to set in the past.
type Row struct {
	In      entity.Input
	Created time.Time
	Actor   value.Link
}

// The helpers below build API v3 JSON values by hand: the generator makes
// millions of them, and appending bytes is several times cheaper than
// json.Marshal of maps.

func jstr(s string) json.RawMessage {
	b, _ := json.Marshal(s)
	return b
}

func jint(n int64) json.RawMessage { return strconv.AppendInt(nil, n, 10) }

func jbool(v bool) json.RawMessage {
	if v {
		return json.RawMessage("true")
	}
	return json.RawMessage("false")
}

func appendLink(b []byte, l value.Link) []byte {
	b = append(b, `{"contentType":"`...)
	b = append(b, l.Type...)
	b = append(b, `","id":"`...)
	b = strconv.AppendInt(b, l.ID, 10)
	return append(b, `"}`...)
}

func jlink(l value.Link) json.RawMessage { return appendLink(nil, l) }

func jlinks(ls ...value.Link) json.RawMessage {
	b := []byte{'['}
	for i, l := range ls {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendLink(b, l)
	}
	return append(b, ']')
}

func jdateOnly(t time.Time) json.RawMessage {
	b := []byte(`{"contentType":"DateOnly","year":`)
	b = strconv.AppendInt(b, int64(t.Year()), 10)
	b = append(b, `,"month":`...)
	b = strconv.AppendInt(b, int64(t.Month())-1, 10)
	b = append(b, `,"day":`...)
	b = strconv.AppendInt(b, int64(t.Day()), 10)
	return append(b, '}')
}

func jdateTime(t time.Time) json.RawMessage {
	b := []byte(`{"contentType":"DateTime","value":"`)
	b = t.AppendFormat(b, time.RFC3339)
	return append(b, `"}`...)
}

func jduration(seconds int64) json.RawMessage {
	return append(strconv.AppendInt([]byte(`{"contentType":"DateInterval","value":`), seconds, 10), '}')
}

func jmoney(rub int64) json.RawMessage {
	return append(strconv.AppendInt([]byte(`{"contentType":"Money","value":`), rub, 10), `,"currency":"RUB"}`...)
}

// contact is one ContactInfo entry of a contactInfo array, its keys in
// the order the client rules store them (internal/module/crm checks and
// re-encodes every entry), so the bulk writer stores the same bytes.
type contact struct {
	Comment     string `json:"comment"`
	ContentType string `json:"contentType"`
	IsMain      bool   `json:"isMain"`
	Type        string `json:"type"`
	Value       string `json:"value"`
}

func jcontacts(cs ...contact) json.RawMessage {
	for i := range cs {
		cs[i].ContentType = "ContactInfo"
	}
	b, _ := json.Marshal(cs)
	return b
}

var translitTable = map[rune]string{'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'е': "e",
	'ё': "e", 'ж': "zh", 'з': "z", 'и': "i", 'й': "y", 'к': "k", 'л': "l", 'м': "m", 'н': "n",
	'о': "o", 'п': "p", 'р': "r", 'с': "s", 'т': "t", 'у': "u", 'ф': "f", 'х': "kh", 'ц': "ts",
	'ч': "ch", 'ш': "sh", 'щ': "sch", 'ъ': "", 'ы': "y", 'ь': "", 'э': "e", 'ю': "yu", 'я': "ya"}

// translit makes an e-mail-safe latin form of a Russian word.
func translit(s string) string {
	var out []byte
	for _, r := range strings.ToLower(s) {
		if t, ok := translitTable[r]; ok {
			out = append(out, t...)
		} else if r < 128 && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			out = append(out, byte(r))
		}
	}
	return string(out)
}
