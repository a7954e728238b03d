package httpin

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
)

// Body is a request body read into JSON.
type Body struct {
	// JSON is the body as one JSON value, or nil (len 0) when the body was
	// empty. A non-empty form body always gives an object.
	JSON json.RawMessage
	// Files are the file parts of a multipart body, in the order sent.
	Files []File
}

// File is one multipart file part, held in memory (bounded by maxBytes).
type File struct {
	Field       string // form field name as sent, e.g. "attaches[0]"
	Name        string // client's file name; mime/multipart keeps only its base
	ContentType string // as sent; empty when the part had none
	Data        []byte
}

// jsonSpace is JSON's whitespace; bytes.TrimSpace would also eat bytes JSON
// does not allow there.
const jsonSpace = " \t\r\n"

// ReadBody reads r's body, at most maxBytes of it, into JSON, choosing by
// Content-Type:
//   - application/json (and application/*+json): one JSON value;
//   - no Content-Type or text/plain: the same, when the body starts with '{'
//     or '[' (clients like curl -d and fetch with a string body send these);
//   - application/x-www-form-urlencoded and multipart/form-data: an object
//     built by FormToJSON; multipart file parts go to Files.
//
// An empty (or, for JSON, whitespace-only) body gives JSON nil whatever the
// Content-Type, so bodiless DELETEs with a stray header still work. Errors
// are *Error: 413 too large, 415 unsupported type, 400 anything malformed.
// maxBytes <= 0 allows no body at all.
func ReadBody(w http.ResponseWriter, r *http.Request, maxBytes int64) (Body, error) {
	if r.Body == nil || r.Body == http.NoBody {
		return Body{}, nil
	}
	if r.ContentLength > maxBytes { // declared too large: don't read it
		return Body{}, tooLarge()
	}
	br := bufio.NewReader(http.MaxBytesReader(w, r.Body, maxBytes))
	if _, err := br.Peek(1); err == io.EOF {
		return Body{}, nil
	} else if err != nil {
		return Body{}, readErr(err, CodeMalformedJSON)
	}
	var mediaType string
	var params map[string]string
	if ct := r.Header.Get("Content-Type"); ct != "" {
		var err error
		if mediaType, params, err = mime.ParseMediaType(ct); err != nil {
			return Body{}, unsupported()
		}
	}
	switch {
	case mediaType == "application/json" || isJSONSuffix(mediaType):
		return readJSON(br, params, false)
	case mediaType == "" || mediaType == "text/plain":
		return readJSON(br, params, true)
	case mediaType == "application/x-www-form-urlencoded":
		return readURLEncoded(br)
	case mediaType == "multipart/form-data":
		return readMultipart(br, params["boundary"])
	}
	return Body{}, unsupported()
}

func isJSONSuffix(mt string) bool {
	return strings.HasPrefix(mt, "application/") && strings.HasSuffix(mt, "+json")
}

// readJSON reads a JSON body. sniff is set when the Content-Type did not
// promise JSON: then only a body that starts like an object or array is JSON.
func readJSON(br io.Reader, params map[string]string, sniff bool) (Body, error) {
	// Only UTF-8 is accepted (RFC 8259); ASCII is a subset of it.
	switch strings.ToLower(params["charset"]) {
	case "", "utf-8", "utf8", "us-ascii":
	default:
		return Body{}, unsupported()
	}
	data, err := io.ReadAll(br)
	if err != nil {
		return Body{}, readErr(err, CodeMalformedJSON)
	}
	// Some Windows tools prefix a BOM; RFC 8259 lets parsers ignore it.
	data = bytes.Trim(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), jsonSpace)
	if len(data) == 0 {
		return Body{}, nil
	}
	if sniff && data[0] != '{' && data[0] != '[' {
		return Body{}, unsupported()
	}
	if err := checkJSON(data, MaxDepth, CodeMalformedJSON); err != nil {
		return Body{}, err
	}
	return Body{JSON: data}, nil
}

func readURLEncoded(br io.Reader) (Body, error) {
	data, err := io.ReadAll(br)
	if err != nil {
		return Body{}, readErr(err, CodeMalformedForm)
	}
	// Whitespace is never part of a well-formed form body; a trailing newline
	// (curl --data-binary @file) should not become a key.
	data = bytes.Trim(data, jsonSpace)
	if len(data) == 0 {
		return Body{}, nil
	}
	values, err := url.ParseQuery(string(data))
	if err != nil {
		return Body{}, badRequest(CodeMalformedForm, "The form body is malformed.")
	}
	js, err := FormToJSON(values)
	if err != nil {
		return Body{}, err
	}
	return Body{JSON: js}, nil
}

// readMultipart reads every part: file parts (those with a filename) into
// Files, the rest into form values. Parts without a field name are skipped,
// as RFC 7578 requires one. Everything read passes through the MaxBytesReader,
// so the whole body, files included, is bounded by maxBytes.
func readMultipart(br io.Reader, boundary string) (Body, error) {
	if boundary == "" {
		return Body{}, badRequest(CodeMalformedForm, "The multipart body has no boundary.")
	}
	mr := multipart.NewReader(br, boundary)
	values := url.Values{}
	var files []File
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return Body{}, readErr(err, CodeMalformedForm)
		}
		field := part.FormName()
		if field == "" {
			continue // NextPart discards the rest of it
		}
		data, err := io.ReadAll(part)
		if err != nil {
			return Body{}, readErr(err, CodeMalformedForm)
		}
		if name := part.FileName(); name != "" {
			files = append(files, File{Field: field, Name: name,
				ContentType: part.Header.Get("Content-Type"), Data: data})
			continue
		}
		values[field] = append(values[field], string(data))
	}
	js, err := FormToJSON(values)
	if err != nil {
		return Body{}, err
	}
	return Body{JSON: js, Files: files}, nil
}

// readErr maps a read error: hitting the MaxBytesReader limit is 413, any
// other failure (truncated or broken body) is the caller's malformed code.
func readErr(err error, code string) *Error {
	if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
		return tooLarge()
	}
	return badRequest(code, "The request body could not be read.")
}

func tooLarge() *Error {
	return &Error{Status: http.StatusRequestEntityTooLarge, Code: CodeTooLarge,
		Message: "The request body is too large."}
}

func unsupported() *Error {
	return &Error{Status: http.StatusUnsupportedMediaType, Code: CodeUnsupportedMediaType,
		Message: "The request body's content type is not supported."}
}
