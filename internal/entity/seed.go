package entity

import "context"

// A Seeder puts what a module gives every new account (its default
// lists: client types and statuses…) into one, with the system's rights.
type Seeder func(ctx context.Context, sc Scope) error

// OnNewAccount registers a seeder.
func (e *Engine) OnNewAccount(s Seeder) { e.seeders = append(e.seeders, s) }

// SeedAccount runs the seeders for a new account, in the order they were
// registered; the caller makes the account and runs this in one
// transaction, so an account is never left half-filled.
func (e *Engine) SeedAccount(ctx context.Context, account int64) error {
	for _, s := range e.seeders {
		if err := s(ctx, Scope{Account: account, System: true}); err != nil {
			return err
		}
	}
	return nil
}
