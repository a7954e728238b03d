package realtime_test

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
)

// maskedText is one client text frame (clients must mask).
func maskedText(payload []byte) []byte {
	key := []byte{1, 2, 3, 4}
	head := []byte{0x81}
	switch n := len(payload); {
	case n < 126:
		head = append(head, 0x80|byte(n))
	default:
		head = append(head, 0x80|126, 0, 0)
		binary.BigEndian.PutUint16(head[2:], uint16(n))
	}
	out := append(append(head, key...), payload...)
	for i := range payload {
		out[len(head)+4+i] ^= key[i%4]
	}
	return out
}

// A client may send its first message in the same packet as its
// handshake; the server then finds it already read by net/http and must
// carry it over into the socket's own (small) buffer.
func TestFirstMessageWithTheHandshake(t *testing.T) {
	h := apitest.New(t, "sqlite")
	stopHub(t, h)
	conn, err := net.Dial("tcp", strings.TrimPrefix(h.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	first, _ := json.Marshal(map[string]any{"type": "subscribe", "token": h.Token, "routes": []string{"presence"}})
	req := "GET /ecomet/websocket HTTP/1.1\r\nHost: " + strings.TrimPrefix(h.URL, "http://") + "\r\n" +
		"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n" +
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
	if _, err := conn.Write(append([]byte(req), maskedText(first)...)); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(wait))
	br := bufio.NewReader(conn)
	res, err := http.ReadResponse(br, nil)
	if err != nil || res.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("handshake: %v %v", res, err)
	}
	var events []string
	for len(events) < 2 {
		head := make([]byte, 2)
		if _, err := io.ReadFull(br, head); err != nil {
			t.Fatalf("after %v: %v", events, err)
		}
		n := int(head[1] & 0x7f)
		if n == 126 {
			ext := make([]byte, 2)
			_, _ = io.ReadFull(br, ext)
			n = int(binary.BigEndian.Uint16(ext))
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(br, body); err != nil {
			t.Fatal(err)
		}
		if head[0]&0x0f != 1 {
			t.Fatalf("frame opcode %x: %q (after %v)", head[0], body, events)
		}
		var m msg
		_ = json.Unmarshal(body, &m)
		events = append(events, m.Event)
	}
	if events[0] != "ecomet.ready" || events[1] != "ecomet.subscribed" {
		t.Fatalf("server answered %v", events)
	}
}
