package entity

import "sync"

// Event tells that an entity changed. It is published only after the
// transaction that made the change has committed.
type Event struct {
	Account int64
	Type    string
	ID      int64
	Action  string   // created, updated, dropped
	Fields  []string // the fields the change wrote
}

// Bus carries events to subscribers (the live socket). In-process here; a
// PostgreSQL LISTEN/NOTIFY driver reaches the other nodes.
type Bus interface {
	Publish(ev Event)
	Subscribe(fn func(Event)) (unsubscribe func())
}

// LocalBus delivers events to subscribers in this process, synchronously.
type LocalBus struct {
	mu   sync.RWMutex
	next int
	subs map[int]func(Event)
}

// NewLocalBus makes an empty in-process bus.
func NewLocalBus() *LocalBus { return &LocalBus{subs: map[int]func(Event){}} }

// Publish hands ev to every subscriber.
func (b *LocalBus) Publish(ev Event) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	for _, fn := range b.subs {
		fn(ev)
	}
}

// Subscribe registers fn until the returned function is called.
func (b *LocalBus) Subscribe(fn func(Event)) func() {
	b.mu.Lock()
	defer b.mu.Unlock()
	id := b.next
	b.next++
	b.subs[id] = fn
	return func() {
		b.mu.Lock()
		delete(b.subs, id)
		b.mu.Unlock()
	}
}
