package finance

// SetTransferFault makes every transfer fail between its two halves
// until reset with nil.
func SetTransferFault(f func() error) { transferFault = f }
