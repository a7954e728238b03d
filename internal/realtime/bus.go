package realtime

import "github.com/artel/artel/internal/entity"

// Bus is the event bus of one node: the engine's entity events and the
// hub's own signals (session ended, rights changed, user messages,
// presence) travel on two logical buses with the one entity.Bus
// interface, so the engine's subscribers never see the hub's signals.
type Bus interface {
	Entities() entity.Bus
	Signals() entity.Bus
	// Cluster reports whether other nodes may share the database, so
	// presence has to be exchanged between them.
	Cluster() bool
	// Done is closed when the bus has stopped for good.
	Done() <-chan struct{}
	Close()
}

// InProcess is the bus of a single node (SQLite): events reach this
// process's subscribers and nothing else.
func InProcess() Bus {
	return &localBus{entities: entity.NewLocalBus(), signals: entity.NewLocalBus(), done: make(chan struct{})}
}

type localBus struct {
	entities, signals *entity.LocalBus
	done              chan struct{}
}

func (b *localBus) Entities() entity.Bus  { return b.entities }
func (b *localBus) Signals() entity.Bus   { return b.signals }
func (b *localBus) Cluster() bool         { return false }
func (b *localBus) Done() <-chan struct{} { return b.done }

func (b *localBus) Close() {
	select {
	case <-b.done:
	default:
		close(b.done)
	}
}
