package api

import (
	"context"
	"testing"
	"time"
)

func TestAdmissionQueuesThenAdmits(t *testing.T) {
	a := NewAdmission(2, time.Minute)
	l1, l2 := a.enter(context.Background()), a.enter(context.Background())
	if len(a.slots) != 2 {
		t.Fatalf("two calls hold %d slots", len(a.slots))
	}
	got := make(chan func())
	go func() { got <- a.enter(context.Background()) }()
	l1()
	l3 := <-got // admitted once a slot was given back
	if len(a.slots) != 2 {
		t.Fatalf("after the hand-over %d slots are held", len(a.slots))
	}
	l2()
	l3()
	if len(a.slots) != 0 {
		t.Fatalf("%d slots left held", len(a.slots))
	}
}

func TestAdmissionNeverStalls(t *testing.T) {
	a := NewAdmission(1, 10*time.Millisecond)
	held := a.enter(context.Background())
	// The queue is full and nobody leaves: past maxWait the call runs
	// without a slot, and giving back "its" slot frees nothing.
	a.enter(context.Background())()
	if len(a.slots) != 1 {
		t.Fatalf("%d slots held, want the first call's only", len(a.slots))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	a.enter(ctx)()
	held()
	if len(a.slots) != 0 {
		t.Fatalf("%d slots left held", len(a.slots))
	}
}

func TestAdmissionOff(t *testing.T) {
	var a *Admission = NewAdmission(0, time.Second)
	if a != nil {
		t.Fatal("0 slots should turn admission off")
	}
	a.enter(context.Background())() // a nil admission admits everyone
}
