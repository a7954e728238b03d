package mail

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"regexp"
	"slices"
	"strings"

	gomail "github.com/emersion/go-message/mail"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/file"
	"github.com/artel/artel/internal/value"
)

// incoming is a received message as this package files it.
type incoming struct {
	messageID       string
	refs            []string // In-Reply-To first, then References newest first
	fromEmail, from string
	to              []string
	subject, text   string
	attachments     []attachment
}

type attachment struct {
	name, mime string
	data       []byte
}

// maxText bounds the text kept of one message.
const maxText = 64 << 10

var tagRe = regexp.MustCompile(`(?s)<style.*?</style>|<script.*?</script>|<[^>]*>`)

// parse reads a raw message: its addresses, thread ids, the plain text
// (HTML stripped when it is the only text) and its attachments.
func parse(raw []byte) (*incoming, error) {
	r, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil && r == nil {
		return nil, err
	}
	in := &incoming{}
	h := r.Header
	in.messageID, _ = h.MessageID()
	if ids, _ := h.MsgIDList("In-Reply-To"); len(ids) > 0 {
		in.refs = append(in.refs, ids...)
	}
	if ids, _ := h.MsgIDList("References"); len(ids) > 0 {
		slices.Reverse(ids)
		in.refs = append(in.refs, ids...)
	}
	if from, err := h.AddressList("From"); err == nil && len(from) > 0 {
		in.fromEmail, in.from = lower(from[0].Address), from[0].Name
	}
	if to, err := h.AddressList("To"); err == nil {
		for _, a := range to {
			in.to = append(in.to, lower(a.Address))
		}
	}
	in.subject, _ = h.Subject()
	var html string
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			// A broken part ends the reading; what was read is kept.
			break
		}
		data, err := io.ReadAll(io.LimitReader(p.Body, file.MaxSize+1))
		if err != nil {
			break
		}
		switch ph := p.Header.(type) {
		case *gomail.InlineHeader:
			ct, _, _ := ph.ContentType()
			switch {
			case ct == "text/plain" && in.text == "":
				in.text = string(data)
			case ct == "text/html" && html == "":
				html = string(data)
			case !strings.HasPrefix(ct, "text/"):
				in.attachments = append(in.attachments, attachment{name: "inline", mime: ct, data: data})
			}
		case *gomail.AttachmentHeader:
			name, _ := ph.Filename()
			ct, _, _ := ph.ContentType()
			if name == "" {
				name = "attachment"
				if exts, _ := mime.ExtensionsByType(ct); len(exts) > 0 {
					name += exts[0]
				}
			}
			in.attachments = append(in.attachments, attachment{name: name, mime: ct, data: data})
		}
	}
	if in.text == "" && html != "" {
		in.text = strings.TrimSpace(tagRe.ReplaceAllString(html, ""))
	}
	if len(in.text) > maxText {
		in.text = in.text[:maxText]
	}
	in.text = strings.TrimRight(in.text, "\r\n ")
	if in.messageID == "" {
		// A message with no Message-ID is known by its bytes.
		sum := sha256.Sum256(raw)
		in.messageID = hex.EncodeToString(sum[:16]) + "@no-message-id"
	}
	return in, nil
}

// fileOne files one fetched message and moves the mailbox's last UID
// past it, in one transaction; a message it cannot read is passed over.
func (m *Module) fileOne(ctx context.Context, a *Account, raw []byte, validity, uid uint32) (bool, error) {
	in, err := parse(raw)
	if err != nil {
		slog.Default().Warn("mail: unreadable message", "account", a.ID, "uid", uid, "error", err)
		return false, m.moveCursor(ctx, a, validity, uid)
	}
	filed := false
	err = m.E.DB.WithTx(ctx, func(ctx context.Context) error {
		known, err := m.known(ctx, a.Account, a.ID, in.messageID)
		if err != nil {
			return err
		}
		if !known {
			if err := m.file(ctx, a, in); err != nil {
				return err
			}
			filed = true
		}
		return m.moveCursor(ctx, a, validity, uid)
	})
	return filed, err
}

// file puts a new message into the thread it answers, or else into a new
// discussion (mode email) or a new deal (mode deal), as a comment with
// its attachments as Files.
func (m *Module) file(ctx context.Context, a *Account, in *incoming) error {
	owner := value.Link{Type: "Employee", ID: a.Owner}
	// System: the owner's rights do not decide where mail lands; the
	// owner is named so the files and the new chat are theirs.
	sc := entity.Scope{Account: a.Account, Actor: owner, System: true}
	target, ok, err := m.thread(ctx, a.Account, in.refs)
	if err != nil {
		return err
	}
	if ok {
		if _, err := m.E.Get(ctx, sc, target.Type, target.ID); errors.Is(err, entity.ErrNotFound) {
			ok = false // the thread's chat or deal was deleted: start again
		} else if err != nil {
			return err
		}
	}
	if !ok {
		if target, err = m.open(ctx, sc, a, in); err != nil {
			return err
		}
	}
	var files []int64
	for _, at := range in.attachments {
		if len(at.data) > file.MaxSize {
			continue
		}
		rec, err := m.Files.Upload(ctx, sc, at.name, at.mime, at.data)
		if err != nil {
			return fmt.Errorf("mail: attachment %q: %w", at.name, err)
		}
		files = append(files, rec.ID)
	}
	text := in.text
	if text == "" && len(files) == 0 {
		text = "(" + in.subject + ")"
	}
	input := entity.Input{"content": jsonOf(text), "subject": jsonOf(value.EncodeLink(target))}
	if len(files) > 0 {
		links := make([]any, len(files))
		for i, id := range files {
			links[i] = value.EncodeLink(value.Link{Type: "File", ID: id})
		}
		input["attaches"] = jsonOf(links)
	}
	c, err := m.E.Create(ctx, entity.Scope{Account: a.Account, System: true}, "Comment", input)
	if err != nil {
		return fmt.Errorf("mail: comment: %w", err)
	}
	msg := &Message{Account: a.Account, MailAccount: a.ID, MessageID: in.messageID, Outgoing: false,
		FromEmail: in.fromEmail, FromName: in.from, To: in.to, Subject: in.subject, Text: in.text, Entity: target,
		Comment: c.ID, Attaches: files, Status: Received, Created: now(m)}
	if len(in.refs) > 0 {
		msg.InReplyTo = in.refs[0]
	}
	return m.insert(ctx, msg)
}

// open starts where a new thread lands: a discussion of the account's
// owner named by the subject, or a deal in the account's program.
func (m *Module) open(ctx context.Context, sc entity.Scope, a *Account, in *incoming) (value.Link, error) {
	name := strings.TrimSpace(in.subject)
	if name == "" {
		name = in.fromEmail
	}
	owner := value.EncodeLink(value.Link{Type: "Employee", ID: a.Owner})
	if a.Mode == ModeDeal {
		rec, err := m.E.Create(ctx, sc, "Deal", entity.Input{"name": jsonOf(name),
			"program": jsonOf(value.EncodeLink(value.Link{Type: "Program", ID: a.Program})),
			"manager": jsonOf(owner), "description": jsonOf(in.text)})
		if err != nil {
			return value.Link{}, fmt.Errorf("mail: deal: %w", err)
		}
		return value.Link{Type: "Deal", ID: rec.ID}, nil
	}
	rec, err := m.E.Create(ctx, sc, "Topic", entity.Input{"name": jsonOf(name), "isDiscussable": jsonOf(true),
		"owner": jsonOf(owner), "participants": jsonOf([]any{owner})})
	if err != nil {
		return value.Link{}, fmt.Errorf("mail: discussion: %w", err)
	}
	return value.Link{Type: "Topic", ID: rec.ID}, nil
}
