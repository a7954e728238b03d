package doc

import (
	"encoding/json"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/richtext"
	"github.com/artel/artel/internal/value"
)

// TextType is the mimeType of a text document's versions: the rich-text
// editor's HTML.
const TextType = "text/html"

// Content is what one version holds: a File or a text. Base, when sent,
// is the revision the author's editor started from: a save over a newer
// one is refused, so nobody's text is silently overwritten.
type Content struct {
	File    *value.Link
	Text    *string
	Comment string
	Base    *int64
}

// ParseContent reads a version's content as the API sends it: a File
// link (the reference's body of newVersion), or a DocVersion, or
// {"content": ...}, whose content is a File link or a string.
func ParseContent(raw json.RawMessage) (Content, error) {
	var c Content
	bad := entity.Invalidf("content", CodeBadContent, "")
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil || obj == nil {
		return c, bad
	}
	var ct string
	_ = json.Unmarshal(obj["contentType"], &ct)
	if ct == "File" {
		l, err := value.DecodeLink(raw, []string{"File"})
		if err != nil || l.ID == 0 {
			return c, bad
		}
		c.File = &l
		return c, nil
	}
	if ct != "" && ct != "DocVersion" {
		return c, bad
	}
	if cm, ok := obj["comment"]; ok && json.Unmarshal(cm, &c.Comment) != nil {
		return c, entity.Invalidf("comment", entity.CodeBadParam, "")
	}
	if rv, ok := obj["revision"]; ok && string(rv) != "null" {
		var n int64
		if json.Unmarshal(rv, &n) != nil || n < 0 {
			return c, entity.Invalidf("revision", entity.CodeBadParam, "")
		}
		c.Base = &n
	}
	inner := obj["content"]
	var s string
	if json.Unmarshal(inner, &s) == nil {
		s = richtext.Clean(s) // a text document's HTML, as the editor may write it
		c.Text = &s
		return c, nil
	}
	var link map[string]json.RawMessage
	if json.Unmarshal(inner, &link) != nil || link == nil {
		return c, bad // a bare id is no File: say which type is meant
	}
	l, err := value.DecodeLink(inner, []string{"File"})
	if err != nil || l.ID == 0 {
		return c, bad
	}
	c.File = &l
	return c, nil
}
